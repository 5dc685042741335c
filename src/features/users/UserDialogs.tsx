/**
 * Confirms an action on a staff user, and shows a one-time password once, with a copy button: the
 * whole of it, or (a deciding user's, decision 031) its first half, labelled as only that.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { Check, Copy } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { FailureAlert, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import {
  selectConfirming,
  selectCopied,
  selectFailure,
  selectIsBusy,
  selectRevealed,
  type usersMachine,
} from './users-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type UsersActor = ActorRefFrom<typeof usersMachine>;

export function UserActionDialog({ actor, k }: { actor: UsersActor; k: Translate }) {
  const confirming = useSelector(actor, selectConfirming);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const action = confirming?.action ?? 'deactivate';
  const name = confirming?.user.name ?? '';
  // Taking rights away never waits; anything else done to a deciding user does.
  const waits = confirming !== null && confirming.user.decides && action !== 'deactivate';
  return (
    <ConfirmDialog
      open={confirming !== null}
      busy={busy}
      title={k(`confirm.${action}Title`, { name })}
      description={k(waits ? `confirm.${action}WaitText` : `confirm.${action}Text`, { name })}
      cancelLabel={k('confirm.cancel')}
      confirmLabel={waits ? k('confirm.ask') : k(`actions.${action}`)}
      busyLabel={k('confirm.working')}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
    >
      {failure && <FailureAlert failure={failure} />}
    </ConfirmDialog>
  );
}

/** Closed only by "Done": an Escape or a stray click must not lose a password shown once. */
export function OneTimePasswordDialog({ actor, k }: { actor: UsersActor; k: Translate }) {
  const revealed = useSelector(actor, selectRevealed);
  const copied = useSelector(actor, selectCopied);
  const part = revealed?.part === 'firstHalf' ? 'firstHalf' : 'password';
  const username = revealed?.username ?? '';
  return (
    <Dialog.Root open={revealed !== null}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold break-words text-slate-900">
            {k(`${part}.title`, { username })}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">{k(`${part}.text`, { username })}</Dialog.Description>
          {part === 'firstHalf' && (
            <p className="mt-4 text-sm font-semibold text-amber-900">{k('firstHalf.label')}</p>
          )}
          <p
            data-testid="one-time-password"
            data-part={revealed?.part}
            className="mt-2 rounded-md bg-slate-100 p-3 text-center font-mono text-lg tracking-wider break-all text-slate-900 select-all"
          >
            {revealed?.password}
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <button type="button" className={SECONDARY_BUTTON} onClick={() => actor.send({ type: 'password.copy' })}>
              {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
              {copied ? k('password.copied') : k('password.copy')}
            </button>
            <button type="button" className={PRIMARY_BUTTON} onClick={() => actor.send({ type: 'password.dismiss' })}>
              {k('password.done')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
