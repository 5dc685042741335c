/** The add / edit bank form, in a dialog over the list. */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FailureAlert, INPUT_CLASS } from '../../ui/parts';
import { SelectField, TextField } from '../../ui/form/FormField';
import { ConfirmDialog } from '../../ui/list/ConfirmDialog';
import { BANK_FIELDS, type BankField, newFloatNumber, validateBank } from './bank-form';
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

const bankFieldId = (name: BankField) => `bank-${name}`;

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
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  // A refusal naming a field (a code already used) sends focus to it.
  const firstError = BANK_FIELDS.find((f) => errors[f]);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && firstError) document.getElementById(bankFieldId(firstError))?.focus();
    wasBusy.current = busy;
  }, [busy, firstError]);

  function submit() {
    const first = BANK_FIELDS.find((f) => f in validateBank(values));
    actor.send({ type: 'form.submit' });
    if (first) document.getElementById(bankFieldId(first))?.focus();
  }
  /** A field's id, label, error, value and change, by its name; codes are typed in capitals. */
  const field = (name: BankField) => ({
    id: bankFieldId(name),
    label: k(`form.${name}`),
    error: errors[name] ? k(`errors.${errors[name]}`) : undefined,
    value: values[name],
    onValue: (value: string) =>
      actor.send({
        type: 'field.change',
        name,
        value: name === 'code' || name === 'bic' ? value.toUpperCase() : value,
      }),
  });
  const currentFloat = editing?.floatAccount ?? null;

  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      wide
      title={editing ? k('form.editTitle', { name: editing.name }) : k('form.addTitle')}
      description={k('form.description')}
      cancelLabel={k('form.cancel')}
      confirmLabel={editing ? k('form.save') : k('form.create')}
      busyLabel={k('form.saving')}
      onCancel={() => actor.send({ type: 'form.cancel' })}
      onConfirm={submit}
    >
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
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
    </ConfirmDialog>
  );
}
