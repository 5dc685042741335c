/**
 * Labelled form controls: a text input, a select or a textarea inside `Field`, which wires the
 * label (label/htmlFor), the hint and the error (aria-describedby, aria-invalid) by the field's
 * id. The control takes that id and every other prop given; `onValue` receives the new value as
 * text. A control that is more than one element (an input with a button beside it) uses
 * `Field` itself.
 */
import type { ChangeEvent, ComponentProps, ElementType, ReactNode } from 'react';
import { Field, INPUT_CLASS } from '../parts';

/** A multi-line control in the same frame as a one-line input. */
const TEXTAREA_CLASS = `${INPUT_CLASS} h-auto py-2`;

type Tag = 'input' | 'select' | 'textarea';

type ControlProps<T extends Tag> = Omit<ComponentProps<T>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  value: string;
  onValue: (value: string) => void;
};

function LabelledControl({
  as,
  id,
  label,
  hint,
  error,
  optional,
  onValue,
  ...control
}: ControlProps<Tag> & { as: Tag }) {
  const Control = as as ElementType;
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional}>
      {(aria) => (
        <Control
          {...control}
          {...aria}
          id={id}
          onChange={(e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
            onValue(e.target.value)
          }
        />
      )}
    </Field>
  );
}

export const TextField = (props: ControlProps<'input'>) => (
  <LabelledControl as="input" {...props} className={props.className ?? INPUT_CLASS} />
);
export const SelectField = (props: ControlProps<'select'>) => (
  <LabelledControl as="select" {...props} className={props.className ?? INPUT_CLASS} />
);
export const TextAreaField = (props: ControlProps<'textarea'>) => (
  <LabelledControl as="textarea" {...props} className={props.className ?? TEXTAREA_CLASS} />
);
