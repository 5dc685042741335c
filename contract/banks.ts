import { z } from 'zod';
import { noControlCharacters } from './fields';
import type { GroupKey } from './groups';

/**
 * The banks the wallet works with (/banks; docs/settings.md). The API validates with these schemas
 * and the dashboard's form checks the same rules before sending. Deactivated banks stay for history
 * and reports but leave every picker.
 */

/** The groups whose menu links to /banks (the admin menu); the API refuses everyone else. */
export const BANK_MANAGERS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

/** Bank codes as transfers, registration and report filters name a bank (BBG, CBAO...). */
const BANK_CODE_PATTERN = /^[A-Z0-9]{2,10}$/;
/** SWIFT BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
/** BCEAO bank code as a UEMOA RIB carries it: country letters and three digits (SN012). */
const BCEAO_CODE_PATTERN = /^[A-Z]{2}\d{3}$/;

/** People write "SN 012" or "CBAO SN DA": the code is the same without the spaces. */
export const compactBic = (value: string) => value.replace(/\s+/g, '').toUpperCase();
const isBankIdentifier = (value: string) => BIC_PATTERN.test(value) || BCEAO_CODE_PATTERN.test(value);

/** The e-money float account a new bank gets, unless an existing one is chosen. */
export const floatAccountNumber = (code: string) => `BNK-${code}`;
export const floatAccountLabel = (name: string) => `${name} e-money float`;

const MAX_ID = 2_147_483_647;

const BANK_MESSAGES = {
  name: 'Enter the bank’s name (2 to 80 characters)',
  code: 'Use 2 to 10 capital letters or digits (CBAO, BOA2)',
  bic: 'Enter a SWIFT BIC (CBAOSNDA) or a BCEAO bank code (SN012)',
} as const;

export const bankBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, BANK_MESSAGES.name)
    .max(80, BANK_MESSAGES.name)
    .refine(noControlCharacters, 'Must not contain control characters'),
  code: z.string().trim().toUpperCase().regex(BANK_CODE_PATTERN, BANK_MESSAGES.code),
  /** A SWIFT BIC or a BCEAO bank code; empty or null: none on file. */
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isBankIdentifier(compactBic(v)), BANK_MESSAGES.bic)
    .nullable()
    .optional(),
  /**
   * The bank's e-money float: 'new' opens BNK-<code>; an id picks an existing float account
   * (one no active bank holds). On creation, omitted means 'new'; on an edit, unchanged.
   */
  floatAccountId: z.union([z.literal('new'), z.number().int().positive().max(MAX_ID)]).optional(),
});
export type BankBody = z.input<typeof bankBodySchema>;

export const bankListQuerySchema = z.object({
  q: z.string().trim().max(80).refine(noControlCharacters, 'Must not contain control characters').optional(),
  status: z.enum(['active', 'inactive', 'all']).default('all'),
});
