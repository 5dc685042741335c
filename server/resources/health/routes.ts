import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { migrationState } from '../../db/migration-state';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { createRouter } from '../../http/openapi';
import { ApiError } from '../../lib/api-error';

const healthPayload = z
  .object({
    ok: z.boolean(),
    database: z.enum(['pglite', 'postgres']),
    time: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Health');

const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  security: [],
  responses: { 200: jsonSuccess(healthPayload, 'The API and its database answer') },
});

const liveRoute = createRoute({
  method: 'get',
  path: '/health/live',
  tags: ['System'],
  summary: 'The process answers (for a restart probe: it never touches the database)',
  security: [],
  responses: { 200: jsonSuccess(z.object({ ok: z.literal(true) }), 'The process is alive') },
});

const readyRoute = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['System'],
  summary: 'Ready for traffic: the database answers and has every migration this build ships',
  security: [],
  responses: {
    200: jsonSuccess(z.object({ ok: z.literal(true), migration: z.string() }), 'Ready for traffic'),
    503: errorResponse('NOT_READY: the database is unreachable or its schema is not the one this build expects'),
  },
});

const notReady = (longMessage: string) => new ApiError(503, 'NOT_READY', 'Not ready', longMessage);

export function healthRoutes(engine: 'pglite' | 'postgres') {
  return createRouter()
    .openapi(healthRoute, async (c) => {
      const { db, clock } = c.get('deps');
      await db.execute(sql`select 1`);
      return c.json(
        { status: true as const, payload: { ok: true, database: engine, time: clock.now().toISOString() } },
        200,
      );
    })
    .openapi(liveRoute, (c) => c.json({ status: true as const, payload: { ok: true as const } }, 200))
    .openapi(readyRoute, async (c) => {
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
