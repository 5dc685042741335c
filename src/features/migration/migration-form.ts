/**
 * The migration form over the contract's schema: what the user typed, the checks the API makes
 * on it (the same zod schema), and the body it sends. Pure: the machine and the tests use it.
 */
import { normaliseSenegalMobile } from '../../../contract/senegal-formats';
import { type MigrationInput, type MigrationKind, migrationBodySchema } from '../../../contract/wallet-migrations';
import type { MigrationWallet } from '../../../contract/api/wallet-migrations';

const MIGRATION_FIELDS = ['newPhone', 'businessName', 'businessCategory', 'reason'] as const;
export type MigrationField = (typeof MIGRATION_FIELDS)[number];

export interface MigrationValues {
  kind: MigrationKind;
  newPhone: string;
  businessName: string;
  businessCategory: string;
  reason: string;
}

/** Each field has one message (in messages.ts, `errors.*`); `samePhone` is the phone's second. */
type MigrationErrorKey = MigrationField | 'samePhone';
export type MigrationErrors = Partial<Record<MigrationField, MigrationErrorKey>>;

export const EMPTY_MIGRATION: MigrationValues = {
  kind: 'phone',
  newPhone: '',
  businessName: '',
  businessCategory: '',
  reason: '',
};

/** May the wallet change type now? Only when nothing blocks it. */
export const canChangeType = (wallet: MigrationWallet) =>
  wallet.typeChangeTo !== null && wallet.typeBlockers.length === 0 && wallet.blockers.length === 0;

/** What the form sends for the wallet: only the fields of the chosen kind, blanks left out. */
export function migrationInput(wallet: MigrationWallet, values: MigrationValues): MigrationInput {
  if (values.kind === 'phone') {
    return { kind: 'phone', number: wallet.number, newPhone: values.newPhone, reason: values.reason };
  }
  const to = wallet.typeChangeTo ?? 'merchant';
  return {
    kind: 'type',
    number: wallet.number,
    newType: to,
    ...(to === 'merchant'
      ? {
          businessName: values.businessName.trim() === '' ? undefined : values.businessName,
          businessCategory: (values.businessCategory || undefined) as never,
        }
      : {}),
    reason: values.reason,
  };
}

const isField = (name: unknown): name is MigrationField => (MIGRATION_FIELDS as readonly unknown[]).includes(name);

/** The API's own checks, run before review; the wallet's current phone is refused here too. */
export function validateMigration(wallet: MigrationWallet, values: MigrationValues): MigrationErrors {
  const errors: MigrationErrors = {};
  const result = migrationBodySchema.safeParse(migrationInput(wallet, values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      if (isField(name) && !errors[name]) errors[name] = name;
    }
  }
  if (
    values.kind === 'phone' &&
    !errors.newPhone &&
    wallet.phone !== null &&
    normaliseSenegalMobile(values.newPhone) === wallet.phone
  ) {
    errors.newPhone = 'samePhone';
  }
  return errors;
}

/** The body as the API will read it (normalised phone, trimmed texts). Call only when valid. */
export const migrationBody = (wallet: MigrationWallet, values: MigrationValues) =>
  migrationBodySchema.parse(migrationInput(wallet, values));

/** A refusal of the API that belongs to a field of the form, or null. */
export function fieldOfRefusal(code: string | null, kind: MigrationKind): MigrationField | null {
  if (kind === 'phone' && (code === 'DUPLICATE_PHONE' || code === 'NO_CHANGE')) return 'newPhone';
  return null;
}
