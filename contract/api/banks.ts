import { z } from 'zod';
import { bankBodySchema, bankListQuerySchema } from '../banks';
import { defineOperation } from './operation';
import { dateTime, idSchema, orNull } from './schema-parts';

const tags = ['Banks'];

const floatAccount = z
  .object({
    id: z.number().int(),
    number: z.string(),
    label: z.string(),
    /** Integer XOF. */
    balance: z.number().int(),
    status: z.string(),
  })
  .meta({ id: 'BankFloatAccount' });

const bankView = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    /** BBG or BIS for the two bank groups; null otherwise. */
    bankGroup: z.string().nullable(),
    bic: z.string().nullable(),
    active: z.boolean(),
    floatAccount: orNull(floatAccount),
    createdAt: dateTime,
    updatedAt: dateTime.nullable(),
  })
  .meta({ id: 'Bank' });

const bankOption = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    bankGroup: z.string().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'BankOption' });

const floatChoice = floatAccount
  .extend({ heldBy: z.object({ code: z.string(), name: z.string(), active: z.boolean() }).nullable() })
  .meta({ id: 'FloatAccountChoice' });

/** One bank as /banks lists it. */
export type BankView = z.output<typeof bankView>;
export type BankFloatAccount = z.output<typeof floatAccount>;
/** A float account the form may pick, and the bank holding it now (inactive, or none). */
export type FloatAccountChoice = z.output<typeof floatChoice>;
/** What every bank picker reads: active banks first; pickers drop the others. */
export type BankOption = z.output<typeof bankOption>;

const bankId = z.object({ id: idSchema().meta({ example: 3 }) });
const body = bankBodySchema.meta({ id: 'BankRequest' });

const managersOnly = {
  401: 'No live session',
  403: 'Only the groups with the admin menu manage banks (FORBIDDEN)',
} as const;

export const listBanks = defineOperation({
  method: 'get',
  path: '/banks',
  tags,
  summary: 'Every bank with its BIC, float account and state; active ones first',
  query: bankListQuerySchema,
  answers: { 200: { schema: z.object({ banks: z.array(bankView) }), description: 'The banks' } },
  errors: { 400: 'VALIDATION_FAILED', ...managersOnly },
});

export const listBankOptions = defineOperation({
  method: 'get',
  path: '/banks/options',
  tags,
  summary:
    'What bank pickers list, for any signed-in user: every bank with its state. Pickers for new operations keep the active ones; report filters keep all (history).',
  answers: { 200: { schema: z.object({ banks: z.array(bankOption) }), description: 'The banks' } },
  errors: { 401: managersOnly[401] },
});

export const listFloatAccountChoices = defineOperation({
  method: 'get',
  path: '/banks/float-accounts',
  tags,
  summary: 'Float accounts a bank may take: bank e-money floats no other active bank holds',
  query: z.object({ bankId: idSchema().optional() }),
  answers: {
    200: { schema: z.object({ accounts: z.array(floatChoice) }), description: 'The choosable float accounts' },
  },
  errors: { 400: 'VALIDATION_FAILED', ...managersOnly },
});

export const createBank = defineOperation({
  method: 'post',
  path: '/banks',
  tags,
  summary: 'Add a bank; opens its e-money float account BNK-<code> unless an existing float is chosen. Audited.',
  body,
  answers: { 201: { schema: bankView, description: 'The new bank' } },
  errors: {
    400: 'VALIDATION_FAILED',
    ...managersOnly,
    409: 'BANK_CODE_TAKEN; FLOAT_ACCOUNT_EXISTS; FLOAT_ACCOUNT_IN_USE (an active bank holds it)',
    422: 'FLOAT_ACCOUNT_NOT_FOUND (not a bank float account)',
  },
});

export const updateBank = defineOperation({
  method: 'put',
  path: '/banks/{id}',
  tags,
  summary:
    'Change a bank’s name, code, BIC or float account (omit floatAccountId to keep it; "new" opens BNK-<code>). Audited.',
  params: bankId,
  body,
  answers: { 200: { schema: bankView, description: 'The bank after the change' } },
  errors: {
    400: 'VALIDATION_FAILED',
    ...managersOnly,
    404: 'NOT_FOUND',
    409: 'BANK_CODE_TAKEN; FLOAT_ACCOUNT_EXISTS; FLOAT_ACCOUNT_IN_USE',
    422: 'FLOAT_ACCOUNT_NOT_FOUND',
  },
});

export const deactivateBank = defineOperation({
  method: 'post',
  path: '/banks/{id}/deactivate',
  tags,
  summary: 'Deactivate a bank: it leaves every picker; its history and reports stay. Audited.',
  params: bankId,
  answers: { 200: { schema: bankView, description: 'The bank after the change' } },
  errors: { 400: 'VALIDATION_FAILED', ...managersOnly, 404: 'NOT_FOUND', 409: 'BANK_ALREADY_INACTIVE' },
});

export const activateBank = defineOperation({
  method: 'post',
  path: '/banks/{id}/activate',
  tags,
  summary: 'Reactivate a bank: it is offered in pickers again. Audited.',
  params: bankId,
  answers: { 200: { schema: bankView, description: 'The bank after the change' } },
  errors: { 400: 'VALIDATION_FAILED', ...managersOnly, 404: 'NOT_FOUND', 409: 'BANK_ALREADY_ACTIVE' },
});
