import type { Context } from 'hono';
import { mayReview } from '../../../contract/kyc';
import { type HeldItem, type PresenceKind, presenceKey } from '../../../contract/presence';
import type { AppDeps, AppEnv } from '../../http/env';
import { reviewableAccount } from '../../domain/kyc/access';
import { announce, heldByOthers } from '../../domain/presence/presence';
import { notFoundError } from '../../lib/api-error';
import type { SessionUser } from '../../lib/session-user';
import { waitingSnapshot } from './list';

/**
 * Presence on the items the caller may open (docs/decisions/050-who-has-this-open.md): a KYC
 * case of a kind its group reviews, an inbox request its inbox lists. Nobody learns who has an
 * item open, nor that it exists, through presence when they could not open it themselves.
 */

/** What the caller sees held by others, one entry per item; `listed` is what its inbox lists now. */
export async function heldForCaller(deps: AppDeps, user: SessionUser, listed: Set<string>): Promise<HeldItem[]> {
  const items = new Map<string, HeldItem>();
  for (const holder of await heldByOthers(deps.db, user.userId, deps.clock.now())) {
    const visible =
      holder.kind === 'kyc'
        ? holder.accountKind !== null && mayReview(user.group, holder.accountKind)
        : listed.has(presenceKey(holder.kind, holder.id));
    if (!visible) continue;
    const key = presenceKey(holder.kind, holder.id);
    const item = items.get(key) ?? { kind: holder.kind, id: holder.id, by: [] };
    item.by.push(holder.name);
    items.set(key, item);
  }
  return [...items.values()];
}

/** Says the caller holds the item, once it is one the caller may open. */
export async function announceOpen(c: Context<AppEnv>, kind: PresenceKind, id: string) {
  const deps = c.get('deps');
  const user = c.get('user');
  if (kind === 'kyc') {
    await reviewableAccount(deps.db, user, id);
  } else if (!(await waitingSnapshot(deps.db, user)).listed.has(presenceKey(kind, id))) {
    throw notFoundError('There is no waiting request with this id that you may see.');
  }
  return announce(deps.db, user.userId, kind, id, deps.clock.now());
}
