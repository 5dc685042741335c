/**
 * /migration's "Waiting for a decision" over the fake API: a request made by someone else has
 * Approve and Reject, the reader's own says it waits for another user; an approval leaves the
 * list with a message naming the new phone; a rejection needs a reason; a refusal is said in words.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationRecord } from '../../../contract/api/wallet-migrations';
import {
  createFakeApi,
  type FakeAnswer,
  failure,
  type RenderedApp,
  renderApp,
  success,
} from '../../../tests/unit/support/render-app';
import { MIGRATION_MESSAGES } from './messages';
import { REASON_MIN } from '../../../contract/reasons';

const M = MIGRATION_MESSAGES.en;
const D = M.decisions;
const TIMEOUT = 30_000;

const request = (over: Partial<MigrationRecord>): MigrationRecord => ({
  id: 7,
  number: 'CUS-000007',
  name: 'Moussa Fall',
  kind: 'phone',
  fromValue: '+221 77 100 00 07',
  toValue: '+221 78 200 00 07',
  reason: 'Lost the SIM card',
  by: 'Khady Diallo',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  canDecide: true,
  ...over,
});

const OTHERS = request({});
const MINE = request({ id: 8, number: 'CUS-000008', name: 'Aïda Sow', by: 'Awa Ndiaye', canDecide: false });

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./MigrationPage')), 60_000);
afterEach(() => app?.unmount());

type Decide = (id: number, body: { decision: string; reason?: string }) => FakeAnswer;

/** The fake API: `pending()` waits (read again at each load); the decision answers with `decide`. */
function fakeApi(pending: () => MigrationRecord[], decide: Decide) {
  const api = createFakeApi();
  api.on('GET', 'wallet-migrations', (call) => {
    const rows = call.query.get('status') === 'pending' ? pending() : [];
    return { body: success({ rows, total: rows.length, page: 1, pageSize: 10 }) };
  });
  for (const row of [OTHERS, MINE]) {
    api.on('POST', `wallet-migrations/${row.id}/decision`, (call) =>
      decide(row.id, call.body as { decision: string; reason?: string }),
    );
  }
  return api;
}

const cardOf = async (number: string) => {
  const list = await screen.findByTestId('migration-decisions', {}, { timeout: 10_000 });
  return within(list)
    .getAllByRole('listitem')
    .find((li) => li.dataset.number === number) as HTMLElement;
};

describe('/migration: waiting for a decision', () => {
  it('approves another user’s request, and the row leaves with a message', { timeout: TIMEOUT }, async () => {
    let pending = [OTHERS, MINE];
    const sent: unknown[] = [];
    const api = fakeApi(
      () => pending,
      (id, body) => {
        sent.push({ id, ...body });
        pending = pending.filter((r) => r.id !== id);
        return { body: success({ migration: { ...OTHERS, status: 'applied', canDecide: false }, wallet: {} }) };
      },
    );
    app = renderApp({ api, signedInAs: 'admin', url: '/migration' });

    const mine = await cardOf(MINE.number);
    expect(mine).toHaveTextContent(D.own);
    expect(within(mine).queryByRole('button')).toBeNull();
    const others = await cardOf(OTHERS.number);
    expect(others).toHaveTextContent('+221 77 100 00 07');
    expect(others).toHaveTextContent('+221 78 200 00 07');
    expect(others).toHaveTextContent('Asked by Khady Diallo');

    await app.user.click(within(others).getByRole('button', { name: `Approve the change of ${OTHERS.number}` }));
    const dialog = await screen.findByRole('dialog', { name: D.approveTitle });
    expect(dialog).toHaveTextContent('from +221 77 100 00 07 to +221 78 200 00 07');
    await app.user.click(within(dialog).getByRole('button', { name: D.confirmApprove }));

    expect(await screen.findByTestId('migration-decision-outcome')).toHaveTextContent(
      'Approved: Moussa Fall (CUS-000007) now has +221 78 200 00 07.',
    );
    expect(sent).toEqual([{ id: OTHERS.id, decision: 'approve' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    const left = within(screen.getByTestId('migration-decisions')).getAllByRole('listitem');
    expect(left.map((li) => li.dataset.number)).toEqual([MINE.number]);
  });

  it('needs a reason to reject, and says a refusal in words', { timeout: TIMEOUT }, async () => {
    const sent: unknown[] = [];
    const api = fakeApi(
      () => [OTHERS, MINE],
      (id, body) => {
        sent.push({ id, ...body });
        return {
          status: 409,
          body: failure('MIGRATION_ALREADY_DECIDED', 'This migration request was already decided.'),
        };
      },
    );
    app = renderApp({ api, signedInAs: 'admin', url: '/migration' });

    const others = await cardOf(OTHERS.number);
    await app.user.click(within(others).getByRole('button', { name: `Reject the change of ${OTHERS.number}` }));
    const dialog = await screen.findByRole('dialog', { name: D.rejectTitle });
    await app.user.click(within(dialog).getByRole('button', { name: D.confirmReject }));
    const reason = within(dialog).getByLabelText(D.decisionReason);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(D.reasonProblem.replace('{{min}}', String(REASON_MIN)));
    expect(sent).toEqual([]);

    await app.user.type(reason, 'The holder called back');
    await app.user.click(within(dialog).getByRole('button', { name: D.confirmReject }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(D.errors.MIGRATION_ALREADY_DECIDED);
    expect(sent).toEqual([{ id: OTHERS.id, decision: 'reject', reason: 'The holder called back' }]);
  });

  it('pages through more requests than one page holds', { timeout: TIMEOUT }, async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      request({ id: 100 + i, number: `CUS-0001${String(i).padStart(2, '0')}` }),
    );
    const api = createFakeApi();
    api.on('GET', 'wallet-migrations', (call) => {
      const page = Number(call.query.get('page'));
      const size = Number(call.query.get('pageSize'));
      if (call.query.get('status') !== 'pending')
        return { body: success({ rows: [], total: 0, page, pageSize: size }) };
      const rows = many.slice((page - 1) * size, page * size);
      return { body: success({ rows, total: many.length, page, pageSize: size }) };
    });
    app = renderApp({ api, signedInAs: 'admin', url: '/migration' });

    await cardOf('CUS-000100');
    expect(within(screen.getByTestId('migration-decisions')).getAllByRole('listitem')).toHaveLength(10);
    await app.user.click(within(screen.getByRole('region', { name: D.title })).getByRole('button', { name: 'Next' }));
    expect(await cardOf('CUS-000111')).toBeDefined();
    const second = within(screen.getByTestId('migration-decisions')).getAllByRole('listitem');
    expect(second.map((li) => li.dataset.number)).toEqual(['CUS-000110', 'CUS-000111']);
  });
});
