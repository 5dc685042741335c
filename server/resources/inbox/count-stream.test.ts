import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECHECK_MS } from '../../../contract/api/inbox';
import { CHANNEL, HEADER } from '../../../contract/http';
import { queryRows } from '../../db/query';
import { createTestApi, type TestApi } from '../../test/harness';
import { findCustomer, transferClient } from '../../test/transfers';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const STEP_MS = 1_000;
/** Longer than any stream should take to notice; a stream still open after it never will. */
const GIVE_UP_MS = 20_000;

/** Waits, in real time, for work under way (database calls) to reach `done`; the clock does not move. */
async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** An open inbox stream of `site`'s app, read to its end in the background. */
async function openStream(site: TestApi, token: string) {
  const res = await site.request('/rest/inbox/stream', {
    headers: { [HEADER.sessionToken]: token, [HEADER.channel]: CHANNEL.dashboard },
  });
  expect(res.status).toBe(200);
  let ended = false;
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const events: string[] = [];
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      events.push(new TextDecoder().decode(value));
    }
    ended = true;
  })();
  await until(() => events.length > 0);
  return {
    res,
    events,
    ended: () => ended,
    /**
     * Moves the clock a second at a time, each time once the stream sleeps on it, until the
     * stream ends: how long that took on the clock (Infinity past GIVE_UP_MS).
     */
    async clockTimeToEnd() {
      for (let elapsed = 0; elapsed <= GIVE_UP_MS; elapsed += STEP_MS) {
        await until(() => ended || site.clock.sleeping() > 0);
        if (ended) return elapsed;
        site.clock.advance(STEP_MS);
      }
      await reader.cancel();
      return Number.POSITIVE_INFINITY;
    },
  };
}

const userId = async (username: string) =>
  (await queryRows<{ id: number }>(api.handle.db, sql`SELECT id FROM users WHERE username = ${username}`))[0]?.id;

describe('the inbox event stream follows the list', () => {
  it('sends an event when what the inbox lists changes, even when the count does not', async () => {
    const site = api.derive();
    const { token } = await site.login('admin');
    const stream = await openStream(site, token);
    // The same stream also says who holds what (presence events): only count events are counted.
    const counts = () =>
      stream.events
        .join('')
        .split('\n\n')
        .filter((e) => e.startsWith('event: count'));
    await until(() => counts().length > 0);
    const first = counts()[0] as string;
    // The maker's own request is listed for it but never counted: only the version moves.
    const customer = await findCustomer(api.handle.db);
    const made = await transferClient(site).submit('admin', 'admin-cash-in', {
      counterparty: customer.number,
      amount: 1_500,
      source: 'BBG',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (let i = 0; i * STEP_MS <= RECHECK_MS && counts().length < 2; i++) {
      await until(() => site.clock.sleeping() > 0);
      site.clock.advance(STEP_MS);
      await until(() => counts().length > 1 || site.clock.sleeping() > 0);
    }
    expect(counts()).toHaveLength(2);
    const countOf = (event: string) => (JSON.parse(event.split('data: ')[1] ?? '{}') as { count: number }).count;
    expect(countOf(counts()[1] as string)).toBe(countOf(first));
    await stream.res.body?.cancel().catch(() => undefined);
    await site.close();
  });
});

describe('the inbox event stream ends with its session', () => {
  it('is never stored, and stays open while its session holds', async () => {
    const site = api.derive();
    const stream = await openStream(site, (await site.login('network-supervisor')).token);
    expect(stream.res.headers.get('cache-control')).toBe('no-store');
    expect(stream.events.join('')).toContain('event: count');
    for (let i = 0; i < 10; i++) {
      await until(() => site.clock.sleeping() > 0);
      site.clock.advance(STEP_MS);
    }
    expect(stream.ended()).toBe(false);
    await stream.res.body?.cancel().catch(() => undefined);
    await site.close();
  });

  it('ends within 5 s of logout', async () => {
    const site = api.derive();
    const { token } = await site.login('admin');
    const stream = await openStream(site, token);
    expect((await site.call('POST', '/rest/auth/logout', { token })).status).toBe(200);
    expect(await stream.clockTimeToEnd()).toBeLessThanOrEqual(5_000);
    await site.close();
  });

  it('ends within 5 s of its user’s deactivation', async () => {
    const site = api.derive();
    const stream = await openStream(site, (await site.login('support')).token);
    const { token } = await site.login('admin');
    const deactivated = await site.call('POST', `/rest/users/${await userId('support')}/deactivate`, { token });
    expect(deactivated.status).toBe(200);
    expect(await stream.clockTimeToEnd()).toBeLessThanOrEqual(5_000);
    await site.close();
  });

  it('ends within 5 s of the session’s expiry, idle or absolute (the stream is not activity)', async () => {
    const expiries: { env: Record<string, string>; afterMs: number }[] = [
      { env: { SESSION_IDLE_MINUTES: '0.1' }, afterMs: 6_000 },
      { env: { SESSION_ABSOLUTE_HOURS: '0.002' }, afterMs: 7_200 },
    ];
    for (const { env, afterMs } of expiries) {
      const site = api.derive(env);
      const stream = await openStream(site, (await site.login('bank-checker')).token);
      const endedAfter = await stream.clockTimeToEnd();
      expect(endedAfter).toBeGreaterThan(afterMs);
      expect(endedAfter).toBeLessThanOrEqual(afterMs + 5_000);
      await site.close();
    }
  });
});
