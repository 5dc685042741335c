import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { PRESENCE_TTL_MS, type PresenceKind } from '../../../contract/presence';
import type { Db } from '../../db/database';
import { queryRows } from '../../db/query';
import { itemPresence } from '../../db/schema';

/**
 * Who has which item open (docs/decisions/050-who-has-this-open.md), read and written by every
 * replica through the one table. A holder counts while its last word is younger than
 * PRESENCE_TTL_MS by the app's clock, so tests move time rather than wait.
 */

const freshSince = (now: Date) => new Date(now.getTime() - PRESENCE_TTL_MS);

/** Account numbers are stored as the accounts table spells them, whatever the URL said. */
const storedId = (kind: PresenceKind, id: string) => (kind === 'kyc' ? id.toUpperCase() : id);

export async function announce(db: Db, holderUserId: number, kind: PresenceKind, id: string, now: Date) {
  const itemId = storedId(kind, id);
  await db
    .insert(itemPresence)
    .values({ holderUserId, kind, itemId, seenAt: now })
    .onConflictDoUpdate({
      target: [itemPresence.holderUserId, itemPresence.kind, itemPresence.itemId],
      set: { seenAt: now },
    });
  // Those who left without a word are cleared here rather than by a background job.
  await db.delete(itemPresence).where(lt(itemPresence.seenAt, freshSince(now)));
  return { kind, id: itemId };
}

export async function withdraw(db: Db, holderUserId: number, kind: PresenceKind, id: string) {
  const itemId = storedId(kind, id);
  await db
    .delete(itemPresence)
    .where(
      and(eq(itemPresence.holderUserId, holderUserId), eq(itemPresence.kind, kind), eq(itemPresence.itemId, itemId)),
    );
  return { kind, id: itemId };
}

/** One live holder of an item other than the caller; `accountKind` is a KYC case's, for who may see it. */
export interface OtherHolder {
  kind: PresenceKind;
  id: string;
  name: string;
  accountKind: string | null;
}

/** Everyone else's live holds, the caller's own never among them (another tab of theirs is still them). */
export async function heldByOthers(db: Db, callerUserId: number, now: Date): Promise<OtherHolder[]> {
  const rows = await queryRows<{ kind: PresenceKind; id: string; name: string; account_kind: string | null }>(
    db,
    sql`SELECT p.kind, p.item_id AS id, u.name, a.kind AS account_kind
        FROM item_presence p
        JOIN users u ON u.id = p.holder_user_id
        LEFT JOIN accounts a ON p.kind = 'kyc' AND a.number = p.item_id
        WHERE p.holder_user_id <> ${callerUserId} AND p.seen_at >= ${freshSince(now).toISOString()}::timestamptz
        ORDER BY p.kind, p.item_id, u.name`,
  );
  return rows.map((r) => ({ kind: r.kind, id: r.id, name: r.name, accountKind: r.account_kind }));
}

/** For a list of KYC cases: the account (its number at `number`) is not open in someone else's tab. */
export function notHeldByOthers(number: SQL, callerUserId: number, now: Date): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM item_presence hp
    WHERE hp.kind = 'kyc' AND hp.item_id = ${number} AND hp.holder_user_id <> ${callerUserId}
      AND hp.seen_at >= ${freshSince(now).toISOString()}::timestamptz)`;
}
