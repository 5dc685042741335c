import { eq, sql } from 'drizzle-orm';
import type {
  MigrationBlockerCode,
  MigrationBody,
  MigrationStatus,
  MigrationType,
  WalletTerm,
} from '../../../contract/wallet-migrations';
import type {
  MigrationBlocker,
  MigrationHistoryPage,
  MigrationRecord,
  MigrationWallet,
} from '../../../contract/api/wallet-migrations';
import type { Db } from '../../db/database';
import { isoTimestamp, queryPage, queryRows } from '../../db/query';
import { accountProfiles, accounts } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { isMaker } from '../../lib/maker-checker';
import { duplicatePhone, phoneTaken } from '../../domain/accounts/open-account';

/** The kinds of account a migration applies to: the wallets of people and shops. */
const WALLET_KINDS = ['customer', 'agent', 'merchant'] as const;

const walletNotFound = () =>
  new ApiError(
    404,
    'WALLET_NOT_FOUND',
    'Wallet not found',
    'No customer, agent or merchant wallet has this account number or phone number.',
  );

const walletAmbiguous = () =>
  new ApiError(
    409,
    'WALLET_AMBIGUOUS',
    'Several wallets match',
    'Several wallets use this phone number. Enter the account number instead.',
  );

const noChange = (detail: string) => new ApiError(400, 'NO_CHANGE', 'Nothing to change', detail);

/** Everything the checks need about one wallet, read in one query. */
export interface WalletState {
  id: number;
  number: string;
  kind: string;
  label: string;
  phone: string | null;
  status: string;
  kyc_status: string;
  region: string | null;
  created_at: string | Date;
  network: string | null;
  parent_account_id: number | null;
  owner_user_id: number | null;
  has_profile: boolean;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  business_category: string | null;
  ninea: string | null;
  is_student: boolean;
  pending_approvals: number | string;
  live_qr_codes: number | string;
  has_children: boolean;
}

const SELECT_STATE = sql`
  SELECT a.id, a.number, a.kind, a.label, a.phone, a.status, a.kyc_status, a.region, a.created_at, a.network,
         a.parent_account_id, a.owner_user_id,
         (p.id IS NOT NULL) AS has_profile, p.first_name, p.last_name, p.business_name, p.business_category, p.ninea,
         EXISTS (SELECT 1 FROM students s WHERE s.account_id = a.id) AS is_student,
         (SELECT count(*) FROM approval_requests r
            WHERE r.status = 'pending'
              AND a.id IN (r.source_account_id, r.counterparty_account_id, r.destination_account_id)) AS pending_approvals,
         (SELECT count(*) FROM merchant_qr_codes q WHERE q.account_id = a.id AND q.unlinked_at IS NULL) AS live_qr_codes,
         EXISTS (SELECT 1 FROM accounts c WHERE c.parent_account_id = a.id) AS has_children
  FROM accounts a
  LEFT JOIN account_profiles p ON p.account_id = a.id`;

const walletKinds = sql.join(
  WALLET_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

async function readState(db: Db, where: ReturnType<typeof sql>): Promise<WalletState[]> {
  return queryRows<WalletState>(db, sql`${SELECT_STATE} WHERE a.kind IN (${walletKinds}) AND ${where} ORDER BY a.id`);
}

const blocker = (code: MigrationBlockerCode, message: string): MigrationBlocker => ({ code, message });

/** Why no migration at all may touch the wallet now. */
function stateBlockers(w: WalletState): MigrationBlocker[] {
  const out: MigrationBlocker[] = [];
  if (w.status !== 'active') {
    out.push(
      blocker(
        'ACCOUNT_NOT_ACTIVE',
        `The wallet ${w.number} is ${w.status.replace(/_/g, ' ')}: only an active wallet can be migrated.`,
      ),
    );
  }
  if (w.kyc_status !== 'approved') {
    out.push(
      blocker(
        'KYC_NOT_APPROVED',
        `The holder of ${w.number} has not completed identity verification (KYC is ${w.kyc_status.replace(/_/g, ' ')}).`,
      ),
    );
  }
  const pending = Number(w.pending_approvals);
  if (pending > 0) {
    out.push(
      blocker(
        'PENDING_APPROVALS',
        `${pending} transfer${pending === 1 ? '' : 's'} involving ${w.number} ${pending === 1 ? 'waits' : 'wait'} for a checker. Have ${pending === 1 ? 'it' : 'them'} decided first.`,
      ),
    );
  }
  return out;
}

const typeChangeTo = (kind: string): MigrationType | null =>
  kind === 'customer' ? 'merchant' : kind === 'merchant' ? 'customer' : null;

/** Why the wallet's type may not change, beyond its state: what only its present type may hold. */
function typeBlockers(w: WalletState): MigrationBlocker[] {
  const to = typeChangeTo(w.kind);
  if (!to) {
    return [
      blocker(
        'TYPE_NOT_MIGRATABLE',
        `An ${w.kind} wallet keeps its type: only customers become merchants, and merchants customers.`,
      ),
    ];
  }
  const out: MigrationBlocker[] = [];
  if (!w.has_profile) {
    out.push(blocker('NO_HOLDER_PROFILE', `The wallet ${w.number} has no holder identity on file to carry over.`));
  }
  if (to === 'merchant' && w.is_student) {
    out.push(
      blocker('STUDENT_WALLET', `${w.number} is a student wallet, held under a guardian: it cannot become a merchant.`),
    );
  }
  if (to === 'customer') {
    if (w.network || w.parent_account_id !== null || w.has_children) {
      out.push(
        blocker(
          'MERCHANT_NETWORK',
          `The merchant ${w.number} belongs to a distribution network or merchant chain: take it out of the network first.`,
        ),
      );
    }
    const codes = Number(w.live_qr_codes);
    if (codes > 0) {
      out.push(
        blocker(
          'MERCHANT_QR_CODES',
          `The merchant ${w.number} has ${codes} payment QR code${codes === 1 ? '' : 's'} in use: unlink ${codes === 1 ? 'it' : 'them'} first.`,
        ),
      );
    }
    if (w.owner_user_id !== null) {
      out.push(
        blocker(
          'MERCHANT_LOGIN',
          `A merchant user signs in to the back-office with ${w.number}: a customer wallet cannot have one.`,
        ),
      );
    }
  }
  return out;
}

function toWallet(w: WalletState): MigrationWallet {
  const to = typeChangeTo(w.kind);
  const blockers = typeBlockers(w);
  return {
    number: w.number,
    kind: w.kind,
    name: w.label,
    phone: w.phone,
    status: w.status,
    kycStatus: w.kyc_status,
    region: w.region,
    businessName: w.business_name,
    businessCategory: w.business_category,
    createdAt: isoTimestamp(w.created_at),
    blockers: stateBlockers(w),
    typeChangeTo: to,
    typeBlockers: to ? blockers : [],
  };
}

/** The wallet by account number or phone, with what would stop a migration now. */
export async function findWallet(db: Db, term: WalletTerm): Promise<MigrationWallet> {
  const rows =
    'number' in term
      ? await readState(db, sql`a.number = ${term.number}`)
      : await readState(db, sql`a.phone = ${term.phone}`);
  const [row] = rows;
  if (!row) throw walletNotFound();
  if (rows.length > 1) throw walletAmbiguous();
  return toWallet(row);
}

interface HistoryRow {
  id: number;
  number: string;
  label: string;
  kind: 'phone' | 'type';
  from_value: string;
  to_value: string;
  reason: string;
  by: string;
  created_at: string | Date;
  status: MigrationStatus;
  decided_by: string | null;
  decided_at: string | Date | null;
  decision_reason: string | null;
  maker_id: number;
}

/** `callerId`: who reads it, so the page knows which pending requests it may decide (never its own). */
const toRecord = (r: HistoryRow, callerId: number): MigrationRecord => ({
  id: Number(r.id),
  number: r.number,
  name: r.label,
  kind: r.kind,
  fromValue: r.from_value,
  toValue: r.to_value,
  reason: r.reason,
  by: r.by,
  createdAt: isoTimestamp(r.created_at),
  status: r.status,
  decidedBy: r.decided_by,
  decidedAt: r.decided_at ? isoTimestamp(r.decided_at) : null,
  decisionReason: r.decision_reason,
  canDecide: r.status === 'pending' && !isMaker(callerId, Number(r.maker_id)),
});

const SELECT_HISTORY = sql`
  SELECT m.id, a.number, a.label, m.kind, m.from_value, m.to_value, m.reason, u.name AS by, m.created_at,
         m.status, c.name AS decided_by, m.decided_at, m.decision_reason, m.user_id AS maker_id
  FROM wallet_migrations m
  JOIN accounts a ON a.id = m.account_id
  JOIN users u ON u.id = m.user_id
  LEFT JOIN users c ON c.id = m.checker_user_id`;

/** Migrations newest first: one wallet's (by number), or everyone's. */
export async function listMigrations(
  db: Db,
  input: { number?: string; status?: MigrationStatus; page: number; pageSize: number },
  callerId: number,
): Promise<MigrationHistoryPage> {
  const where = sql`${input.number ? sql`a.number = ${input.number}` : sql`TRUE`} AND ${input.status ? sql`m.status = ${input.status}` : sql`TRUE`}`;
  return queryPage(
    db,
    input,
    {
      count: sql`SELECT count(*) AS total FROM wallet_migrations m JOIN accounts a ON a.id = m.account_id WHERE ${where}`,
      rows: sql`${SELECT_HISTORY} WHERE ${where} ORDER BY m.created_at DESC, m.id DESC`,
    },
    (r: HistoryRow) => toRecord(r, callerId),
  );
}

function refuse(first: MigrationBlocker | undefined): void {
  if (first) throw new ApiError(409, first.code, 'Migration not possible', first.message);
}

/** The wallet's row, locked, and its state as the lock holds it; refused when a migration may not touch it. */
export async function lockWallet(t: Db, number: string): Promise<WalletState> {
  const [locked] = await t
    .select({ id: accounts.id, kind: accounts.kind })
    .from(accounts)
    .where(eq(accounts.number, number))
    .for('update');
  if (!locked || !(WALLET_KINDS as readonly string[]).includes(locked.kind)) throw walletNotFound();
  const [state] = await readState(t, sql`a.id = ${locked.id}`);
  if (!state) throw walletNotFound();
  refuse(stateBlockers(state)[0]);
  return state;
}

export interface PlannedChange {
  fromValue: string;
  toValue: string;
  details: Record<string, unknown>;
}

/**
 * Checks a change against the locked wallet and, with `apply`, makes it: every check runs on
 * what the lock holds, so the maker's request and the checker's approval see the same rules.
 */
export async function planChange(
  t: Db,
  state: WalletState,
  body: MigrationBody,
  apply: boolean,
): Promise<PlannedChange> {
  let fromValue: string;
  let toValue: string;
  const details: Record<string, unknown> = { number: state.number, reason: body.reason };
  if (body.kind === 'phone') {
    if (state.phone === body.newPhone) throw noChange(`${state.number} already uses ${body.newPhone}.`);
    // The same lock a registration takes on a phone: the two cannot both claim it.
    await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`phone:${body.newPhone}`}))`);
    if (await phoneTaken(t, body.newPhone)) throw duplicatePhone(body.newPhone);
    fromValue = state.phone ?? '';
    toValue = body.newPhone;
    if (apply) await t.update(accounts).set({ phone: body.newPhone }).where(eq(accounts.id, state.id));
  } else {
    const to = typeChangeTo(state.kind);
    if (to !== body.newType) {
      if (state.kind === body.newType) throw noChange(`${state.number} is already a ${body.newType} wallet.`);
      refuse(typeBlockers(state)[0]);
      throw new ApiError(409, 'TYPE_NOT_MIGRATABLE', 'Migration not possible', 'This wallet cannot change type.');
    }
    refuse(typeBlockers(state)[0]);
    fromValue = state.kind;
    toValue = to;
    details.previous = {
      label: state.label,
      businessName: state.business_name,
      businessCategory: state.business_category,
      ninea: state.ninea,
    };
    if (!apply) {
      // Only checked: the change waits for a checker.
    } else if (to === 'merchant') {
      const name = body.businessName as string;
      await t.update(accounts).set({ kind: 'merchant', label: name }).where(eq(accounts.id, state.id));
      await t
        .update(accountProfiles)
        .set({ businessName: name, businessCategory: body.businessCategory ?? null })
        .where(eq(accountProfiles.accountId, state.id));
      details.businessName = name;
      details.businessCategory = body.businessCategory;
    } else {
      // The holder's own name again, as a customer registration would label the wallet.
      const label = `${state.first_name ?? ''} ${state.last_name ?? ''}`.trim() || state.label;
      await t.update(accounts).set({ kind: 'customer', label }).where(eq(accounts.id, state.id));
      await t
        .update(accountProfiles)
        .set({ businessName: null, businessCategory: null, ninea: null })
        .where(eq(accountProfiles.accountId, state.id));
    }
  }
  details.from = fromValue;
  details.to = toValue;
  return { fromValue, toValue, details };
}

/** One migration as the history shows it. */
export async function readRecord(t: Db, id: number, callerId: number): Promise<MigrationRecord> {
  const [record] = await queryRows<HistoryRow>(t, sql`${SELECT_HISTORY} WHERE m.id = ${id}`);
  if (!record) throw new Error('The migration row was not read back');
  return toRecord(record, callerId);
}
