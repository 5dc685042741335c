import { sql } from 'drizzle-orm';
import { hasAdminMenu } from '../../../contract/groups';
import type { NetworkNode, NetworkRole } from '../../../contract/api/network';
import type { Db } from '../../db/database';
import { isoTimestamp, queryRows } from '../../db/query';
import type { SessionUser } from '../../lib/session-user';

interface NodeRow {
  id: number;
  parent_id: number | null;
  depth: number;
  number: string;
  label: string;
  phone: string | null;
  region: string | null;
  status: string;
  balance: string | number;
  last_activity_at: Date | string | null;
  credits_30d: string | number;
  debits_30d: string | number;
}

const ROLES: readonly NetworkRole[] = ['head', 'master', 'location'];

/**
 * The merchant chains (head, masters, locations) the caller may see: its own subtree for a
 * head, master or location user; every chain for the admin menu groups. A chain's head is a
 * merchant account without a parent that has children; depth gives the role.
 */
export async function loadNetworkTrees(db: Db, user: SessionUser, now: Date): Promise<NetworkNode[]> {
  const everyChain = hasAdminMenu(user.group);
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const rows = await queryRows<NodeRow>(
    db,
    sql`
      WITH RECURSIVE chain AS (
        SELECT a.id, a.parent_account_id AS parent_id, 0 AS depth
        FROM accounts a
        WHERE a.kind = 'merchant' AND a.parent_account_id IS NULL
          AND EXISTS (SELECT 1 FROM accounts c WHERE c.parent_account_id = a.id)
        UNION ALL
        SELECT c.id, c.parent_account_id, chain.depth + 1
        FROM accounts c JOIN chain ON c.parent_account_id = chain.id
        WHERE chain.depth < 5
      ),
      own AS (
        SELECT id FROM accounts WHERE owner_user_id = ${user.userId} AND id IN (SELECT id FROM chain)
        UNION
        SELECT c.id FROM accounts c JOIN own ON c.parent_account_id = own.id
      ),
      visible AS (
        SELECT id FROM chain WHERE ${everyChain ? sql`TRUE` : sql`FALSE`}
        UNION
        SELECT id FROM own
      )
      SELECT chain.id, chain.parent_id, chain.depth, a.number, a.label, a.phone, a.region, a.status, a.balance,
             a.last_activity_at,
             coalesce((SELECT sum(p.amount) FROM postings p WHERE p.account_id = a.id AND p.amount > 0
                         AND p.created_at >= ${since}::timestamptz), 0) AS credits_30d,
             coalesce((SELECT -sum(p.amount) FROM postings p WHERE p.account_id = a.id AND p.amount < 0
                         AND p.created_at >= ${since}::timestamptz), 0) AS debits_30d
      FROM chain JOIN accounts a ON a.id = chain.id
      WHERE chain.id IN (SELECT id FROM visible)
      ORDER BY chain.depth, a.number`,
  );

  const nodes = new Map<number, NetworkNode & { parentId: number | null }>();
  for (const row of rows) {
    nodes.set(Number(row.id), {
      parentId: row.parent_id === null ? null : Number(row.parent_id),
      number: row.number,
      name: row.label,
      phone: row.phone,
      region: row.region,
      status: row.status,
      role: ROLES[Math.min(Number(row.depth), ROLES.length - 1)] ?? 'location',
      balance: Number(row.balance),
      subtreeBalance: 0,
      credits30d: Number(row.credits_30d),
      debits30d: Number(row.debits_30d),
      lastActivityAt: row.last_activity_at === null ? null : isoTimestamp(row.last_activity_at),
      children: [],
    });
  }
  const roots: NetworkNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const total = (node: NetworkNode): number => {
    node.subtreeBalance = node.balance + node.children.reduce((sum, child) => sum + total(child), 0);
    return node.subtreeBalance;
  };
  for (const root of roots) total(root);
  // The parent link is an implementation detail of the assembly, not part of the answer.
  const strip = (node: NetworkNode & { parentId?: number | null }): NetworkNode => {
    const { parentId: _parent, ...rest } = node;
    return { ...rest, children: rest.children.map(strip) };
  };
  return roots.map(strip);
}
