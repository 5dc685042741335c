import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { jsonSuccess } from '../../http/envelope';
import { createRouter } from '../../http/openapi';

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
  responses: { 200: jsonSuccess(healthPayload, 'The API and its database answer') },
});

export function healthRoutes(engine: 'pglite' | 'postgres') {
  return createRouter().openapi(healthRoute, async (c) => {
    const { db, clock } = c.get('deps');
    await db.execute(sql`select 1`);
    return c.json(
      { status: true as const, payload: { ok: true, database: engine, time: clock.now().toISOString() } },
      200,
    );
  });
}
