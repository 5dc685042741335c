/**
 * The one rule for a Senegalese mobile number wherever a phone is typed (forms, bulk files, the
 * API, lookups). No zod here: the transfer form and the bulk worker use it too.
 */

/**
 * A Senegalese mobile number: 7, then 0, 5, 6, 7 or 8 (the operators' prefixes 70, 75, 76, 77,
 * 78), then 7 digits. People type it with or without +221 (or 00221) and with spaces, dots or
 * dashes anywhere; it is stored in one form, `+221 7X XXX XX XX`, so duplicates compare equal.
 */
export function normaliseSenegalMobile(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, '');
  const match = /^(?:\+221|00221|221)?(7[05678]\d{7})$/.exec(compact);
  const d = match?.[1];
  if (!d) return null;
  return `+221 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7, 9)}`;
}

/** The same number without spaces, `+2217XXXXXXXX`: how lookups compare a typed phone with a stored one. */
export function senegalMobileKey(input: string): string | null {
  return normaliseSenegalMobile(input)?.replace(/ /g, '') ?? null;
}

/**
 * Could the text be meant as a phone (digits, spaces, dots, dashes, a leading +) rather than an
 * account number, which always starts with letters? Decides which of the two errors a form shows.
 */
export const looksLikePhone = (input: string) => /^\+?[\d\s.-]+$/.test(input);
