import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CHECK_MS } from '../../../contract/api/inbox';
import type { KycListPage } from '../../../contract/api/kyc';
import { CHANNEL, HEADER } from '../../../contract/http';
import { type HeldItem, PRESENCE_EVENT, PRESENCE_TTL_MS, type PresenceKind } from '../../../contract/presence';
import { createTestApi, type TestApi } from '../../test/harness';
import { firstAccount, withDocuments } from '../../test/kyc-fixtures';
import { findCustomer, transferClient } from '../../test/transfers';

let api: TestApi;
const USERS = ['admin', 'kyc-admin', 'network-supervisor', 'bank-checker', 'agent'] as const;
type User = (typeof USERS)[number];
const tokens = {} as Record<User, string>;

beforeAll(async () => {
  api = await createTestApi();
  for (const user of USERS) tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

const presence = (user: User, method: 'PUT' | 'DELETE', kind: PresenceKind, id: string) =>
  api.call<{ payload: { kind: string; id: string } }>(method, `/rest/presence/${kind}/${id}`, { token: tokens[user] });

/** Waits, in real time, for the stream's database calls; the app's clock does not move. */
async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** The user's inbox stream, read in the background; `held()` is its latest presence event. */
async function openStream(user: User) {
  const res = await api.request('/rest/inbox/stream', {
    headers: { [HEADER.sessionToken]: tokens[user], [HEADER.channel]: CHANNEL.dashboard },
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const events: HeldItem[][] = [];
  let text = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      text += new TextDecoder().decode(value);
      const parts = text.split('\n\n');
      text = parts.pop() ?? '';
      for (const part of parts) {
        if (!part.includes(`event: ${PRESENCE_EVENT}`)) continue;
        events.push((JSON.parse(part.split('data: ')[1] ?? '{}') as { held: HeldItem[] }).held);
      }
    }
  })();
  await until(() => events.length > 0);
  return {
    held: () => events.at(-1) ?? [],
    events,
    close: () => reader.cancel().catch(() => undefined),
  };
}

/** What `user` is told others hold, from a stream opened now. */
async function heldAsSeenBy(user: User) {
  const stream = await openStream(user);
  await stream.close();
  return stream.held();
}

const holdersOf = (held: HeldItem[], kind: PresenceKind, id: string) =>
  held.find((h) => h.kind === kind && h.id === id)?.by ?? [];

describe('who has a KYC case open', () => {
  it('is told to another reviewer by name, never to the holder as someone else', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    expect((await presence('admin', 'PUT', 'kyc', number.toLowerCase())).status).toBe(200);
    expect(holdersOf(await heldAsSeenBy('kyc-admin'), 'kyc', number)).toEqual(['Awa Ndiaye']);
    expect(holdersOf(await heldAsSeenBy('admin'), 'kyc', number)).toEqual([]);
    // Both at once: each sees the other only.
    expect((await presence('kyc-admin', 'PUT', 'kyc', number)).status).toBe(200);
    expect(holdersOf(await heldAsSeenBy('admin'), 'kyc', number)).toEqual(['Fatou Sow']);
    expect(holdersOf(await heldAsSeenBy('network-supervisor'), 'kyc', number)).toEqual(['Awa Ndiaye', 'Fatou Sow']);
    await presence('admin', 'DELETE', 'kyc', number);
    await presence('kyc-admin', 'DELETE', 'kyc', number);
  });

  it('is gone by itself once the holder’s tab stops saying so, and stays while it does', async () => {
    const number = await firstAccount(api, sql`a.kind = 'merchant'`);
    await presence('admin', 'PUT', 'kyc', number);
    api.clock.advance(PRESENCE_TTL_MS - 1_000);
    expect(holdersOf(await heldAsSeenBy('kyc-admin'), 'kyc', number)).toEqual(['Awa Ndiaye']);
    await presence('admin', 'PUT', 'kyc', number);
    api.clock.advance(PRESENCE_TTL_MS - 1_000);
    expect(holdersOf(await heldAsSeenBy('kyc-admin'), 'kyc', number)).toEqual(['Awa Ndiaye']);
    api.clock.advance(1_001);
    expect(holdersOf(await heldAsSeenBy('kyc-admin'), 'kyc', number)).toEqual([]);
  });

  it('leaves an open stream within one session check of the holder leaving', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    await presence('admin', 'PUT', 'kyc', number);
    const stream = await openStream('kyc-admin');
    expect(holdersOf(stream.held(), 'kyc', number)).toEqual(['Awa Ndiaye']);
    expect((await presence('admin', 'DELETE', 'kyc', number)).status).toBe(200);
    const seen = stream.events.length;
    await until(() => api.clock.sleeping() > 0);
    api.clock.advance(SESSION_CHECK_MS);
    await until(() => stream.events.length > seen);
    expect(holdersOf(stream.held(), 'kyc', number)).toEqual([]);
    await stream.close();
  });

  it('is said and seen only by those who may review the account', async () => {
    const agentAccount = await firstAccount(api, sql`a.kind = 'agent'`);
    const customer = await firstAccount(api, withDocuments('customer'));
    // No KYC page in the menu; a group that does not review agents; an account outside KYC.
    expect((await presence('agent', 'PUT', 'kyc', customer)).status).toBe(403);
    expect((await presence('kyc-admin', 'PUT', 'kyc', agentAccount)).status).toBe(403);
    expect((await presence('admin', 'PUT', 'kyc', 'SYS-NOPE')).status).toBe(404);
    // An agent's case open: the KYC admin, who does not review agents, is not told.
    await presence('admin', 'PUT', 'kyc', agentAccount);
    expect(holdersOf(await heldAsSeenBy('network-supervisor'), 'kyc', agentAccount)).toEqual(['Awa Ndiaye']);
    expect(holdersOf(await heldAsSeenBy('kyc-admin'), 'kyc', agentAccount)).toEqual([]);
    await presence('admin', 'DELETE', 'kyc', agentAccount);
  });
});

describe('"approve and next"', () => {
  const oldestPending = async (user: User, skipHeld: boolean) => {
    const query = `kycStatus=pending&sort=createdAt&dir=asc&pageSize=5${skipHeld ? '&skipHeld=true' : ''}`;
    const res = await api.call<{ payload: KycListPage }>('GET', `/rest/kyc/customers?${query}`, {
      token: tokens[user],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload.rows.map((r) => r.number);
  };

  it('goes past the cases someone else has open, not past one’s own', async () => {
    const [first, second] = await oldestPending('kyc-admin', false);
    await presence('admin', 'PUT', 'kyc', first as string);
    expect((await oldestPending('kyc-admin', true))[0]).toBe(second);
    expect((await oldestPending('kyc-admin', false))[0]).toBe(first);
    expect((await oldestPending('admin', true))[0]).toBe(first);
    // A hold nobody refreshed holds nothing.
    api.clock.advance(PRESENCE_TTL_MS + 1);
    expect((await oldestPending('kyc-admin', true))[0]).toBe(first);
  });
});

describe('who has an inbox request open', () => {
  it('is told to those whose inbox lists it, and said only by them', async () => {
    const customer = await findCustomer(api.handle.db);
    const made = await transferClient(api).submit('admin', 'admin-cash-in', {
      counterparty: customer.number,
      amount: 2_500,
      source: 'BBG',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = String((made.body.payload as { approvalId: number }).approvalId);
    expect((await presence('network-supervisor', 'PUT', 'transfer', id)).status).toBe(200);
    expect(holdersOf(await heldAsSeenBy('admin'), 'transfer', id)).toEqual(['Abdoulaye Kane']);
    // Another bank's checker lists nothing of the administrators' cash-ins: not told, may not say.
    expect(holdersOf(await heldAsSeenBy('bank-checker'), 'transfer', id)).toEqual([]);
    expect((await presence('bank-checker', 'PUT', 'transfer', id)).status).toBe(404);
    expect((await presence('kyc-admin', 'PUT', 'transfer', id)).status).toBe(403);
    expect((await presence('network-supervisor', 'DELETE', 'transfer', id)).status).toBe(200);
    expect(holdersOf(await heldAsSeenBy('admin'), 'transfer', id)).toEqual([]);
  });
});

describe('presence across replicas', () => {
  it('is said to one server and told by another: it lives in the database they share', async () => {
    const number = await firstAccount(api, sql`a.kind = 'customer' AND a.kyc_status <> 'pending'`);
    const [one, other] = [api.derive(), api.derive()];
    const holder = (await one.login('admin')).token;
    const viewer = (await other.login('kyc-admin')).token;
    expect((await one.call('PUT', `/rest/presence/kyc/${number}`, { token: holder })).status).toBe(200);
    const res = await other.request('/rest/inbox/stream', {
      headers: { [HEADER.sessionToken]: viewer, [HEADER.channel]: CHANNEL.dashboard },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!text.includes(`event: ${PRESENCE_EVENT}`)) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    const held = (
      JSON.parse(text.split(`event: ${PRESENCE_EVENT}\ndata: `)[1]?.split('\n')[0] ?? '{}') as {
        held: HeldItem[];
      }
    ).held;
    expect(holdersOf(held, 'kyc', number)).toEqual(['Awa Ndiaye']);
    await Promise.all([one.close(), other.close()]);
  });
});
