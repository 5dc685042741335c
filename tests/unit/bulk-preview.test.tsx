/**
 * The bulk payment preview as a maker reads it: totals that count every row and say which rows
 * are left out and why, tabs that list what their names say, and a name that is not the wallet
 * holder's shown as a warning that does not block. The whole app in jsdom over the fake API
 * (support/fake-bulk.ts), the real file input and the worker's own parsing job.
 */
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '../../src/features/bulk/messages';
import { formatXof } from '../../src/i18n/format';
import { installFakeBulk, PAYROLL_PAYER } from './support/fake-bulk';
import { installFakeParseWorker } from './support/fake-parse-worker';
import { createFakeApi, type RenderedApp, renderApp } from './support/render-app';

const M = BULK_MESSAGES.en;
/** Five rows: two good, one paid to a wallet held by someone else, an unknown wallet, a bad amount. */
const FILE = [
  'phone,amount,reference,name',
  '+221 77 111 22 33,500,R-1,Awa Diallo',
  '+221 76 123 45 67,400,R-2,FALL Ibrahima',
  '+221 78 555 12 34,600,R-3,Fatou Sow',
  '+221 70 000 00 09,700,R-4,Inconnu',
  '+221 77 111 22 33,12.5,R-5,Awa Diallo',
].join('\r\n');

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
const tab = (name: RegExp) => content().getByRole('button', { name });
const listedLines = () =>
  [...document.querySelectorAll<HTMLElement>('[data-testid="bulk-rows"] tr[data-row]')].map((tr) =>
    Number(tr.dataset.row),
  );

async function openPreview() {
  const api = createFakeApi();
  installFakeBulk(api);
  installFakeParseWorker();
  app = renderApp({ api, signedInAs: 'admin', url: '/bulk-payment', userEventOptions: { delay: null } });
  const payer = await content().findByLabelText(M.source.label, undefined, { timeout: 10_000 });
  await waitFor(() => expect(payer).toHaveValue(PAYROLL_PAYER.number));
  const input = content().getByLabelText(/^Choose a CSV or Excel file/) as HTMLInputElement;
  await app.user.upload(input, new File([FILE], 'paie.csv', { type: 'text/csv' }));
  await waitFor(() => expect(content().queryByText(M.preview.checking)).toBeNull(), { timeout: 10_000 });
  await waitFor(() => expect(plain(content().getByTestId('bulk-summary').textContent)).toContain('excluded'));
}

describe('bulk payment preview', () => {
  it('counts every row and says how many are paid, how many are excluded and why', async () => {
    await openPreview();
    const paid = plain(formatXof(1_500, 'en'));
    expect(plain(content().getByTestId('bulk-summary').textContent)).toBe(
      `5 rows · 3 will be paid: ${paid} · 2 excluded: 1 unknown wallet, 1 invalid amount`,
    );
    // The amount box is the amount of the rows that are paid, not of the file.
    expect(plain(content().getByTestId('bulk-totals').textContent)).toContain(`Amount${paid}`);
  }, 30_000);

  it('lists in each tab what its name says', async () => {
    await openPreview();
    // The errors tab is open first, and lists the two rows with errors only.
    expect(tab(/^Rows with errors \(2\)$/)).toHaveAttribute('aria-pressed', 'true');
    expect(listedLines()).toEqual([5, 6]);
    await app?.user.click(tab(/^Name warnings \(1\)$/));
    expect(listedLines()).toEqual([4]);
    const warning = content().getByTestId('bulk-name-warning');
    expect(warning).toHaveTextContent('Name “Fatou Sow” is not the wallet holder’s (Khady Sarr)');
    await app?.user.click(tab(/^All rows \(5\)$/));
    expect(listedLines()).toEqual([2, 3, 4, 5, 6]);
    // "FALL Ibrahima" is Ibrahima Fall's own name: no warning.
    expect(content().getAllByTestId('bulk-name-warning')).toHaveLength(1);

    // Both rows dropped: the errors tab says so and lists nothing, its count right.
    await app?.user.click(content().getByRole('button', { name: M.preview.dropInvalid }));
    await app?.user.click(tab(/^Rows with errors \(0\)$/));
    expect(listedLines()).toEqual([]);
    expect(content().getByText(M.preview.noErrorRows)).toBeVisible();
  }, 30_000);
});
