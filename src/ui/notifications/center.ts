/**
 * Notifications (docs/product.md): the helper opens a toast after 200 ms for 5000 ms, top right,
 * with the success class plus a given class; the session-expired snackbar stays until
 * dismissed, bottom centre. Timers are injected so tests need not wait.
 */
export interface Toast {
  id: number;
  message: string;
  className: string;
  placement: 'top-right' | 'bottom-center' | 'bottom-right';
  /** Milliseconds, or null to stay until dismissed. */
  duration: number | null;
  action?: ToastAction;
  /** A task's progress bar: rows done of a total, or unknown (null) while it counts. */
  progress?: { done: number; total: number | null; text: string };
  /** Set for a task's notice, which `task` updates in place rather than stacking another. */
  key?: string;
}

/**
 * A button that runs something, or a link (a download) the browser follows itself. A link that
 * expires (a signed download link) gives `freshHref`, asked for a new address on each click.
 */
type ToastAction =
  | { label: string; run: () => void; href?: undefined }
  | { label: string; href: string; freshHref?: () => Promise<string | null> };

/** What a task's notice says now; `task` is called again with its next state. */
interface TaskNotice {
  message: string;
  progress?: Toast['progress'];
  action?: ToastAction;
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
    /**
     * A notice that follows a background task (an export), bottom right so it never covers the
     * page header's actions: the first call shows it, later calls
     * with the same key change it where it is, so its progress moves and ends in an action.
     * It stays until dismissed or replaced; a dismissed task reappears only if called again.
     */
    task(key: string, notice: TaskNotice) {
      const shown = toasts.find((t) => t.key === key);
      const next = {
        ...notice,
        key,
        className: 'notification-task',
        placement: 'bottom-right' as const,
        duration: null,
      };
      if (!shown) {
        // A new task's notice replaces the finished ones of its kind (`export:…`), so they do
        // not pile up over the page; what they offered stays where the feature lists it.
        const kind = key.split(':')[0];
        toasts = toasts.filter((t) => !(t.key?.split(':')[0] === kind && !t.progress));
        push(next);
        return;
      }
      toasts = toasts.map((t) => (t.id === shown.id ? { ...next, id: shown.id } : t));
      emit();
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
