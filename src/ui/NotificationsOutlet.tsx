import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { NotificationCenter } from './notifications/center';

const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/**
 * Where notifications appear. The toast component (Radix Toast and its layers) is fetched with
 * the first notification rather than at /login; once there it stays mounted. Radix announces
 * each toast through a live region it creates for that toast, so a late mount loses nothing.
 */
export function NotificationsOutlet({ center }: { center: NotificationCenter }) {
  const toasts = useSyncExternalStore(center.subscribe, center.getSnapshot);
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts center={center} />
    </Suspense>
  );
}
