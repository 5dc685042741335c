import { z } from 'zod';
import { feeBandSchema } from '../fees';
import { nameWarning } from './bulk';

/** What a value in a decision's before → after is: a label of its own is given by the dashboard. */
const DECISION_FIELDS = [
  'phone',
  'type',
  'approvalThreshold',
  'customerDailyLimit',
  'maxTransfer',
  'name',
  'group',
  'email',
] as const;
export type DecisionField = (typeof DECISION_FIELDS)[number];

/** Fields whose values are amounts in XOF: the dashboard formats them as money. */
export const MONEY_FIELDS: readonly DecisionField[] = ['approvalThreshold', 'customerDailyLimit', 'maxTransfer'];

const party = z.object({
  name: z.string(),
  number: z.string().nullable(),
  phone: z.string().nullable(),
});

const value = z.union([z.string(), z.number().int()]).nullable();

/**
 * Everything a checker needs to decide without opening another page, as data the dashboard words
 * in the user's language: who pays and who receives, the fee, each value before → after, the fee
 * bands in force and asked for, and every warning the maker was shown.
 */
export const decisionFacts = z
  .object({
    payer: party.nullable(),
    payee: party.nullable(),
    fee: z.number().int().nullable(),
    changes: z.array(z.object({ field: z.enum(DECISION_FIELDS), before: value, after: value })),
    bands: z
      .object({ flow: z.string(), before: z.array(feeBandSchema), after: z.array(feeBandSchema) })
      .nullable()
      .meta({ description: 'A fee schedule change: the bands in force now and the bands asked for' }),
    warnings: z.array(nameWarning).meta({ description: 'A bulk payment’s rows whose name differs from the holder’s' }),
  })
  .meta({ id: 'InboxDecisionFacts' });

export type DecisionFacts = z.output<typeof decisionFacts>;
export type DecisionChange = DecisionFacts['changes'][number];
export type DecisionParty = z.output<typeof party>;

export const NO_FACTS: DecisionFacts = { payer: null, payee: null, fee: null, changes: [], bands: null, warnings: [] };
