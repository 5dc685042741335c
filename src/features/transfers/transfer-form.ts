/**
 * The transfer form as data: which fields a flow asks for (from its rules in
 * contract/transfers.ts and the options the API offers the caller), how each is checked,
 * and the request body built from a valid form. Pure functions, so the machine's guards and
 * the page share one definition and unit tests can reach every rule.
 */
import { senegalMobileKey } from '../../../contract/senegal-mobile';
import type { AmountRange, TransferOptions, TransferRequest } from '../../../contract/api/transfers';
import type { CounterpartyRule, TransferFlowDef } from '../../../contract/transfers';

export const NOTE_MAX_LENGTH = 140;
const WITHDRAWAL_CODE_PATTERN = /^\d{6}$/;
/** Ledger account numbers as the API writes them: CUS-000123, AGT-00042, MRC-00007, CHN-L4, PRT-SONATEL. */
const ACCOUNT_NUMBER_PATTERN = /^[A-Z]{2,5}-[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

export const FIELD_NAMES = ['source', 'counterparty', 'amount', 'withdrawalCode', 'note'] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

/** What the user typed, kept as text so a form sent back from review reads as it was left. */
export type TransferForm = Record<FieldName, string>;

export const EMPTY_FORM: TransferForm = { source: '', counterparty: '', amount: '', withdrawalCode: '', note: '' };

/** Each value is a translation key under `transfers.errors`. */
/** `codeWrong` is the server's answer (the code is not the customer's live one), the others are checked in place. */
export type FieldError =
  | 'required'
  | 'phoneOrAccount'
  | 'wholeNumber'
  | 'amountRange'
  | 'codeFormat'
  | 'codeWrong'
  | 'noteTooLong';
export type FieldErrors = Partial<Record<FieldName, FieldError>>;

interface SourceChoice {
  value: string;
  label: string;
}

/** What the form of one flow asks for, for this caller. */
export interface FormRules {
  /** Banks (admin float flows, admin cash-out) or payroll partners to pick from; empty: nothing to pick. */
  sourceChoices: readonly SourceChoice[];
  counterparty: CounterpartyRule;
  needsWithdrawalCode: boolean;
  /** The amounts this flow takes now, as the server states them; null until the options are in. */
  amountRange: AmountRange | null;
}

export function rulesFor(flow: TransferFlowDef, options: TransferOptions | null): FormRules {
  return {
    sourceChoices: sourceChoicesFor(flow, options),
    counterparty: flow.counterparty,
    needsWithdrawalCode: flow.needsWithdrawalCode,
    amountRange: options?.amountRange ?? null,
  };
}

/**
 * A partner flow always picks a partner. Otherwise a bank is picked exactly when the API
 * offers banks: admins choose the float (cash-in) or the float receiving the cash
 * (cash-out); bank users and agents have theirs fixed, and are offered none.
 */
function sourceChoicesFor(flow: TransferFlowDef, options: TransferOptions | null): SourceChoice[] {
  if (!options) return [];
  if (flow.source === 'partner') {
    return options.partners.map((p) => ({ value: p.number, label: `${p.name} (${p.number})` }));
  }
  return options.banks.map((b) => ({ value: b.code, label: b.name }));
}

export const needsSource = (flow: TransferFlowDef, rules: FormRules) =>
  flow.source === 'partner' || rules.sourceChoices.length > 0;

/** Blanks of any width (Intl groups thousands with a narrow no-break space in FR). */
const BLANKS = /[\s\u00a0\u202f]+/g;

/**
 * The amount typed, in whole XOF, or why it is not one. The range is the server's for this flow
 * (docs/decisions/048-one-amount-range-from-the-server.md); without it only zero is refused here.
 */
export function parseAmount(text: string, range: AmountRange | null): { amount: number } | { error: FieldError } {
  const compact = text.replace(BLANKS, '');
  if (compact === '') return { error: 'required' };
  if (!/^\d+$/.test(compact)) return { error: 'wholeNumber' };
  const amount = Number(compact);
  if (amount < (range?.min ?? 1) || (range !== null && amount > range.max)) return { error: 'amountRange' };
  return { amount };
}

/** A wallet by phone (any usual Senegalese format, sent as +2217XXXXXXXX) or by account number. */
export function parseWalletId(text: string): { id: string } | { error: FieldError } {
  const trimmed = text.trim().replace(BLANKS, ' ');
  if (trimmed === '') return { error: 'required' };
  const phone = senegalMobileKey(trimmed);
  if (phone) return { id: phone };
  const upper = trimmed.toUpperCase();
  if (ACCOUNT_NUMBER_PATTERN.test(upper)) return { id: upper };
  return { error: 'phoneOrAccount' };
}

const compactCode = (text: string) => text.replace(BLANKS, '');

export function validateField(flow: TransferFlowDef, rules: FormRules, form: TransferForm, field: FieldName) {
  switch (field) {
    case 'source':
      return needsSource(flow, rules) && form.source === '' ? 'required' : undefined;
    case 'counterparty':
      if (rules.counterparty === 'parentAccount') return undefined;
      if (rules.counterparty === 'childAccount') return form.counterparty === '' ? 'required' : undefined;
      return errorOf(parseWalletId(form.counterparty));
    case 'amount':
      return errorOf(parseAmount(form.amount, rules.amountRange));
    case 'withdrawalCode':
      if (!rules.needsWithdrawalCode) return undefined;
      if (compactCode(form.withdrawalCode) === '') return 'required';
      return WITHDRAWAL_CODE_PATTERN.test(compactCode(form.withdrawalCode)) ? undefined : 'codeFormat';
    case 'note':
      return form.note.trim().length > NOTE_MAX_LENGTH ? 'noteTooLong' : undefined;
  }
}

const errorOf = (parsed: object): FieldError | undefined =>
  'error' in parsed ? (parsed.error as FieldError) : undefined;

export function validateForm(flow: TransferFlowDef, rules: FormRules, form: TransferForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELD_NAMES) {
    const error = validateField(flow, rules, form, field);
    if (error) errors[field] = error;
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** The body of the quote and of the submission, from a form `validateForm` accepted. */
export function toRequest(flow: TransferFlowDef, rules: FormRules, form: TransferForm): TransferRequest {
  const parsed = parseAmount(form.amount, rules.amountRange);
  if (!('amount' in parsed)) throw new Error('toRequest needs a valid amount');
  const request: TransferRequest = { amount: parsed.amount };
  if (rules.counterparty === 'childAccount') request.counterparty = form.counterparty;
  if (rules.counterparty === 'wallet') {
    const wallet = parseWalletId(form.counterparty);
    if ('id' in wallet) request.counterparty = wallet.id;
  }
  if (needsSource(flow, rules)) request.source = form.source;
  if (rules.needsWithdrawalCode) request.withdrawalCode = compactCode(form.withdrawalCode);
  const note = form.note.trim();
  if (note) request.note = note;
  return request;
}

/** A new form for these options: a single choice is chosen already. */
export function initialForm(rules: FormRules, options: TransferOptions | null): TransferForm {
  const only = <T>(list: readonly T[]) => (list.length === 1 ? list[0] : undefined);
  return {
    ...EMPTY_FORM,
    source: only(rules.sourceChoices)?.value ?? '',
    counterparty: rules.counterparty === 'childAccount' ? (only(options?.counterparties ?? [])?.number ?? '') : '',
  };
}

/**
 * What a transfer's draft keeps (src/session/use-form-draft.ts), so the form survives an
 * expired session: never the customer's one-time withdrawal code.
 */
const DRAFT_FIELDS = ['source', 'counterparty', 'amount', 'note'] as const;
type DraftField = (typeof DRAFT_FIELDS)[number];
export interface TransferDraft {
  savedAt: string;
  values: Partial<Record<DraftField, string>>;
}

/** The draft of `form`, or null when nothing was typed beyond what the form starts with. */
export function draftOfForm(form: TransferForm, blank: TransferForm, savedAt: Date): TransferDraft | null {
  const typed = (['counterparty', 'amount', 'note'] as const).some(
    (field) => form[field].trim() !== '' && form[field] !== blank[field],
  );
  if (!typed) return null;
  return { savedAt: savedAt.toISOString(), values: Object.fromEntries(DRAFT_FIELDS.map((f) => [f, form[f]])) };
}

/** A stored draft, or null when it is not one (an older shape, or tampered with). */
export function parseTransferDraft(value: unknown): TransferDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { savedAt, values } = value as { savedAt?: unknown; values?: unknown };
  if (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))) return null;
  if (typeof values !== 'object' || values === null) return null;
  const kept: TransferDraft['values'] = {};
  for (const field of DRAFT_FIELDS) {
    const v = (values as Record<string, unknown>)[field];
    if (typeof v === 'string' && v.length <= 200) kept[field] = v;
  }
  return { savedAt, values: kept };
}

/** The form the page starts with, with a draft's values on it (a source only if still offered). */
export function restoreForm(blank: TransferForm, rules: FormRules, values: TransferDraft['values']): TransferForm {
  const source =
    values.source !== undefined && rules.sourceChoices.some((c) => c.value === values.source)
      ? values.source
      : blank.source;
  return {
    ...blank,
    source,
    counterparty: values.counterparty ?? blank.counterparty,
    amount: values.amount ?? blank.amount,
    note: values.note ?? blank.note,
  };
}
