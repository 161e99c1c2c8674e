export { UnsupportedBrowserNotice } from './components/UnsupportedBrowserNotice.tsx';
