import { eq, sql } from 'drizzle-orm';
import type { Channel } from '../../contract/http';
import type { Db } from '../db/database';
import { sessionActivity, sessions } from '../db/schema';
import type { Clock } from './clock';

/** A session's activity is written at most this often (decision 062); idle timeouts hold to within it. */
export const ACTIVITY_WRITE_MS = 60_000;

interface ActivityRow {
  at: Date;
  channel: Channel;
  method: string;
  path: string;
}

interface Held {
  rows: ActivityRow[];
  lastSeenAt: Date;
  /** When this server last wrote the session's activity; null before its first request here. */
  writtenAt: number | null;
}

/**
 * Per app instance: what each session did since this server last wrote it. A request is
 * written at once when its session wrote nothing here for a minute, else held; what is held is
 * written by a later request, sign-out, expiry, the periodic sweep (`writeDue`) or shutdown
 * (`writeAll`). Every request counts in `requestCount` and has its `session_activity` row.
 */
export function createActivityRecorder(deps: { db: Db; clock: Clock }) {
  const held = new Map<number, Held>();

  async function write(sessionId: number, state: Held) {
    const rows = state.rows.splice(0);
    state.writtenAt = deps.clock.now().getTime();
    const last = rows.at(-1);
    if (!last) return;
    try {
      await deps.db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({
            lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${last.at.toISOString()}::timestamptz)`,
            lastChannel: last.channel,
            requestCount: sql`${sessions.requestCount} + ${rows.length}`,
          })
          .where(eq(sessions.id, sessionId));
        await tx.insert(sessionActivity).values(rows.map((row) => ({ sessionId, ...row })));
      });
    } catch (error) {
      // Kept for the next write: a failed write loses nothing.
      state.rows.unshift(...rows);
      throw error;
    }
  }

  const due = (state: Held, now: number) => state.writtenAt === null || now - state.writtenAt >= ACTIVITY_WRITE_MS;

  return {
    async record(sessionId: number, row: ActivityRow) {
      const state = held.get(sessionId) ?? { rows: [], lastSeenAt: row.at, writtenAt: null };
      held.set(sessionId, state);
      state.rows.push(row);
      if (row.at > state.lastSeenAt) state.lastSeenAt = row.at;
      if (due(state, row.at.getTime())) await write(sessionId, state);
    },
    /** The session's latest request on this server, written or not. */
    lastSeenAt: (sessionId: number): Date | undefined => held.get(sessionId)?.lastSeenAt,
    /** Before a session ends (sign-out, expiry): what it did is written first. */
    async writeNow(sessionId: number) {
      const state = held.get(sessionId);
      held.delete(sessionId);
      if (state?.rows.length) await write(sessionId, state);
    },
    /** The periodic sweep: sessions quiet since their last write are written and let go. */
    async writeDue() {
      const now = deps.clock.now().getTime();
      for (const [sessionId, state] of held) {
        if (!due(state, now)) continue;
        if (state.rows.length) await write(sessionId, state);
        else held.delete(sessionId);
      }
    },
    /** At shutdown: nothing held is lost. */
    async writeAll() {
      for (const [sessionId, state] of held) if (state.rows.length) await write(sessionId, state);
      held.clear();
    },
  };
}

export type ActivityRecorder = ReturnType<typeof createActivityRecorder>;
