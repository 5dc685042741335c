/** The receipt of a submitted transfer; on paper, only this card is printed (src/ui/receipt-print.css). */
import { useSelector } from '@xstate/react';
import { CircleCheck, Clock, Plus, Printer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { formatDateTime, valueLabel } from '../../ui/values';
import { Button } from '../../ui/Button';
import { Fact, Facts } from '../../ui/parts';
import { BalanceSum, PartyOrTill, tillChange } from './MoneyFacts';
import { selectFlow, selectResult, type transferFlowMachine } from './transfer-flow-machine';
import '../../ui/receipt-print.css';

export function TransferReceipt({ actor, lang }: { actor: ActorRefFrom<typeof transferFlowMachine>; lang: Language }) {
  const { t } = useTranslation();
  const result = useSelector(actor, selectResult);
  const flow = useSelector(actor, selectFlow);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  if (!result) return null;
  const xof = (n: number) => formatXof(n, lang);
  const pending = result.status === 'pending';
  // Posted: the till's balance is the one after, so the sum starts from what it was before.
  const till = tillChange(result);

  return (
    <div className="space-y-4">
      <article
        data-print-only
        data-print-receipt
        aria-labelledby="transfer-receipt-title"
        className="mx-auto max-w-2xl rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6"
      >
        <h2
          id="transfer-receipt-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-ink outline-none"
        >
          {t('transfers.receiptTitle')}
        </h2>
        <p
          role="status"
          className={`mt-2 flex items-center gap-2 text-sm font-medium ${pending ? 'text-warning' : 'text-success'}`}
        >
          {pending ? <Clock size={18} aria-hidden /> : <CircleCheck size={18} aria-hidden />}
          {pending ? t('transfers.receiptPending') : t('transfers.receiptSuccess')}
        </p>
        <Facts className="mt-3">
          <Fact label={t('transfers.reference')}>
            <strong className="tabular-nums">{result.reference}</strong>
          </Fact>
          <Fact label={t('transfers.date')}>{formatDateTime(result.createdAt)}</Fact>
          <Fact label={t('transfers.flow')}>{flow.title[lang]}</Fact>
          <Fact label={t('transfers.from')}>
            <PartyOrTill party={result.source} />
          </Fact>
          <Fact label={t('transfers.to')}>
            <PartyOrTill party={result.destination} />
          </Fact>
          <Fact label={t('transfers.amount')}>
            <span className="tabular-nums">{xof(result.amount)}</span>
          </Fact>
          <Fact label={t('transfers.fee')}>
            <span className="tabular-nums">{xof(result.fee)}</span>
          </Fact>
          {result.commission > 0 && till && (
            <Fact label={t('transfers.commission')}>
              <span className="tabular-nums">{xof(result.commission)}</span>
            </Fact>
          )}
          <Fact label={t('transfers.total')}>
            <strong className="tabular-nums">{xof(result.total)}</strong>
          </Fact>
          <Fact label={t('transfers.status')}>
            {pending ? t('transfers.statusPending') : valueLabel(t, 'status', 'success')}
          </Fact>
          <Fact label={t('transfers.initiator')}>{result.initiator}</Fact>
          <Fact label={t('transfers.channel')}>{valueLabel(t, 'channels', result.channel)}</Fact>
        </Facts>
        {till && !pending && <BalanceSum before={till.balance - till.change} lines={till.lines} lang={lang} />}
      </article>
      <div className="flex flex-wrap justify-center gap-3 print:hidden">
        <Button variant="secondary" onClick={() => actor.send({ type: 'receipt.print' })}>
          <Printer size={16} aria-hidden />
          {t('transfers.print')}
        </Button>
        <Button onClick={() => actor.send({ type: 'receipt.new' })}>
          <Plus size={16} aria-hidden />
          {t('transfers.newTransfer')}
        </Button>
      </div>
    </div>
  );
}
