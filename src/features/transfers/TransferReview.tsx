/** The review screen: what the server's quote says will happen, before anything moves. */
import { useSelector } from '@xstate/react';
import { ArrowLeft, RotateCw, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { ActionBar } from '../../ui/form/ActionBar';
import { Fact, Facts, FailureAlert } from '../../ui/parts';
import { BalanceSum, PartyOrTill, tillChange } from './MoneyFacts';
import {
  selectFailure,
  selectIsInterrupted,
  selectIsSubmitting,
  selectQuote,
  selectRequest,
  type transferFlowMachine,
} from './transfer-flow-machine';

export function TransferReview({ actor, lang }: { actor: ActorRefFrom<typeof transferFlowMachine>; lang: Language }) {
  const { t } = useTranslation();
  const quote = useSelector(actor, selectQuote);
  const request = useSelector(actor, selectRequest);
  const submitting = useSelector(actor, selectIsSubmitting);
  const interrupted = useSelector(actor, selectIsInterrupted);
  const failure = useSelector(actor, selectFailure);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (interrupted && failure) alertRef.current?.focus();
    else headingRef.current?.focus();
  }, [interrupted, failure]);

  if (!quote) return null;
  const xof = (n: number) => formatXof(n, lang);
  const till = tillChange(quote);

  return (
    <section aria-labelledby="transfer-review-title" aria-busy={submitting} className="space-y-4">
      <div>
        <h2
          id="transfer-review-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-ink outline-none"
        >
          {t('transfers.reviewTitle')}
        </h2>
        <p className="text-sm text-muted">{t('transfers.reviewIntro')}</p>
      </div>
      <div className="rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6">
        <Facts>
          <Fact label={t('transfers.from')}>
            <PartyOrTill party={quote.source} />
          </Fact>
          <Fact label={t('transfers.to')}>
            <PartyOrTill party={quote.destination} />
          </Fact>
          <Fact label={t('transfers.amount')}>
            <span className="tabular-nums">{xof(quote.amount)}</span>
          </Fact>
          <Fact label={t('transfers.fee')}>
            <span className="tabular-nums">{xof(quote.fee)}</span>
          </Fact>
          {quote.commission > 0 && till && (
            <Fact label={t('transfers.commission')}>
              <span className="tabular-nums">{xof(quote.commission)}</span>
            </Fact>
          )}
          <Fact label={t('transfers.total')}>
            <strong className="tabular-nums">{xof(quote.total)}</strong>
          </Fact>
          {!till && quote.balanceAfter !== null && (
            <Fact label={t('transfers.balanceAfter')}>
              <span className="tabular-nums">{xof(quote.balanceAfter)}</span>
            </Fact>
          )}
          {request?.note && <Fact label={t('transfers.note')}>{request.note}</Fact>}
        </Facts>
        {till && <BalanceSum before={till.balance} lines={till.lines} lang={lang} />}
        <p
          data-testid="approval-notice"
          className={`mt-3 rounded-md px-3 py-2 text-sm ${quote.needsApproval ? 'bg-warning-soft text-warning' : 'bg-surface text-ink'}`}
        >
          {quote.needsApproval ? t('transfers.waitsForApproval') : t('transfers.finalOnConfirm')}
        </p>
      </div>

      {interrupted && failure && (
        <FailureAlert ref={alertRef} failure={failure}>
          <p>{t('transfers.interrupted')}</p>
        </FailureAlert>
      )}

      <ActionBar>
        <Button variant="secondary" disabled={submitting} onClick={() => actor.send({ type: 'review.back' })}>
          <ArrowLeft size={16} aria-hidden />
          {t('transfers.back')}
        </Button>
        {interrupted ? (
          <Button onClick={() => actor.send({ type: 'transfer.retry' })}>
            <RotateCw size={16} aria-hidden />
            {t('transfers.sendAgain')}
          </Button>
        ) : (
          // Busy rather than disabled while sending, so focus stays on it; a second confirm goes nowhere.
          <Button
            loading={submitting}
            loadingLabel={t('transfers.sending')}
            onClick={() => actor.send({ type: 'review.confirm' })}
          >
            <Send size={16} aria-hidden />
            {t('transfers.confirm')}
          </Button>
        )}
      </ActionBar>
    </section>
  );
}
