import { whenIdle } from './when-idle';

/**
 * Registered once the app is stable (docs/product.md): after the first render, when the browser
 * is idle. A failure is logged and changes nothing else. When a new version is waiting,
 * `onUpdate` lets the page offer a reload. workbox-window is fetched then, not with /login's code.
 */
export function registerServiceWorker(onUpdate: (reload: () => void) => void) {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/ngsw-worker.js');
    wb.addEventListener('waiting', () => {
      onUpdate(() => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      });
    });
    wb.register().catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  whenIdle(() => void start().catch((error: unknown) => console.error('Service worker registration failed', error)));
}
