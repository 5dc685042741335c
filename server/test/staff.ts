import { PRIMARY_GROUP_IDS } from '../../contract/groups';
import { createUserWithOneTimePassword } from '../domain/users/create-user';
import type { TestApi } from './harness';

/** A password of one's own that passes the password rule. */
export const OWN_PASSWORD = 'Baobab-Tiled-Ferry-42';

/** Signs in with a one-time password and sets the user's own, as the dashboard does; returns the session. */
export async function firstSignIn(api: TestApi, username: string, oneTimePassword: string): Promise<string> {
  const { token } = await api.login(username, oneTimePassword);
  const changed = await api.call('POST', '/rest/auth/password', {
    token,
    json: { currentPassword: oneTimePassword, newPassword: OWN_PASSWORD },
  });
  if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  return token;
}

/**
 * Another administrator, made as `npm run user:create` makes the first ones, signed in with a
 * password of their own: the demo has two users with the admin menu, and a change of one of them
 * needs a maker and a checker who are neither.
 */
export async function anotherAdmin(api: TestApi, username: string): Promise<string> {
  const made = await createUserWithOneTimePassword(
    api.handle.db,
    { username, group: 'admin', name: 'Omar Diallo' },
    { groupIds: PRIMARY_GROUP_IDS, channel: 'cli', actorUserId: null, now: api.clock.now() },
  );
  return firstSignIn(api, username, made.oneTimePassword);
}
