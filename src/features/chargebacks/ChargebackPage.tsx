/**
 * /chargeback-voucher: the maker asks to reverse a transaction by its reference, with a
 * reason; a checker (another user) approves or rejects it from the list below. The ask and list
 * machines are assembled here with the API.
 */
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { askMachine } from './ask-machine';
import { chargebacksApi } from './chargebacks-api';
import { chargebackListMachine } from './list-machine';
import { CHARGEBACK_MESSAGES, CHARGEBACK_MESSAGES_KEY as K } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';
import { AskPanel } from './AskPanel';
import { ChargebackDecisionDialog } from './ChargebackDecisionDialog';
import { ChargebackList } from './ChargebackList';

export default function ChargebackPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(K, CHARGEBACK_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const api = useMemo(() => chargebacksApi(services.api), [services.api]);
  const list = useActorRef(
    chargebackListMachine.provide({
      actors: {
        listRows: fromPromise(({ input, signal }) => api.list(input, signal)),
        // One row at a time: the list has no selection.
        decideRows: fromPromise(({ input }) => api.decide(input.ids[0] as number, input.decision, input.reason)),
      },
    }),
  );
  const ask = useActorRef(
    askMachine.provide({
      actors: {
        lookupTransaction: fromPromise(({ input, signal }) => api.lookup(input.reference, signal)),
        requestChargeback: fromPromise(({ input }) => api.request(input)),
      },
      actions: { announceRequested: () => list.send({ type: 'list.reload' }) },
    }),
  );

  return (
    <PageFrame title={title}>
      <div className="space-y-6">
        <p className="max-w-3xl text-sm text-muted">{t(`${K}.intro`)}</p>
        <AskPanel actor={ask} t={t} lang={lang} />
        <ChargebackList actor={list} t={t} lang={lang} />
      </div>
      <ChargebackDecisionDialog actor={list} t={t} lang={lang} />
    </PageFrame>
  );
}
