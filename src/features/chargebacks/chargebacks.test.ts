import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ChargebackLookup, ChargebackPage, ChargebackView } from '../../../contract/api/chargebacks';
import { ApiRequestError } from '../../api/client';
import { askMachine, isReference } from './ask-machine';
import { listParams } from './chargebacks-api';
import { chargebackListMachine, DEFAULT_CHARGEBACK_QUERY } from './list-machine';

const transaction = {
  reference: 'TR26112200000042',
  type: 'merchant_payment',
  service: 'wallet',
  status: 'success',
  amount: 25_000,
  fee: 250,
  commission: 0,
  createdAt: '2026-11-22T08:00:00.000Z',
  from: { number: 'CUS-000003', name: 'Awa Ndiaye', phone: '+221 78 211 00 03', kind: 'customer' },
  to: { number: 'MRC-00001', name: 'Boutique Keur Fatou', phone: null, kind: 'merchant' },
  postings: [
    { number: 'CUS-000003', name: 'Awa Ndiaye', kind: 'customer', status: 'active', amount: -25_250 },
    { number: 'MRC-00001', name: 'Boutique Keur Fatou', kind: 'merchant', status: 'active', amount: 25_000 },
    { number: 'SYS-FEES', name: 'Fees', kind: 'fees', status: 'active', amount: 250 },
  ],
};

const view = (over: Partial<ChargebackView> = {}): ChargebackView => ({
  id: 7,
  status: 'pending',
  reason: 'Paid twice',
  maker: 'Support Plus',
  createdAt: '2026-11-22T09:00:00.000Z',
  checker: null,
  decisionReason: null,
  decidedAt: null,
  original: transaction,
  reversalReference: null,
  canDecide: true,
  ...over,
});

describe('the maker’s side', () => {
  function start(lookup: Partial<ChargebackLookup> = {}) {
    const announceRequested = vi.fn();
    const sent: unknown[] = [];
    const actor = createActor(
      askMachine.provide({
        actors: {
          lookupTransaction: fromPromise(async ({ input }) => {
            if (input.reference === 'TR99999999999999') {
              throw new ApiRequestError('No transaction', 404, 'TRANSACTION_NOT_FOUND', false);
            }
            return { transaction, existing: null, refusal: null, ...lookup };
          }),
          requestChargeback: fromPromise(async ({ input }) => {
            sent.push(input);
            return view();
          }),
        },
        actions: { announceRequested },
      }),
    ).start();
    return { actor, announceRequested, sent };
  }

  it('reads a reference as the API does', () => {
    expect(isReference(' tr26112200000042 ')).toBe(true);
    expect(isReference('OPEN-CUS-000001')).toBe(true);
    expect(isReference('42')).toBe(false);
    expect(isReference('TR 2611')).toBe(false);
  });

  it('looks the transaction up, needs a reason, sends once and tells the list', async () => {
    const { actor, announceRequested, sent } = start();
    actor.send({ type: 'reference.lookup', reference: 'nope' });
    expect(actor.getSnapshot().context.referenceInvalid).toBe(true);
    actor.send({ type: 'reference.lookup', reference: 'tr26112200000042' });
    await waitFor(actor, (s) => s.matches('found'));
    expect(actor.getSnapshot().context.reference).toBe('TR26112200000042');
    actor.send({ type: 'chargeback.submit' });
    expect(actor.getSnapshot().context.reasonInvalid).toBe(true);
    actor.send({ type: 'reason.change', reason: '  Paid twice at the shop ' });
    expect(actor.getSnapshot().context.reasonInvalid).toBe(false);
    actor.send({ type: 'chargeback.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([{ reference: 'TR26112200000042', reason: 'Paid twice at the shop' }]);
    expect(announceRequested).toHaveBeenCalledTimes(1);
    actor.send({ type: 'ask.reset' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('sends nothing for a transaction the API says cannot be reversed, and keeps a 404 in place', async () => {
    const { actor, sent } = start({
      refusal: { code: 'CHARGEBACK_EXISTS', message: 'A chargeback is already waiting.' },
    });
    actor.send({ type: 'reference.lookup', reference: 'TR26112200000042' });
    await waitFor(actor, (s) => s.matches('found'));
    actor.send({ type: 'reason.change', reason: 'Paid twice at the shop' });
    actor.send({ type: 'chargeback.submit' });
    expect(actor.getSnapshot().matches('found')).toBe(true);
    expect(sent).toEqual([]);

    actor.send({ type: 'reference.lookup', reference: 'TR99999999999999' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.failure?.code).toBe('TRANSACTION_NOT_FOUND');
  });
});

describe('the checker’s side', () => {
  function start(decide: () => Promise<ChargebackView>) {
    const queries: unknown[] = [];
    let rows = [view(), view({ id: 8, canDecide: false })];
    const actor = createActor(
      chargebackListMachine.provide({
        actors: {
          listRows: fromPromise(async ({ input }): Promise<ChargebackPage> => {
            queries.push(input);
            return { rows, total: rows.length, page: input.page, pageSize: input.pageSize };
          }),
          decideRows: fromPromise(async () => {
            const out = await decide();
            rows = rows.filter((r) => r.id !== out.id);
            return out;
          }),
        },
      }),
    ).start();
    return { actor, queries };
  }

  it('asks pending ones first, and sends empty filters as nothing', () => {
    expect(listParams(DEFAULT_CHARGEBACK_QUERY)).toEqual({ page: 1, pageSize: 10, status: 'pending' });
    expect(listParams({ ...DEFAULT_CHARGEBACK_QUERY, status: '', q: ' TR2611 ', from: '2026-11-01' })).toEqual({
      page: 1,
      pageSize: 10,
      status: 'all',
      q: 'TR2611',
      from: '2026-11-01',
    });
  });

  it('decides only what the caller may, with a reason, and shows the reversal', async () => {
    const { actor, queries } = start(async () =>
      view({ status: 'approved', reversalReference: 'TR26112200000099', canDecide: false }),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'decision.start', decision: 'approve', ids: [8], scope: 'row' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'decision.start', decision: 'approve', ids: [7], scope: 'row' });
    expect(actor.getSnapshot().hasTag('dialog')).toBe(true);
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().context.reasonInvalid).toBe(true);
    actor.send({ type: 'reason.change', reason: 'Merchant confirmed' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.outcome).toEqual({
      decision: 'approve',
      reference: 'TR26112200000042',
      reversalReference: 'TR26112200000099',
    });
    expect(queries).toHaveLength(2);
    actor.send({ type: 'filters.change', filters: { status: '' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toMatchObject({ status: '', page: 1 });
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    const { actor } = start(async () => {
      throw new ApiRequestError('The wallet no longer holds the money.', 409, 'CHARGEBACK_INSUFFICIENT_FUNDS', false);
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'decision.start', decision: 'approve', ids: [7], scope: 'row' });
    actor.send({ type: 'reason.change', reason: 'Merchant confirmed' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.decisionFailure).toMatchObject({
      code: 'CHARGEBACK_INSUFFICIENT_FUNDS',
      message: 'The wallet no longer holds the money.',
    });
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});
