import { type SQL, sql } from 'drizzle-orm';
import type { GroupKey } from '../../../contract/groups';
import type { Network } from '../../../contract/ledger';
import type { ReportDef } from '../../../contract/reports';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { forbiddenError, ApiError } from '../../lib/api-error';
import type { SessionUser } from '../../lib/session-user';

/** Network masters see their own network; the EDK master sees the whole EDK family. */
const MASTER_NETWORKS: Partial<Record<GroupKey, readonly Network[]>> = {
  edkMaster: ['edk-distribution', 'tefess', 'low-price', 'djoloff'],
  tefessMaster: ['tefess'],
  lowPriceMaster: ['low-price'],
  djoloffMaster: ['djoloff'],
};

/** The rows a caller may see, as SQL over the report's source (aliases t, fa, ta / a). */
export interface ResolvedScope {
  transactions: SQL;
  accounts: SQL;
}

const everything: ResolvedScope = { transactions: sql`TRUE`, accounts: sql`TRUE` };

export async function checkAccess(report: ReportDef, user: SessionUser, db: Db): Promise<void> {
  if (!report.groups.includes(user.group)) {
    throw forbiddenError('Your user group may not open this report.');
  }
  // A bank user may only open the report of its own bank.
  const bankCode = 'slice' in report ? report.slice.bankCode : undefined;
  if (bankCode && user.group !== 'admin') {
    const rows = await queryRows<{ code: string }>(db, sql`SELECT code FROM banks WHERE id = ${user.bankId ?? -1}`);
    if (rows[0]?.code !== bankCode) throw forbiddenError('This report belongs to another bank.');
  }
}

export async function resolveScope(
  report: ReportDef,
  user: SessionUser,
  db: Db,
  memberId: string | undefined,
): Promise<ResolvedScope> {
  if (report.scope === 'memberParam') {
    if (!memberId) throw new ApiError(400, 'MEMBER_REQUIRED', 'Member required', 'Choose a member for this report.');
    if (user.group !== 'admin') {
      const rows = await queryRows(
        db,
        sql`SELECT 1 FROM associated_members WHERE broker_user_id = ${user.userId} AND member_id = ${memberId}`,
      );
      if (rows.length === 0) throw forbiddenError('This member is not associated with your account.');
    }
    return { transactions: sql`t.member_id = ${memberId}`, accounts: sql`a.member_id = ${memberId}` };
  }
  if (user.group === 'admin' || report.scope === 'all') return everything;

  const own = sql`(SELECT id FROM accounts WHERE owner_user_id = ${user.userId})`;
  switch (report.scope) {
    case 'ownAccounts':
    case 'ownStation':
      return {
        transactions: sql`(t.from_account_id IN ${own} OR t.to_account_id IN ${own})`,
        accounts: sql`a.owner_user_id = ${user.userId}`,
      };
    case 'receivedByOwn':
      return { transactions: sql`t.to_account_id IN ${own}`, accounts: sql`a.owner_user_id = ${user.userId}` };
    case 'ownBank':
      if (user.bankId === null) return { transactions: sql`FALSE`, accounts: sql`FALSE` };
      return { transactions: sql`t.bank_id = ${user.bankId}`, accounts: sql`a.bank_id = ${user.bankId}` };
    case 'ownNetwork': {
      const networks = MASTER_NETWORKS[user.group];
      if (!networks) return everything;
      const list = sql.join(
        networks.map((n) => sql`${n}`),
        sql`, `,
      );
      return { transactions: sql`t.network IN (${list})`, accounts: sql`a.network IN (${list})` };
    }
    case 'ownSubtree': {
      const subtree = sql`(
        WITH RECURSIVE tree AS (
          SELECT id FROM accounts WHERE owner_user_id = ${user.userId}
          UNION SELECT c.id FROM accounts c JOIN tree ON c.parent_account_id = tree.id
        ) SELECT id FROM tree)`;
      return {
        transactions: sql`(t.from_account_id IN ${subtree} OR t.to_account_id IN ${subtree})`,
        accounts: sql`a.id IN ${subtree}`,
      };
    }
  }
  return everything;
}
