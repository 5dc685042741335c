import { z } from 'zod';

/**
 * The one minimum for every reason a person writes, to reject, decline, reverse, unlink or
 * migrate something: the other person (the maker, the customer, the next reviewer) must be able
 * to read why. The server refuses shorter and every form says the same number.
 */
export const REASON_MIN = 5;

/** Characters as a person counts them (and PostgreSQL's length()), not UTF-16 units, once trimmed. */
const reasonLength = (text: string) => [...text.trim()].length;

export const isReasonLongEnough = (text: string) => reasonLength(text) >= REASON_MIN;

export const REASON_TOO_SHORT = `Give a reason of at least ${REASON_MIN} characters`;

/**
 * A reason that must be given, trimmed, of REASON_MIN to `max` characters. `.min` puts the
 * minimum in the OpenAPI document; the refinement counts characters, which `.min` does not.
 */
export const requiredReason = (max: number, tooShort: string = REASON_TOO_SHORT) =>
  z
    .string({ error: tooShort })
    .trim()
    .min(REASON_MIN, tooShort)
    .max(max, `At most ${max} characters`)
    .refine(isReasonLongEnough, tooShort);

/** For a decision whose reason is optional on approval: a rejection's must be long enough. */
export const rejectionNeedsReason = (decision: string, reason: string | undefined) =>
  decision !== 'reject' || isReasonLongEnough(reason ?? '');
