import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type bulkMachine,
  selectCanCheck,
  selectCanConfirm,
  selectCheck,
  selectErrors,
  selectIsBusy,
  selectRows,
  selectWarnings,
} from './bulk-machine';

/** What the preview's parts read from the machine: the rows, their check, and what may be done next. */
export function usePreviewState(actor: ActorRefFrom<typeof bulkMachine>) {
  return {
    op: actor.getSnapshot().context.op,
    rows: useSelector(actor, selectRows),
    errors: useSelector(actor, selectErrors),
    warnings: useSelector(actor, selectWarnings),
    check: useSelector(actor, selectCheck),
    busy: useSelector(actor, selectIsBusy),
    canCheck: useSelector(actor, selectCanCheck),
    canConfirm: useSelector(actor, selectCanConfirm),
  };
}
