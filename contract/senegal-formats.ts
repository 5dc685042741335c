import { z } from 'zod';
import { NATIONAL_ID_MESSAGE, NINEA_MESSAGE, PHONE_MESSAGE } from './field-messages';
import { calendarDaySchema } from './fields';
import { normaliseSenegalMobile } from './senegal-mobile';

export { normaliseSenegalMobile } from './senegal-mobile';
export { ADULT_AGE, NATIONAL_ID_MESSAGE, PHONE_MESSAGE, STUDENT_AGE, UNDER_AGE_MESSAGE } from './field-messages';

/**
 * Senegalese formats (regions, mobile numbers, national ID, NINEA, names) and the age rules,
 * checked alike by the registration forms, student onboarding, wallet migration and the API.
 */

/** Senegal's 14 administrative regions. */
export const SENEGAL_REGIONS = [
  'Dakar',
  'Diourbel',
  'Fatick',
  'Kaffrine',
  'Kaolack',
  'Kédougou',
  'Kolda',
  'Louga',
  'Matam',
  'Saint-Louis',
  'Sédhiou',
  'Tambacounda',
  'Thiès',
  'Ziguinchor',
] as const;

export const senegalMobileSchema = z
  .string()
  .trim()
  .max(24, PHONE_MESSAGE)
  .refine((v) => normaliseSenegalMobile(v) !== null, PHONE_MESSAGE)
  .transform((v) => normaliseSenegalMobile(v) as string);

/**
 * National ID number (NIN) of the CEDEAO biometric identity card issued since 2016: 13 digits,
 * the first being 1 or 2 (it encodes the holder's sex). No checksum is published, so only the
 * shape is checked. Spaces typed between groups are dropped.
 */
export const NATIONAL_ID_PATTERN = /^[12]\d{12}$/;
export const normaliseNationalId = (input: string) => input.replace(/\s/g, '');

export const nationalIdSchema = z
  .string()
  .trim()
  .max(20, NATIONAL_ID_MESSAGE)
  .refine((v) => NATIONAL_ID_PATTERN.test(normaliseNationalId(v)), NATIONAL_ID_MESSAGE)
  .transform(normaliseNationalId);

/**
 * NINEA (numéro d'identification national des entreprises et associations): 7 to 9 digits
 * (the older 7-digit numbers, the newer ones up to 9), optionally followed by the COFI tax code,
 * digit-letter-digit, e.g. `0012345 2G3`. Stored upper-cased without spaces.
 */
const NINEA_PATTERN = /^\d{7,9}(?:\d[A-Z]\d)?$/;
const normaliseNinea = (input: string) => input.replace(/\s/g, '').toUpperCase();
export const nineaSchema = z
  .string()
  .trim()
  .max(16, NINEA_MESSAGE)
  .refine((v) => NINEA_PATTERN.test(normaliseNinea(v)), NINEA_MESSAGE)
  .transform(normaliseNinea);

/** Letters of any language (Ndèye, Guèye), hyphens, apostrophes and spaces; 2 to 60 characters. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M}'’ -]*$/u;
export const personNameSchema = z
  .string()
  .trim()
  .min(2, 'At least 2 characters')
  .max(60, 'At most 60 characters')
  .regex(NAME_PATTERN, 'Letters, spaces, hyphens and apostrophes only')
  .transform((v) => v.replace(/\s+/g, ' '));

/** Free text for names of places and businesses: no control characters, spaces collapsed. */
export const textSchema = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, `At least ${min} characters`)
    .max(max, `At most ${max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'Must not contain control characters')
    .transform((v) => v.replace(/\s+/g, ' '));

/** Forms send '' for an empty field: that means "not given". */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optionalField = <S extends z.ZodType>(schema: S) => z.preprocess(blankAsMissing, schema.optional());

export const emailSchema = z.string().trim().max(120, 'At most 120 characters').pipe(z.email('Not an email address'));

// ---- Dates and age ----

export const isoDateSchema = calendarDaySchema(1900, 9999, 'Not a real date');

/** Whole years from a YYYY-MM-DD birth date to today's calendar date (Dakar keeps UTC). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const month = today.getUTCMonth() + 1;
  const beforeBirthday = month < m || (month === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}
