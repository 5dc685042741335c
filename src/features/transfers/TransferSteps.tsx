/**
 * A transfer page's steps as the flow machine is: loading its options (or failing to), the form
 * (with a restored draft's notice), the review of the server's quote, the receipt. It shows the
 * machine it is given (TransferPage assembles it with the API; the catalogue with fixtures).
 */
import { useSelector } from '@xstate/react';
import { RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { PageFrame } from '../../ui/PageFrame';
import { DraftNotice } from '../../ui/DraftNotice';
import { FailureAlert } from '../../ui/parts';
import { TransferForm } from './TransferForm';
import { TransferReceipt } from './TransferReceipt';
import { TransferReview } from './TransferReview';
import {
  selectFailure,
  selectIsBusy,
  selectOptionsFailed,
  selectRestoredAt,
  selectScreen,
} from './transfer-flow-machine';
import type { TransferActor } from './useTransferForm';

export function TransferSteps({ actor, title, lang }: { actor: TransferActor; title: string; lang: Language }) {
  const { t } = useTranslation();
  const screen = useSelector(actor, selectScreen);
  const optionsFailed = useSelector(actor, selectOptionsFailed);
  const failure = useSelector(actor, selectFailure);
  const restoredAt = useSelector(actor, selectRestoredAt);
  const busy = useSelector(actor, selectIsBusy);

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
