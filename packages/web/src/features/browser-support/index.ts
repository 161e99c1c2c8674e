// UnsupportedBrowserNotice is loaded on demand from its own file, only in an unsupported browser
// (app/RootLayout.tsx); a static export here would put it in every first load.
export { shouldShowUnsupportedNotice } from './utils/notice-dismissal.ts';
