import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useArea } from '../hooks/useArea.ts';
import type { AreaId } from '../utils/areas.ts';

export interface AreaPageProps {
  area: AreaId;
  /** Replaces the area's own description, for an area whose work lives elsewhere. */
  description?: string;
  /** A way onward, e.g. to where the area's work is done. */
  action?: ReactNode;
}

/**
 * A feature area not built yet: its empty state says what will live here (issue 4: an empty
 * state, not a fake screen). Each area's page replaces this when its feature arrives.
 */
export function AreaPage({ area: id, description, action }: AreaPageProps) {
  const area = useArea(id);
  useDocumentTitle(`${area.label} · Caseload`);
  return <EmptyState icon={area.icon} title={area.label} description={description ?? area.description} action={action} headingOrder={1} />;
}
