import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contract/api/audit';
import { hasValidCrc, parseEmv } from '../../../contract/emv-qr';
import type { QrCodePage, QrCodeView, QrMerchant, QrResolution } from '../../../contract/api/qr-codes';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { rows } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'merchant', 'agent', 'kyc-admin']) {
    tokens[user] = (await api.login(user)).token;
  }
});
afterAll(() => api.close());

const generate = (json: unknown, user = 'admin') =>
  api.call<{ payload: QrCodeView }>('POST', '/rest/qr-codes', { token: tokens[user], json });
const resolve = (code: string, user = 'admin') =>
  api.call<{ payload: QrResolution }>('GET', `/rest/qr-codes/${encodeURIComponent(code)}`, { token: tokens[user] });
const find = (query: string, user = 'admin') =>
  api.call<{ payload: QrCodePage }>('GET', `/rest/qr-codes?${query}`, { token: tokens[user] });
const unlink = (code: string, json: unknown, user = 'admin') =>
  api.call<{ payload: QrCodeView }>('POST', `/rest/qr-codes/${code}/unlink`, { token: tokens[user], json });
const image = (code: string, query = '') =>
  api.request(`/rest/qr-codes/${code}/image${query}`, {
    headers: { 'X-Session-Token': tokens.admin as string, Channel: 'dashboard' },
  });

const fieldsOf = (payload: string) => Object.fromEntries(parseEmv(payload).map((f) => [f.id, f.value]));

describe('generating a merchant QR code', () => {
  it('finds merchants by number, name or phone', async () => {
    const res = await api.call<{ payload: { merchants: QrMerchant[] } }>(
      'GET',
      '/rest/qr-codes/merchants?q=MRC-00005',
      {
        token: tokens.admin,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.payload.merchants[0]).toMatchObject({
      number: 'MRC-00005',
      status: 'active',
      kycStatus: 'approved',
    });
    const byName = res.body.payload.merchants[0]?.name.split(' ')[0] as string;
    const named = await api.call<{ payload: { merchants: QrMerchant[] } }>(
      'GET',
      `/rest/qr-codes/merchants?q=${encodeURIComponent(byName)}`,
      { token: tokens.admin },
    );
    expect(named.body.payload.merchants.length).toBeGreaterThan(0);
    expect(
      named.body.payload.merchants.every(
        (m) => m.number.startsWith('MRC-') || m.number.startsWith('STN-') || m.number.startsWith('CHN-'),
      ),
    ).toBe(true);
    expectFailure(
      await api.call('GET', '/rest/qr-codes/merchants?q=M', { token: tokens.admin }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('makes a static EMVCo payload for the merchant, audited', async () => {
    const res = await generate({ merchant: 'mrc-00005' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const qr = res.body.payload;
    expect(qr).toMatchObject({
      status: 'linked',
      amount: null,
      merchant: { number: 'MRC-00005' },
      createdBy: 'Awa Ndiaye',
      unlinkedAt: null,
    });
    expect(qr.code).toMatch(/^QR[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(hasValidCrc(qr.payload)).toBe(true);
    const fields = fieldsOf(qr.payload);
    expect(fields).toMatchObject({ '00': '01', '01': '11', '53': '952', '58': 'SN', '52': qr.merchant.mcc });
    expect(fields['54']).toBeUndefined();
    expect(fieldsOf(fields['26'] as string)).toEqual({ '00': 'sn.kpay.wallet', '01': 'MRC-00005', '02': qr.code });
    const [stored] = await rows<{ payload: string; created_by: string }>(
      api,
      sql`SELECT q.payload, u.username AS created_by FROM merchant_qr_codes q JOIN users u ON u.id = q.created_by
          WHERE q.code = ${qr.code}`,
    );
    expect(stored).toEqual({ payload: qr.payload, created_by: 'admin' });
    const events = await api.call<{ payload: AuditPage }>('GET', '/rest/audit-events?action=qr.generate', {
      token: tokens.admin,
    });
    expect(events.body.payload.rows[0]).toMatchObject({
      targetType: 'qrCode',
      targetId: qr.code,
      details: { merchant: 'MRC-00005', amount: null },
      user: { username: 'admin' },
    });
  });

  it('makes a dynamic payload carrying the amount', async () => {
    const res = await generate({ merchant: 'MRC-00005', amount: 2500 });
    expect(res.status).toBe(201);
    expect(res.body.payload.amount).toBe(2500);
    expect(fieldsOf(res.body.payload.payload)).toMatchObject({ '01': '12', '54': '2500' });
  });

  it('refuses unknown, inactive and unverified merchants and bad amounts', async () => {
    expectFailure(await generate({ merchant: 'MRC-99999' }), 404, 'MERCHANT_NOT_FOUND');
    expectFailure(await generate({ merchant: 'CUS-000003' }), 404, 'MERCHANT_NOT_FOUND');
    const [pending] = await rows<{ number: string }>(
      api,
      sql`SELECT number FROM accounts WHERE kind = 'merchant' AND status = 'active' AND kyc_status <> 'approved' ORDER BY id LIMIT 1`,
    );
    expectFailure(await generate({ merchant: pending?.number }), 409, 'MERCHANT_KYC_NOT_APPROVED');
    await api.handle.db.execute(sql`UPDATE accounts SET status = 'blocked' WHERE number = 'MRC-00007'`);
    expectFailure(await generate({ merchant: 'MRC-00007' }), 409, 'MERCHANT_NOT_ACTIVE');
    expectFailure(await generate({ merchant: 'MRC-00005', amount: 0 }), 400, 'VALIDATION_FAILED');
    expectFailure(await generate({ merchant: 'MRC-00005', amount: 12.5 }), 400, 'VALIDATION_FAILED');
    expectFailure(await generate({ merchant: 'MRC-00005', amount: '100' }), 400, 'VALIDATION_FAILED');
    expectFailure(await generate({ merchant: 'not a number' }), 400, 'VALIDATION_FAILED');
    expectFailure(await generate({}), 400, 'VALIDATION_FAILED');
  });

  it('is for the admin menu’s groups only', async () => {
    expect((await generate({ merchant: 'MRC-00005' }, 'network-supervisor')).status).toBe(201);
    for (const user of ['merchant', 'agent', 'kyc-admin']) {
      expectFailure(await generate({ merchant: 'MRC-00005' }, user), 403, 'FORBIDDEN');
      expectFailure(await generate({}, user), 403, 'FORBIDDEN');
      expectFailure(await find('merchant=MRC-00005', user), 403, 'FORBIDDEN');
      expectFailure(await resolve('QR0000000000', user), 403, 'FORBIDDEN');
      expectFailure(await unlink('QR0000000000', { reason: 'Lost sticker' }, user), 403, 'FORBIDDEN');
    }
    expect((await api.call('GET', '/rest/qr-codes?merchant=MRC-00005')).status).toBe(401);
  });
});

describe('images', () => {
  it('downloads the code as a PNG or an SVG', async () => {
    const qr = (await generate({ merchant: 'MRC-00005', amount: 1000 })).body.payload;
    const png = await image(qr.code);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="${qr.code}.png"`);
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR width: about the size asked for (whole pixels per module, so a few less at most).
    const widthOf = (png: Uint8Array) => new DataView(png.buffer).getUint32(16);
    expect(widthOf(bytes)).toBeGreaterThan(480);
    expect(widthOf(bytes)).toBeLessThanOrEqual(512);
    const big = new Uint8Array(await (await image(qr.code, '?size=1024')).arrayBuffer());
    expect(widthOf(big)).toBeGreaterThan(990);
    expect(widthOf(big)).toBeLessThanOrEqual(1024);

    const svg = await image(qr.code, '?format=svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-disposition')).toBe(`attachment; filename="${qr.code}.svg"`);
    expect(await svg.text()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const bad = await image(qr.code, '?format=gif');
    expect(bad.status).toBe(400);
    expect((await image(qr.code, '?size=10')).status).toBe(400);
    expect((await image('QR0000000000')).status).toBe(404);
  });
});

describe('finding, resolving and unlinking', () => {
  it('resolves a linked code, then 410 once it is unlinked with a reason (audited)', async () => {
    const qr = (await generate({ merchant: 'MRC-00005' })).body.payload;
    const resolved = await resolve(qr.code.toLowerCase());
    expect(resolved.status).toBe(200);
    expect(resolved.body.payload).toEqual({
      code: qr.code,
      amount: null,
      merchant: { number: 'MRC-00005', name: qr.merchant.name, city: qr.merchant.city },
    });

    expectFailure(await unlink(qr.code, { reason: 'no' }), 400, 'VALIDATION_FAILED');
    expectFailure(await unlink(qr.code, {}), 400, 'VALIDATION_FAILED');
    const res = await unlink(qr.code, { reason: '  Sticker stolen from the counter  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.payload).toMatchObject({
      status: 'unlinked',
      unlinkedBy: 'Awa Ndiaye',
      unlinkReason: 'Sticker stolen from the counter',
    });
    expect(res.body.payload.unlinkedAt).not.toBeNull();

    expectFailure(await resolve(qr.code), 410, 'QR_UNLINKED');
    expect((await image(qr.code)).status).toBe(410);
    expectFailure(await unlink(qr.code, { reason: 'Again, to be sure' }), 409, 'QR_ALREADY_UNLINKED');
    expectFailure(await resolve('QR0000000000'), 404, 'QR_NOT_FOUND');
    expectFailure(await unlink('QR0000000000', { reason: 'Lost sticker' }), 404, 'QR_NOT_FOUND');
    expectFailure(await resolve('not-a-code'), 400, 'VALIDATION_FAILED');

    const events = await api.call<{ payload: AuditPage }>('GET', '/rest/audit-events?action=qr.unlink', {
      token: tokens.admin,
    });
    expect(events.body.payload.rows[0]).toMatchObject({
      targetId: qr.code,
      user: { username: 'admin' },
      details: { merchant: 'MRC-00005', reason: 'Sticker stolen from the counter' },
    });
  });

  it('finds codes by merchant or by code, with their state', async () => {
    const linked = (await generate({ merchant: 'MRC-00005', amount: 700 })).body.payload;
    const byCode = await find(`code=${linked.code.slice(0, 6).toLowerCase()}-${linked.code.slice(6).toLowerCase()}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.payload.rows.map((r) => r.code)).toEqual([linked.code]);

    const byMerchant = await find('merchant=MRC-00005');
    expect(byMerchant.body.payload.total).toBeGreaterThanOrEqual(5);
    expect(byMerchant.body.payload.rows[0]?.code).toBe(linked.code);
    expect(new Set(byMerchant.body.payload.rows.map((r) => r.status))).toEqual(new Set(['linked', 'unlinked']));
    const onlyUnlinked = await find('merchant=MRC-00005&status=unlinked');
    expect(onlyUnlinked.body.payload.rows.length).toBeGreaterThan(0);
    expect(onlyUnlinked.body.payload.rows.every((r) => r.status === 'unlinked' && r.unlinkReason)).toBe(true);

    expectFailure(await find(''), 400, 'VALIDATION_FAILED');
    expectFailure(await find('code=QRI0000000000'), 400, 'VALIDATION_FAILED');
    expectFailure(await find('merchant=MRC-00005&status=lost'), 400, 'VALIDATION_FAILED');
    expect((await find('merchant=MRC-99999')).body.payload).toMatchObject({ total: 0, rows: [] });
  });
});
