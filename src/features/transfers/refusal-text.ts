/**
 * A decision's refusal in the reader's language: the server words its refusals in English, so the
 * inbox says the ones a decider meets by their code, and shows the server's own words for a rule
 * it has no text of.
 */
import type { TFunction } from '../../i18n/translator';
import type { RequestFailure } from '../../ui/failure';

const OWN_REQUEST = new Set(['MAKER_CANNOT_APPROVE', 'MAKER_CANNOT_DECIDE', 'SELF_APPROVAL']);
const EXPIRED = new Set(['REQUEST_EXPIRED', 'APPROVAL_EXPIRED']);

function refusalKey(code: string): string | null {
  if (OWN_REQUEST.has(code)) return 'ownRequest';
  if (EXPIRED.has(code)) return 'expired';
  if (code === 'CANNOT_CHANGE_OWN') return 'ownAccount';
  if (code === 'FORBIDDEN') return 'forbidden';
  if (code.endsWith('_ALREADY_DECIDED')) return 'alreadyDecided';
  if (code.endsWith('_NOT_FOUND')) return 'notFound';
  return null;
}

export function inReadersLanguage(failure: RequestFailure, t: TFunction): RequestFailure {
  const key = failure.code && refusalKey(failure.code);
  return key ? { ...failure, message: t(`approvals.inbox.refusals.${key}`) } : failure;
}
