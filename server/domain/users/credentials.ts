import type { Context } from 'hono';
import type { StaffChangeKind } from '../../../contract/staff-users';
import type { StaffChangeWaiting } from '../../../contract/api/users';
import { type AuditEntry, recordAudit } from '../audit/record';
import type { AppEnv } from '../../http/env';
import { issueOneTimePassword } from './one-time-password';
import { checkResettable } from '../two-factor/admin-reset';
import { resetPassword } from './actions';
import { ask } from './changes';
import { APPLY_ACTION, type CredentialAction } from './credential-actions';
import { decides } from './reach';
import { alreadyInState, findUser, refuseWhileWaiting, userSubject } from './write';

/**
 * A password reset, a two-factor reset, an unlock or a reactivation (decision 031): at once for a
 * user who decides nothing; for a deciding user, a change request a second administrator decides,
 * and a password reset comes in two halves, one for each administrator.
 */
type StoredUser = Awaited<ReturnType<typeof findUser>>;

const CREDENTIAL_KINDS = {
  passwordReset: 'user.passwordReset',
  twoFactorReset: 'user.twoFactorReset',
  unlock: 'user.unlock',
  reactivate: 'user.reactivate',
} as const satisfies Record<CredentialAction, StaffChangeKind>;

/** What the checker reads in the inbox (stored once, in English like the trail). */
const SUMMARIES: Record<CredentialAction, string> = {
  passwordReset: 'Reset password of',
  twoFactorReset: 'Reset two-factor sign-in of',
  unlock: 'Unlock sign-in of',
  reactivate: 'Reactivate',
};

/** Refused when asked, not only at approval: what is already so, or has nothing to change. */
async function checkAsked(c: Context<AppEnv>, user: StoredUser, action: CredentialAction) {
  if (action === 'twoFactorReset') await checkResettable(c.get('deps').db, user, c.get('user').userId);
  if (action === 'reactivate' && !user.deactivatedAt) throw alreadyInState(user.username, true);
}

export type CredentialChange = { applied: true; oneTimePassword?: string } | StaffChangeWaiting;

export async function changeCredential(
  c: Context<AppEnv>,
  userId: number,
  action: CredentialAction,
): Promise<CredentialChange> {
  const { db, clock, groupIds } = c.get('deps');
  const user = await findUser(db, userId);
  await checkAsked(c, user, action);
  if (decides(user, groupIds)) {
    return ask(
      c,
      {
        kind: CREDENTIAL_KINDS[action],
        subject: userSubject(user.id),
        summary: `${SUMMARIES[action]} ${user.username} (${user.name})`,
        payload: { userId: user.id },
      },
      { firstHalf: action === 'passwordReset' },
    );
  }
  // A user who decides nothing: at once, the whole one-time password shown to the maker.
  const issued = action === 'passwordReset' ? await issueOneTimePassword() : null;
  await db.transaction(async (tx) => {
    await refuseWhileWaiting(tx, user.id);
    const audit = (e: AuditEntry) => recordAudit(c, tx, e);
    if (action !== 'passwordReset') await APPLY_ACTION[action](tx, user, clock.now(), audit);
    else if (issued) await resetPassword(tx, user.id, issued.passwordHash, clock.now(), audit);
  });
  return issued ? { applied: true, oneTimePassword: issued.password } : { applied: true };
}
