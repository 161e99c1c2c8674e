import { installGlobalErrorHandlers } from './platform/global-error-handlers.ts';
import { pickVariant, type AppVariant } from './platform/core-web.ts';
import { showPlainLoading, showPlainStaleBuild } from './platform/plain-screens.ts';

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
VARIANTS[variant]().then(
  (loaded) => loaded.mount(root),
  // The variant's chunk is gone: this page is older than the server's build.
  () => showPlainStaleBuild(root),
);
