/**
 * Confirms an action on a staff user, and shows a one-time password once, with a copy button: the
 * whole of it, or (a deciding user's, decision 031) its first half, labelled as only that.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ActionDialog } from '../../ui/managed-list/ActionDialog';
import { SecretDialog } from '../../ui/SecretDialog';
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
  const waits = confirming?.user.decides === true && action !== 'deactivate';
  return (
    <ActionDialog
      open={confirming !== null}
      busy={busy}
      failure={failure}
      title={k(`confirm.${action}Title`, { name })}
      description={k(waits ? `confirm.${action}WaitText` : `confirm.${action}Text`, { name })}
      cancelLabel={k('confirm.cancel')}
      confirmLabel={waits ? k('confirm.ask') : k(`actions.${action}`)}
      busyLabel={k('confirm.working')}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
    />
  );
}

/** A one-time password, or (a deciding user's) only its first half, shown once with a copy button. */
export function OneTimePasswordDialog({ actor, k }: { actor: UsersActor; k: Translate }) {
  const revealed = useSelector(actor, selectRevealed);
  const copied = useSelector(actor, selectCopied);
  const part = revealed?.part === 'firstHalf' ? 'firstHalf' : 'password';
  const username = revealed?.username ?? '';
  return (
    <SecretDialog
      open={revealed !== null}
      title={k(`${part}.title`, { username })}
      description={k(`${part}.text`, { username })}
      label={part === 'firstHalf' ? k('firstHalf.label') : undefined}
      value={revealed?.password ?? ''}
      testId="one-time-password"
      part={revealed?.part}
      copied={copied}
      labels={{ copy: k('password.copy'), copied: k('password.copied'), done: k('password.done') }}
      onCopy={() => actor.send({ type: 'password.copy' })}
      onDone={() => actor.send({ type: 'password.dismiss' })}
    />
  );
}
