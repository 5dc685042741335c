import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createManualClock } from '../../tests/unit/support/manual-clock';
import {
  formatCountdown,
  IDLE_WARNING_MS,
  idleMachine,
  type SessionTimeLeft,
  selectIdleWarning,
  selectRemainingMs,
  tickerOn,
} from './idle-machine';

const MINUTE = 60_000;
const IDLE = 15 * MINUTE;

interface Server {
  /** The server's own end of the session (another tab may move it). */
  deadline: number;
  expired: boolean;
  offline: boolean;
  checks: number;
  keepAlives: number;
}

function setup() {
  const clock = createManualClock();
  const server: Server = { deadline: 0, expired: false, offline: false, checks: 0, keepAlives: 0 };
  const calls = { signOut: 0, expire: 0 };
  const answer = (): SessionTimeLeft => {
    if (server.offline) throw new Error('The server could not be reached.');
    if (server.expired || clock.now() > server.deadline) {
      throw Object.assign(new Error('Your session has expired.'), { sessionExpired: true });
    }
    return { at: clock.now(), idleRemainingMs: server.deadline - clock.now() };
  };
  const actor = createActor(
    idleMachine.provide({
      actors: {
        ticker: tickerOn(clock),
        checkSession: fromPromise(async () => {
          server.checks++;
          return answer();
        }),
        keepAlive: fromPromise(async () => {
          server.keepAlives++;
          const left = answer();
          server.deadline = clock.now() + IDLE;
          return { ...left, idleRemainingMs: IDLE };
        }),
      },
      actions: {
        signOut: () => void calls.signOut++,
        expire: () => void calls.expire++,
      },
    }),
    { clock },
  ).start();
  const start = () => {
    server.deadline = clock.now() + IDLE;
    actor.send({ type: 'idle.start', idleMs: IDLE, at: clock.now() });
  };
  /** A request the server counts, as the API client reports it. */
  const activity = () => {
    server.deadline = clock.now() + IDLE;
    actor.send({ type: 'idle.activity', at: clock.now() });
  };
  /** Lets the invoked promises settle. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const warning = () => selectIdleWarning(actor.getSnapshot());
  const state = () => JSON.stringify(actor.getSnapshot().value);
  return { clock, server, calls, actor, start, activity, settle, warning, state };
}

describe('idle countdown', () => {
  it('warns two minutes before the end, counting down, and asks the server first', async () => {
    const t = setup();
    t.start();
    t.clock.advance(IDLE - IDLE_WARNING_MS - 1);
    expect(t.server.checks).toBe(0);
    expect(t.warning()).toBe(false);
    t.clock.advance(1);
    expect(t.server.checks).toBe(1);
    await t.settle();
    expect(t.warning()).toBe(true);
    expect(selectRemainingMs(t.actor.getSnapshot())).toBe(IDLE_WARNING_MS);
    t.clock.advance(1000);
    expect(selectRemainingMs(t.actor.getSnapshot())).toBe(IDLE_WARNING_MS - 1000);
    t.clock.advance(61_500);
    expect(formatCountdown(selectRemainingMs(t.actor.getSnapshot()))).toBe('0:58');
  });

  it('starts again from any request the server counts, and closes the dialog', async () => {
    const t = setup();
    t.start();
    t.clock.advance(10 * MINUTE);
    t.activity();
    t.clock.advance(12 * MINUTE);
    expect(t.server.checks).toBe(0);
    t.clock.advance(1 * MINUTE);
    await t.settle();
    expect(t.warning()).toBe(true);
    t.activity();
    expect(t.warning()).toBe(false);
    expect(t.state()).toBe('{"on":"watching"}');
  });

  it('does not warn when another tab kept the session alive', async () => {
    const t = setup();
    t.start();
    t.clock.advance(5 * MINUTE);
    // Another tab's request: this tab does not see it, the server does.
    t.server.deadline = t.clock.now() + IDLE;
    t.clock.advance(8 * MINUTE);
    await t.settle();
    expect(t.server.checks).toBe(1);
    expect(t.warning()).toBe(false);
    // It warns on the server's time instead.
    t.clock.advance(5 * MINUTE - 1);
    await t.settle();
    expect(t.warning()).toBe(false);
    t.clock.advance(1);
    await t.settle();
    expect(t.warning()).toBe(true);
    expect(t.server.checks).toBe(2);
  });

  it('keeps the session on “Stay signed in”', async () => {
    const t = setup();
    t.start();
    t.clock.advance(13 * MINUTE);
    await t.settle();
    t.clock.advance(30_000);
    t.actor.send({ type: 'idle.stay' });
    expect(t.warning()).toBe(true);
    await t.settle();
    expect(t.server.keepAlives).toBe(1);
    expect(t.warning()).toBe(false);
    // A full idle period again from the answer.
    t.clock.advance(13 * MINUTE - 1);
    expect(t.server.checks).toBe(1);
    t.clock.advance(1);
    expect(t.server.checks).toBe(2);
  });

  it('says so when “Stay signed in” cannot reach the server, and lets the user try again', async () => {
    const t = setup();
    t.start();
    t.clock.advance(13 * MINUTE);
    await t.settle();
    t.server.offline = true;
    t.actor.send({ type: 'idle.stay' });
    await t.settle();
    expect(t.warning()).toBe(true);
    expect(t.actor.getSnapshot().context.keepAliveFailed).toBe(true);
    t.server.offline = false;
    t.actor.send({ type: 'idle.stay' });
    await t.settle();
    expect(t.warning()).toBe(false);
  });

  it('signs out on “Sign out”', async () => {
    const t = setup();
    t.start();
    t.clock.advance(13 * MINUTE);
    await t.settle();
    t.actor.send({ type: 'idle.signOut' });
    expect(t.calls.signOut).toBe(1);
  });

  it('at zero, lets the server’s answer end the session', async () => {
    const t = setup();
    t.start();
    t.clock.advance(13 * MINUTE);
    await t.settle();
    t.clock.advance(IDLE_WARNING_MS - 1);
    expect(t.server.checks).toBe(1);
    // Zero on this tab's count: the server says it is over.
    t.server.expired = true;
    t.clock.advance(1);
    expect(t.server.checks).toBe(2);
    await t.settle();
    expect(t.state()).toBe('"off"');
    // The 401 itself ends the session (the API client reports it); nothing more here.
    expect(t.calls.expire).toBe(0);
  });

  it('at zero, ends the session itself when the server cannot be reached', async () => {
    const t = setup();
    t.start();
    t.clock.advance(13 * MINUTE);
    await t.settle();
    t.server.offline = true;
    t.clock.advance(IDLE_WARNING_MS);
    await t.settle();
    expect(t.calls.expire).toBe(1);
    expect(t.state()).toBe('"off"');
  });

  it('stops with the session, leaving no timer behind', async () => {
    const t = setup();
    t.start();
    expect(t.clock.pending()).toBe(1);
    t.actor.send({ type: 'idle.stop' });
    expect(t.clock.pending()).toBe(0);
    t.clock.advance(IDLE * 2);
    expect(t.server.checks).toBe(0);
  });

  it('writes the countdown as minutes and seconds', () => {
    expect(formatCountdown(120_000)).toBe('2:00');
    expect(formatCountdown(119_001)).toBe('2:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
