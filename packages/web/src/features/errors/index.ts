export { ErrorBoundary, type ErrorBoundaryProps } from './components/ErrorBoundary.tsx';
export { ErrorScreen } from './components/ErrorScreen.tsx';
export { StaleBuildScreen } from './components/StaleBuildScreen.tsx';
export { describeError, type ErrorDetails } from './utils/error-details.ts';
