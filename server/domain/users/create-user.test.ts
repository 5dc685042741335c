import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_GROUP_IDS } from '../../../contract/groups';
import { users } from '../../db/schema';
import { createTestApi, type TestApi } from '../../test/harness';
import { createUserWithOneTimePassword, type NewUser } from './create-user';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const create = (input: NewUser) =>
  createUserWithOneTimePassword(api.handle.db, input, {
    groupIds: PRIMARY_GROUP_IDS,
    channel: 'cli',
    actorUserId: null,
    now: api.clock.now(),
  });

describe('creating a user with a one-time password', () => {
  it('stores the user in its group, with its bank, bound to change the password', async () => {
    const created = await create({ username: 'bis-checker-2', group: 'bank', name: 'BIS Checker Two', bank: 'bis' });
    expect(created.oneTimePassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const [row] = await api.handle.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ groupId: 18, name: 'BIS Checker Two', mustChangePassword: true });
    expect(row?.bankId).toEqual(expect.any(Number));
    expect(row?.passwordHash).not.toContain(created.oneTimePassword);
    const { user } = await api.login('bis-checker-2', created.oneTimePassword);
    expect(user.mustChangePassword).toBe(true);
  });

  it('accepts a group by its id', async () => {
    expect((await create({ username: 'kyc-two', group: '27' })).group).toBe('kycAdmin');
  });

  it('refuses a taken username (any case), an unknown group and a bank user without a bank', async () => {
    await expect(create({ username: 'ADMIN', group: 'admin' })).rejects.toThrow(
      'The username "ADMIN" is already taken.',
    );
    await expect(create({ username: 'someone', group: 'wizard' })).rejects.toThrow('Unknown group "wizard"');
    await expect(create({ username: 'someone', group: '4242' })).rejects.toThrow('Unknown group "4242"');
    await expect(create({ username: 'someone', group: 'bank' })).rejects.toThrow('--bank');
    await expect(create({ username: 'someone', group: 'bank', bank: 'NOPE' })).rejects.toThrow('Unknown bank');
  });
});

describe('npm run user:create', () => {
  it('exits non-zero with a clear message for an unknown group or missing options', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/user-create.ts', ...args], {
        env: { PATH: process.env.PATH, DATA_DIR: '/nonexistent/never-opened' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const unknown = run('--username', 'x1', '--group', 'wizard');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown group "wizard". Groups: admin, agent');
    const missing = run('--username', 'x1');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('--username and --group are required');
  });
});
