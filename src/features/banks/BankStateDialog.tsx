/** Confirms deactivating (or reactivating) a bank, saying what it does to the pickers. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ActionDialog } from '../../ui/managed-list/ActionDialog';
import { type banksMachine, selectConfirming, selectFailure, selectIsBusy } from './banks-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function BankStateDialog({ actor, k }: { actor: ActorRefFrom<typeof banksMachine>; k: Translate }) {
  const confirming = useSelector(actor, selectConfirming);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const verb = confirming?.verb ?? 'deactivate';
  const name = confirming?.bank.name ?? '';
  return (
    <ActionDialog
      open={confirming !== null}
      busy={busy}
      failure={failure}
      title={k(`confirm.${verb}Title`, { name })}
      description={k(`confirm.${verb}Text`, { name })}
      cancelLabel={k('confirm.cancel')}
      confirmLabel={k(`confirm.${verb}`)}
      busyLabel={k('confirm.working')}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
    />
  );
}
