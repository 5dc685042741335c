import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi, waitForExports } from '../../test/harness';
import { FIXTURE_DAY, insertFixtures } from './fixtures';

type Job = { id: string; status: string; rowsDone: number; rowsTotal: number | null; downloadUrl: string | null };

let api: TestApi;
let token: string;
const BULK_ROWS = 100_000;

beforeAll(async () => {
  api = await createTestApi({ EXPORT_DIR: `/tmp/wallet-exports-${process.pid}-exports` });
  token = (await api.login('admin')).token;
  await insertFixtures(api.handle.db, [
    { reference: 'FX-QUOTE', type: 'transfer', service: 'wallet', amount: 1_234, from: 'CUS-000001', to: 'CUS-000002' },
  ]);
  // A bulk day for the large export, written set-based like the demo generator (no account
  // links: the export's cost is in reading and writing rows, not in the joins).
  await api.handle.db.execute(sql`
    INSERT INTO transactions (reference, type, service, status, amount, fee, commission, channel, created_at)
    SELECT 'BULK-' || g, 'transfer', 'wallet', 'success', 100 + g % 1000, 0, 0,
           'app', '2030-03-01T00:00:00Z'::timestamptz + (g || ' seconds')::interval
    FROM generate_series(1, ${BULK_ROWS}) g`);
}, 300_000);
afterAll(() => api.close());

async function runExport(format: 'csv' | 'xlsx', filters: Record<string, string>) {
  const created = await api.call<{ payload: Job }>('POST', '/rest/reports/transaction-report/exports', {
    token,
    json: { format, filters },
  });
  expect(created.status).toBe(202);
  await waitForExports(api);
  const job = await api.call<{ payload: Job }>('GET', `/rest/exports/${created.body.payload.id}`, { token });
  return job.body.payload;
}

describe('report exports', () => {
  it('exports the filtered result as CSV, downloadable by its link alone', async () => {
    const job = await runExport('csv', { from: FIXTURE_DAY, to: FIXTURE_DAY });
    expect(job.status).toBe('done');
    expect(job.rowsDone).toBe(1);
    expect(job.downloadUrl).toMatch(/^\/rest\/exports\/[0-9a-f-]+\/download\?session=\d+&expires=\d+&sig=/);
    const file = await api.request(job.downloadUrl as string, { cookies: false });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('transaction-report-');
    const text = await file.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('Reference');
    expect(lines[1]).toContain('FX-QUOTE');
    expect(lines[1]).toContain('1234');
    const wrongSignature = await api.request((job.downloadUrl as string).replace(/sig=.*/, 'sig=not-the-right-one'));
    expect(wrongSignature.status).toBe(404);
  });

  it('lists the user’s jobs, so a reloaded page finds them again', async () => {
    const list = await api.call<{ payload: { jobs: Job[] } }>('GET', '/rest/exports', { token });
    expect(list.body.payload.jobs.length).toBeGreaterThan(0);
    const other = (await api.login('report-admin')).token;
    const theirs = await api.call<{ payload: { jobs: Job[] } }>('GET', '/rest/exports', { token: other });
    expect(theirs.body.payload.jobs).toEqual([]);
  });

  it('writes a valid XLSX package', async () => {
    const job = await runExport('xlsx', { from: FIXTURE_DAY, to: FIXTURE_DAY });
    const file = Buffer.from(await (await api.request(job.downloadUrl as string)).arrayBuffer());
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(end).toBeGreaterThan(0);
    expect(file.readUInt16LE(end + 10)).toBe(5);
    expect(file.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
  });

  it(`streams ${BULK_ROWS.toLocaleString('en')} rows with every row and flat memory`, async () => {
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const job = await runExport('csv', { from: '2030-03-01', to: '2030-03-02' });
    clearInterval(sampler);
    expect(job.status).toBe('done');
    expect(job.rowsTotal).toBe(BULK_ROWS);
    const text = await (await api.request(job.downloadUrl as string)).text();
    expect(text.trim().split('\r\n')).toHaveLength(BULK_ROWS + 1);
    // The export reads 5,000 rows at a time; the whole result (~10 MB of CSV) is never held.
    expect(peak - baseline).toBeLessThan(200 * 1024 * 1024);
  }, 180_000);
});

describe('export download links', () => {
  it('expire after a few minutes; a fresh read of the job gives a working link again', async () => {
    const job = await runExport('csv', { from: FIXTURE_DAY, to: FIXTURE_DAY });
    api.clock.advance(6 * 60_000);
    expect((await api.request(job.downloadUrl as string, { cookies: false })).status).toBe(404);
    const again = await api.call<{ payload: Job }>('GET', `/rest/exports/${job.id}`, { token });
    expect(again.body.payload.downloadUrl).not.toBe(job.downloadUrl);
    expect((await api.request(again.body.payload.downloadUrl as string, { cookies: false })).status).toBe(200);
  });

  it('stop working when the session that got them signs out; the session header works while it lives', async () => {
    const own = (await api.login('admin')).token;
    const created = await api.call<{ payload: Job }>('POST', '/rest/reports/transaction-report/exports', {
      token: own,
      json: { format: 'csv', filters: { from: FIXTURE_DAY, to: FIXTURE_DAY } },
    });
    await waitForExports(api);
    const job = (await api.call<{ payload: Job }>('GET', `/rest/exports/${created.body.payload.id}`, { token: own }))
      .body.payload;
    const bare = `/rest/exports/${job.id}/download`;
    const withHeader = () => api.request(bare, { headers: { 'X-Session-Token': own } });
    expect((await withHeader()).status).toBe(200);
    // Another user's live session cannot fetch it, with or without the link's parameters.
    const other = (await api.login('report-admin')).token;
    expect((await api.request(bare, { headers: { 'X-Session-Token': other } })).status).toBe(404);
    expect((await api.request(bare)).status).toBe(404);
    expect((await api.call('POST', '/rest/auth/logout', { token: own })).status).toBe(200);
    expect((await api.request(job.downloadUrl as string, { cookies: false })).status).toBe(404);
    expect((await withHeader()).status).toBe(404);
  });

  it('refuses (403) an export of a member the caller does not own, and queues none', async () => {
    const master = (await api.login('aftu-master')).token;
    const refused = await api.call('POST', '/rest/reports/report-aftu-partner/exports', {
      token: master,
      json: { format: 'csv', filters: { memberId: 'AFTU-999' } },
    });
    expectFailure(refused, 403, 'FORBIDDEN');
    const jobs = await api.call<{ payload: { jobs: Job[] } }>('GET', '/rest/exports', { token: master });
    expect(jobs.body.payload.jobs).toEqual([]);
    const own = await api.call<{ payload: Job }>('POST', '/rest/reports/report-aftu-partner/exports', {
      token: master,
      json: { format: 'csv', filters: { memberId: 'AFTU-001' } },
    });
    expect(own.status).toBe(202);
  });
});
