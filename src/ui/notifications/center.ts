/**
 * Notifications (docs/product.md): the helper opens a toast after 200 ms for 5000 ms, top right,
 * with the success class plus a given class; the session-expired snackbar stays until
 * dismissed, bottom centre. Timers are injected so tests need not wait.
 */
export interface Toast {
  id: number;
  message: string;
  className: string;
  placement: 'top-right' | 'bottom-center';
  /** Milliseconds, or null to stay until dismissed. */
  duration: number | null;
  action?: { label: string; run: () => void };
}

export const NOTIFY_DELAY_MS = 200;
export const NOTIFY_DURATION_MS = 5000;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
}

export function createNotificationCenter(timers: Timers = globalThis) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  const push = (toast: Omit<Toast, 'id'>) => {
    toasts = [...toasts, { ...toast, id: nextId++ }];
    emit();
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
    /** The helper every page uses for confirmations. */
    notify(message: string, className = '') {
      timers.setTimeout(
        () =>
          push({
            message,
            className: ['notification-success', className].filter(Boolean).join(' '),
            placement: 'top-right',
            duration: NOTIFY_DURATION_MS,
          }),
        NOTIFY_DELAY_MS,
      );
    },
    /** A notice that waits for the user's answer, e.g. "a new version is ready: Reload". */
    offer(message: string, action: { label: string; run: () => void }) {
      push({ message, className: 'notification-success', placement: 'top-right', duration: null, action });
    },
    /** The default snackbar: session errors stay until the user dismisses them. */
    snackbar(message: string) {
      push({ message, className: 'notification-default', placement: 'bottom-center', duration: null });
    },
    dismiss(id: number) {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
  };
}

export type NotificationCenter = ReturnType<typeof createNotificationCenter>;
