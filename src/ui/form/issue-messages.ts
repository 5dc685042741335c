/**
 * The contract's validation messages are English sentences (the API answers with them too).
 * The forms show them in the user's language: each known sentence maps to a translation key,
 * with its numbers as parameters; an unknown one (a newer server) is shown as it came.
 */
import {
  NATIONAL_ID_MESSAGE,
  NINEA_MESSAGE,
  PHONE_MESSAGE,
  STUDENT_AGE,
  STUDENT_AGE_MESSAGE,
  UNDER_AGE_MESSAGE,
} from '../../../contract/field-messages';

export interface FieldMessage {
  /** Under `registration.validation`; null: show `text` as it is. */
  key: string | null;
  params?: Record<string, string | number>;
  /** The original sentence. */
  text: string;
}

const EXACT: Record<string, string> = {
  [PHONE_MESSAGE]: 'phone',
  [NATIONAL_ID_MESSAGE]: 'nationalId',
  [NINEA_MESSAGE]: 'ninea',
  [UNDER_AGE_MESSAGE]: 'underAge',
  [STUDENT_AGE_MESSAGE]: 'studentAge',
  'Letters, spaces, hyphens and apostrophes only': 'nameLetters',
  'Must not contain control characters': 'controlCharacters',
  'Not an email address': 'email',
  'Use the format YYYY-MM-DD': 'dateFormat',
  'Not a real date': 'realDate',
  'An agent account number such as AGT-00012': 'agentNumber',
  'Choose a bank': 'bank',
  'The student’s number must differ from the guardian’s': 'studentPhoneSame',
};

const PATTERNS: readonly [RegExp, string][] = [
  [/^At least (\d+) characters$/, 'minLength'],
  [/^At most (\d+) characters$/, 'maxLength'],
];

export function fieldMessage(text: string): FieldMessage {
  const sentence = text.trim().replace(/\.$/, '');
  const exact = EXACT[sentence];
  if (exact) return { key: exact, params: { min: STUDENT_AGE.min, max: STUDENT_AGE.max }, text: sentence };
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(sentence);
    if (match) return { key, params: { count: Number(match[1]) }, text: sentence };
  }
  // zod's own wording for a value outside a list: nothing was chosen.
  if (/^Invalid option/i.test(sentence)) return { key: 'choose', text: sentence };
  return { key: null, text: sentence };
}

export const REQUIRED: FieldMessage = { key: 'required', text: 'Required' };

/** `identity.birthDate: The holder must…` → the field's path and its message. */
export function splitFieldError(longMessage: string): { path: string[]; message: string } | null {
  const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(longMessage.trim());
  if (!match?.[1] || !match[2]) return null;
  return { path: match[1].split('.'), message: match[2] };
}
