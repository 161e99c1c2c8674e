import { can } from '@caseload/core';
import { useCurrentPermissions } from '../../shell/index.ts';

/**
 * May the current profile read the audit trail? What the server checks for AuditEvents (the grant
 * set "View audit log"), so nothing leads to a screen the server would refuse.
 */
export function useCanReadAuditTrail(): boolean {
  const permissions = useCurrentPermissions();
  return !!permissions && can(permissions, 'Read', 'AuditEvent');
}
