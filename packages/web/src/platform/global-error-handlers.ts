import { isAbortError, isStaleBuildError, VITE_PRELOAD_ERROR_EVENT } from './core-web.ts';

let staleBuildSeen = false;

/**
 * Installed once, before anything loads:
 * - a request aborted or cancelled is nobody's failure, so its unhandled rejection is dropped
 *   (SPEC.md section 8: ignored globally) rather than reported to the console as an error;
 * - Vite's `vite:preloadError` (a chunk or stylesheet of this build is gone from the server) marks
 *   the build as stale, so whatever error follows shows the stale-build screen.
 */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('unhandledrejection', (event) => {
    if (isAbortError(event.reason)) event.preventDefault();
  });
  window.addEventListener(VITE_PRELOAD_ERROR_EVENT, () => {
    staleBuildSeen = true;
  });
}

/** A stale-build error, or any error after Vite said this build's files are gone. */
export const isStaleBuild = (error: unknown): boolean => staleBuildSeen || isStaleBuildError(error);
