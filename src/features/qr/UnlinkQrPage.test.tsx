/**
 * /unlink-qr over the fake API: the codes found sit in a scrolling region the keyboard reaches
 * right after the search form, named by the table's caption; the unlink dialog asks for a
 * reason beside its field, then closes on the server's answer and the row says "Unlinked".
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QrCodeView } from '../../../contract/api/qr-codes';
import { createFakeApi, type RenderedApp, renderApp, success } from '../../../tests/unit/support/render-app';
import { qrMessages } from './messages';
import { REASON_MIN } from '../../../contract/reasons';

const Q = qrMessages.en.unlink;
const TIMEOUT = 30_000;

const code = (n: number, amount: number | null): QrCodeView => ({
  code: `QR7K2M9XQ4A${n}`,
  status: 'linked',
  payload: '000201',
  amount,
  merchant: {
    number: 'MRC-00005',
    name: 'Boutique Keur Massar',
    phone: '+221 77 555 01 05',
    city: 'Dakar',
    status: 'active',
    kycStatus: 'verified',
    mcc: '5411',
  },
  createdAt: '2026-11-02T10:00:00.000Z',
  createdBy: 'Awa Ndiaye',
  unlinkedAt: null,
  unlinkedBy: null,
  unlinkReason: null,
});

let app: RenderedApp | undefined;
beforeAll(async () => void (await import('./UnlinkQrPage')), 60_000);
afterEach(() => app?.unmount());

describe('/unlink-qr', () => {
  it('reaches the codes found by keyboard, and unlinks one with a reason', { timeout: TIMEOUT }, async () => {
    const api = createFakeApi();
    const rows = [code(1, null), code(2, 2500)];
    api.on('GET', 'qr-codes', () => ({ body: success({ rows, total: rows.length, page: 1, pageSize: 100 }) }));
    api.on('POST', `qr-codes/${rows[0]?.code}/unlink`, (call) => {
      const reason = (call.body as { reason: string }).reason;
      rows[0] = {
        ...code(1, null),
        status: 'unlinked',
        unlinkedAt: '2026-11-22T09:00:00.000Z',
        unlinkedBy: 'Awa Ndiaye',
        unlinkReason: reason,
      };
      return { body: success(rows[0]) };
    });
    const a = renderApp({ api, signedInAs: 'admin', url: '/unlink-qr' });
    app = a;

    await a.user.type(await screen.findByLabelText(Q.search, {}, { timeout: 10_000 }), 'MRC-00005');
    const find = screen.getByRole('button', { name: Q.find });
    await a.user.click(find);
    const table = await screen.findByRole('table', { name: Q.caption });
    const region = table.parentElement as HTMLElement;
    expect(region).toHaveRole('region');
    expect(region).toHaveAccessibleName(Q.caption);
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    // Tab from the search button: the table's region, then the first row's button.
    find.focus();
    await a.user.tab();
    expect(region).toHaveFocus();
    await a.user.tab();
    const unlink = within(table).getByRole('button', { name: `Unlink ${rows[0]?.code}` });
    expect(unlink).toHaveFocus();

    await a.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: `Unlink ${rows[0]?.code}?` });
    await a.user.click(within(dialog).getByRole('button', { name: Q.confirm }));
    const reason = within(dialog).getByLabelText(Q.reason);
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      `${Q.reasonHint.replace('{{min}}', String(REASON_MIN))} ${Q.reasonError.replace('{{min}}', String(REASON_MIN))}`,
    );

    await a.user.type(reason, 'Sticker stolen from the counter');
    expect(reason).toHaveAttribute('aria-invalid', 'false');
    await a.user.click(within(dialog).getByRole('button', { name: Q.confirm }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const row = within(table).getByRole('row', { name: new RegExp(rows[0]?.code ?? '') });
    await waitFor(() => expect(row).toHaveTextContent(Q.status_unlinked));
    expect(row).toHaveTextContent('Sticker stolen from the counter');
  });
});
