export type { ProfileMembership, SessionInfo, WhoAmI } from './api/session.api.ts';
export { MySessionsCard } from './components/MySessionsCard.tsx';
export { RequireSignedIn } from './components/RequireSignedIn.tsx';
// SessionExpiredModal is loaded on demand from its own file (app/RootLayout.tsx), so not exported here.
export { SignInForm } from './components/SignInForm.tsx';
export { useSession } from './hooks/useSession.ts';
export { useSignedInUser } from './hooks/useSignedInUser.ts';
export { SessionProvider } from './store/SessionProvider.tsx';
export type { SessionState, SignedOutReason } from './store/session-context.ts';
export { NEXT_PARAM, safeNextPath, signInPathFor } from './utils/next-path.ts';
