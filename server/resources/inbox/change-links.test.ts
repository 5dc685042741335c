/**
 * An administrative change in the inbox says what it is about as data the dashboard words in the
 * reader's language, and links to the item itself: its flow's fees, the limits, its staff user.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeeScheduleView } from '../../../contract/api/fees';
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import type { StaffUserPage } from '../../../contract/api/users';
import type { TransferLimits } from '../../../contract/change-requests';
import { users } from '../../db/schema';
import { createTestApi, type TestApi } from '../../test/harness';

let api: TestApi;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor']) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const call = <T>(method: string, path: string, json?: unknown, user = 'admin') =>
  api.call<{ payload: T }>(method, `/rest/${path}`, { token: tokens[user], json });

async function asked(res: { status: number; body: unknown }): Promise<InboxItem> {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = String((res.body as { payload: { changeRequestId: number } }).payload.changeRequestId);
  const inbox = await call<InboxPage>('GET', 'inbox', undefined, 'network-supervisor');
  const item = inbox.body.payload.rows.find((r) => r.kind === 'change' && r.id === id);
  expect(item, `change ${id}`).toBeDefined();
  return item as InboxItem;
}

async function staffUser(username: string) {
  const [row] = await api.handle.db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

describe('an administrative change in the inbox', () => {
  it('names a fee change’s flow and links to that flow’s fees', async () => {
    const { schedules } = (await call<{ schedules: FeeScheduleView[] }>('GET', 'fees')).body.payload;
    const bands = (schedules.find((s) => s.flowId === 'cash-out')?.bands ?? []).map((b) => ({
      ...b,
      fixedFee: b.fixedFee + 5,
    }));
    const item = await asked(await call('PUT', 'fees/cash-out', { bands }));
    expect(item.change).toEqual({ kind: 'fees.schedule', user: null, flow: 'cash-out' });
    expect(item.detailPath).toBe('/fees?service=cash-out');
    // Older clients still read the English summary.
    expect(item.party).toMatch(/^Cash Out fees: /);
  });

  it('links a limits change to the limits', async () => {
    const now = (await call<TransferLimits>('GET', 'settings/limits')).body.payload;
    const item = await asked(
      await call('PUT', 'settings/limits', { ...now, approvalThreshold: now.approvalThreshold + 1_000 }),
    );
    expect(item.change).toEqual({ kind: 'limits.update', user: null, flow: null });
    expect(item.detailPath).toBe('/fees?section=limits');
  });

  it('names the staff user a reset is about and links to that user', async () => {
    const checker = await staffUser('bank-checker');
    const item = await asked(await call('POST', `users/${checker.id}/password-reset`));
    expect(item.change).toEqual({ kind: 'user.passwordReset', user: checker, flow: null });
    expect(item.detailPath).toBe(`/users?user=${checker.id}`);
  });

  it('has the user list answer only the user such a link opens', async () => {
    const checker = await staffUser('bank-checker');
    const res = await call<StaffUserPage>('GET', `users?id=${checker.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload.rows.map((u) => u.username)).toEqual(['bank-checker']);
    expect(res.body.payload.total).toBe(1);
  });

  it('names a user to create by the username asked and links to the list searched for it', async () => {
    const item = await asked(
      await call('POST', 'users', { username: 'omar.diallo', name: 'Omar Diallo', group: 'admin' }),
    );
    expect(item.change).toEqual({
      kind: 'user.create',
      user: { id: null, username: 'omar.diallo', name: 'Omar Diallo' },
      flow: null,
    });
    expect(item.detailPath).toBe('/users?q=omar.diallo');
  });

  it('gives every other kind no change', async () => {
    const inbox = await call<InboxPage>('GET', 'inbox', undefined, 'network-supervisor');
    for (const row of inbox.body.payload.rows) expect(row.change === null).toBe(row.kind !== 'change');
  });
});
