import { useDocumentTitle } from '@mantine/hooks';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useArea } from '../hooks/useArea.ts';
import type { AreaId } from '../utils/areas.ts';

export interface AreaPageProps {
  area: AreaId;
}

/**
 * A feature area not built yet: its empty state says what will live here (issue 4: an empty
 * state, not a fake screen). Each area's page replaces this when its feature arrives.
 */
export function AreaPage({ area: id }: AreaPageProps) {
  const area = useArea(id);
  useDocumentTitle(`${area.label} · Caseload`);
  return <EmptyState icon={area.icon} title={area.label} description={area.description} headingOrder={1} />;
}
