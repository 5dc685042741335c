/** The add / edit bank form, in a dialog over the list. */
import * as Dialog from '@radix-ui/react-dialog';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FailureAlert, Field, INPUT_CLASS, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../transfers/parts';
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

export const bankFieldId = (name: BankField) => `bank-${name}`;

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

  function submit(event: FormEvent) {
    event.preventDefault();
    const first = BANK_FIELDS.find((f) => f in validateBank(values));
    actor.send({ type: 'form.submit' });
    if (first) document.getElementById(bankFieldId(first))?.focus();
  }
  const change = (name: BankField) => (value: string) => actor.send({ type: 'field.change', name, value });
  const error = (name: BankField) => (errors[name] ? k(`errors.${errors[name]}`) : undefined);
  const currentFloat = editing?.floatAccount ?? null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) actor.send({ type: 'form.cancel' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {editing ? k('form.editTitle', { name: editing.name }) : k('form.addTitle')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{k('form.description')}</Dialog.Description>
          <form noValidate onSubmit={submit} aria-busy={busy} className="mt-4 space-y-4">
            {failure && <FailureAlert ref={alertRef} failure={failure} />}
            <Field id={bankFieldId('name')} label={k('form.name')} error={error('name')}>
              {(aria) => (
                <input
                  id={bankFieldId('name')}
                  value={values.name}
                  maxLength={80}
                  autoComplete="off"
                  onChange={(e) => change('name')(e.target.value)}
                  className={INPUT_CLASS}
                  {...aria}
                />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={bankFieldId('code')} label={k('form.code')} hint={k('form.codeHint')} error={error('code')}>
                {(aria) => (
                  <input
                    id={bankFieldId('code')}
                    value={values.code}
                    maxLength={10}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    onChange={(e) => change('code')(e.target.value.toUpperCase())}
                    className={`${INPUT_CLASS} font-mono uppercase`}
                    {...aria}
                  />
                )}
              </Field>
              <Field
                id={bankFieldId('bic')}
                label={k('form.bic')}
                hint={k('form.bicHint')}
                error={error('bic')}
                optional
              >
                {(aria) => (
                  <input
                    id={bankFieldId('bic')}
                    value={values.bic}
                    maxLength={14}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    onChange={(e) => change('bic')(e.target.value.toUpperCase())}
                    className={`${INPUT_CLASS} font-mono uppercase`}
                    {...aria}
                  />
                )}
              </Field>
            </div>
            <Field
              id={bankFieldId('float')}
              label={k('form.float')}
              hint={choices === null ? k('form.floatLoading') : k('form.floatHint')}
              error={error('float')}
            >
              {(aria) => (
                <select
                  id={bankFieldId('float')}
                  value={values.float}
                  onChange={(e) => change('float')(e.target.value)}
                  className={INPUT_CLASS}
                  {...aria}
                >
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
                </select>
              )}
            </Field>
            <div className="flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <button type="button" className={SECONDARY_BUTTON} disabled={busy}>
                  {k('form.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy || undefined}>
                {busy ? k('form.saving') : editing ? k('form.save') : k('form.create')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
