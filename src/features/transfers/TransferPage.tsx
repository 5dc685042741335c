import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { usePageMessages } from '../../i18n/page-messages';
import { TRANSFER_MESSAGES, TRANSFER_MESSAGES_KEY } from './messages';
import { type TransferFlowDef, transferFlowAt } from '../../../contract/transfers';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { PageFrame } from '../../ui/PageFrame';
import { useFormDraft } from '../../session/use-form-draft';
import { transferActors } from './transfer-actors';
import { draftOfForm, parseTransferDraft } from './transfer-form';
import { selectBlank, selectForm, selectScreen, transferFlowMachine } from './transfer-flow-machine';
import { TransferSteps } from './TransferSteps';
import type { HostedPageProps } from '../../ui/hosted-page';

export default function TransferPage({ path, title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(TRANSFER_MESSAGES_KEY, TRANSFER_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const flow = transferFlowAt(path);
  if (!flow) {
    return (
      <PageFrame title={title}>
        <p className="text-muted">{t('transfers.notDefined')}</p>
      </PageFrame>
    );
  }
  return <TransferScreen key={flow.id} flow={flow} title={title} lang={lang} />;
}

/** The flow machine assembled with the API, and the form kept as a draft until the transfer is done. */
function TransferScreen({ flow, title, lang }: { flow: TransferFlowDef; title: string; lang: Language }) {
  const services = useServices();
  const draft = useFormDraft(`transfer.${flow.id}`, parseTransferDraft);
  const actor = useActorRef(transferFlowMachine.provide(transferActors(services.api)), {
    input: { flow, draft: draft.initial },
  });
  const screen = useSelector(actor, selectScreen);
  const form = useSelector(actor, selectForm);
  const blank = useSelector(actor, selectBlank);

  // What the user typed is kept as a draft until the transfer is done (never the withdrawal code).
  const { save, clear } = draft;
  useEffect(() => {
    if (screen === 'loading') return;
    if (screen === 'receipt') clear();
    else save(draftOfForm(form, blank, new Date()));
  }, [screen, form, blank, save, clear]);

  return <TransferSteps actor={actor} title={title} lang={lang} />;
}
