import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { useSignedInServices } from '../../app/SignedInServicesContext';
import { copyText } from '../../ui/clipboard';
import {
  inboxMachine,
  selectInboxCopied,
  selectInboxDeciding,
  selectInboxDone,
  selectInboxFailure,
  selectInboxFresh,
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
import { selectInboxVersion } from '../../machines/inbox-count';

/**
 * The inbox machine over the API, with what the view reads of it. A decision tells the menu's
 * count to ask again at once; a handed-over second half is copied to the clipboard on demand.
 * The list follows the version the menu count's stream carries: one stream for both.
 */
export function useInbox() {
  const services = useServices();
  const { inbox } = useSignedInServices();
  const api = useMemo(() => transfersApi(services.api), [services.api]);
  const actor = useActorRef(
    inboxMachine.provide({
      actors: {
        listInbox: fromPromise(({ input, signal }) => api.inbox(input.kind, signal)),
        decideItem: fromPromise(({ input }) => api.decideInboxItem(input)),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: { countChanged: () => inbox.send({ type: 'inbox.refresh' }) },
    }),
  );
  useEffect(() => {
    // The version already known is what the first load shows; only a later one is news.
    let seen = selectInboxVersion(inbox.getSnapshot());
    const subscription = inbox.subscribe((snapshot) => {
      const version = selectInboxVersion(snapshot);
      if (version === null || version === seen) return;
      const first = seen === null;
      seen = version;
      if (!first) actor.send({ type: 'list.changed' });
    });
    return () => subscription.unsubscribe();
  }, [inbox, actor]);
  return {
    actor,
    fresh: useSelector(actor, selectInboxFresh),
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
