import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxPage } from '../../../contract/api/inbox';
import { queryRows } from '../../db/query';
import { users } from '../../db/schema';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { requestChange } from './requests';

/**
 * Administrative changes wait for a second administrator in the inbox; limits are the first
 * kind, so they show the whole round: asked, listed, refused to the maker, approved, in force.
 */
let api: TestApi;
const tokens: Record<string, string> = {};
const USERS = ['admin', 'network-supervisor', 'bank-checker', 'support-plus'];

beforeAll(async () => {
  api = await createTestApi();
  for (const user of USERS) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const call = <T>(user: string, method: string, path: string, json?: unknown) =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: tokens[user], json });
const inbox = async (user: string) => (await call<InboxPage>(user, 'GET', 'inbox')).body.payload;
const threshold = async () =>
  (await call<{ approvalThreshold: number }>('admin', 'GET', 'transfers/admin-cash-in/options')).body.payload
    .approvalThreshold;

async function userId(username: string): Promise<number> {
  const [row] = await api.handle.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

async function askLimits(approvalThreshold: number) {
  return requestChange(api.handle.db, {
    kind: 'limits.update',
    subject: 'limits',
    summary: `Approval threshold ${approvalThreshold} XOF`,
    payload: { approvalThreshold, customerDailyLimit: 2_000_000, maxTransfer: 50_000_000 },
    makerUserId: await userId('admin'),
    now: api.clock.now(),
  });
}

describe('administrative changes in the inbox', () => {
  it('waits for another administrator, then puts new limits in force', async () => {
    const before = await threshold();
    const { id } = await askLimits(before + 250_000);
    expect(await threshold(), 'nothing changes before the decision').toBe(before);

    const mine = (await inbox('admin')).rows.find((r) => r.kind === 'change' && r.id === String(id));
    expect(mine).toMatchObject({ mine: true, canDecide: false, subject: 'limits.update', decider: 'second-admin' });
    const theirs = (await inbox('network-supervisor')).rows.find((r) => r.kind === 'change' && r.id === String(id));
    expect(theirs).toMatchObject({ mine: false, canDecide: true, party: `Approval threshold ${before + 250_000} XOF` });
    expect((await inbox('network-supervisor')).waiting.change).toBe(1);

    expectFailure(
      await call('admin', 'POST', `inbox/change/${id}/decision`, { decision: 'approve' }),
      403,
      'SELF_APPROVAL',
    );
    const approved = await call('network-supervisor', 'POST', `inbox/change/${id}/decision`, { decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await threshold()).toBe(before + 250_000);

    expectFailure(
      await call('network-supervisor', 'POST', `inbox/change/${id}/decision`, {
        decision: 'reject',
        reason: 'Too late now',
      }),
      409,
      'CHANGE_ALREADY_DECIDED',
    );
    const trail = await queryRows<{ action: string }>(
      api.handle.db,
      sql`SELECT action FROM audit_events WHERE target_type IN ('change', 'limits') ORDER BY id`,
    );
    expect(trail.map((t) => t.action)).toEqual(['limits.update', 'change.approve']);
  });

  it('keeps one waiting change per subject, and a rejection says why and changes nothing', async () => {
    const before = await threshold();
    const { id } = await askLimits(before + 1);
    await expect(askLimits(before + 2)).rejects.toMatchObject({ code: 'CHANGE_PENDING' });

    expectFailure(
      await call('network-supervisor', 'POST', `inbox/change/${id}/decision`, { decision: 'reject' }),
      400,
      'VALIDATION_FAILED',
    );
    const rejected = await call('network-supervisor', 'POST', `inbox/change/${id}/decision`, {
      decision: 'reject',
      reason: 'Keep the threshold as it is',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(await threshold()).toBe(before);
    expect((await inbox('network-supervisor')).rows.some((r) => r.kind === 'change')).toBe(false);
  });

  it('refuses limits that contradict each other', async () => {
    await expect(askLimits(60_000_000)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('shows administrative changes to administrators only', async () => {
    const { id } = await askLimits(1_500_000);
    for (const user of ['bank-checker', 'support-plus']) {
      const page = await call<InboxPage>(user, 'GET', 'inbox');
      if (page.status === 200) expect(page.body.payload.rows.some((r) => r.kind === 'change')).toBe(false);
    }
    expectFailure(
      await call('support-plus', 'POST', `inbox/change/${id}/decision`, { decision: 'approve' }),
      403,
      'FORBIDDEN',
    );
  });
});
