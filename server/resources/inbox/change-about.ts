import { eq } from 'drizzle-orm';
import type { InboxChange } from '../../../contract/api/inbox-change';
import type { ChangeKind } from '../../../contract/change-requests';
import { feeScheduleLink, limitsLink, newStaffUserLink, staffUserLink } from '../../../contract/navigation/item-links';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

const field = (payload: unknown, name: string): unknown =>
  typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[name] : undefined;

/** The staff user a change names: as they are now, or as asked for a user not created yet. */
async function staffUser(db: Db, payload: unknown): Promise<InboxChange['user']> {
  const id = field(payload, 'userId');
  if (typeof id === 'number') {
    const [user] = await db
      .select({ id: users.id, username: users.username, name: users.name })
      .from(users)
      .where(eq(users.id, id));
    return user ?? null;
  }
  const [username, name] = [field(payload, 'username'), field(payload, 'name')];
  return typeof username === 'string' ? { id: null, username, name: typeof name === 'string' ? name : '' } : null;
}

/** The page that opens the item itself: its flow's fees, the limits, its user. */
function linkOf(change: InboxChange): string | null {
  if (change.kind === 'limits.update') return limitsLink();
  if (change.flow) return feeScheduleLink(change.flow);
  if (change.user?.id) return staffUserLink(change.user.id);
  return change.user ? newStaffUserLink(change.user.username) : null;
}

/**
 * An administrative change as the inbox gives it, read from its payload (or what an expiry record
 * kept of it): what it is about, as data the dashboard words, and the link that opens that item.
 */
export async function changeAbout(
  db: Db,
  kind: ChangeKind,
  payload: unknown,
): Promise<{ change: InboxChange; detailPath: string | null }> {
  const flow = field(payload, 'flowId');
  const change: InboxChange = {
    kind,
    user: kind.startsWith('user.') ? await staffUser(db, payload) : null,
    flow: typeof flow === 'string' ? flow : null,
  };
  return { change, detailPath: linkOf(change) };
}
