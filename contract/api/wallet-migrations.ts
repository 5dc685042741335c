import { z } from 'zod';
import {
  ACCOUNT_NUMBER_PATTERN,
  MIGRATION_BLOCKERS,
  MIGRATION_KINDS,
  MIGRATION_STATUSES,
  MIGRATION_TYPES,
  migrationBodySchema,
  migrationDecisionSchema,
  readWalletTerm,
  WALLET_TERM_MESSAGE,
} from '../wallet-migrations';
import { defineOperation } from './operation';
import { idSchema } from './schema-parts';

const tags = ['Wallet migration'];

/** Why a wallet cannot be migrated now; the page names it in the user's language from its code. */
const blocker = z.object({ code: z.enum(MIGRATION_BLOCKERS), message: z.string() });

const walletView = z
  .object({
    number: z.string(),
    kind: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    status: z.string(),
    kycStatus: z.string(),
    region: z.string().nullable(),
    businessName: z.string().nullable(),
    businessCategory: z.string().nullable(),
    createdAt: z.string(),
    blockers: z.array(blocker).meta({ description: 'What stops any migration now (empty: none)' }),
    /** The type a type change would move to, or null when the wallet's type cannot change. */
    typeChangeTo: z.enum(MIGRATION_TYPES).nullable(),
    typeBlockers: z.array(blocker).meta({ description: 'What stops the type change only' }),
  })
  .meta({ id: 'MigrationWallet' });

const migrationRecord = z
  .object({
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
    kind: z.enum(MIGRATION_KINDS),
    fromValue: z.string().meta({ description: 'The old phone (empty when there was none) or type' }),
    toValue: z.string(),
    reason: z.string(),
    by: z.string().meta({ description: 'The maker, who asked for it' }),
    createdAt: z.string(),
    status: z.enum(MIGRATION_STATUSES).meta({ description: 'pending: nothing changed yet, a checker decides' }),
    /** The checker, once decided. */
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decisionReason: z.string().nullable(),
    canDecide: z.boolean().meta({ description: 'Pending and asked by someone else: the caller may decide it' }),
  })
  .meta({ id: 'WalletMigration' });

const historyPage = z.object({
  rows: z.array(migrationRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

const migrationResult = z.object({ migration: migrationRecord, wallet: walletView });

export type MigrationBlocker = z.output<typeof blocker>;
export type MigrationWallet = z.output<typeof walletView>;
export type MigrationRecord = z.output<typeof migrationRecord>;
export type MigrationHistoryPage = z.output<typeof historyPage>;
export type MigrationResult = z.output<typeof migrationResult>;

const walletQuery = z.object({
  q: z
    .string()
    .max(48)
    .refine((v) => readWalletTerm(v) !== null, WALLET_TERM_MESSAGE)
    .meta({ description: 'An account number or a Senegalese mobile number', example: 'CUS-000003' }),
});

const historyQuery = z.object({
  number: z
    .string()
    .trim()
    .max(48)
    .regex(ACCOUNT_NUMBER_PATTERN, 'Not an account number')
    .transform((v) => v.toUpperCase())
    .optional()
    .meta({ description: 'One wallet’s migrations; left out: every wallet’s, newest first' }),
  status: z
    .enum(MIGRATION_STATUSES)
    .optional()
    .meta({ description: 'Only this status; pending lists what waits for a checker' }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

const refusals = {
  400: 'VALIDATION_FAILED',
  401: 'No live session',
  403: 'Only the admin menu’s groups, the support supervisor and support-plus migrate wallets (FORBIDDEN)',
} as const;

export const getMigrationWallet = defineOperation({
  method: 'get',
  path: '/wallet-migrations/wallet',
  tags,
  summary: 'Find a wallet by account number or phone, with what would stop a migration now',
  query: walletQuery,
  answers: { 200: { schema: walletView, description: 'The wallet' } },
  errors: { ...refusals, 404: 'WALLET_NOT_FOUND', 409: 'WALLET_AMBIGUOUS: several wallets use this phone' },
});

export const listWalletMigrations = defineOperation({
  method: 'get',
  path: '/wallet-migrations',
  tags,
  summary: 'Migrations newest first, of one wallet or of all',
  query: historyQuery,
  answers: { 200: { schema: historyPage, description: 'One page' } },
  errors: refusals,
});

export const createWalletMigration = defineOperation({
  method: 'post',
  path: '/wallet-migrations',
  tags,
  summary:
    'Ask to move a wallet to a new phone number (kind phone), or a customer to merchant and back (kind type): every check runs now, nothing changes until another permitted user approves (maker-checker); audited as wallet.migrationRequested',
  body: migrationBodySchema,
  answers: {
    201: {
      schema: migrationResult,
      description: 'The pending migration (status pending) and the wallet, unchanged',
    },
  },
  errors: {
    ...refusals,
    400: 'VALIDATION_FAILED; NO_CHANGE (the wallet already has this phone or type)',
    404: 'WALLET_NOT_FOUND',
    409: 'MIGRATION_PENDING (one already waits for this wallet); DUPLICATE_PHONE; ACCOUNT_NOT_ACTIVE; KYC_NOT_APPROVED; PENDING_APPROVALS; TYPE_NOT_MIGRATABLE; STUDENT_WALLET; MERCHANT_NETWORK; MERCHANT_QR_CODES; MERCHANT_LOGIN; NO_HOLDER_PROFILE',
  },
});

export const decideWalletMigration = defineOperation({
  method: 'post',
  path: '/wallet-migrations/{id}/decision',
  tags,
  summary:
    'Approve (the change is checked again and applied; audited as wallet.migrate) or reject (with a reason) a pending migration; never by its maker',
  params: z.object({ id: idSchema() }),
  body: migrationDecisionSchema,
  answers: { 200: { schema: migrationResult, description: 'The decided migration and the wallet after it' } },
  errors: {
    ...refusals,
    403: 'FORBIDDEN; SELF_APPROVAL: the caller asked for this migration',
    404: 'MIGRATION_NOT_FOUND',
    409: 'MIGRATION_ALREADY_DECIDED; or, on approval, what stops the change now (DUPLICATE_PHONE, ACCOUNT_NOT_ACTIVE…)',
  },
});
