import { useActorRef, useSelector } from '@xstate/react';
import { RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { TRANSFER_MESSAGES, TRANSFER_MESSAGES_KEY } from './messages';
import { type TransferFlowDef, transferFlowAt } from '../../../contract/transfers';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { PageFrame } from '../../ui/PageFrame';
import { useFormDraft } from '../../session/use-form-draft';
import { DraftNotice } from '../../ui/DraftNotice';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/parts';
import { TransferForm } from './TransferForm';
import { TransferReceipt } from './TransferReceipt';
import { TransferReview } from './TransferReview';
import { transferActors } from './transfer-actors';
import { draftOfForm, parseTransferDraft } from './transfer-form';
import {
  selectBlank,
  selectFailure,
  selectForm,
  selectIsBusy,
  selectOptionsFailed,
  selectRestoredAt,
  selectScreen,
  transferFlowMachine,
} from './transfer-flow-machine';
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

function TransferScreen({ flow, title, lang }: { flow: TransferFlowDef; title: string; lang: Language }) {
  const { t } = useTranslation();
  const services = useServices();
  const draft = useFormDraft(`transfer.${flow.id}`, parseTransferDraft);
  const actor = useActorRef(transferFlowMachine.provide(transferActors(services.api)), {
    input: { flow, draft: draft.initial },
  });
  const screen = useSelector(actor, selectScreen);
  const optionsFailed = useSelector(actor, selectOptionsFailed);
  const failure = useSelector(actor, selectFailure);
  const form = useSelector(actor, selectForm);
  const blank = useSelector(actor, selectBlank);
  const restoredAt = useSelector(actor, selectRestoredAt);
  const busy = useSelector(actor, selectIsBusy);

  // What the user typed is kept as a draft until the transfer is done (never the withdrawal code).
  const { save, clear } = draft;
  useEffect(() => {
    if (screen === 'loading') return;
    if (screen === 'receipt') clear();
    else save(draftOfForm(form, blank, new Date()));
  }, [screen, form, blank, save, clear]);

  // The form takes focus when it comes back (from review, or for a new transfer), not on arrival.
  const lastShown = useRef<string | null>(null);
  const formReturns = screen === 'form' && lastShown.current !== null && lastShown.current !== 'form';
  useEffect(() => {
    if (screen !== 'loading') lastShown.current = screen;
  }, [screen]);

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-2xl">
        {screen === 'loading' && !optionsFailed && (
          <p role="status" className="text-muted">
            {t('transfers.loadingOptions')}
          </p>
        )}
        {optionsFailed && failure && (
          <FailureAlert failure={failure}>
            <p className="font-medium">{t('transfers.optionsFailed')}</p>
            <Button variant="danger" size="sm" onClick={() => actor.send({ type: 'options.retry' })}>
              <RotateCw size={16} aria-hidden />
              {t('transfers.retry')}
            </Button>
          </FailureAlert>
        )}
        {screen === 'form' && restoredAt && (
          <DraftNotice savedAt={restoredAt} disabled={busy} onDiscard={() => actor.send({ type: 'draft.discard' })} />
        )}
        {screen === 'form' && <TransferForm actor={actor} lang={lang} focusOnMount={formReturns} />}
        {screen === 'review' && <TransferReview actor={actor} lang={lang} />}
        {screen === 'receipt' && <TransferReceipt actor={actor} lang={lang} />}
      </div>
    </PageFrame>
  );
}
