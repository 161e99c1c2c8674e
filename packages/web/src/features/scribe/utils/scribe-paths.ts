/** Where the scribe screens live (routes in app/SignedInShell.tsx). */
export const scribeSessionsPath = () => '/scribe';
export const scribeSessionPath = (id: string) => `/scribe/${encodeURIComponent(id)}`;
export const scribeReviewPath = (id: string) => `/scribe/${encodeURIComponent(id)}/review`;
/** The recording screen (features/scribe-capture): linked to, not built here. */
export const scribeRecordPath = (id: string) => `/scribe/${encodeURIComponent(id)}/record`;
