/** Confirms deactivating (or reactivating) a bank, saying what it does to the pickers. */
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { FailureAlert, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../transfers/parts';
import { type banksMachine, selectConfirming, selectFailure, selectIsBusy } from './banks-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function BankStateDialog({ actor, k }: { actor: ActorRefFrom<typeof banksMachine>; k: Translate }) {
  const confirming = useSelector(actor, selectConfirming);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const verb = confirming?.verb ?? 'deactivate';
  const name = confirming?.bank.name ?? '';
  return (
    <Dialog.Root
      open={confirming !== null}
      onOpenChange={(next) => {
        if (!next && !busy) actor.send({ type: 'confirm.cancel' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {k(`confirm.${verb}Title`, { name })}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-slate-700">
            {k(`confirm.${verb}Text`, { name })}
          </Dialog.Description>
          {failure && (
            <div className="mt-4">
              <FailureAlert failure={failure} />
            </div>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <button type="button" className={SECONDARY_BUTTON} disabled={busy}>
                {k('confirm.cancel')}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={PRIMARY_BUTTON}
              aria-disabled={busy || undefined}
              onClick={() => actor.send({ type: 'confirm.accept' })}
            >
              {busy ? k('confirm.working') : k(`confirm.${verb}`)}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
