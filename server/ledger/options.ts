import { and, asc, eq, like } from 'drizzle-orm';
import type { TransferOptions } from '../../contract/api/transfers';
import type { TransferFlowDef } from '../../contract/transfers';
import type { TransferSettings } from '../config';
import type { Db } from '../db/database';
import { accounts, banks } from '../db/schema';
import type { SessionUser } from '../lib/session-user';
import { type AccountRow, accountById, accountFields, ownAccountOf } from './accounts';
import { amountRangeOf } from './amount-range';
import { flowForbidden } from './errors';
import { currentBands } from './fees';
import { PAYROLL_PARTNER_PREFIX } from './parties';
import { partyView } from './views';

async function bankFloatOf(db: Db, bankId: number | null): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(accountFields)
    .from(accounts)
    // The float the bank names (banks.float_account_id); a deactivated bank moves no money.
    .innerJoin(banks, eq(banks.floatAccountId, accounts.id))
    .where(and(eq(banks.id, bankId ?? -1), eq(banks.active, true)));
  return row;
}

/** The caller's own account as the flow uses it: its till or chain account, or its bank's float. */
async function ownSide(db: Db, flow: TransferFlowDef, caller: SessionUser) {
  if (caller.group === 'bank') return bankFloatOf(db, caller.bankId);
  const usesOwn = flow.source === 'ownAccount' || (flow.destination === 'ownAccount' && caller.group === 'agent');
  return usesOwn ? ownAccountOf(db, caller.userId) : undefined;
}

async function counterpartiesOf(db: Db, flow: TransferFlowDef, own: AccountRow | undefined): Promise<AccountRow[]> {
  if (!own) return [];
  if (flow.counterparty === 'childAccount') {
    return db
      .select(accountFields)
      .from(accounts)
      .where(eq(accounts.parentAccountId, own.id))
      .orderBy(asc(accounts.number));
  }
  if (flow.counterparty === 'parentAccount' && own.parentAccountId !== null) {
    const parent = await accountById(db, own.parentAccountId);
    return parent ? [parent] : [];
  }
  return [];
}

/** What the form of a flow offers this caller: its own account, the banks or partners to pick, the chain. */
export async function transferOptions(
  db: Db,
  flow: TransferFlowDef,
  caller: SessionUser,
  settings: TransferSettings,
): Promise<TransferOptions> {
  if (!flow.groups.includes(caller.group)) throw flowForbidden();
  const own = await ownSide(db, flow, caller);
  const admin = caller.group === 'admin';
  const picksBank = admin && (flow.source === 'bankFloat' || flow.source === 'counterparty');
  const bankRows = picksBank
    ? await db
        .select({ code: banks.code, name: banks.name })
        .from(banks)
        .innerJoin(accounts, eq(accounts.id, banks.floatAccountId))
        // Deactivated banks leave the picker (they stay in reports).
        .where(eq(banks.active, true))
        .orderBy(asc(banks.name))
    : [];
  const partners =
    flow.source === 'partner'
      ? await db
          .select(accountFields)
          .from(accounts)
          .where(and(eq(accounts.kind, 'partner'), like(accounts.number, `${PAYROLL_PARTNER_PREFIX}%`)))
          .orderBy(asc(accounts.number))
      : [];
  const counterparties = await counterpartiesOf(db, flow, own);
  return {
    ownAccount: own ? partyView(own, caller) : null,
    banks: bankRows,
    partners: partners.map((p) => partyView(p, caller)),
    counterparties: counterparties.map((p) => partyView(p, caller)),
    approvalThreshold: settings.approvalThreshold,
    amountRange: amountRangeOf(await currentBands(db, flow.id), settings.maxAmount),
  };
}
