/** The receipt of a submitted transfer, in the kit's one receipt layout (customer and agent copies). */
import { useSelector } from '@xstate/react';
import { CircleCheck, Clock, Plus, Printer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';
import { PrintableReceipt } from '../../ui/receipt/PrintableReceipt';
import { valueLabel } from '../../ui/values';
import { BalanceSum, PartyOrTill, tillChange } from './MoneyFacts';
import { selectFlow, selectResult, type transferFlowMachine } from './transfer-flow-machine';

export function TransferReceipt({ actor, lang }: { actor: ActorRefFrom<typeof transferFlowMachine>; lang: Language }) {
  const { t } = useTranslation();
  const result = useSelector(actor, selectResult);
  const flow = useSelector(actor, selectFlow);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  if (!result) return null;
  const pending = result.status === 'pending';
  // Posted: the till's balance is the one after, so the sum starts from what it was before.
  const till = tillChange(result);
  const lead = (
    <p
      role="status"
      className={`mt-2 flex items-center gap-2 text-sm font-medium ${pending ? 'text-warning' : 'text-success'}`}
    >
      {pending ? <Clock size={18} aria-hidden /> : <CircleCheck size={18} aria-hidden />}
      {pending ? t('transfers.receiptPending') : t('transfers.receiptSuccess')}
    </p>
  );

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <PrintableReceipt
        title={t('transfers.receiptTitle')}
        headingRef={headingRef}
        lead={lead}
        content={{
          reference: result.reference,
          createdAt: result.createdAt,
          what: flow.title[lang],
          from: <PartyOrTill party={result.source} />,
          to: <PartyOrTill party={result.destination} />,
          amount: result.amount,
          fee: result.fee,
          total: result.total,
          note: result.note,
          servedBy: result.initiator || null,
          status: pending ? t('transfers.statusPending') : valueLabel(t, 'status', 'success'),
          channel: valueLabel(t, 'channels', result.channel),
        }}
        agent={{
          commission: till ? result.commission : 0,
          float:
            till && !pending ? <BalanceSum before={till.balance - till.change} lines={till.lines} lang={lang} /> : null,
        }}
      />
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
