import { useSelector } from '@xstate/react';
import { Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { BulkBatchView } from '../../../contract/api/bulk';
import { isReasonLongEnough, REASON_MIN } from '../../../contract/reasons';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/FormField';
import { FailureAlert } from '../../ui/parts';
import { type bulkMachine, selectIsBusy, selectNotice } from './bulk-machine';

type BulkActor = ActorRefFrom<typeof bulkMachine>;

/** A batch that waits: what it waits for, and for a second administrator, approve or reject with a reason. */
export function BatchDecision({ actor, batch }: { actor: BulkActor; batch: BulkBatchView }) {
  const { t } = useTranslation();
  const id = useId();
  const busy = useSelector(actor, selectIsBusy);
  const notice = useSelector(actor, selectNotice);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const payment = batch.kind === 'payment';
  return (
    <div className="space-y-3">
      <p className="text-sm text-warning" data-testid="bulk-batch-waiting">
        {t(payment ? 'bulk.batch.waiting' : 'bulk.batch.waitingSettings')}
      </p>
      {batch.canDecide && !rejecting && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="approve"
            disabled={busy}
            onClick={() => actor.send({ type: 'bulk.decide', decision: 'approve' })}
          >
            <Check size={16} aria-hidden />
            {t(payment ? 'bulk.batch.approve' : 'bulk.batch.approveSettings')}
          </Button>
          <Button variant="reject" disabled={busy} onClick={() => setRejecting(true)}>
            <X size={16} aria-hidden />
            {t('bulk.batch.reject')}
          </Button>
        </div>
      )}
      {batch.canDecide && rejecting && (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (isReasonLongEnough(reason))
              actor.send({ type: 'bulk.decide', decision: 'reject', reason: reason.trim() });
          }}
        >
          <TextField
            id={`${id}-reason`}
            label={t('bulk.batch.reason')}
            hint={t('bulk.batch.reasonHint')}
            value={reason}
            maxLength={500}
            onValue={setReason}
          />
          <p id={`${id}-reason-hint`} className="text-xs text-muted">
            {t('bulk.batch.reasonHint', { min: REASON_MIN })}
          </p>
          <div className="flex gap-2">
            <Button type="submit" variant="danger" disabled={busy || !isReasonLongEnough(reason)}>
              {t('bulk.batch.confirmReject')}
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t('bulk.batch.cancel')}
            </Button>
          </div>
        </form>
      )}
      {notice && <FailureAlert failure={notice} />}
    </div>
  );
}
