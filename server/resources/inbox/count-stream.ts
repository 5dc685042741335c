import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { RECHECK_MS, SESSION_CHECK_MS, STREAM_LIFETIME_MS } from '../../../contract/api/inbox';
import { INBOX_COUNT_EVENT } from '../../../contract/inbox';
import { PRESENCE_EVENT } from '../../../contract/presence';
import type { AppEnv } from '../../http/env';
import { sessionStillLive } from '../../http/session';
import { expireBeforeReading } from '../../domain/waiting-requests/expiry';
import { waitingSnapshot } from './list';
import { heldForCaller } from './presence';

/**
 * The caller's waiting count and list version as server-sent events: at once, then whenever
 * either changes (the badge follows the count, an open inbox list the version). The
 * stream ends as soon as its session does (logout, expiry, deactivation): an answer that lasts
 * must not outlive the right to it. Its time is the app's clock, so tests move it by hand.
 * Between counts, at every session check, it tells who else has open what the caller may see
 * (docs/decisions/050-who-has-this-open.md): a holder shows, or is gone, within seconds.
 */
export function inboxCountStream(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { clock } = deps;
  const user = c.get('user');
  const response = streamSSE(c, async (stream) => {
    const closed = new AbortController();
    stream.onAbort(() => closed.abort());
    const until = clock.now().getTime() + STREAM_LIFETIME_MS;
    let last = '';
    let lastHeld = '';
    let listed = new Set<string>();
    let countDue = 0;
    while (!stream.aborted && clock.now().getTime() < until) {
      if (!(await sessionStillLive(deps, user.sessionId))) return;
      if (clock.now().getTime() >= countDue) {
        countDue = clock.now().getTime() + RECHECK_MS;
        await expireBeforeReading(deps);
        const snapshot = await waitingSnapshot(deps.db, user);
        listed = snapshot.listed;
        const data = JSON.stringify(snapshot.state);
        if (data !== last) {
          last = data;
          await stream.writeSSE({ event: INBOX_COUNT_EVENT, data });
        }
      }
      const held = JSON.stringify({ held: await heldForCaller(deps, user, listed) });
      if (held !== lastHeld) {
        lastHeld = held;
        await stream.writeSSE({ event: PRESENCE_EVENT, data: held });
      }
      await clock.sleep(SESSION_CHECK_MS, closed.signal);
    }
  });
  // streamSSE says no-cache, which lets a cache keep the events; they are the user's.
  response.headers.set('Cache-Control', 'no-store');
  return response;
}
