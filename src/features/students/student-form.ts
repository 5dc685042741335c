/** The onboarding form's fields and checks, over the contract's student schema. */
import { SENEGAL_REGIONS } from '../../../contract/senegal-formats';
import { STUDENT_LEVEL_TITLES, STUDENT_LEVELS, type StudentInput, studentSchemaOn } from '../../../contract/students';
import type { Text } from '../../../contract/text';
import { type FieldMessage, fieldMessage, REQUIRED, splitFieldError } from '../../ui/form/issue-messages';

export const STUDENT_FIELDS = [
  'firstName',
  'lastName',
  'birthDate',
  'school',
  'level',
  'guardianPhone',
  'phone',
  'region',
] as const;
export type StudentField = (typeof STUDENT_FIELDS)[number];
export type StudentValues = Record<StudentField, string>;
export type StudentErrors = Partial<Record<StudentField, FieldMessage>>;

export interface StudentFieldDef {
  name: StudentField;
  input: 'text' | 'tel' | 'date' | 'select';
  required: boolean;
  options?: readonly { value: string; label: Text }[];
}

export const STUDENT_FIELD_DEFS: readonly StudentFieldDef[] = [
  { name: 'firstName', input: 'text', required: true },
  { name: 'lastName', input: 'text', required: true },
  { name: 'birthDate', input: 'date', required: true },
  { name: 'school', input: 'text', required: true },
  {
    name: 'level',
    input: 'select',
    required: true,
    options: STUDENT_LEVELS.map((value) => ({ value, label: STUDENT_LEVEL_TITLES[value] })),
  },
  { name: 'guardianPhone', input: 'tel', required: true },
  { name: 'phone', input: 'tel', required: false },
  {
    name: 'region',
    input: 'select',
    required: false,
    options: SENEGAL_REGIONS.map((r) => ({ value: r, label: { en: r, fr: r } })),
  },
];

export const EMPTY_STUDENT: StudentValues = Object.fromEntries(STUDENT_FIELDS.map((f) => [f, ''])) as StudentValues;

const isStudentField = (name: string): name is StudentField => (STUDENT_FIELDS as readonly string[]).includes(name);

export function validateStudent(values: StudentValues, today: Date): StudentErrors {
  const errors: StudentErrors = {};
  for (const def of STUDENT_FIELD_DEFS) {
    if (def.required && values[def.name].trim() === '') errors[def.name] = REQUIRED;
  }
  const result = studentSchemaOn(today).safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (isStudentField(name) && !errors[name]) errors[name] = fieldMessage(issue.message);
    }
  }
  return errors;
}

export const studentBody = (values: StudentValues, today: Date): StudentInput =>
  studentSchemaOn(today).parse(values) as StudentInput;

/** Where the API's refusal belongs: a duplicate phone, or the field its message names. */
export function placeStudentError(
  code: string | null,
  message: string,
): { field: StudentField; message: FieldMessage } | null {
  if (code === 'DUPLICATE_PHONE') return { field: 'phone', message: { key: 'duplicatePhone', text: message } };
  const split = splitFieldError(message);
  const name = split?.path[0];
  if (!split || !name || !isStudentField(name)) return null;
  const known = fieldMessage(split.message);
  return { field: name, message: known.key ? known : { key: null, text: split.message } };
}
