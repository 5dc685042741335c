import { z } from 'zod';
import { defineOperation } from './operation';
import { calendarDay } from './schema-parts';

const tags = ['Balances'];

const day = calendarDay();

const balance = z
  .object({
    account: z.object({ number: z.string(), label: z.string() }),
    currency: z.literal('XOF'),
    balance: z.number().int(),
    opening: z.number().int(),
    credits: z.number().int(),
    debits: z.number().int(),
    days: z.array(
      z.object({ date: z.string(), credits: z.number().int(), debits: z.number().int(), closing: z.number().int() }),
    ),
  })
  .meta({ id: 'Balance' });

const repartition = z.object({
  bank: z.object({ code: z.string(), name: z.string() }),
  float: z.number().int(),
  rows: z.array(z.object({ kind: z.string(), accounts: z.number().int(), balance: z.number().int() })),
});

/** An account's balance now and its movement over a period, day by day. */
export type Balance = z.output<typeof balance>;
/** How a bank's e-money is spread over the wallets it backs, by account kind. */
export type Repartition = z.output<typeof repartition>;

export const getBalance = defineOperation({
  method: 'get',
  path: '/balances/{balanceId}',
  tags,
  summary: "An account's current balance and its movement over a period, day by day",
  params: z.object({ balanceId: z.string().max(40) }),
  query: z.object({ from: day.optional(), to: day.optional(), memberId: z.string().max(40).optional() }),
  answers: { 200: { schema: balance, description: 'The balance' } },
  errors: { 400: 'Invalid period', 403: 'Not allowed', 404: 'Unknown balance' },
});

export const getRepartition = defineOperation({
  method: 'get',
  path: '/balances/repartition/{bankCode}',
  tags,
  summary: "How a bank's e-money is spread over the wallets it backs",
  params: z.object({ bankCode: z.enum(['BBG', 'BIS']) }),
  answers: { 200: { schema: repartition, description: 'The repartition' } },
  errors: { 403: 'Not allowed' },
});
