import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { FIELD_NAMES, type FieldError, type FieldName, NOTE_MAX_LENGTH, parseAmount } from './transfer-form';
import {
  selectErrors,
  selectFailure,
  selectFlow,
  selectForm,
  selectIsQuoting,
  selectOptions,
  selectRules,
  type transferFlowMachine,
} from './transfer-flow-machine';

export type TransferActor = ActorRefFrom<typeof transferFlowMachine>;

const fieldId = (field: FieldName) => `transfer-${field}`;

/**
 * What the transfer form shows of the flow machine, and what it sends back, with where the focus
 * goes: to a refusal, to the form come back from review, to the first field wrong, to a code the
 * server did not recognise.
 */
export function useTransferForm(actor: TransferActor, lang: Language, focusOnMount: boolean) {
  const { t } = useTranslation();
  const flow = useSelector(actor, selectFlow);
  const options = useSelector(actor, selectOptions);
  const rules = useSelector(actor, selectRules);
  const form = useSelector(actor, selectForm);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const quoting = useSelector(actor, selectIsQuoting);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusOnArrival = useRef(focusOnMount);

  // A refusal takes focus wherever it appears; otherwise a form come back from review does.
  useEffect(() => {
    if (failure) alertRef.current?.focus();
    else if (focusOnArrival.current) headingRef.current?.focus();
    focusOnArrival.current = false;
  }, [failure]);

  // The server said the code is not the customer's: the teller retypes it, so it takes the focus.
  const codeWrong = errors.withdrawalCode === 'codeWrong';
  useEffect(() => {
    if (codeWrong) document.getElementById(fieldId('withdrawalCode'))?.focus();
  }, [codeWrong]);

  const xof = (n: number) => formatXof(n, lang);
  // The one range of this flow, as the server states it (the form shows only once it is in).
  const range = rules.amountRange ?? { min: 1, max: 0 };
  const errorText = (field: FieldName, error: FieldError | undefined) =>
    error
      ? t(`transfers.errors.${error}`, {
          min: xof(range.min),
          max: field === 'note' ? NOTE_MAX_LENGTH : xof(range.max),
        })
      : undefined;
  /** A field's id, error, value and change, by its name. */
  const field = (name: FieldName) => ({
    id: fieldId(name),
    error: errorText(name, errors[name]),
    value: form[name],
    onValue: (value: string) => actor.send({ type: 'form.change', field: name, value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    const shown = actor.getSnapshot().context.errors;
    const first = FIELD_NAMES.find((f) => shown[f]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  const parsed = parseAmount(form.amount, rules.amountRange);
  // An amount outside the range has the range in its error: said once, not twice.
  const amountHint =
    'amount' in parsed
      ? t('transfers.amountReads', { amount: xof(parsed.amount) })
      : errors.amount === 'amountRange'
        ? undefined
        : t('transfers.amountHint', { min: xof(range.min), max: xof(range.max) });

  return { flow, options, rules, failure, quoting, headingRef, alertRef, field, submit, amountHint };
}
