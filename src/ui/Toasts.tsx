import * as Toast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/react';
import type { NotificationCenter, Toast as ToastData } from './notifications/center';

function ToastList({ center, toasts }: { center: NotificationCenter; toasts: readonly ToastData[] }) {
  const { t } = useTranslation();
  return toasts.map((toast) => (
    <Toast.Root
      key={toast.id}
      duration={toast.duration ?? Number.POSITIVE_INFINITY}
      onOpenChange={(open) => !open && center.dismiss(toast.id)}
      className={`${toast.className} flex items-start gap-3 rounded-lg bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200`}
    >
      <Toast.Description className="flex-1">{toast.message}</Toast.Description>
      {toast.action && (
        <Toast.Action
          altText={toast.action.label}
          onClick={toast.action.run}
          className="rounded-md bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white hover:bg-brand-800"
        >
          {toast.action.label}
        </Toast.Action>
      )}
      <Toast.Close aria-label={t('common.dismiss')} className="rounded p-0.5 text-slate-500 hover:bg-slate-100">
        <X size={16} aria-hidden />
      </Toast.Close>
    </Toast.Root>
  ));
}

/** Two places, as docs/product.md describes: notices top right, the session snackbar bottom centre. */
export function Toasts({ center }: { center: NotificationCenter }) {
  const toasts = useSyncExternalStore(center.subscribe, center.getSnapshot);
  return (
    <>
      <Toast.Provider swipeDirection="right" label="Notification">
        <ToastList center={center} toasts={toasts.filter((t) => t.placement === 'top-right')} />
        <Toast.Viewport className="fixed top-4 right-4 z-50 flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </Toast.Provider>
      <Toast.Provider swipeDirection="down" label="Session">
        <ToastList center={center} toasts={toasts.filter((t) => t.placement === 'bottom-center')} />
        <Toast.Viewport className="fixed bottom-4 left-1/2 z-50 flex w-[420px] max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-col gap-2 outline-none" />
      </Toast.Provider>
    </>
  );
}
