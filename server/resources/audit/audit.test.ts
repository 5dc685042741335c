import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../contract/api/audit';
import { CHANNEL } from '../../../contract/http';
import { auditEvents } from '../../db/schema';
import { expectFailure, HOUR } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { rows } from '../../test/kyc-fixtures';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'agent', 'report-admin', 'kyc-admin']) {
    tokens[user] = (await api.login(user)).token;
  }
  // Three days of events: a bank added through the dashboard, a QR code made on the WAP channel
  // two days later, and a failed sign-in of a name nobody has.
  const bank = await api.call('POST', '/rest/banks', {
    token: tokens.admin,
    json: { name: 'Banque Audit Test', code: 'AUDT', bic: 'AUDTSNDA' },
  });
  if (bank.status !== 201) throw new Error(JSON.stringify(bank.body));
  api.clock.advance(48 * HOUR);
  // Sessions end after 8 hours: sign everyone in again on the later day.
  for (const user of Object.keys(tokens)) tokens[user] = (await api.login(user)).token;
  const qr = await api.call('POST', '/rest/qr-codes', {
    token: tokens['network-supervisor'],
    json: { merchant: 'MRC-00005' },
    headers: { Channel: CHANNEL.wap },
  });
  if (qr.status !== 201) throw new Error(JSON.stringify(qr.body));
  await api.handle.db.insert(auditEvents).values({
    at: api.clock.now(),
    userId: null,
    channel: CHANNEL.dashboard,
    action: 'test.anonymous',
    targetType: 'user',
    targetId: '=HYPERLINK("http://evil")',
    details: { username: 'nobody' },
  });
});
afterAll(() => api.close());

const events = (query = '', user = 'admin') =>
  api.call<{ payload: AuditPage }>('GET', `/rest/audit-events${query}`, { token: tokens[user] });
const exportFile = (query: string, user = 'admin') =>
  api.request(`/rest/audit-events/export${query}`, {
    headers: { 'X-Session-Token': tokens[user] as string, Channel: CHANNEL.dashboard },
  });

describe('the audit trail', () => {
  it('lists who did what, when and through which channel, newest first', async () => {
    const res = await events();
    expect(res.status).toBe(200);
    const { rows: list, total } = res.body.payload;
    expect(total).toBeGreaterThanOrEqual(3);
    const times = list.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list[0]).toMatchObject({ action: 'test.anonymous', user: null });
    const qr = list.find((e) => e.action === 'qr.generate');
    expect(qr).toMatchObject({
      channel: 'wap1',
      targetType: 'qrCode',
      user: { username: 'network-supervisor', name: 'Abdoulaye Kane' },
      details: { merchant: 'MRC-00005' },
    });
    expect(qr?.at).toBe('2026-11-24T09:00:00.000Z');
    expect(qr?.requestId).toMatch(/\S+/);
    expect(list.find((e) => e.action === 'bank.create')).toMatchObject({
      channel: 'dashboard',
      targetId: 'AUDT',
      at: '2026-11-22T09:00:00.000Z',
      user: { username: 'admin' },
    });
  });

  it('filters by user, action or namespace, channel and days', async () => {
    const actions = async (query: string) => (await events(query)).body.payload.rows.map((e) => e.action);
    expect(await actions('?user=network-supervisor')).toContain('qr.generate');
    expect(await actions('?user=network-supervisor')).not.toContain('bank.create');
    expect(await actions('?user=kane')).toContain('qr.generate');
    expect(await actions('?action=bank.create')).toEqual(['bank.create']);
    expect(await actions('?action=bank')).toEqual(['bank.create']);
    expect(await actions('?action=ban')).toEqual([]);
    expect(await actions('?channel=wap1')).toEqual(['qr.generate']);
    expect(await actions('?from=2026-11-22&to=2026-11-22')).toContain('bank.create');
    expect(await actions('?from=2026-11-22&to=2026-11-22')).not.toContain('qr.generate');
    expect(await actions('?from=2026-11-24')).toEqual(expect.arrayContaining(['qr.generate', 'test.anonymous']));
    expect(await actions('?from=2026-11-23&to=2026-11-23')).toEqual([]);
    const paged = await events('?pageSize=1&page=2');
    expect(paged.body.payload).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.body.payload.rows).toHaveLength(1);

    const choices = await api.call<{ payload: { actions: string[] } }>('GET', '/rest/audit-events/actions', {
      token: tokens.admin,
    });
    expect(choices.body.payload.actions).toEqual(expect.arrayContaining(['bank.create', 'qr.generate']));
  });

  it('validates its filters', async () => {
    expectFailure(await events('?channel=sms'), 400, 'VALIDATION_FAILED');
    expectFailure(await events('?from=2026-02-30'), 400, 'VALIDATION_FAILED');
    expectFailure(await events('?from=2026-11-24&to=2026-11-22'), 400, 'VALIDATION_FAILED');
    expectFailure(await events('?action=bank%20create'), 400, 'VALIDATION_FAILED');
    expectFailure(await events('?pageSize=1000'), 400, 'VALIDATION_FAILED');
    expectFailure(await events('?user=a%00b'), 400, 'VALIDATION_FAILED');
  });

  it('is for the admin menu’s groups only', async () => {
    expect((await events('', 'network-supervisor')).status).toBe(200);
    for (const user of ['agent', 'report-admin', 'kyc-admin']) {
      expectFailure(await events('', user), 403, 'FORBIDDEN');
      expectFailure(await events('?channel=sms', user), 403, 'FORBIDDEN');
      expect((await exportFile('?format=csv', user)).status).toBe(403);
    }
    expect((await api.call('GET', '/rest/audit-events')).status).toBe(401);
  });
});

describe('sign-ins and sign-outs', () => {
  it('records each sign-in, refusal and sign-out with who and through which channel', async () => {
    const wrong = await api.call('POST', '/rest/auth/login', { json: { username: 'agent', password: 'not-it' } });
    expect(wrong.status).toBe(401);
    const unknown = await api.call('POST', '/rest/auth/login', { json: { username: 'ghost-user', password: 'x' } });
    expect(unknown.status).toBe(401);
    const wap = await api.call<{ payload: { sessionId: string } }>('POST', '/rest/auth/login', {
      json: { username: '221771234567', password: 'demo1234' },
      headers: { Channel: CHANNEL.wap },
    });
    expect(wap.status).toBe(200);
    const out = await api.call('POST', '/rest/auth/logout', {
      headers: { 'X-Session-Token': wap.body.payload.sessionId, Channel: CHANNEL.wap },
    });
    expect(out.status).toBe(200);
    // A second logout of the same session changes nothing and records nothing.
    await api.call('POST', '/rest/auth/logout', { headers: { 'X-Session-Token': wap.body.payload.sessionId } });

    const auth = (await events('?action=auth&pageSize=200')).body.payload.rows;
    const mine = auth.filter((e) => e.user?.username === '221771234567');
    expect(mine.slice(0, 2).map((e) => [e.action, e.channel])).toEqual([
      ['auth.logout', 'wap1'],
      ['auth.login', 'wap1'],
    ]);
    expect(auth.find((e) => e.action === 'auth.loginFailed' && e.user?.username === 'agent')?.details).toEqual({
      reason: 'wrongPassword',
    });
    expect(auth.find((e) => e.action === 'auth.loginFailed' && e.user === null)?.details).toEqual({
      username: 'ghost-user',
      reason: 'unknownUser',
    });
    expect(auth.filter((e) => e.action === 'auth.login' && e.user?.username === 'admin').length).toBeGreaterThanOrEqual(
      2,
    );
  });
});

describe('exports', () => {
  it('exports the filtered events as CSV, formulas defused, and audits the export', async () => {
    const res = await exportFile('?format=csv&from=2026-11-22');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit-trail-2026-11-24.csv"');
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Username,User,Channel,Action,Target type,Target,Details,Request id');
    // Newest first: the export records itself before it reads.
    expect(lines[1]).toMatch(/^2026-11-24T09:00:00.000Z,admin,Awa Ndiaye,dashboard,audit.export,auditTrail,,/);
    expect(text).toContain('2026-11-24T09:00:00.000Z,network-supervisor,Abdoulaye Kane,wap1,qr.generate,qrCode,QR');
    expect(text).toContain('2026-11-22T09:00:00.000Z,admin,Awa Ndiaye,dashboard,bank.create,bank,AUDT,');
    // JSON details are quoted; the "=" of a formula inside a cell cannot start the cell.
    const anonymous = lines.find((l) => l.includes('test.anonymous')) ?? '';
    expect(anonymous).toBe(
      '2026-11-24T09:00:00.000Z,,,dashboard,test.anonymous,user,"\'=HYPERLINK(""http://evil"")","{""username"":""nobody""}",',
    );

    const filtered = await (await exportFile('?format=csv&action=bank')).text();
    expect(filtered.trim().split('\r\n')).toHaveLength(2);
    const [recorded] = await rows<{ details: { format: string; filters: Record<string, string> } }>(
      api,
      sql`SELECT details FROM audit_events WHERE action = 'audit.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(recorded?.details).toMatchObject({ format: 'csv', filters: { action: 'bank' } });
  });

  it('exports XLSX with the same rows', async () => {
    const res = await exportFile('?format=xlsx&action=qr');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] as Uint8Array);
    expect(sheet).toContain('qr.generate');
    expect(sheet).toContain('network-supervisor');
    expect(sheet).not.toContain('bank.create');
  });

  it('refuses bad export filters', async () => {
    expect((await exportFile('?format=pdf')).status).toBe(400);
    const body = (await (await exportFile('?format=csv&from=2026-11-24&to=2026-11-01')).json()) as {
      errors: { code: string }[];
    };
    expect(body.errors[0]?.code).toBe('VALIDATION_FAILED');
  });
});
