import { type SQL, sql } from 'drizzle-orm';
import { matchPath } from '../../../contract/navigation/routes';
import { REPORTS, type ReportDef } from '../../../contract/reports';
import type { Db } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { SessionUser } from '../../lib/session-user';
import { accountWhere, transactionWhere } from './row-conditions';
import { checkAccess, resolveScope } from './scope';

/**
 * The rows a caller may open one by one: a transaction (alias t, with its sides joined as fa
 * and ta) or an account (alias a) is visible exactly when a report the caller can open lists
 * it, with that report's slice and row scope (docs/decisions/013-detail-pages-scoped-like-reports.md).
 */
export interface Visibility {
  transactions: SQL;
  accounts: SQL;
}

const anyOf = (arms: SQL[]): SQL => (arms.length === 0 ? sql`FALSE` : sql`(${sql.join(arms, sql` OR `)})`);

/** A report refused to the caller (another bank's, a member not theirs) lists nothing for them. */
async function refusedOrNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return null;
    throw error;
  }
}

/** The report's rows for the caller, once per member the menu links a member report to. */
async function armsOf(report: ReportDef, user: SessionUser, db: Db, linked: Record<string, string>[]): Promise<SQL[]> {
  if (report.source === 'aggregate') return [];
  if ((await refusedOrNull(() => checkAccess(report, user, db))) === null) return [];
  const members = report.scope === 'memberParam' ? linked.map((p) => p.memberId) : [undefined];
  const arms: SQL[] = [];
  for (const memberId of members) {
    const scope = await refusedOrNull(() => resolveScope(report, user, db, memberId));
    if (!scope) continue;
    if (report.source === 'transactions') arms.push(transactionWhere(report, {}, scope, null));
    else if (report.source === 'accounts') arms.push(accountWhere(report, {}, scope, 'accounts'));
    else
      arms.push(
        sql`(${accountWhere(report, {}, scope, 'closures')} AND EXISTS (SELECT 1 FROM closure_requests c WHERE c.account_id = a.id))`,
      );
  }
  return arms;
}

/** What the caller's reports list, given the links of the caller's menu. */
export async function visibleRows(db: Db, user: SessionUser, links: readonly string[]): Promise<Visibility> {
  const transactions: SQL[] = [];
  const accounts: SQL[] = [];
  for (const report of REPORTS) {
    const linked = links.flatMap((link) => {
      const params = matchPath(report.path, link);
      return params ? [params] : [];
    });
    if (linked.length === 0 || !report.groups.includes(user.group)) continue;
    const arms = await armsOf(report, user, db, linked);
    (report.source === 'transactions' ? transactions : accounts).push(...arms);
  }
  return { transactions: anyOf(transactions), accounts: anyOf(accounts) };
}
