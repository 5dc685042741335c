/** The QR code endpoints (contract/api/qr-codes.ts) on the fake API: a small stateful server. */
import type { QrCodeView, QrMerchant } from '../../../contract/api/qr-codes';
import { type FakeApi, success } from './fake-api';

export function installFakeQr(
  api: FakeApi,
  { merchants, codes, nextCode }: { merchants: readonly QrMerchant[]; codes: readonly QrCodeView[]; nextCode: string },
) {
  const rows = codes.map((c) => ({ ...c }));
  const byCode = (code: string) => rows.find((r) => r.code === code);
  const imageAnswer = () => ({ body: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
  const onCode = (code: string) => {
    api.on('GET', `qr-codes/${code}/image`, imageAnswer);
    api.on('POST', `qr-codes/${code}/unlink`, (call) => {
      const row = byCode(code) as QrCodeView;
      Object.assign(row, {
        status: 'unlinked',
        unlinkedAt: '2026-11-29T10:00:00.000Z',
        unlinkedBy: 'Admin',
        unlinkReason: (call.body as { reason: string }).reason,
      });
      return { body: success(row) };
    });
  };
  for (const { code } of rows) onCode(code);

  api.on('GET', 'qr-codes/merchants', (call) => {
    const q = (call.query.get('q') ?? '').toLowerCase();
    return { body: success({ merchants: merchants.filter((m) => m.name.toLowerCase().includes(q)) }) };
  });
  api.on('POST', 'qr-codes', (call) => {
    const body = call.body as { merchant: string; amount: number | null };
    const created: QrCodeView = {
      ...(codes[0] as QrCodeView),
      code: nextCode,
      payload: `000201010212${nextCode}`,
      amount: body.amount,
      merchant: merchants.find((m) => m.number === body.merchant) as QrMerchant,
    };
    rows.push(created);
    onCode(nextCode);
    return { status: 201, body: success(created) };
  });
  api.on('GET', 'qr-codes', (call) => {
    const code = call.query.get('code');
    const merchant = (call.query.get('merchant') ?? '').toLowerCase();
    const status = call.query.get('status');
    const found = rows.filter(
      (r) =>
        (code ? r.code === code : r.merchant.name.toLowerCase().includes(merchant)) &&
        (status === 'all' || r.status === status),
    );
    return { body: success({ rows: found, total: found.length, page: 1, pageSize: 100 }) };
  });
  return {
    /** Every change (not a read) the page sent to the QR endpoints. */
    writes: () => api.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('qr-codes')).length,
  };
}
