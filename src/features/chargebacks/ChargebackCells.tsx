/** The cells of the chargeback table that are more than a value: the decision taken and the buttons to take one. */
import type { TFunction } from '../../i18n/translator';
import type { ChargebackView } from '../../../contract/api/chargebacks';
import type { ChargebackDecision } from '../../../contract/chargebacks';
import { Button } from '../../ui/Button';
import { CHARGEBACK_MESSAGES_KEY as K } from './messages';
import { statusBadge } from './chargeback-labels';

const DECISIONS = ['approve', 'reject'] as const;

/** Where the chargeback stands, who decided it and why, and the reversal it posted. */
export function ChargebackStatus({ row, t }: { row: ChargebackView; t: TFunction }) {
  return (
    <div className="max-w-48 whitespace-normal">
      {statusBadge(t, row.status)}
      {row.checker && <span className="mt-1 block text-xs text-muted">{t(`${K}.list.by`, { name: row.checker })}</span>}
      {row.decisionReason && <span className="block text-xs text-ink">“{row.decisionReason}”</span>}
      {row.reversalReference && (
        <span className="block text-xs font-medium text-ink tabular-nums">
          {t(`${K}.list.reversal`, { reference: row.reversalReference })}
        </span>
      )}
    </div>
  );
}

/** Approve and Reject where the caller may decide; on their own pending request, why they may not. */
export function ChargebackActions({
  row,
  t,
  onDecide,
}: {
  row: ChargebackView;
  t: TFunction;
  onDecide: (decision: ChargebackDecision, row: ChargebackView) => void;
}) {
  if (!row.canDecide) {
    return row.status === 'pending' ? <span className="text-xs text-muted">{t(`${K}.list.ownRequest`)}</span> : null;
  }
  return (
    <div className="flex gap-2">
      {DECISIONS.map((decision) => (
        <Button
          key={decision}
          variant={decision}
          size="sm"
          aria-label={t(`${K}.list.${decision}Named`, { reference: row.original.reference })}
          onClick={() => onDecide(decision, row)}
        >
          {t(`${K}.list.${decision}`)}
        </Button>
      ))}
    </div>
  );
}
