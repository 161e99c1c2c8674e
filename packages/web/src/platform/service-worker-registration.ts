/**
 * Registers the service worker (public build: dist/sw.js, written by vite.config.ts) once the page
 * has loaded, so its precaching never competes with the first screen. In development there is no
 * worker, and one left on this origin by a production build is removed: Vite's dev server must
 * answer every file itself.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  if (!import.meta.env.PROD) {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  const register = () => {
    // No worker is no offline start, nothing worse: the app works the same online.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
