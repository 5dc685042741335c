// What the parts of the decision list share: the actor they read and the refusals in words.
import type { ActorRefFrom } from 'xstate';
import { MIGRATION_BLOCKERS } from '../../../contract/wallet-migrations';
import type { TFunction } from '../../i18n/translator';
import type { RequestFailure } from '../../ui/failure';
import type { migrationDecisionMachine } from './decision-machine';
import { MIGRATION_MESSAGES_KEY as K } from './messages';

export type DecisionActor = ActorRefFrom<typeof migrationDecisionMachine>;

const OWN_WORDS = new Set(['SELF_APPROVAL', 'MIGRATION_ALREADY_DECIDED', 'MIGRATION_NOT_FOUND', 'DUPLICATE_PHONE']);
const BLOCKERS = new Set<string>(MIGRATION_BLOCKERS);

/** A refused decision in the user's language; a code the page does not know keeps the server's words. */
export function decisionFailure(t: TFunction, failure: RequestFailure): RequestFailure {
  const { code } = failure;
  if (!code) return failure;
  if (OWN_WORDS.has(code)) return { ...failure, message: t(`${K}.decisions.errors.${code}`) };
  // An approval checks the wallet again: what stops it now was not there when it was asked.
  if (BLOCKERS.has(code)) {
    return { ...failure, message: t(`${K}.decisions.errors.changed`, { why: t(`${K}.blockers.${code}`) }) };
  }
  return failure;
}
