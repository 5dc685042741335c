import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApprovalDecisionResult, ApprovalView } from '../../../contract/api/approvals';
import { ApiRequestError } from '../../api/client';
import { approvalParams } from './transfers-api';
import {
  type ApprovalPage,
  type ApprovalQuery,
  authorizeMachine,
  DEFAULT_APPROVAL_QUERY,
  type DecisionInput,
  selectOutcome,
  selectSelected,
} from './authorize-machine';

const party = { number: 'CUS-1', name: 'Awa', phone: null, kind: 'customer' };
const row = (id: number, canDecide = true): ApprovalView => ({
  id,
  flow: 'bank-cash-in',
  status: 'pending',
  reference: `TX${id}`,
  amount: 1000,
  fee: 0,
  source: party,
  counterparty: party,
  destination: party,
  maker: 'Bank Teller',
  createdAt: '2025-03-04T09:00:00Z',
  expiresAt: '2025-03-05T09:00:00Z',
  checker: null,
  decidedAt: null,
  reason: null,
  canDecide,
});

const PAGE: ApprovalPage = { rows: [row(1), row(2, false), row(3)], total: 3, page: 1, pageSize: 25 };

function start(decide: (input: DecisionInput) => Promise<ApprovalDecisionResult[]> = async () => []) {
  const queries: ApprovalQuery[] = [];
  const decisions: DecisionInput[] = [];
  const actor = createActor(
    authorizeMachine.provide({
      actors: {
        listRows: fromPromise(async ({ input }) => {
          queries.push(input);
          return PAGE;
        }),
        decideRows: fromPromise(async ({ input }) => {
          decisions.push(input);
          return decide(input);
        }),
      },
    }),
  ).start();
  return { actor, queries, decisions };
}

describe('authorize machine', () => {
  it('lists pending requests first, and a filter change goes back to page 1', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries).toEqual([DEFAULT_APPROVAL_QUERY]);
    actor.send({ type: 'page.change', page: 3 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'filters.change', filters: { flow: 'bank-cash-in' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.map((q) => [q.page, q.flow])).toEqual([
      [1, ''],
      [3, ''],
      [1, 'bank-cash-in'],
    ]);
  });

  it('a filter changed while a page loads loads the new query, not the old one', async () => {
    const { actor, queries } = start();
    actor.send({ type: 'filters.change', filters: { status: 'approved' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.map((q) => q.status)).toEqual(['pending', 'approved']);
    expect(actor.getSnapshot().context.query.status).toBe('approved');
  });

  it('selects only rows the caller may decide', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'selection.toggle', id: 2 });
    expect(selectSelected(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'selection.all', selected: true });
    expect(selectSelected(actor.getSnapshot())).toEqual([1, 3]);
    actor.send({ type: 'selection.toggle', id: 1 });
    expect(selectSelected(actor.getSnapshot())).toEqual([3]);
  });

  it('refuses to start a decision on a row the caller may not decide, or on nothing', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'decision.start', decision: 'approve', ids: [1, 2], scope: 'bulk' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'decision.start', decision: 'approve', ids: [], scope: 'bulk' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'decision.start', decision: 'approve', ids: [1, 3], scope: 'bulk' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('needs a non-blank reason to reject, none to approve', async () => {
    const { actor, decisions } = start(async (input) =>
      input.ids.map((id) => ({ id, ok: true, status: 'rejected', reference: `TX${id}`, message: null })),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'decision.start', decision: 'reject', ids: [1], scope: 'row' });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.reasonInvalid).toBe(true);
    actor.send({ type: 'reason.change', reason: '  ' });
    actor.send({ type: 'decision.confirm' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'reason.change', reason: ' Duplicate request ' });
    expect(actor.getSnapshot().context.reasonInvalid).toBe(false);
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(decisions).toEqual([{ decision: 'reject', scope: 'row', ids: [1], reason: 'Duplicate request' }]);
    expect(selectOutcome(actor.getSnapshot())?.results).toHaveLength(1);

    actor.send({ type: 'decision.start', decision: 'approve', ids: [3], scope: 'bulk' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(decisions.at(-1)).toEqual({ decision: 'approve', scope: 'bulk', ids: [3], reason: '' });
  });

  it('keeps the dialog with the message when the decision gets no answer', async () => {
    const { actor } = start(async () => {
      throw new ApiRequestError('The server could not be reached.', undefined, undefined, false);
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'decision.start', decision: 'approve', ids: [1], scope: 'row' });
    actor.send({ type: 'decision.confirm' });
    await waitFor(actor, (s) => s.matches('confirming') && s.context.decisionFailure !== null);
    expect(actor.getSnapshot().context.decisionFailure?.network).toBe(true);
    actor.send({ type: 'decision.cancel' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('sends only the filters that are set', () => {
    expect(approvalParams(DEFAULT_APPROVAL_QUERY)).toEqual({ status: 'pending', page: 1, pageSize: 25 });
    expect(
      approvalParams({ ...DEFAULT_APPROVAL_QUERY, status: '', from: '2025-03-01', to: '2025-03-04', q: ' TX1 ' }),
    ).toEqual({ from: '2025-03-01', to: '2025-03-04', q: 'TX1', page: 1, pageSize: 25 });
  });
});
