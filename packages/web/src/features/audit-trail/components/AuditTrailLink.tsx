import { Button } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCanReadAuditTrail } from '../hooks/useCanReadAuditTrail.ts';
import { searchFromFilters } from '../utils/audit-filters.ts';

export interface AuditTrailLinkProps {
  /** One patient's access log. */
  patientId?: string;
  /** One staff member's activity. */
  practitionerId?: string;
  label: string;
}

/**
 * A way into the audit trail from where its subject is (a chart, a staff profile), filtered to it;
 * shown only to those who may read the trail.
 */
export function AuditTrailLink({ patientId, practitionerId, label }: AuditTrailLinkProps) {
  const mayRead = useCanReadAuditTrail();
  if (!mayRead) return null;
  const search = searchFromFilters({ patientId, practitionerId });
  return (
    <Button
      component={Link}
      to={`/audit-trail?${search}`}
      variant="default"
      size="xs"
      leftSection={<IconListSearch size={16} aria-hidden />}
    >
      {label}
    </Button>
  );
}
