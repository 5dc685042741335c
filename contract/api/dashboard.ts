import { z } from 'zod';
import { defineOperation } from './operation';

const card = z.object({
  id: z.string(),
  kind: z.enum(['amount', 'number']),
  value: z.number(),
});

const summary = z
  .object({
    day: z.string().meta({
      description:
        "The server's today (YYYY-MM-DD, Dakar time): the day the today cards count, and the day their report opens on",
    }),
    cards: z.array(card),
    chart: z.object({ metric: z.enum(['volume']), days: z.array(z.object({ date: z.string(), value: z.number() })) }),
  })
  .meta({ id: 'DashboardSummary' });

/** The home page's figure cards (in summaryCardIds' order) and its 14-day volume chart. */
export type DashboardSummary = z.output<typeof summary>;

export const readDashboardSummary = defineOperation({
  method: 'get',
  path: '/dashboard/summary',
  tags: ['Dashboard'],
  summary: "Figures for the signed-in user's home page, scoped like its reports",
  answers: { 200: { schema: summary, description: 'Cards and a 14-day volume chart' } },
  errors: {},
});
