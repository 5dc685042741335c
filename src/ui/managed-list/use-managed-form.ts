import { useEffect, useRef } from 'react';
import type { RequestFailure } from '../failure';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What a managed list's create / edit form needs of its fields: each field's id, label, error
 * and value by its name (texts `form.<field>` and `errors.<code>` in the page's messages), and
 * where focus goes: to the refusal when the server answers one, to the field a refusal names
 * (a code already taken), to the first wrong field when Save is pressed too early.
 */
export function useManagedForm<F extends string>({
  fields,
  idPrefix,
  values,
  errors,
  failure,
  busy,
  k,
  onValue,
}: {
  /** In the order they are shown. */
  fields: readonly F[];
  idPrefix: string;
  values: Record<F, string>;
  errors: Partial<Record<F, string>>;
  failure: RequestFailure | null;
  busy: boolean;
  k: Translate;
  onValue: (name: F, value: string) => void;
}) {
  const alertRef = useRef<HTMLDivElement>(null);
  const fieldId = (name: F) => `${idPrefix}-${name}`;
  const focus = (name: F | undefined) => {
    if (name) document.getElementById(fieldId(name))?.focus();
  };

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  const firstError = fields.find((f) => errors[f]);
  const wasBusy = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only when a save ends.
  useEffect(() => {
    if (wasBusy.current && !busy) focus(firstError);
    wasBusy.current = busy;
  }, [busy, firstError]);

  return {
    alertRef,
    field: (name: F) => ({
      id: fieldId(name),
      label: k(`form.${name}`),
      error: errors[name] ? k(`errors.${errors[name]}`) : undefined,
      value: values[name],
      onValue: (value: string) => onValue(name, value),
    }),
    /** Sends the form; focus goes to the first field `invalid` names, if any. */
    submit: (invalid: Partial<Record<F, unknown>>, send: () => void) => {
      const first = fields.find((f) => f in invalid);
      send();
      focus(first);
    },
  };
}
