/** Confirms deactivating (or reactivating) a bank, saying what it does to the pickers. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { FailureAlert } from '../../ui/parts';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { type banksMachine, selectConfirming, selectFailure, selectIsBusy } from './banks-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function BankStateDialog({ actor, k }: { actor: ActorRefFrom<typeof banksMachine>; k: Translate }) {
  const confirming = useSelector(actor, selectConfirming);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const verb = confirming?.verb ?? 'deactivate';
  const name = confirming?.bank.name ?? '';
  return (
    <ConfirmDialog
      open={confirming !== null}
      busy={busy}
      title={k(`confirm.${verb}Title`, { name })}
      description={k(`confirm.${verb}Text`, { name })}
      cancelLabel={k('confirm.cancel')}
      confirmLabel={k(`confirm.${verb}`)}
      busyLabel={k('confirm.working')}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
    >
      {failure && <FailureAlert failure={failure} />}
    </ConfirmDialog>
  );
}
