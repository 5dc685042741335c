/** The fields of one data step, as the contract defines them, checked in place. */
import { useTranslation } from '../../i18n/react';
import type { DataStep } from '../../../contract/registration';
import type { FieldDef } from '../../../contract/registration-forms';
import type { Bank } from '../../api/types';
import type { Language } from '../../i18n';
import { SelectField, TextField } from '../../ui/form/FormField';
import { DateField } from '../../ui/form/DayInput';
import { fieldMessageText } from '../../ui/form/field-message-text';
import type { FieldErrors, StepValues } from './registration-form';

export const fieldId = (step: DataStep, name: string) => `registration-${step}-${name}`;

const INPUT_TYPE: Record<FieldDef['input'], string> = {
  text: 'text',
  tel: 'tel',
  email: 'email',
  // Days are typed dd-mm-yyyy whatever the browser's locale: DateField, not the browser's control.
  date: 'text',
  select: 'text',
};

const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  birthDate: 'bday',
  phone: 'tel',
  email: 'email',
  street: 'street-address',
  city: 'address-level2',
};

export function optionsOf(field: FieldDef, banks: readonly Bank[], lang: Language) {
  if (field.options === 'banks') return banks.map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }));
  return (field.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] }));
}

export function StepFields({
  step,
  fields,
  values,
  errors,
  warnings,
  banks,
  lang,
  onChange,
}: {
  step: DataStep;
  fields: readonly FieldDef[];
  values: StepValues;
  errors: FieldErrors;
  /** Per field: the duplicate check's warning. */
  warnings: Record<string, string | undefined>;
  banks: readonly Bank[];
  lang: Language;
  onChange: (name: string, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) => {
        const id = fieldId(step, field.name);
        const value = values[field.name] ?? '';
        const warning = warnings[field.name];
        if (field.input === 'date') {
          return (
            <DateField
              key={field.name}
              id={id}
              name={field.name}
              label={field.label[lang]}
              optional={!field.required}
              error={fieldMessageText(t, errors[field.name])}
              value={value}
              onValue={(day) => onChange(field.name, day)}
            />
          );
        }
        const common = {
          id,
          name: field.name,
          label: field.label[lang],
          optional: !field.required,
          hint: warning ? (
            <span className="font-medium text-warning" data-testid={`warning-${field.name}`}>
              {warning}
            </span>
          ) : field.placeholder ? (
            t('registration.example', { example: field.placeholder })
          ) : undefined,
          error: fieldMessageText(t, errors[field.name]),
          value,
          required: field.required,
          onValue: (next: string) => onChange(field.name, next),
        };
        return field.input === 'select' ? (
          <SelectField key={field.name} {...common}>
            <option value="">{t('registration.choose')}</option>
            {optionsOf(field, banks, lang).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            key={field.name}
            {...common}
            type={INPUT_TYPE[field.input]}
            autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
            inputMode={field.input === 'tel' ? 'tel' : undefined}
            spellCheck={field.input === 'text' && !field.placeholder ? undefined : false}
          />
        );
      })}
    </div>
  );
}
