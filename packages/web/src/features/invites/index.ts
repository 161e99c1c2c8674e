export type { InviteStatus } from './api/invites.api.ts';
export { AcceptInviteForm } from './components/AcceptInviteForm.tsx';
export { LINK_INVALID, useInvite, type InviteLookup } from './hooks/useInvite.ts';
