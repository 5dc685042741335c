/** The add / edit bank form, in a managed list's dialog over the list. */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { INPUT_CLASS } from '../../ui/parts';
import { SelectField, TextField } from '../../ui/form/FormField';
import { FormDialog } from '../../ui/managed-list/FormDialog';
import { useManagedForm } from '../../ui/managed-list/use-managed-form';
import { BANK_FIELDS, newFloatNumber, validateBank } from './bank-form';
import {
  type banksMachine,
  selectEditing,
  selectErrors,
  selectFailure,
  selectFloatChoices,
  selectFormOpen,
  selectIsBusy,
  selectValues,
} from './banks-machine';

type BanksActor = ActorRefFrom<typeof banksMachine>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A code typed in capitals, never corrected as a word. */
const CODE_INPUT = {
  autoComplete: 'off',
  autoCapitalize: 'characters',
  spellCheck: false,
  className: `${INPUT_CLASS} font-mono uppercase`,
} as const;

export function BankFormDialog({ actor, k }: { actor: BanksActor; k: Translate }) {
  const open = useSelector(actor, selectFormOpen);
  const editing = useSelector(actor, selectEditing);
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, selectIsBusy);
  const choices = useSelector(actor, selectFloatChoices);
  const form = useManagedForm({
    fields: BANK_FIELDS,
    idPrefix: 'bank',
    values,
    errors,
    failure,
    busy,
    k,
    // Codes are typed in capitals.
    onValue: (name, value) =>
      actor.send({
        type: 'field.change',
        name,
        value: name === 'code' || name === 'bic' ? value.toUpperCase() : value,
      }),
  });
  const field = form.field;
  const currentFloat = editing?.floatAccount ?? null;

  return (
    <FormDialog
      open={open}
      busy={busy}
      editingName={editing?.name ?? null}
      failure={failure}
      alertRef={form.alertRef}
      k={k}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onSubmit={() => form.submit(validateBank(values), () => actor.send({ type: 'form.submit' }))}
    >
      <TextField {...field('name')} maxLength={80} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('code')} {...CODE_INPUT} hint={k('form.codeHint')} maxLength={10} />
        <TextField {...field('bic')} {...CODE_INPUT} hint={k('form.bicHint')} optional maxLength={14} />
      </div>
      <SelectField {...field('float')} hint={choices === null ? k('form.floatLoading') : k('form.floatHint')}>
        {editing && (
          <option value="keep">
            {currentFloat ? k('form.floatKeep', { number: currentFloat.number }) : k('noFloat')}
          </option>
        )}
        <option value="new">{k('form.floatNew', { number: newFloatNumber(values.code) })}</option>
        {(choices ?? [])
          .filter((c) => c.id !== currentFloat?.id)
          .map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.heldBy
                ? k('form.floatHeldBy', { number: c.number, label: c.label, bank: c.heldBy.name })
                : k('form.floatFree', { number: c.number, label: c.label })}
            </option>
          ))}
      </SelectField>
    </FormDialog>
  );
}
