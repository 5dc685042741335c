/** The cells of the approvals table that are more than a value: its checkboxes, a request's status and its buttons. */
import { Check, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ApprovalView } from '../../../contract/api/approvals';
import { Button } from '../../ui/Button';
import { Badge, valueLabel } from '../../ui/values';
import type { Decision } from './authorize-machine';

const DECISIONS = [
  { decision: 'approve', Icon: Check },
  { decision: 'reject', Icon: X },
] as const;

/** Selects every row the caller may decide; half-checked while only some are. */
export function AllCheckbox({
  all,
  some,
  label,
  onChange,
}: {
  all: boolean;
  some: boolean;
  label: string;
  onChange: (selected: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="size-4"
      aria-label={label}
      checked={all}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/** Where the request stands, who decided it and why. */
export function ApprovalStatus({ row }: { row: ApprovalView }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge value={row.status} label={valueLabel(t, 'status', row.status)} />
      {row.checker && (
        <span className="mt-1 block text-xs text-muted">{t('approvals.decidedBy', { checker: row.checker })}</span>
      )}
      {row.reason && <span className="mt-1 block text-xs whitespace-normal text-muted">{row.reason}</span>}
    </>
  );
}

/** Approve and Reject, each naming the request it decides. */
export function ApprovalDecisions({
  row,
  onDecide,
}: {
  row: ApprovalView;
  onDecide: (decision: Decision, row: ApprovalView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      {DECISIONS.map(({ decision, Icon }) => (
        <Button
          key={decision}
          variant={decision}
          size="sm"
          aria-label={t(`approvals.${decision}Row`, { reference: row.reference })}
          onClick={() => onDecide(decision, row)}
        >
          <Icon size={14} aria-hidden />
          {t(`approvals.${decision}`)}
        </Button>
      ))}
    </div>
  );
}
