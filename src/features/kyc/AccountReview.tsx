/**
 * One account under review, as the review list opens it: the review machine assembled with the
 * API and the toasts, shown by AccountReviewView.
 */
import { useActorRef } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { useHolding } from '../../app/use-presence';
import type { Language } from '../../i18n';
import { AccountReviewView } from './AccountReviewView';
import { kycApi } from './kyc-api';
import { reviewMachine } from './review-machine';
import type { KycListKind } from '../../../contract/kyc';

/** How far into the queue "approve and next" looks for an account that can still be decided. */
const NEXT_LOOKAHEAD = 10;

export function AccountReview({
  number,
  lang,
  backSearch,
  pathname,
  kind,
  onDecided,
  onOpenNext,
}: {
  number: string;
  kind: KycListKind;
  lang: Language;
  /** The list's URL search, to go back to the same page of the same filters. */
  backSearch: Record<string, string | number>;
  pathname: string;
  onDecided: () => void;
  /** Opens this account, or the list when null. */
  onOpenNext: (number: string | null) => void;
}) {
  const services = useServices();
  const heldBy = useHolding('kyc', number);
  const api = useMemo(() => kycApi(services.api), [services.api]);
  const onDecidedRef = useRef(onDecided);
  onDecidedRef.current = onDecided;
  const onOpenNextRef = useRef(onOpenNext);
  onOpenNextRef.current = onOpenNext;
  const actor = useActorRef(
    reviewMachine.provide({
      actors: {
        loadAccount: fromPromise(({ input, signal }) => api.account(input.number, signal)),
        decide: fromPromise(({ input }) => api.decide(input.number, input.body)),
      },
      actions: {
        // The i18n instance, not the render's `t`: the language may change while the request runs.
        announceDecision: (_, { decision, ...said }) =>
          services.notifications.notify(services.i18n.t(`kyc.decision.done.${decision}`, said)),
        listChanged: () => onDecidedRef.current(),
        openNext: (_, { after }) => {
          // The queue's order, whatever the list behind is sorted by: the longest waiting first,
          // past a closed account, which no one can decide, and past those another reviewer has
          // open (the server leaves them out). Failing, the reviewer stays on the decided account
          // and goes on from the list.
          api
            .list(kind, {
              kycStatus: 'pending',
              sort: 'createdAt',
              dir: 'asc',
              pageSize: NEXT_LOOKAHEAD,
              skipHeld: 'true',
            })
            .then((page) => {
              const next = page.rows.find((row) => row.number !== after && row.status !== 'closed')?.number ?? null;
              if (!next) services.notifications.notify(services.i18n.t('kyc.decision.queueEmpty'));
              onOpenNextRef.current(next);
            })
            .catch(() => {});
        },
      },
    }),
    { input: { number } },
  );
  return (
    <AccountReviewView
      actor={actor}
      fetchContent={api.content}
      number={number}
      lang={lang}
      backSearch={backSearch}
      pathname={pathname}
      heldBy={heldBy}
    />
  );
}
