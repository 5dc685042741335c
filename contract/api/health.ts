import { z } from 'zod';
import { defineOperation } from './operation';
import { dateTime } from './schema-parts';

const tags = ['System'];

const health = z
  .object({
    ok: z.boolean(),
    database: z.enum(['pglite', 'postgres']),
    time: dateTime,
  })
  .meta({ id: 'Health' });

export const readHealth = defineOperation({
  method: 'get',
  path: '/health',
  tags,
  summary: 'Liveness and database reachability',
  session: false,
  answers: { 200: { schema: health, description: 'The API and its database answer' } },
  errors: {},
});

export const readLiveness = defineOperation({
  method: 'get',
  path: '/health/live',
  tags,
  summary: 'The process answers (for a restart probe: it never touches the database)',
  session: false,
  answers: { 200: { schema: z.object({ ok: z.literal(true) }), description: 'The process is alive' } },
  errors: {},
});

export const readReadiness = defineOperation({
  method: 'get',
  path: '/health/ready',
  tags,
  summary: 'Ready for traffic: the database answers and has every migration this build ships',
  session: false,
  answers: {
    200: { schema: z.object({ ok: z.literal(true), migration: z.string() }), description: 'Ready for traffic' },
  },
  errors: { 503: 'NOT_READY: the database is unreachable or its schema is not the one this build expects' },
});
