export { AuditTrail } from './components/AuditTrail.tsx';
// The chart and the staff profile import this link from its own file rather than from here, so
// their chunks never carry the audit screen.
export { AuditTrailLink, type AuditTrailLinkProps } from './components/AuditTrailLink.tsx';
