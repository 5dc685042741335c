import { and, eq, inArray, like, or } from 'drizzle-orm';
import {
  type BulkOperationDef,
  type BulkRow,
  type FeeBandWarning,
  namesMatch,
  percentToBp,
  phoneKey,
  type RowError,
  type RowWarning,
  validateRows,
} from '../../../contract/bulk';
import type { BulkCheckRequest, BulkCheckResult } from '../../../contract/api/bulk';
import type { FeeBandBody } from '../../../contract/fees';
import type { TransferFlowId } from '../../../contract/transfers';
import type { Db } from '../../db/database';
import { accounts, banks, feeOverrides } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { forbiddenError } from '../../lib/api-error';
import { type AccountRow, accountFields, ownAccountOf, WALLET_KINDS } from '../../ledger/accounts';
import {
  bandCovering,
  computeCharges,
  currentBands,
  type BandExcursion,
  type FeeOverride,
  overrideOutsideBands,
} from '../../ledger/fees';
import { formatPhone, PAYROLL_PARTNER_PREFIX } from '../../ledger/parties';

/** What a stored row carries besides the user's values: the ids and charges the check found. */
type ResolvedRow = BulkRow & { resolved: Record<string, string | number | null> };

export interface CheckOutcome extends BulkCheckResult {
  resolved: ResolvedRow[];
  source: AccountRow | null;
  flowId: TransferFlowId | null;
}

/** Agents pay from their till (an agent cash-in per row), admins from an employer account (payroll). */
const paymentFlowOf = (caller: SessionUser): TransferFlowId =>
  caller.group === 'agent' ? 'agent-cash-in' : 'payroll-cash-in';

const CHUNK = 1000;

/** Rows of a big batch are looked up a thousand values at a time: one statement each, not one per row. */
async function inChunks<T, R>(values: readonly T[], load: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK) out.push(...(await load(values.slice(i, i + CHUNK))));
  return out;
}

async function payingAccount(db: Db, caller: SessionUser, source: string | undefined) {
  if (caller.group === 'agent') return (await ownAccountOf(db, caller.userId)) ?? null;
  if (!source) return null;
  const [row] = await db
    .select(accountFields)
    .from(accounts)
    .where(
      and(
        eq(accounts.number, source.trim().toUpperCase()),
        eq(accounts.kind, 'partner'),
        like(accounts.number, `${PAYROLL_PARTNER_PREFIX}%`),
      ),
    );
  return row ?? null;
}

async function checkPayment(
  db: Db,
  caller: SessionUser,
  request: BulkCheckRequest,
  rows: readonly BulkRow[],
  errors: RowError[],
): Promise<CheckOutcome> {
  const flowId = paymentFlowOf(caller);
  const source = await payingAccount(db, caller, request.source);
  const bad = new Set(errors.map((e) => e.rowNo));
  const candidates = rows.filter((r) => !bad.has(r.rowNo));
  const phones = [...new Set(candidates.map((r) => phoneKey(r.values.phone ?? '')))];
  const found = await inChunks(phones, (chunk) =>
    db
      .select(accountFields)
      .from(accounts)
      .where(
        and(
          or(inArray(accounts.phone, chunk.map(formatPhone)), inArray(accounts.phone, chunk)),
          inArray(accounts.kind, [...WALLET_KINDS]),
        ),
      ),
  );
  const byPhone = new Map<string, AccountRow[]>();
  for (const account of found) {
    const key = phoneKey(account.phone ?? '');
    byPhone.set(key, [...(byPhone.get(key) ?? []), account]);
  }
  const bands = await currentBands(db, flowId);
  let override: FeeOverride | null = null;
  if (source) {
    const [row] = await db
      .select({ fixedFee: feeOverrides.fixedFee, percentFeeBp: feeOverrides.percentFeeBp })
      .from(feeOverrides)
      .where(and(eq(feeOverrides.accountId, source.id), eq(feeOverrides.flowId, flowId)));
    override = row ?? null;
  }
  const resolved: ResolvedRow[] = [];
  const warnings: RowWarning[] = [];
  let amount = 0;
  let fees = 0;
  for (const row of candidates) {
    const matches = byPhone.get(phoneKey(row.values.phone ?? '')) ?? [];
    const wallet = matches.length === 1 ? matches[0] : undefined;
    if (!wallet) {
      errors.push({ rowNo: row.rowNo, field: 'phone', code: 'WALLET_NOT_FOUND' });
      continue;
    }
    if (wallet.status !== 'active' || (wallet.kind === 'customer' && wallet.kycStatus !== 'approved')) {
      errors.push({ rowNo: row.rowNo, field: 'phone', code: 'WALLET_NOT_USABLE', params: { account: wallet.number } });
      continue;
    }
    if (source && wallet.id === source.id) {
      errors.push({ rowNo: row.rowNo, field: 'phone', code: 'WALLET_NOT_USABLE', params: { account: wallet.number } });
      continue;
    }
    const value = Number(row.values.amount);
    const band = bandCovering(bands, value);
    if (!band) {
      errors.push({ rowNo: row.rowNo, field: 'amount', code: 'AMOUNT_OUT_OF_BANDS' });
      continue;
    }
    // The agent is the beneficiary of its own cash-ins: it earns the commission of each row.
    const charges = computeCharges(value, band, override, flowId === 'agent-cash-in');
    amount += value;
    fees += charges.fee;
    const name = row.values.name ?? '';
    // Stored with the row, so whoever approves the batch sees the holder's name too.
    const mismatch = name !== '' && !namesMatch(name, wallet.label);
    if (mismatch) warnings.push({ rowNo: row.rowNo, code: 'NAME_MISMATCH', name, holder: wallet.label });
    resolved.push({
      ...row,
      resolved: {
        accountId: wallet.id,
        account: wallet.number,
        fee: charges.fee,
        commission: charges.commission,
        ...(mismatch ? { holder: wallet.label } : {}),
      },
    });
  }
  let batchError: BulkCheckResult['batchError'] = null;
  if (!source) {
    batchError =
      caller.group === 'agent' || request.source ? { code: 'SOURCE_NOT_FOUND' } : { code: 'SOURCE_REQUIRED' };
  } else if (source.balance < amount + fees) {
    batchError = { code: 'SOURCE_FUNDS', available: source.balance };
  }
  return {
    errors,
    warnings,
    totals: { rows: rows.length, payable: resolved.length, amount, fees },
    batchError,
    resolved,
    source,
    flowId,
  };
}

/** How a row stores where its override leaves the schedule (bulk_rows.data), read back by views.ts. */
const bandColumns = (outside: BandExcursion) => ({
  bandAmount: outside.amount,
  bandFee: outside.fee,
  bandMinFee: outside.bandMinFee,
  bandMaxFee: outside.bandMaxFee,
  bandExcess: outside.by,
});

const bandWarning = (rowNo: number, account: string, flow: string, outside: BandExcursion): FeeBandWarning => ({
  rowNo,
  code: 'FEE_OUT_OF_BAND',
  account,
  flow,
  amount: outside.amount,
  fee: outside.fee,
  bandMinFee: outside.bandMinFee,
  bandMaxFee: outside.bandMaxFee,
});

/** Accounts a bulk setting may name: wallets and partners, never the house or a bank float. */
const SETTLED_KINDS = [...WALLET_KINDS, 'partner'];

async function accountsByNumber(db: Db, rows: readonly BulkRow[]) {
  const numbers = [...new Set(rows.map((r) => r.values.account ?? ''))];
  const found = await inChunks(numbers, (chunk) =>
    db
      .select({ id: accounts.id, number: accounts.number, bankId: accounts.bankId })
      .from(accounts)
      .where(and(inArray(accounts.number, chunk), inArray(accounts.kind, SETTLED_KINDS))),
  );
  return new Map(found.map((a) => [a.number, a]));
}

async function checkSettings(
  db: Db,
  op: BulkOperationDef,
  rows: readonly BulkRow[],
  errors: RowError[],
): Promise<CheckOutcome> {
  const bad = new Set(errors.map((e) => e.rowNo));
  const candidates = rows.filter((r) => !bad.has(r.rowNo));
  const byNumber = await accountsByNumber(db, candidates);
  const bankRows = op.kind === 'change-bank' ? await db.select().from(banks) : [];
  const bankByCode = new Map(bankRows.map((b) => [b.code, b]));
  const overrides =
    op.kind === 'fee-removal' && byNumber.size
      ? await inChunks(
          [...byNumber.values()].map((a) => a.id),
          (chunk) =>
            db
              .select({ accountId: feeOverrides.accountId, flowId: feeOverrides.flowId })
              .from(feeOverrides)
              .where(inArray(feeOverrides.accountId, chunk)),
        )
      : [];
  const hasOverride = new Set(overrides.map((o) => `${o.accountId}:${o.flowId}`));
  const schedules = new Map<TransferFlowId, FeeBandBody[]>();
  const bandsOf = async (flow: TransferFlowId) => {
    const known = schedules.get(flow);
    if (known) return known;
    const bands = await currentBands(db, flow);
    schedules.set(flow, bands);
    return bands;
  };
  const resolved: ResolvedRow[] = [];
  const warnings: RowWarning[] = [];
  for (const row of candidates) {
    const account = byNumber.get(row.values.account ?? '');
    if (!account) {
      errors.push({ rowNo: row.rowNo, field: 'account', code: 'ACCOUNT_NOT_FOUND' });
      continue;
    }
    if (op.kind === 'change-bank') {
      const bank = bankByCode.get(row.values.bank ?? '');
      if (!bank) errors.push({ rowNo: row.rowNo, field: 'bank', code: 'BANK_NOT_FOUND' });
      else if (!bank.active) errors.push({ rowNo: row.rowNo, field: 'bank', code: 'BANK_INACTIVE' });
      else if (bank.id === account.bankId) errors.push({ rowNo: row.rowNo, field: 'bank', code: 'SAME_BANK' });
      else resolved.push({ ...row, resolved: { accountId: account.id, bankId: bank.id, fromBankId: account.bankId } });
      continue;
    }
    const flow = row.values.flow ?? '';
    if (op.kind === 'fee-removal') {
      if (!hasOverride.has(`${account.id}:${flow}`)) {
        errors.push({ rowNo: row.rowNo, field: 'flow', code: 'OVERRIDE_NOT_FOUND' });
        continue;
      }
      resolved.push({ ...row, resolved: { accountId: account.id } });
      continue;
    }
    const fixed = row.values.fixedFee ? Number(row.values.fixedFee) : null;
    const percent = row.values.percentFee ? percentToBp(row.values.percentFee) : null;
    const bands = await bandsOf(flow as TransferFlowId);
    const outside = overrideOutsideBands(bands, { fixedFee: fixed, percentFeeBp: percent });
    if (outside) warnings.push(bandWarning(row.rowNo, account.number, flow, outside));
    resolved.push({
      ...row,
      resolved: {
        accountId: account.id,
        fixedFee: fixed,
        percentFeeBp: percent,
        // Stored with the row, so the second administrator sees it before approving.
        ...(outside ? bandColumns(outside) : {}),
      },
    });
  }
  return {
    errors,
    warnings,
    totals: { rows: rows.length, payable: resolved.length, amount: 0, fees: 0 },
    batchError: null,
    resolved,
    source: null,
    flowId: null,
  };
}

/**
 * Everything the server knows about a file's rows: the rows' own errors (the same rules as the
 * browser's), then what needs the database. Reads only.
 */
export async function checkBatch(
  db: Db,
  op: BulkOperationDef,
  caller: SessionUser,
  request: BulkCheckRequest,
): Promise<CheckOutcome> {
  if (!op.groups.includes(caller.group)) throw forbiddenError(`Your group may not submit a ${op.kind} batch.`);
  const rows = request.rows;
  const errors = validateRows(op, rows);
  const outcome =
    op.kind === 'payment'
      ? await checkPayment(db, caller, request, rows, errors)
      : await checkSettings(db, op, rows, errors);
  outcome.errors.sort((a, b) => a.rowNo - b.rowNo);
  return outcome;
}
