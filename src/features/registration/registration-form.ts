/**
 * The registration form's values and checks, over the contract's steps and schemas: what a
 * step's fields hold as typed, which of them are wrong (the same zod schema as the API's),
 * the body sent, and where on the form a server refusal belongs.
 */
import {
  DATA_STEPS,
  type DataStep,
  type RegistrationInput,
  type RegistrationRequest,
  type RegistrationStep,
  registrationSchemaOn,
  stepSchemaOn,
} from '../../../contract/registration';
import type { FieldDef, RegistrationDraft, RegistrationForm } from '../../../contract/registration-forms';
import { NATIONAL_ID_PATTERN, normaliseNationalId, normaliseSenegalMobile } from '../../../contract/senegal-formats';
import { type FieldMessage, fieldMessage, REQUIRED, splitFieldError } from '../../ui/form/issue-messages';

export type StepValues = Record<string, string>;
export type FormValues = Record<DataStep, StepValues>;
/** Errors of one step, by field name. */
export type FieldErrors = Record<string, FieldMessage>;

export const isDataStep = (step: RegistrationStep): step is DataStep =>
  (DATA_STEPS as readonly string[]).includes(step);

export function fieldsOf(form: RegistrationForm, step: RegistrationStep): readonly FieldDef[] {
  return form.steps.find((s) => s.id === step)?.fields ?? [];
}

export function emptyValues(form: RegistrationForm): FormValues {
  const values = {} as FormValues;
  for (const step of DATA_STEPS) {
    values[step] = Object.fromEntries(fieldsOf(form, step).map((f) => [f.name, '']));
  }
  return values;
}

/** A draft's values on the form's fields: unknown names (an older form) are dropped. */
export function valuesFromDraft(form: RegistrationForm, draft: RegistrationDraft): FormValues {
  const values = emptyValues(form);
  for (const step of DATA_STEPS) {
    const saved = draft.values[step] ?? {};
    for (const name of Object.keys(values[step])) {
      const value = saved[name];
      if (typeof value === 'string') values[step][name] = value;
    }
  }
  return values;
}

export function hasAnyValue(values: FormValues): boolean {
  return DATA_STEPS.some((step) => Object.values(values[step]).some((v) => v.trim() !== ''));
}

/** The step's errors by the contract's schema, a blank required field first of all. */
export function validateStep(
  form: RegistrationForm,
  step: RegistrationStep,
  values: FormValues,
  today: Date,
): FieldErrors {
  if (!isDataStep(step)) return {};
  const errors: FieldErrors = {};
  const stepValues = values[step];
  for (const field of fieldsOf(form, step)) {
    if (field.required && (stepValues[field.name] ?? '').trim() === '') errors[field.name] = REQUIRED;
  }
  const schema = stepSchemaOn(form.kind, step, today);
  const result = schema?.safeParse(stepValues);
  if (result && !result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (name && !errors[name]) errors[name] = fieldMessage(issue.message);
    }
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The fields of a step in form order, for moving focus to the first error. */
export function firstErrorField(form: RegistrationForm, step: RegistrationStep, errors: FieldErrors): string | null {
  return fieldsOf(form, step).find((f) => errors[f.name])?.name ?? null;
}

/** What the API receives: the values as the shared schema reads them (phones in one form, etc.). */
export function registrationBody(form: RegistrationForm, values: FormValues, today: Date): RegistrationInput {
  return registrationSchemaOn(form.kind, today).parse(values) as RegistrationInput;
}

/** The request of the form's kind: the parse above follows the form's kind, which the types cannot see. */
export function registrationRequest(form: RegistrationForm, values: FormValues, today: Date): RegistrationRequest {
  return { kind: form.kind, body: registrationBody(form, values, today) } as RegistrationRequest;
}

/** The numbers a step asks the duplicate check about, as the API stores them. */
export function duplicateKeys(step: RegistrationStep, values: FormValues): { phone?: string; nationalId?: string } {
  if (step === 'contact') {
    const phone = normaliseSenegalMobile(values.contact.phone ?? '');
    return phone ? { phone } : {};
  }
  if (step === 'identity') {
    const nationalId = normaliseNationalId(values.identity.nationalId ?? '');
    return NATIONAL_ID_PATTERN.test(nationalId) ? { nationalId } : {};
  }
  return {};
}

/** Where a refusal of the create call belongs on the form, if it names a field. */
export function placeServerError(
  form: RegistrationForm,
  code: string | null,
  message: string,
): { step: DataStep; field: string; message: FieldMessage } | null {
  if (code === 'DUPLICATE_PHONE') {
    return { step: 'contact', field: 'phone', message: { key: 'duplicatePhone', text: message } };
  }
  if (code === 'DUPLICATE_NATIONAL_ID') {
    return { step: 'identity', field: 'nationalId', message: { key: 'duplicateNationalId', text: message } };
  }
  const split = splitFieldError(message);
  const [step, field] = split?.path ?? [];
  if (!split || !step || !field || !isDataStep(step as RegistrationStep)) return null;
  if (!fieldsOf(form, step as DataStep).some((f) => f.name === field)) return null;
  const known = fieldMessage(split.message);
  // A reference the API could not find (an agent, a bank) is worded by the API alone.
  return { step: step as DataStep, field, message: known.key ? known : { key: null, text: split.message } };
}
