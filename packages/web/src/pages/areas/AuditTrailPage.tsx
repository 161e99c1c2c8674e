import { AuditTrail } from '../../features/audit-trail/index.ts';

/** `/audit-trail`, loaded on demand: the practice's audit trail, filtered by the URL's search. */
export default function AuditTrailPage() {
  return <AuditTrail />;
}
