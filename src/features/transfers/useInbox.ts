import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { copyText } from '../../ui/clipboard';
import {
  inboxMachine,
  selectInboxCopied,
  selectInboxDeciding,
  selectInboxDone,
  selectInboxFailure,
  selectInboxKind,
  selectInboxListFailed,
  selectInboxLoading,
  selectInboxPage,
  selectInboxPending,
  selectInboxReason,
  selectInboxReasonInvalid,
  selectInboxSecondHalf,
} from './inbox-machine';
import { transfersApi } from './transfers-api';

/**
 * The inbox machine over the API, with what the view reads of it. A decision tells the menu's
 * count to ask again at once; a handed-over second half is copied to the clipboard on demand.
 */
export function useInbox() {
  const services = useServices();
  const api = useMemo(() => transfersApi(services.api), [services.api]);
  const actor = useActorRef(
    inboxMachine.provide({
      actors: {
        listInbox: fromPromise(({ input, signal }) => api.inbox(input.kind, signal)),
        decideItem: fromPromise(({ input }) => api.decideInboxItem(input)),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: { countChanged: () => services.inbox.send({ type: 'inbox.refresh' }) },
    }),
  );
  return {
    actor,
    page: useSelector(actor, selectInboxPage),
    kind: useSelector(actor, selectInboxKind),
    loading: useSelector(actor, selectInboxLoading),
    listFailed: useSelector(actor, selectInboxListFailed),
    failure: useSelector(actor, selectInboxFailure),
    pending: useSelector(actor, selectInboxPending),
    reason: useSelector(actor, selectInboxReason),
    reasonInvalid: useSelector(actor, selectInboxReasonInvalid),
    deciding: useSelector(actor, selectInboxDeciding),
    done: useSelector(actor, selectInboxDone),
    secondHalf: useSelector(actor, selectInboxSecondHalf),
    copied: useSelector(actor, selectInboxCopied),
  };
}

export type InboxState = ReturnType<typeof useInbox>;
