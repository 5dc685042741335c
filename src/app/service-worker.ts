import { Workbox } from 'workbox-window';

/**
 * Registered once the app is stable (docs/product.md): after the first render, when the browser
 * is idle. A failure is logged and changes nothing else. When a new version is waiting,
 * `onUpdate` lets the page offer a reload.
 */
export function registerServiceWorker(onUpdate: (reload: () => void) => void) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () => {
    const wb = new Workbox('/ngsw-worker.js');
    wb.addEventListener('waiting', () => {
      onUpdate(() => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      });
    });
    wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}
