/** One flow's bands in a dialog, edited and sent for a second administrator's approval. */
import { useSelector } from '@xstate/react';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { TextField } from '../../ui/form/FormField';
import { InlineAlert } from '../../ui/InlineAlert';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { Button } from '../../ui/Button';
import { FailureAlert } from '../../ui/parts';
import { BAND_FIELDS, type BandField } from './band-form';
import {
  type feesMachine,
  selectEditedFlow,
  selectErrors,
  selectFailure,
  selectFormOpen,
  selectIsBusy,
  selectValues,
} from './fees-machine';
import type { Translate } from './messages';

type FeesActor = ActorRefFrom<typeof feesMachine>;

const fieldId = (index: number, field: BandField) => `band-${index}-${field}`;
const AMOUNT_FIELDS: readonly BandField[] = ['minAmount', 'maxAmount', 'fixedFee', 'minFee', 'maxFee'];

export function BandsDialog({ actor, k }: { actor: FeesActor; k: Translate }) {
  const open = useSelector(actor, selectFormOpen);
  const flowId = useSelector(actor, selectEditedFlow);
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  function submit() {
    actor.send({ type: 'form.submit' });
    // The first field named by an error takes the focus (after the machine has placed them).
    queueMicrotask(() => {
      const first = document.querySelector<HTMLElement>('[data-band-form] [aria-invalid="true"]');
      first?.focus();
    });
  }
  const flow = flowId ? k(`flows.${flowId}`) : '';

  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      wide
      stickyActions
      title={k('form.title', { flow })}
      description={k('form.description')}
      cancelLabel={k('form.cancel')}
      confirmLabel={k('form.submit')}
      busyLabel={k('form.submitting')}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onConfirm={submit}
    >
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
      {errors.list && <InlineAlert>{k(`errors.${errors.list}`)}</InlineAlert>}
      <div data-band-form className="space-y-4">
        {values.map((band, index) => (
          // Bands have no identity but their place in the list while edited.
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the band's identity here
          <fieldset key={index} className="rounded-md border border-line p-3">
            <legend className="px-1 text-sm font-semibold text-ink">{k('form.band', { n: index + 1 })}</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {BAND_FIELDS.map((field) => (
                <TextField
                  key={field}
                  id={fieldId(index, field)}
                  label={k(`form.${field}`)}
                  hint={field === 'maxFee' ? k('form.maxFeeHint') : undefined}
                  inputMode={AMOUNT_FIELDS.includes(field) ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  maxLength={16}
                  value={band[field]}
                  error={errors[`${index}.${field}`] ? k(`errors.${errors[`${index}.${field}`]}`) : undefined}
                  onValue={(value) => actor.send({ type: 'band.change', index, field, value })}
                />
              ))}
            </div>
            {values.length > 1 && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => actor.send({ type: 'band.remove', index })}
              >
                <Trash2 size={14} aria-hidden />
                {k('form.remove', { n: index + 1 })}
              </Button>
            )}
          </fieldset>
        ))}
      </div>
      <Button variant="secondary" onClick={() => actor.send({ type: 'band.add' })}>
        <Plus size={16} aria-hidden />
        {k('form.add')}
      </Button>
    </ConfirmDialog>
  );
}
