import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import type { NotificationCenter, Toast as ToastData } from './notifications/center';
import { followFreshLink } from './files/save-file';

const ACTION_CLASS = 'rounded-md bg-brand-700 px-2.5 py-1 text-xs font-semibold text-brand-50 hover:bg-brand-800';

/** A task's progress: a bar (indeterminate while the total is unknown) and its words. */
function ProgressLine({ progress, label }: { progress: NonNullable<ToastData['progress']>; label: string }) {
  const { done, total, text } = progress;
  const percent = total ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="mt-2 flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total ?? undefined}
        aria-valuenow={total === null ? undefined : done}
        aria-valuetext={text}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-sunken"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs whitespace-nowrap text-muted tabular-nums">{text}</span>
    </div>
  );
}

function ToastList({ center, toasts }: { center: NotificationCenter; toasts: readonly ToastData[] }) {
  const { t } = useTranslation();
  return toasts.map((toast) => (
    <Toast.Root
      key={toast.id}
      duration={toast.duration ?? Number.POSITIVE_INFINITY}
      onOpenChange={(open) => !open && center.dismiss(toast.id)}
      className={`${toast.className} flex items-start gap-3 rounded-lg bg-raised px-4 py-3 text-sm text-ink shadow-overlay ring-1 ring-line`}
    >
      <div className="min-w-0 flex-1">
        <Toast.Description>{toast.message}</Toast.Description>
        {toast.progress && <ProgressLine progress={toast.progress} label={toast.message} />}
      </div>
      {toast.action?.href !== undefined ? (
        <Toast.Action altText={toast.action.label} asChild>
          <a
            href={toast.action.href}
            download
            onClick={toast.action.freshHref ? followFreshLink(toast.action.freshHref) : undefined}
            className={ACTION_CLASS}
          >
            {toast.action.label}
          </a>
        </Toast.Action>
      ) : toast.action ? (
        <Toast.Action altText={toast.action.label} onClick={toast.action.run} className={ACTION_CLASS}>
          {toast.action.label}
        </Toast.Action>
      ) : null}
      <Toast.Close aria-label={t('common.dismiss')} className="rounded p-0.5 text-muted hover:bg-sunken">
        <X size={16} aria-hidden />
      </Toast.Close>
    </Toast.Root>
  ));
}

/**
 * Three places: notices top right and the session snackbar bottom centre, as docs/product.md
 * describes, and the notices of background tasks (exports) bottom right. The notices start
 * under the header (`h-14` in the shell), never over the user's name, the language, the
 * search or Sign out, at every width.
 */
export function Toasts({ center }: { center: NotificationCenter }) {
  const toasts = useSyncExternalStore(center.subscribe, center.getSnapshot);
  return (
    <>
      <Toast.Provider swipeDirection="right" label="Notification">
        <ToastList center={center} toasts={toasts.filter((t) => t.placement === 'top-right')} />
        <Toast.Viewport className="fixed top-17 right-4 z-50 flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </Toast.Provider>
      <Toast.Provider swipeDirection="down" label="Session">
        <ToastList center={center} toasts={toasts.filter((t) => t.placement === 'bottom-center')} />
        <Toast.Viewport className="fixed bottom-4 left-1/2 z-50 flex w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-col gap-2 outline-none" />
      </Toast.Provider>
      {/* Last, so F8 (which every viewport listens to) ends in the tasks and their links. */}
      <Toast.Provider swipeDirection="right" label="Task">
        <ToastList center={center} toasts={toasts.filter((t) => t.placement === 'bottom-right')} />
        <Toast.Viewport className="fixed right-4 bottom-4 z-50 flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </Toast.Provider>
    </>
  );
}
