/** The preview box: a flow and an amount, and what the ledger would charge for them now. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { TRANSFER_FLOW_IDS, type TransferFlowId } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { SelectField, TextField } from '../../ui/form/FormField';
import {
  type feePreviewMachine,
  selectIsPreviewing,
  selectPreviewAmount,
  selectPreviewFailure,
  selectPreviewFlow,
  selectPreviewResult,
} from './fee-preview-machine';
import type { Translate } from './messages';

type PreviewActor = ActorRefFrom<typeof feePreviewMachine>;

export function FeePreviewBox({ actor, k, lang }: { actor: PreviewActor; k: Translate; lang: Language }) {
  const flowId = useSelector(actor, selectPreviewFlow);
  const amount = useSelector(actor, selectPreviewAmount);
  const result = useSelector(actor, selectPreviewResult);
  const failure = useSelector(actor, selectPreviewFailure);
  const busy = useSelector(actor, selectIsPreviewing);
  const xof = (value: number) => formatXof(value, lang);
  return (
    <section
      aria-labelledby="fee-preview-title"
      className="mb-6 rounded-lg border border-line bg-raised p-4 shadow-sm"
      data-testid="fee-preview"
    >
      <h2 id="fee-preview-title" className="mb-3 text-lg font-semibold text-ink">
        {k('preview.title')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr]">
        <SelectField
          id="fee-preview-flow"
          label={k('preview.flow')}
          value={flowId}
          onValue={(value) => actor.send({ type: 'preview.flow', flowId: value as TransferFlowId })}
        >
          {TRANSFER_FLOW_IDS.map((id) => (
            <option key={id} value={id}>
              {k(`flows.${id}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          id="fee-preview-amount"
          label={k('preview.amount')}
          hint={k('preview.amountHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
          value={amount}
          error={failure ? failure.message : undefined}
          onValue={(value) => actor.send({ type: 'preview.amount', amount: value })}
        />
        <div
          aria-live="polite"
          aria-busy={busy}
          data-testid="preview-answer"
          className="rounded-md bg-surface p-3 sm:col-span-2 lg:col-span-1"
        >
          {result ? (
            <>
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-muted">{k('preview.fee')}</dt>
                  <dd className="font-semibold tabular-nums text-ink" data-testid="preview-fee">
                    {xof(result.fee)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">{k('preview.commission')}</dt>
                  <dd className="font-semibold tabular-nums text-ink" data-testid="preview-commission">
                    {xof(result.commission)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">{k('preview.total')}</dt>
                  <dd className="font-semibold tabular-nums text-ink" data-testid="preview-total">
                    {xof(result.total)}
                  </dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-muted">{k('preview.forAmount', { amount: xof(result.amount) })}</p>
            </>
          ) : (
            <p className="text-sm text-muted">{busy ? k('preview.busy') : k('preview.empty')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
