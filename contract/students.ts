import { z } from 'zod';
import { STUDENT_AGE_MESSAGE } from './field-messages';
import type { GroupKey } from './groups';
import {
  ageOn,
  isoDateSchema,
  optionalField,
  personNameSchema,
  SENEGAL_REGIONS,
  senegalMobileSchema,
  STUDENT_AGE,
  textSchema,
} from './senegal-formats';
import { T, type Text } from './text';

/** Student onboarding (/onboard-student, /my-students): docs/kyc-and-registration.md. */

export const STUDENT_MANAGERS: readonly GroupKey[] = ['zoneSalesManager'];

export const STUDENT_LEVELS = [
  'primary',
  'middle_school',
  'high_school',
  'vocational',
  'bachelor',
  'master',
  'doctorate',
] as const;
export type StudentLevel = (typeof STUDENT_LEVELS)[number];
export const STUDENT_LEVEL_TITLES: Record<StudentLevel, Text> = {
  primary: T('Primary school', 'École primaire'),
  middle_school: T('Middle school (collège)', 'Collège'),
  high_school: T('High school (lycée)', 'Lycée'),
  vocational: T('Vocational training', 'Formation professionnelle'),
  bachelor: T('University: licence', 'Université : licence'),
  master: T('University: master', 'Université : master'),
  doctorate: T('University: doctorate', 'Université : doctorat'),
};

const studentFields = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  /** Students may be minors: 10 to 30 years old on the day. */
  birthDate: isoDateSchema,
  school: textSchema(2, 120),
  level: z.enum(STUDENT_LEVELS),
  guardianPhone: senegalMobileSchema,
  /** The student's own number; without one the wallet is reached through the guardian. */
  phone: optionalField(senegalMobileSchema),
  region: optionalField(z.enum(SENEGAL_REGIONS)),
});

/** Without the age rule, which needs a date (the API checks it on its clock); see `studentSchemaOn`. */
export const studentBodySchema = studentFields.superRefine((value, ctx) => {
  if (value.phone !== undefined && value.phone === value.guardianPhone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'The student’s number must differ from the guardian’s' });
  }
});

export { STUDENT_AGE_MESSAGE };

export function studentSchemaOn(today: Date) {
  return studentBodySchema.superRefine((value, ctx) => {
    const age = ageOn(value.birthDate, today);
    if (age < STUDENT_AGE.min || age > STUDENT_AGE.max) {
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: STUDENT_AGE_MESSAGE });
    }
  });
}
export type StudentInput = z.input<typeof studentFields>;
export type StudentBody = z.output<typeof studentFields>;
