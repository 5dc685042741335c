/**
 * "Still there?": shown by the idle machine two minutes before the server would end
 * the session, with a live countdown. A lazy chunk: the shell loads it once signed in, ahead
 * of need, so the main bundle carries only the machine.
 */
import { InlineAlert } from '../ui/InlineAlert';
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { Clock, LogOut } from 'lucide-react';
import { useSignedInServices } from '../app/SignedInServicesContext';
import { usePageMessages } from '../i18n/page-messages';
import { idleMessages } from './idle-messages';
import {
  formatCountdown,
  selectIdleBusy,
  selectIdleWarning,
  selectKeepAliveFailed,
  selectRemainingMs,
} from './idle-machine';

export default function IdleDialog() {
  const { t } = usePageMessages('idleDialog', idleMessages);
  const { idle } = useSignedInServices();
  const open = useSelector(idle, selectIdleWarning);
  const busy = useSelector(idle, selectIdleBusy);
  const failed = useSelector(idle, selectKeepAliveFailed);
  const remaining = formatCountdown(useSelector(idle, selectRemainingMs));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Escape means the user is here: the same as "Stay signed in".
        if (!next && !busy) idle.send({ type: 'idle.stay' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-backdrop" />
        <Dialog.Content
          onPointerDownOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-raised p-5 shadow-xl"
          data-testid="idle-dialog"
        >
          <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-ink">
            <Clock size={20} aria-hidden className="text-accent" />
            {t('idleDialog.title')}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink">{t('idleDialog.body')}</Dialog.Description>
          <p
            role="timer"
            aria-label={t('idleDialog.timer')}
            // Read on demand, not every second.
            aria-live="off"
            className="mt-3 text-center text-4xl font-semibold text-ink tabular-nums"
          >
            {remaining}
          </p>
          {failed && <InlineAlert className="mt-3">{t('idleDialog.failed')}</InlineAlert>}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              disabled={busy}
              onClick={() => idle.send({ type: 'idle.signOut' })}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-md border border-edge bg-raised px-4 text-sm font-medium text-ink hover:bg-surface disabled:opacity-50"
            >
              <LogOut size={16} aria-hidden />
              {t('idleDialog.signOut')}
            </button>
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: the dialog's one expected answer.
              autoFocus
              aria-disabled={busy}
              onClick={() => {
                if (!busy) idle.send({ type: 'idle.stay' });
              }}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-semibold text-brand-50 shadow-sm hover:bg-brand-800 aria-disabled:cursor-progress aria-disabled:opacity-70"
            >
              {busy ? t('idleDialog.staying') : t('idleDialog.stay')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
