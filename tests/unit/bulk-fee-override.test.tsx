/**
 * A bulk fee override as its maker and its decider read it: the batch waits for a second
 * administrator, said in words, and offers its maker no decision; a batch nobody decided in
 * time says it expired and that nothing was applied. The whole app in jsdom over the fake API
 * (support/fake-bulk.ts), the real file input and the worker's own parsing job.
 */
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BulkBatchView } from '../../contract/api/bulk';
import { BULK_MESSAGES } from '../../src/features/bulk/messages';
import { success } from './support/fake-api';
import { installFakeBulk } from './support/fake-bulk';
import { installFakeParseWorker } from './support/fake-parse-worker';
import { createFakeApi, type RenderedApp, renderApp } from './support/render-app';

const M = BULK_MESSAGES.en;
const FILE = ['account,flow,fixed fee,percent fee', 'CUS-000003,cash-out,25000,'].join('\r\n');

let app: RenderedApp | undefined;
beforeAll(async () => {
  await import('../../src/features/bulk/BulkPage');
}, 60_000);
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const content = () => within(document.getElementById('content') ?? document.body);

/** A fee-override batch of one row that nobody decided in time. */
const expiredBatch = (): BulkBatchView => ({
  id: 'e1a7c000-0000-4000-8000-000000000001',
  kind: 'fee-override',
  fileName: 'frais.csv',
  status: 'expired',
  maker: 'Awa Ndiaye',
  canDecide: false,
  mine: true,
  source: null,
  sourceName: null,
  rowsTotal: 1,
  rowsDone: 0,
  rowsFailed: 0,
  totalAmount: 0,
  totalFees: 0,
  checker: null,
  reason: null,
  error: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  decidedAt: '2026-11-21T09:00:00.000Z',
  finishedAt: '2026-11-21T09:00:00.000Z',
  warnings: [],
});

describe('bulk fee override', () => {
  it('waits for a second administrator, and its maker is offered no decision', { timeout: 30_000 }, async () => {
    const api = createFakeApi();
    installFakeBulk(api);
    installFakeParseWorker();
    app = renderApp({ api, signedInAs: 'admin', url: '/bulk-fee-override', userEventOptions: { delay: null } });
    expect(await content().findByText(M.intro['fee-override'], undefined, { timeout: 10_000 })).toBeVisible();
    const input = content().getByLabelText(/^Choose a CSV or Excel file/) as HTMLInputElement;
    await app.user.upload(input, new File([FILE], 'frais.csv', { type: 'text/csv' }));
    const submit = await content().findByRole('button', { name: 'Submit 1 row' }, { timeout: 10_000 });
    await waitFor(() => expect(submit).toBeEnabled());
    await app.user.click(submit);

    const batch = await content().findByTestId('bulk-batch');
    expect(within(batch).getByText(M.batch.status.awaiting_approval)).toBeVisible();
    expect(plain(within(batch).getByTestId('bulk-batch-waiting').textContent)).toBe(M.batch.waitingSettings);
    expect(within(batch).queryByRole('button', { name: M.batch.approveSettings })).toBeNull();
    expect(api.callsTo('bulk/fee-override/batches', 'POST')).toHaveLength(1);
  });

  it('lists a batch another administrator may decide: its status and "waiting for you", two words', {
    timeout: 30_000,
  }, async () => {
    const api = createFakeApi();
    installFakeBulk(api);
    const waiting: BulkBatchView = { ...expiredBatch(), status: 'awaiting_approval', canDecide: true, mine: false };
    api.on('GET', 'bulk/fee-override/batches', () => ({ body: success({ batches: [waiting] }) }));
    app = renderApp({ api, signedInAs: 'admin', url: '/bulk-fee-override' });
    const row = await content().findByRole('row', { name: /frais\.csv/ }, { timeout: 10_000 });
    expect(row.textContent).toContain(`${M.batch.status.awaiting_approval} ${M.list.toDecide}`);
  });

  it('says when a batch expired undecided, and that nothing was applied', { timeout: 30_000 }, async () => {
    const api = createFakeApi();
    installFakeBulk(api);
    const expired = expiredBatch();
    api.on('GET', `bulk-batches/${expired.id}`, () => ({ body: success(expired) }));
    app = renderApp({ api, signedInAs: 'admin', url: `/bulk-fee-override?batch=${expired.id}` });
    const alert = await content().findByRole('alert', undefined, { timeout: 10_000 });
    expect(plain(alert.textContent)).toContain(
      'Nobody decided this batch in time: it expired on 21-11-2026 09:00 and nothing was applied.',
    );
  });
});
