import type { GroupKey } from './groups';
import { T, type Text } from './text';
import { normaliseSenegalMobile, senegalMobileKey } from './senegal-mobile';
import { TRANSFER_FLOW_IDS } from './transfers';

/**
 * Bulk operations from files (docs/bulk.md): one definition per operation. The browser's worker,
 * the preview and the API all validate a row with the same functions below, so a file the
 * preview accepts is a file the server accepts, as far as the row itself goes; what needs the
 * database (does the wallet exist?) only the server checks.
 */

export const BULK_KINDS = ['payment', 'change-bank', 'fee-override', 'fee-removal'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export interface BulkColumn {
  key: string;
  /** The header the template writes; `aliases` are other headers a file may use (any case). */
  header: string;
  aliases: readonly string[];
  required: boolean;
  example: string;
  label: Text;
}

export interface BulkOperationDef {
  kind: BulkKind;
  path: string;
  title: Text;
  columns: readonly BulkColumn[];
  /** A second person approves the batch before anything is applied. */
  needsApproval: boolean;
  /** Groups that may submit (the API's rule; menus decide who sees the page). */
  groups: readonly GroupKey[];
  /** The columns whose values make two rows the same row. */
  duplicateKey: readonly string[];
}

const ADMINS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

export const MAX_BULK_ROWS = 50_000;
export const MAX_BULK_AMOUNT = 10_000_000;
/** A fixed fee override above this is a typo, not a negotiated fee. */
const MAX_FIXED_FEE = 100_000;
/** Percent fees are at most 10 %, written as 1.5 for 1.5 %. */
const MAX_PERCENT_FEE = 10;

const accountColumn: BulkColumn = {
  key: 'account',
  header: 'account',
  aliases: ['account number', 'compte', 'numero de compte', 'numéro de compte'],
  required: true,
  example: 'MRC-00001',
  label: T('Account', 'Compte'),
};
const flowColumn: BulkColumn = {
  key: 'flow',
  header: 'flow',
  aliases: ['service', 'operation', 'opération'],
  required: true,
  example: 'agent-cash-in',
  label: T('Flow', 'Opération'),
};

export const BULK_OPERATIONS: readonly BulkOperationDef[] = [
  {
    kind: 'payment',
    path: '/bulk-payment',
    title: T('Bulk Payment', 'Paiement groupé'),
    columns: [
      {
        key: 'phone',
        header: 'phone',
        aliases: ['telephone', 'téléphone', 'msisdn', 'numero', 'numéro'],
        required: true,
        example: '+221 77 123 45 67',
        label: T('Phone', 'Téléphone'),
      },
      {
        key: 'amount',
        header: 'amount',
        aliases: ['montant'],
        required: true,
        example: '25000',
        label: T('Amount (XOF)', 'Montant (XOF)'),
      },
      {
        key: 'reference',
        header: 'reference',
        aliases: ['référence', 'ref'],
        required: false,
        example: 'SALAIRE-NOV-001',
        label: T('Your reference', 'Votre référence'),
      },
      {
        key: 'name',
        header: 'name',
        aliases: ['nom', 'beneficiary', 'bénéficiaire'],
        required: false,
        example: 'Awa Diop',
        label: T('Name', 'Nom'),
      },
    ],
    needsApproval: true,
    groups: [...ADMINS, 'agent'],
    duplicateKey: ['phone', 'amount', 'reference'],
  },
  {
    kind: 'change-bank',
    path: '/bulk-change-bank',
    title: T('Bulk Change Bank', 'Changement de banque groupé'),
    columns: [
      accountColumn,
      {
        key: 'bank',
        header: 'bank',
        aliases: ['bank code', 'banque', 'code banque'],
        required: true,
        example: 'BIS',
        label: T('New bank code', 'Code de la nouvelle banque'),
      },
    ],
    needsApproval: false,
    groups: ADMINS,
    duplicateKey: ['account'],
  },
  {
    kind: 'fee-override',
    path: '/bulk-fee-override',
    title: T('Bulk Fee Override', 'Frais négociés groupés'),
    columns: [
      accountColumn,
      flowColumn,
      {
        key: 'fixedFee',
        header: 'fixed fee',
        aliases: ['fixedfee', 'fixed', 'frais fixes'],
        required: false,
        example: '100',
        label: T('Fixed fee (XOF)', 'Frais fixes (XOF)'),
      },
      {
        key: 'percentFee',
        header: 'percent fee',
        aliases: ['percentfee', 'percent', 'pourcentage', 'frais en %'],
        required: false,
        example: '0.5',
        label: T('Percent fee (%)', 'Frais en %'),
      },
    ],
    // What customers pay changes only with two administrators, as the fee schedule does.
    needsApproval: true,
    groups: ADMINS,
    duplicateKey: ['account', 'flow'],
  },
  {
    kind: 'fee-removal',
    path: '/bulk-fee-removal',
    title: T('Bulk Fee Removal', 'Suppression de frais groupée'),
    columns: [accountColumn, flowColumn],
    // Removing a negotiated fee changes what the account's customers pay, too.
    needsApproval: true,
    groups: ADMINS,
    duplicateKey: ['account', 'flow'],
  },
];

export function bulkOperation(kind: string): BulkOperationDef | undefined {
  return BULK_OPERATIONS.find((op) => op.kind === kind);
}

export function bulkOperationAt(path: string): BulkOperationDef | undefined {
  return BULK_OPERATIONS.find((op) => op.path === path);
}

// ---- Rows and their errors ----

/** One row as the user sees it: trimmed text per column key, and its line in the file. */
export interface BulkRow {
  rowNo: number;
  values: Record<string, string>;
}

export const ROW_ERROR_CODES = [
  'REQUIRED',
  'TOO_LONG',
  'PHONE_INVALID',
  'AMOUNT_INVALID',
  'AMOUNT_TOO_LARGE',
  'ACCOUNT_INVALID',
  'BANK_INVALID',
  'FLOW_INVALID',
  'FEE_INVALID',
  'FEE_OUT_OF_RANGE',
  'FEE_MISSING',
  'DUPLICATE_ROW',
  // Only the server knows these: they need the database.
  'WALLET_NOT_FOUND',
  'WALLET_NOT_USABLE',
  'ACCOUNT_NOT_FOUND',
  'BANK_NOT_FOUND',
  'BANK_INACTIVE',
  'SAME_BANK',
  'OVERRIDE_NOT_FOUND',
  'AMOUNT_OUT_OF_BANDS',
] as const;
export type RowErrorCode = (typeof ROW_ERROR_CODES)[number];

export interface RowError {
  rowNo: number;
  /** The column at fault, or null for the row as a whole. */
  field: string | null;
  code: RowErrorCode;
  /** Interpolation values for the message (e.g. the row a duplicate repeats). */
  params?: Record<string, string | number>;
}

const ACCOUNT_NUMBER = /^[A-Z]{2,4}-[A-Z0-9-]{1,20}$/;
const BANK_CODE = /^[A-Z0-9]{2,12}$/;
const INTEGER = /^\d{1,12}$/;
const DECIMAL = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const MAX_TEXT = 80;

/** What a cell holds once cleaned: spaces trimmed; amounts lose thousands separators ("25 000"). */
export function cleanValue(key: string, raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (key === 'amount' || key === 'fixedFee') return text.replace(/[\s\u202f\u00a0]/g, '');
  if (key === 'account' || key === 'bank') return text.toUpperCase();
  if (key === 'flow') return text.toLowerCase();
  // Shown and kept in the one form the ledger writes, however the file typed it.
  if (key === 'phone') return normaliseSenegalMobile(text) ?? text;
  return text;
}

/** The errors of one row on its own (not duplicates, not the database). */
export function validateRow(op: BulkOperationDef, row: BulkRow): RowError[] {
  const errors: RowError[] = [];
  const add = (field: string | null, code: RowErrorCode, params?: RowError['params']) =>
    errors.push({ rowNo: row.rowNo, field, code, ...(params ? { params } : {}) });
  for (const column of op.columns) {
    const value = row.values[column.key] ?? '';
    if (value === '') {
      if (column.required) add(column.key, 'REQUIRED');
      continue;
    }
    if (value.length > MAX_TEXT) {
      add(column.key, 'TOO_LONG', { max: MAX_TEXT });
      continue;
    }
    switch (column.key) {
      case 'phone':
        if (normaliseSenegalMobile(value) === null) add('phone', 'PHONE_INVALID');
        break;
      case 'amount':
        if (!INTEGER.test(value) || Number(value) < 1) add('amount', 'AMOUNT_INVALID');
        else if (Number(value) > MAX_BULK_AMOUNT) add('amount', 'AMOUNT_TOO_LARGE', { max: MAX_BULK_AMOUNT });
        break;
      case 'account':
        if (!ACCOUNT_NUMBER.test(value)) add('account', 'ACCOUNT_INVALID');
        break;
      case 'bank':
        if (!BANK_CODE.test(value)) add('bank', 'BANK_INVALID');
        break;
      case 'flow':
        if (!(TRANSFER_FLOW_IDS as readonly string[]).includes(value)) add('flow', 'FLOW_INVALID');
        break;
      case 'fixedFee':
        if (!INTEGER.test(value)) add('fixedFee', 'FEE_INVALID');
        else if (Number(value) > MAX_FIXED_FEE) add('fixedFee', 'FEE_OUT_OF_RANGE', { max: MAX_FIXED_FEE });
        break;
      case 'percentFee':
        if (!DECIMAL.test(value)) add('percentFee', 'FEE_INVALID');
        else if (percentToBp(value) > MAX_PERCENT_FEE * 100) {
          add('percentFee', 'FEE_OUT_OF_RANGE', { max: MAX_PERCENT_FEE });
        }
        break;
    }
  }
  if (op.kind === 'fee-override' && !row.values.fixedFee && !row.values.percentFee) add(null, 'FEE_MISSING');
  return errors;
}

/** "1,5" or "1.5" percent in basis points (150). */
export const percentToBp = (value: string) => Math.round(Number(value.replace(',', '.')) * 100);

/** The phone as the ledger compares it (+221XXXXXXXXX), whichever usual format it was typed or stored in. */
export const phoneKey = (value: string) => senegalMobileKey(value) ?? value.replace(/\s+/g, '');

function duplicateKeyOf(op: BulkOperationDef, row: BulkRow): string {
  return op.duplicateKey
    .map((key) => {
      const value = row.values[key] ?? '';
      return key === 'phone' ? phoneKey(value) : value;
    })
    .join('\u0001');
}

/** Each row that repeats an earlier one (by the operation's duplicate key) names that row. */
export function duplicateErrors(op: BulkOperationDef, rows: readonly BulkRow[]): RowError[] {
  const first = new Map<string, number>();
  const errors: RowError[] = [];
  for (const row of rows) {
    const key = duplicateKeyOf(op, row);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.rowNo);
    else errors.push({ rowNo: row.rowNo, field: null, code: 'DUPLICATE_ROW', params: { row: earlier } });
  }
  return errors;
}

/** Every error the rows show without the database. */
export function validateRows(op: BulkOperationDef, rows: readonly BulkRow[]): RowError[] {
  const errors: RowError[] = [];
  for (const row of rows) errors.push(...validateRow(op, row));
  errors.push(...duplicateErrors(op, rows));
  return errors;
}

// ---- Warnings: paid all the same, but worth a look ----

/**
 * A row whose name does not match the wallet holder's: not a block (people write names many
 * ways), but the maker sees it before submitting and the approver before deciding.
 */
export interface NameWarning {
  rowNo: number;
  code: 'NAME_MISMATCH';
  /** The name the file gives. */
  name: string;
  /** The name the wallet is held in. */
  holder: string;
}

/**
 * A negotiated fee outside what the fee schedule in force charges: applied all the same once a
 * second administrator approves it, but that administrator must see it. It names the amount
 * where the fee strays furthest from its band, e.g. 25,000 XOF on a 50,000 XOF cash-out where
 * the band charges 500 to 1,000 XOF.
 */
export interface FeeBandWarning {
  rowNo: number;
  code: 'FEE_OUT_OF_BAND';
  account: string;
  flow: string;
  amount: number;
  /** What the override charges on that amount. */
  fee: number;
  /** The least and the most the schedule charges across the band of that amount. */
  bandMinFee: number;
  bandMaxFee: number;
}

export type RowWarning = NameWarning | FeeBandWarning;

const nameWords = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');

/** Same words in any order, case or accents: "DIOP Awa" is "Awa Diop", "Aïda" is "Aida". */
export const namesMatch = (a: string, b: string) => nameWords(a) === nameWords(b);

// ---- Files: header mapping ----

export interface HeaderProblem {
  code: 'EMPTY_FILE' | 'MISSING_COLUMNS' | 'TOO_MANY_ROWS' | 'UNREADABLE';
  columns?: string[];
}

const headerName = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/**
 * Turns a sheet (first line = headers) into rows keyed by column. Headers match the template's
 * or an alias, in any case and order; unknown columns are ignored; blank lines are skipped.
 */
export function rowsFromSheet(
  op: BulkOperationDef,
  sheet: readonly (readonly string[])[],
): { rows: BulkRow[]; problem: HeaderProblem | null } {
  const [headers, ...lines] = sheet;
  if (!headers || lines.length === 0) return { rows: [], problem: { code: 'EMPTY_FILE' } };
  const names = headers.map(headerName);
  const indexOf = new Map<string, number>();
  for (const column of op.columns) {
    const accepted = [column.header, column.key, ...column.aliases].map(headerName);
    const index = names.findIndex((name) => accepted.includes(name));
    if (index >= 0) indexOf.set(column.key, index);
  }
  const missing = op.columns.filter((c) => c.required && !indexOf.has(c.key)).map((c) => c.header);
  if (missing.length) return { rows: [], problem: { code: 'MISSING_COLUMNS', columns: missing } };
  const rows: BulkRow[] = [];
  lines.forEach((line, i) => {
    if (line.every((cell) => cell.trim() === '')) return;
    const values: Record<string, string> = {};
    for (const column of op.columns) {
      const index = indexOf.get(column.key);
      values[column.key] = index === undefined ? '' : cleanValue(column.key, line[index] ?? '');
    }
    // Line numbers as a spreadsheet shows them: the header is line 1.
    rows.push({ rowNo: i + 2, values });
  });
  if (rows.length === 0) return { rows, problem: { code: 'EMPTY_FILE' } };
  if (rows.length > MAX_BULK_ROWS) return { rows: [], problem: { code: 'TOO_MANY_ROWS' } };
  return { rows, problem: null };
}

/** The template a user downloads: headers and one example row. */
export function templateCsv(op: BulkOperationDef): string {
  const line = (cells: string[]) => cells.map((c) => (/[",;\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
  return `${line(op.columns.map((c) => c.header))}\r\n${line(op.columns.map((c) => c.example))}\r\n`;
}

// ---- Batches (their wire shapes: contract/api/bulk.ts) ----

export const BATCH_STATUSES = [
  'awaiting_approval',
  'rejected',
  'expired',
  'queued',
  'processing',
  'done',
  'failed',
] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
