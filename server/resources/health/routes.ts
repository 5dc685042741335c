import { sql } from 'drizzle-orm';
import { readHealth, readLiveness, readReadiness } from '../../../contract/api/health';
import { migrationState } from '../../db/migration-state';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { ApiError } from '../../lib/api-error';

const notReady = (longMessage: string) => new ApiError(503, 'NOT_READY', 'Not ready', longMessage);

export function healthRoutes(engine: 'pglite' | 'postgres') {
  return createRouter()
    .openapi(routeFor(readHealth), async (c) => {
      const { db, clock } = c.get('deps');
      await db.execute(sql`select 1`);
      return c.json(
        { status: true as const, payload: { ok: true, database: engine, time: clock.now().toISOString() } },
        200,
      );
    })
    .openapi(routeFor(readLiveness), (c) => c.json({ status: true as const, payload: { ok: true as const } }, 200))
    .openapi(routeFor(readReadiness), async (c) => {
      const { db } = c.get('deps');
      let state: Awaited<ReturnType<typeof migrationState>>;
      try {
        state = await migrationState(db);
      } catch {
        throw notReady('The database does not answer.');
      }
      if (!state.current) {
        throw notReady(`The database schema is not at ${state.expected}, the newest migration this build ships.`);
      }
      return c.json({ status: true as const, payload: { ok: true as const, migration: state.expected } }, 200);
    });
}
