/**
 * Every string of the dashboard in each language, for tests that check exact texts. The app
 * never holds them all at once: core, shell and kit are the translator's own parts
 * (src/i18n/en.ts), and each feature adds its own with its page (src/i18n/page-messages.ts).
 * Assembled here, not in src/i18n, because the kit must not know the features.
 */
import { AUDIT_MESSAGES_KEY, auditMessages } from '../src/features/audit/messages';
import { BALANCE_MESSAGES, BALANCE_MESSAGES_KEY } from '../src/features/balances/messages';
import { BANK_MESSAGES_KEY, bankMessages } from '../src/features/banks/messages';
import { BANNER_MESSAGES, BANNER_MESSAGES_KEY } from '../src/features/banners/messages';
import { BULK_MESSAGES } from '../src/features/bulk/messages';
import { CHARGEBACK_MESSAGES, CHARGEBACK_MESSAGES_KEY } from '../src/features/chargebacks/messages';
import { DETAIL_MESSAGES, DETAIL_MESSAGES_KEY } from '../src/features/details/messages';
import { FEES_MESSAGES_KEY, feesMessages } from '../src/features/fees/messages';
import { KYC_MESSAGES, KYC_MESSAGES_KEY } from '../src/features/kyc/messages';
import { MIGRATION_MESSAGES, MIGRATION_MESSAGES_KEY } from '../src/features/migration/messages';
import { NETWORK_MESSAGES, NETWORK_MESSAGES_KEY } from '../src/features/network/messages';
import { QR_MESSAGES_KEY, qrMessages } from '../src/features/qr/messages';
import { REGISTRATION_MESSAGES, REGISTRATION_MESSAGES_KEY } from '../src/features/registration/messages';
import { REPORT_MESSAGES, REPORT_MESSAGES_KEY } from '../src/features/reports/messages';
import { STUDENT_MESSAGES, STUDENT_MESSAGES_KEY } from '../src/features/students/messages';
import { APPROVAL_MESSAGES, APPROVAL_MESSAGES_KEY } from '../src/features/transfers/approval-messages';
import { TRANSFER_MESSAGES, TRANSFER_MESSAGES_KEY } from '../src/features/transfers/messages';
import { twoFactorMessages } from '../src/features/two-factor/messages';
import { USER_MESSAGES_KEY, userMessages } from '../src/features/users/messages';
import { en as enOwn } from '../src/i18n/en';
import { fr as frOwn } from '../src/i18n/fr';
import type { Language } from '../src/i18n/languages';
import type { PageMessages } from '../src/i18n/page-messages';
import type { Messages } from '../src/i18n/translator';
import { passwordMessages } from '../src/routes/password/messages';
import { COMMAND_PALETTE_MESSAGES_KEY, commandPaletteMessages } from '../src/routes/command-palette/messages';
import { PALETTE_MESSAGES_KEY, paletteMessages } from '../src/routes/shell/palette/messages';
import { idleMessages } from '../src/session/idle-messages';
import { twoFactorStepMessages } from '../src/routes/two-factor-messages';
import { draftNoticeMessages } from '../src/ui/draft-notice-messages';
import { noMatchMessages } from '../src/ui/list/no-match-messages';
import { receiptMessages } from '../src/ui/receipt/receipt-messages';

/**
 * Each registration of the app, under the key its page gives it (keys the pages write as
 * literals are written the same way here). A key may appear twice: the kit and a feature
 * both add strings under `reports`, `transfers`, `kyc`, `registration` and `students`.
 */
const REGISTERED = [
  [REPORT_MESSAGES_KEY, REPORT_MESSAGES],
  [BALANCE_MESSAGES_KEY, BALANCE_MESSAGES],
  [TRANSFER_MESSAGES_KEY, TRANSFER_MESSAGES],
  [APPROVAL_MESSAGES_KEY, APPROVAL_MESSAGES],
  [NETWORK_MESSAGES_KEY, NETWORK_MESSAGES],
  [KYC_MESSAGES_KEY, KYC_MESSAGES],
  [REGISTRATION_MESSAGES_KEY, REGISTRATION_MESSAGES],
  [STUDENT_MESSAGES_KEY, STUDENT_MESSAGES],
  [AUDIT_MESSAGES_KEY, auditMessages],
  [BANK_MESSAGES_KEY, bankMessages],
  [BANNER_MESSAGES_KEY, BANNER_MESSAGES],
  ['bulk', BULK_MESSAGES],
  [CHARGEBACK_MESSAGES_KEY, CHARGEBACK_MESSAGES],
  [DETAIL_MESSAGES_KEY, DETAIL_MESSAGES],
  [FEES_MESSAGES_KEY, feesMessages],
  [MIGRATION_MESSAGES_KEY, MIGRATION_MESSAGES],
  [QR_MESSAGES_KEY, qrMessages],
  [USER_MESSAGES_KEY, userMessages],
  ['twoFactor', twoFactorMessages],
  ['idleDialog', idleMessages],
  ['formDraft', draftNoticeMessages],
  ['receipt', receiptMessages],
  ['noMatch', noMatchMessages],
  ['password', passwordMessages],
  ['twoFactorStep', twoFactorStepMessages],
  [PALETTE_MESSAGES_KEY, paletteMessages],
  [COMMAND_PALETTE_MESSAGES_KEY, commandPaletteMessages],
] as const satisfies ReadonlyArray<readonly [string, PageMessages<object>]>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** One property per registration; a key registered twice has the keys of both tables. */
type Sections = UnionToIntersection<
  (typeof REGISTERED)[number] extends infer E
    ? E extends readonly [infer K extends string, PageMessages<infer T>]
      ? { [P in K]: T }
      : never
    : never
>;

function mergeInto(target: Record<string, unknown>, source: object): void {
  for (const [key, value] of Object.entries(source)) {
    const present = target[key];
    if (present && typeof present === 'object' && typeof value === 'object') {
      mergeInto(present as Record<string, unknown>, value);
    } else {
      if (present !== undefined) throw new Error(`Two tables give a string at “${key}”`);
      target[key] = typeof value === 'object' ? structuredClone(value) : value;
    }
  }
}

function assemble<O extends object>(own: O, lng: Language): O & Sections {
  const all = structuredClone(own) as Record<string, unknown>;
  for (const [key, messages] of REGISTERED) mergeInto(all, { [key]: messages[lng] });
  return all as O & Sections;
}

export const en = assemble(enOwn, 'en');
export const fr = assemble(frOwn, 'fr');
/** Both languages, for checks that go over every table. */
export const ALL_MESSAGES: Record<Language, Messages> = { en, fr };

/** A message with its {{placeholders}} filled in, as the translator writes it. */
export function said(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
