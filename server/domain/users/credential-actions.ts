import type { Db } from '../../db/database';
import { removeTwoFactorOf } from '../two-factor/admin-reset';
import { unlock } from './actions';
import { type Audit, type findUser, setActive } from './write';

/** What an administrator may do to another user's sign-in (decision 031). */
export type CredentialAction = 'passwordReset' | 'twoFactorReset' | 'unlock' | 'reactivate';

type StoredUser = Awaited<ReturnType<typeof findUser>>;

/**
 * Each action but a password reset (whose password is made differently at once and at approval),
 * in the transaction that audits it: at once for a user who decides nothing, at a second
 * administrator's approval for one who does.
 */
export const APPLY_ACTION: Record<
  Exclude<CredentialAction, 'passwordReset'>,
  (tx: Db, user: StoredUser, now: Date, audit: Audit) => Promise<void>
> = {
  twoFactorReset: (tx, user, now, audit) => removeTwoFactorOf(tx, user, now, audit),
  unlock: (tx, user, _now, audit) => unlock(tx, user.id, audit),
  reactivate: (tx, user, now, audit) => setActive(tx, user.id, true, now, audit),
};
