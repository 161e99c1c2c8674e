import { preloadSignedInShell } from './app/signed-in-shell-module.ts';
import { wasSignedInHere } from './platform/boot-hints.ts';
import { startSessionCheck } from './platform/early-session.ts';
import { installGlobalErrorHandlers } from './platform/global-error-handlers.ts';
import { pickVariant, type AppVariant } from './platform/core-web.ts';
import { showPlainLoading, showPlainStaleBuild } from './platform/plain-screens.ts';
import { registerServiceWorker } from './platform/service-worker-registration.ts';

/**
 * The entry: as small as it can be. It picks the variant by user agent (SPEC.md section 1) and
 * loads only that one, on demand; React and Mantine come with the default and mobile variants,
 * and the legacy page needs neither.
 */
const VARIANTS: Record<AppVariant, () => Promise<{ mount: (root: HTMLElement) => void }>> = {
  default: () => import('./variants/default/DefaultVariant.tsx'),
  mobile: () => import('./variants/mobile/MobileVariant.tsx'),
  legacy: () => import('./variants/legacy/LegacyVariant.ts'),
};

installGlobalErrorHandlers();
const variant = pickVariant(navigator.userAgent, { maxTouchPoints: navigator.maxTouchPoints });
document.documentElement.dataset.variant = variant;
const root = document.getElementById('root')!;
showPlainLoading(root);
if (variant !== 'legacy') {
  // Everything the first screen waits for leaves now, together, rather than one after another
  // (docs/performance.md, "Page hints"): the session check, and the signed-in shell, at once on a
  // device signed in last time, else as soon as the session check says someone is signed in,
  // while the variant's own chunks are still downloading.
  const signedIn = startSessionCheck();
  if (wasSignedInHere()) preloadSignedInShell();
  else void signedIn.then((yes) => yes && preloadSignedInShell());
  registerServiceWorker();
}
VARIANTS[variant]().then(
  (loaded) => loaded.mount(root),
  // The variant's chunk is gone: this page is older than the server's build.
  () => showPlainStaleBuild(root),
);
