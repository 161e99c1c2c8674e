export type { ProfileMembership, SessionInfo, WhoAmI } from './api/session.api.ts';
export { RequireSignedIn } from './components/RequireSignedIn.tsx';
// Not exported here, so the signed-in shell (which imports this index) does not carry them:
// SessionExpiredModal is loaded on demand from its own file (app/RootLayout.tsx); SignInForm and
// MySessionsCard are imported from their files by the pages that show them (SignInPage, AccountPage).
export { useSession } from './hooks/useSession.ts';
export { useSignedInUser } from './hooks/useSignedInUser.ts';
export { SessionProvider } from './store/SessionProvider.tsx';
export type { SessionState, SignedOutReason } from './store/session-context.ts';
export { NEXT_PARAM, safeNextPath, signInPathFor } from './utils/next-path.ts';
export { describeUserAgent } from './utils/describe-user-agent.ts';
