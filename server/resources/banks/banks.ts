import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { compactBic, floatAccountLabel, floatAccountNumber } from '../../../contract/banks';
import type { BankFloatAccount, BankOption, BankView, FloatAccountChoice } from '../../../contract/api/banks';
import { recordAudit } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { accounts, banks } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { ApiError, notFoundError } from '../../lib/api-error';
import { containsPattern, nameContains } from '../../domain/search/patterns';

type BankRow = typeof banks.$inferSelect;

const bankNotFound = (id: number) => notFoundError(`There is no bank with the id ${id}.`);

const bankCodeTaken = (code: string) =>
  new ApiError(409, 'BANK_CODE_TAKEN', 'Code already used', `code: another bank already uses the code ${code}.`);

const floatNumberTaken = (number: string) =>
  new ApiError(
    409,
    'FLOAT_ACCOUNT_EXISTS',
    'Float account exists',
    `floatAccountId: an account ${number} already exists. Choose it as the bank's float account instead of opening a new one.`,
  );

const floatNotFound = (id: number) =>
  new ApiError(
    422,
    'FLOAT_ACCOUNT_NOT_FOUND',
    'Not a float account',
    `floatAccountId: account ${id} is not a bank e-money float account.`,
  );

const floatInUse = (number: string, bank: string) =>
  new ApiError(
    409,
    'FLOAT_ACCOUNT_IN_USE',
    'Float account in use',
    `floatAccountId: ${number} is the float account of ${bank}, which is active. A float account serves one bank.`,
  );

const bankAlreadyInState = (code: string, active: boolean) =>
  new ApiError(
    409,
    active ? 'BANK_ALREADY_ACTIVE' : 'BANK_ALREADY_INACTIVE',
    active ? 'Already active' : 'Already deactivated',
    `The bank ${code} is already ${active ? 'active' : 'deactivated'}.`,
  );

const floatFields = {
  id: accounts.id,
  number: accounts.number,
  label: accounts.label,
  balance: accounts.balance,
  status: accounts.status,
};

function toView(row: BankRow, float: BankFloatAccount | null): BankView {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    bankGroup: row.bankGroup,
    bic: row.bic,
    active: row.active,
    floatAccount: float,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

/** Every bank, active ones first, with its float account; `q` matches name, code or BIC. */
export async function listBanks(db: Db, input: { q?: string; status: 'active' | 'inactive' | 'all' }) {
  const where = [];
  if (input.status !== 'all') where.push(eq(banks.active, input.status === 'active'));
  const q = input.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(
      or(nameContains(banks.name, q), sql`${banks.code} ILIKE ${pattern}`, sql`${banks.bic} ILIKE ${pattern}`),
    );
  }
  const rows = await db
    .select({ bank: banks, float: floatFields })
    .from(banks)
    .leftJoin(accounts, eq(accounts.id, banks.floatAccountId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(banks.active), asc(banks.name), asc(banks.id));
  return rows.map((r) => toView(r.bank, r.float?.id ? r.float : null));
}

export async function loadBank(db: Db, id: number): Promise<BankView> {
  const [row] = await db
    .select({ bank: banks, float: floatFields })
    .from(banks)
    .leftJoin(accounts, eq(accounts.id, banks.floatAccountId))
    .where(eq(banks.id, id));
  if (!row) throw bankNotFound(id);
  return toView(row.bank, row.float?.id ? row.float : null);
}

/** What every bank picker lists: all banks with their state, active first, by name. */
export async function bankOptions(db: Db): Promise<BankOption[]> {
  return db
    .select({ id: banks.id, code: banks.code, name: banks.name, bankGroup: banks.bankGroup, active: banks.active })
    .from(banks)
    .orderBy(desc(banks.active), asc(banks.name));
}

/**
 * Float accounts a bank may take: bank e-money floats that no other active bank holds (free
 * ones, and those of deactivated banks), its own current one included.
 */
export async function floatAccountChoices(db: Db, bankId: number | null): Promise<FloatAccountChoice[]> {
  const rows = await queryRows<{
    id: number;
    number: string;
    label: string;
    balance: number | string;
    status: string;
    holder_code: string | null;
    holder_name: string | null;
    holder_active: boolean | null;
  }>(
    db,
    sql`SELECT a.id, a.number, a.label, a.balance, a.status,
               h.code AS holder_code, h.name AS holder_name, h.active AS holder_active
        FROM accounts a
        LEFT JOIN LATERAL (
          SELECT b.code, b.name, b.active FROM banks b WHERE b.float_account_id = a.id ORDER BY b.active DESC, b.id LIMIT 1
        ) h ON TRUE
        WHERE a.kind = 'bank_float'
          AND NOT EXISTS (
            SELECT 1 FROM banks b
            WHERE b.float_account_id = a.id AND b.active AND b.id <> ${bankId ?? -1}
          )
        ORDER BY a.number`,
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    label: r.label,
    balance: Number(r.balance),
    status: r.status,
    heldBy: r.holder_code ? { code: r.holder_code, name: r.holder_name ?? '', active: Boolean(r.holder_active) } : null,
  }));
}

interface BankInput {
  name: string;
  code: string;
  bic?: string | null;
  floatAccountId?: 'new' | number;
}

const normalisedBic = (bic: string | null | undefined) => (bic ? compactBic(bic) : null);

/** Serialises changes to one bank code, so two requests cannot both take it. */
async function lockCode(tx: Db, code: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bank-code:${code}`}))`);
  const [taken] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.code, code));
  return taken?.id ?? null;
}

/** Opens BNK-<code> for the bank; refused if an account already has that number. */
async function openFloat(tx: Db, bank: { id: number; code: string; name: string }, now: Date) {
  const number = floatAccountNumber(bank.code);
  const [float] = await tx
    .insert(accounts)
    .values({
      number,
      kind: 'bank_float',
      label: floatAccountLabel(bank.name),
      bankId: bank.id,
      status: 'active',
      kycStatus: 'approved',
      pinStatus: 'set',
      createdAt: now,
      activatedAt: now,
    })
    .onConflictDoNothing({ target: accounts.number })
    .returning({ id: accounts.id, number: accounts.number });
  if (!float) throw floatNumberTaken(number);
  return float;
}

/**
 * Gives `bankId` the float account `accountId`, under a lock on the account: it must be a
 * bank float no other active bank holds. A deactivated bank holding it lets it go; the
 * bank's previous float (if another) is freed, so one account serves at most one bank.
 */
async function takeFloat(tx: Db, bankId: number, accountId: number) {
  const [float] = await tx
    .select({ id: accounts.id, number: accounts.number, kind: accounts.kind })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  if (float?.kind !== 'bank_float') throw floatNotFound(accountId);
  const holders = await tx
    .select({ id: banks.id, name: banks.name, code: banks.code, active: banks.active })
    .from(banks)
    .where(and(eq(banks.floatAccountId, accountId), ne(banks.id, bankId)));
  const activeHolder = holders.find((h) => h.active);
  if (activeHolder) throw floatInUse(float.number, `${activeHolder.name} (${activeHolder.code})`);
  if (holders.length) {
    await tx
      .update(banks)
      .set({ floatAccountId: null })
      .where(and(eq(banks.floatAccountId, accountId), ne(banks.id, bankId)));
  }
  const [current] = await tx.select({ floatAccountId: banks.floatAccountId }).from(banks).where(eq(banks.id, bankId));
  if (current?.floatAccountId && current.floatAccountId !== accountId) {
    await tx.update(accounts).set({ bankId: null }).where(eq(accounts.id, current.floatAccountId));
  }
  await tx.update(accounts).set({ bankId }).where(eq(accounts.id, accountId));
  return { number: float.number, releasedFrom: holders.map((h) => h.code) };
}

/** Adds a bank with its float account (a new BNK-<code>, or an existing float); audited. */
export async function createBank(c: Context<AppEnv>, db: Db, input: BankInput): Promise<BankView> {
  const now = c.get('deps').clock.now();
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if ((await lockCode(tx, input.code)) !== null) throw bankCodeTaken(input.code);
    const [bank] = await tx
      .insert(banks)
      .values({ code: input.code, name: input.name, bic: normalisedBic(input.bic), active: true, createdAt: now })
      .onConflictDoNothing({ target: banks.code })
      .returning();
    if (!bank) throw bankCodeTaken(input.code);
    const choice = input.floatAccountId ?? 'new';
    const float =
      choice === 'new'
        ? { ...(await openFloat(tx, bank, now)), opened: true, releasedFrom: [] as string[] }
        : { ...(await takeFloat(tx, bank.id, choice)), id: choice, opened: false };
    await tx.update(banks).set({ floatAccountId: float.id }).where(eq(banks.id, bank.id));
    await recordAudit(c, tx, {
      action: 'bank.create',
      targetType: 'bank',
      targetId: bank.code,
      details: {
        name: bank.name,
        code: bank.code,
        bic: bank.bic,
        floatAccount: float.number,
        floatOpened: float.opened,
        ...(float.releasedFrom.length ? { floatReleasedFrom: float.releasedFrom } : {}),
      },
    });
    return bank.id;
  });
  return loadBank(db, id);
}

/** Changes a bank's name, code, BIC or float account; audited with what changed. */
export async function updateBank(c: Context<AppEnv>, db: Db, id: number, input: BankInput): Promise<BankView> {
  const now = c.get('deps').clock.now();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
    if (!before) throw bankNotFound(id);
    if (input.code !== before.code) {
      const holder = await lockCode(tx, input.code);
      if (holder !== null && holder !== id) throw bankCodeTaken(input.code);
    }
    const bic = normalisedBic(input.bic);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (input.name !== before.name) changes.name = { from: before.name, to: input.name };
    if (input.code !== before.code) changes.code = { from: before.code, to: input.code };
    if (bic !== before.bic) changes.bic = { from: before.bic, to: bic };

    let floatAccountId = before.floatAccountId;
    const previousFloat = before.floatAccountId
      ? (await tx.select({ number: accounts.number }).from(accounts).where(eq(accounts.id, before.floatAccountId)))[0]
          ?.number
      : null;
    const choice = input.floatAccountId;
    if (choice === 'new') {
      const opened = await openFloat(tx, { id, code: input.code, name: input.name }, now);
      if (before.floatAccountId) {
        await tx.update(accounts).set({ bankId: null }).where(eq(accounts.id, before.floatAccountId));
      }
      floatAccountId = opened.id;
      changes.floatAccount = { from: previousFloat ?? null, to: opened.number };
    } else if (choice !== undefined && choice !== before.floatAccountId) {
      const taken = await takeFloat(tx, id, choice);
      floatAccountId = choice;
      changes.floatAccount = { from: previousFloat ?? null, to: taken.number };
      if (taken.releasedFrom.length) changes.floatReleasedFrom = { from: taken.releasedFrom, to: null };
    }
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(banks)
      .set({ name: input.name, code: input.code, bic, floatAccountId, updatedAt: now })
      .where(eq(banks.id, id));
    await recordAudit(c, tx, {
      action: 'bank.update',
      targetType: 'bank',
      targetId: input.code,
      details: { changes },
    });
  });
  return loadBank(db, id);
}

/**
 * Deactivates (or reactivates) a bank: it leaves (or rejoins) every picker; its history and
 * reports stay. Audited.
 */
export async function setBankActive(c: Context<AppEnv>, db: Db, id: number, active: boolean): Promise<BankView> {
  const now = c.get('deps').clock.now();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [bank] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
    if (!bank) throw bankNotFound(id);
    if (bank.active === active) throw bankAlreadyInState(bank.code, active);
    await tx.update(banks).set({ active, updatedAt: now }).where(eq(banks.id, id));
    await recordAudit(c, tx, {
      action: active ? 'bank.activate' : 'bank.deactivate',
      targetType: 'bank',
      targetId: bank.code,
      details: { name: bank.name },
    });
  });
  return loadBank(db, id);
}
