import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi, waitForExports } from '../../test/harness';
import { queryRows } from '../../db/query';
import { IMMEDIATE_EXPORT_MAX_ROWS } from '../../../contract/api/reports';
import { FILE_CHUNK_BYTES, purgeExports } from './export-file';
import { FIXTURE_DAY, insertFixtures } from './fixtures';

type Job = {
  id: string;
  status: string;
  rowsDone: number;
  rowsTotal: number | null;
  downloadUrl: string | null;
  createdAt: string;
};

/** When a job was asked for, as its file writes it: Dakar's clock (UTC all year), day first in French. */
function dakarClock(iso: string, lang: 'en' | 'fr'): string {
  const [day = '', time = ''] = iso.slice(0, 19).split('T');
  return `${lang === 'fr' ? day.split('-').reverse().join('-') : day} ${time}`;
}

let api: TestApi;
let token: string;
const BULK_ROWS = 100_000;
/** A screen with a column hidden, the rest moved, and sorted by amount. */
const SCREEN = { columns: ['reference', 'amount', 'type', 'createdAt', 'fromPhone'], sort: 'amount', dir: 'asc' };

beforeAll(async () => {
  api = await createTestApi();
  token = (await api.login('admin')).token;
  await insertFixtures(api.handle.db, [
    { reference: 'FX-QUOTE', type: 'transfer', service: 'wallet', amount: 1_234, from: 'CUS-000001', to: 'CUS-000002' },
    {
      reference: 'FX-LATER',
      type: 'cash_out',
      service: 'wallet',
      amount: 5_000,
      fee: 100,
      from: 'CUS-000001',
      to: 'AGT-00001',
      hour: 14,
    },
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

async function runExport(
  format: 'csv' | 'xlsx',
  filters: Record<string, string>,
  screen: Record<string, unknown> = {},
) {
  const created = await api.call<{ payload: Job }>('POST', '/rest/reports/transaction-report/exports', {
    token,
    json: { format, filters, ...screen },
  });
  // A small export is written during its request (201); a larger one is queued (202).
  expect([201, 202]).toContain(created.status);
  await waitForExports(api);
  const job = await api.call<{ payload: Job }>('GET', `/rest/exports/${created.body.payload.id}`, { token });
  return job.body.payload;
}

describe('report exports', () => {
  it('exports the filtered result as CSV, downloadable by its link alone', async () => {
    const job = await runExport('csv', { from: FIXTURE_DAY, to: FIXTURE_DAY });
    expect(job.status).toBe('done');
    expect(job.rowsDone).toBe(2);
    expect(job.downloadUrl).toMatch(/^\/rest\/exports\/[0-9a-f-]+\/download\?session=\d+&expires=\d+&sig=/);
    const file = await api.request(job.downloadUrl as string, { cookies: false });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('transaction-report-');
    const text = await file.text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('Transaction Report');
    expect(lines[1]).toContain('Reference');
    // The screen's default order: newest first.
    expect(lines[3]).toContain('FX-QUOTE');
    expect(lines[3]).toContain('1234');
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

  it('writes the screen’s columns in its order and sort as CSV, with Dakar dates, in the file’s language', async () => {
    const fixtureDay = { from: FIXTURE_DAY, to: FIXTURE_DAY };
    const en = await runExport('csv', fixtureDay, { ...SCREEN, language: 'en' });
    const enLines = (await (await api.request(en.downloadUrl as string)).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(enLines.slice(1)).toEqual([
      'Reference,Amount,Type,Date,From phone',
      "FX-QUOTE,1234,Transfer,2030-01-15 10:00:00,'+221 70 546 00 01",
      "FX-LATER,5000,Cash out,2030-01-15 14:00:00,'+221 70 546 00 01",
    ]);
    expect(enLines[0]?.split(',')).toEqual([
      'Transaction Report',
      `From: ${FIXTURE_DAY}`,
      `To: ${FIXTURE_DAY}`,
      'Sorted by: Amount (ascending)',
      expect.stringMatching(/^Exported by: .+ \(admin\)$/),
      `Exported on: ${dakarClock(en.createdAt, 'en')}`,
    ]);
    // French Excel splits on `;` and reads dates day first.
    const fr = await runExport('csv', { ...fixtureDay, status: 'success' }, { ...SCREEN, dir: 'desc', language: 'fr' });
    const frLines = (await (await api.request(fr.downloadUrl as string)).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(';'));
    const day = FIXTURE_DAY.split('-').reverse().join('-');
    expect(frLines[0]).toEqual([
      'Rapport des transactions',
      `Du : ${day}`,
      `Au : ${day}`,
      'Statut : Réussie',
      'Trié par : Montant (décroissant)',
      expect.stringMatching(/^Exporté par : .+ \(admin\)$/),
      `Exporté le : ${dakarClock(fr.createdAt, 'fr')}`,
    ]);
    expect(frLines[1]).toEqual(['Référence', 'Montant', 'Type', 'Date', 'Téléphone émetteur']);
    expect(frLines[2]).toEqual(['FX-LATER', '5000', 'Retrait', `${day} 14:00:00`, "'+221 70 546 00 01"]);
    expect(frLines[3]).toEqual(['FX-QUOTE', '1234', 'Transfert', `${day} 10:00:00`, "'+221 70 546 00 01"]);
  });

  it('writes the rows the screen shows, in its order', async () => {
    // Everything before the bulk day: the demo's history and the fixtures.
    const filters = { to: '2030-02-28', status: 'success' };
    const screen = { columns: ['reference', 'amount'], sort: 'amount', dir: 'desc', language: 'fr' };
    const page = await api.call<{ payload: { rows: { reference: string; amount: number }[]; total: number } }>(
      'GET',
      '/rest/reports/transaction-report?to=2030-02-28&status=success&sort=amount&dir=desc&pageSize=200',
      { token },
    );
    const job = await runExport('csv', filters, screen);
    const rows = (await (await api.request(job.downloadUrl as string)).text())
      .trim()
      .split('\r\n')
      .slice(2)
      .map((line) => line.split(';'));
    expect(page.body.payload.total).toBeGreaterThan(200);
    expect(rows).toHaveLength(page.body.payload.total);
    expect(rows.slice(0, 200)).toEqual(page.body.payload.rows.map((r) => [r.reference, String(r.amount)]));
  });

  it('answers a small export at once, finished, with its link; a large one is queued', async () => {
    const small = await api.call<{ payload: Job }>('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: { format: 'csv', filters: { from: FIXTURE_DAY, to: FIXTURE_DAY } },
    });
    expect(small.status).toBe(201);
    expect(small.body.payload).toMatchObject({ status: 'done', rowsDone: 2, rowsTotal: 2 });
    expect((await api.request(small.body.payload.downloadUrl as string)).status).toBe(200);
    const large = await api.call<{ payload: Job }>('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: { format: 'csv', filters: { from: '2030-03-01', to: '2030-03-01' }, columns: ['reference'] },
    });
    expect(large.status).toBe(202);
    expect(large.body.payload).toMatchObject({ status: 'queued', downloadUrl: null });
    expect(large.body.payload.rowsTotal).toBeGreaterThan(IMMEDIATE_EXPORT_MAX_ROWS);
    await waitForExports(api);
  }, 180_000);

  it('writes an XLSX with the screen’s columns, labels, real dates, XOF amounts and plain phone text', async () => {
    const job = await runExport('xlsx', { from: FIXTURE_DAY, to: FIXTURE_DAY }, { ...SCREEN, language: 'fr' });
    const workbook = new ExcelJS.Workbook();
    const file = Buffer.from(await (await api.request(job.downloadUrl as string)).arrayBuffer());
    // exceljs declares its own global Buffer interface, which Node's Buffer no longer satisfies.
    await workbook.xlsx.load(file as never);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Référence', 'Montant', 'Type', 'Date', 'Téléphone émetteur']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(values(2)).toEqual(['FX-QUOTE', 1234, 'Transfert', new Date('2030-01-15T10:00:00Z'), '+221 70 546 00 01']);
    expect(values(3)?.[0]).toBe('FX-LATER');
    expect(sheet.getCell('B2').numFmt).toBe('#,##0 "XOF"');
    expect(sheet.getCell('D2').numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(sheet.getColumn(5).width).toBeGreaterThanOrEqual(19);
    const about = workbook.worksheets[1];
    expect(about?.name).toBe('À propos de cet export');
    const day = FIXTURE_DAY.split('-').reverse().join('-');
    const facts = about?.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : []));
    expect(facts).toEqual([
      ['Rapport', 'Rapport des transactions'],
      ['Du', day],
      ['Au', day],
      ['Trié par', 'Montant (croissant)'],
      ['Exporté par', expect.stringMatching(/\(admin\)$/)],
      ['Exporté le', dakarClock(job.createdAt, 'fr')],
    ]);
  });

  it('refuses a column the report does not have', async () => {
    const res = await api.call('POST', '/rest/reports/transaction-report/exports', {
      token,
      json: { format: 'csv', filters: {}, columns: ['reference', 'password'] },
    });
    expect(res.status).toBe(400);
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
    const download = await api.request(job.downloadUrl as string);
    const length = Number(download.headers.get('content-length'));
    const bytes = Buffer.from(await download.arrayBuffer());
    // The facts' line, the header, the rows.
    expect(bytes.toString('utf8').trim().split('\r\n')).toHaveLength(BULK_ROWS + 2);
    // Stored in pieces of about 1 MB and served back whole, byte for byte.
    expect(bytes.length).toBe(length);
    const [pieces] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM export_file_chunks WHERE job_id = ${job.id}`,
    );
    expect(Number(pieces?.n)).toBeGreaterThan(1);
    expect(Number(pieces?.n)).toBeLessThanOrEqual(Math.ceil(length / FILE_CHUNK_BYTES));
    // COPY streams (PostgreSQL) or copies 50,000 rows at a time (PGlite): the whole result is never held.
    expect(peak - baseline).toBeLessThan(200 * 1024 * 1024);
  }, 180_000);

  it('deletes an export and its file once the retention period has passed, and no sooner', async () => {
    const job = await runExport('csv', { from: FIXTURE_DAY, to: FIXTURE_DAY });
    const finished = api.clock.now().getTime();
    expect(await purgeExports(api.handle.db, new Date(finished - 60_000))).toBe(0);
    expect((await api.request(job.downloadUrl as string)).status).toBe(200);
    // A day and a minute later (moved in the database: the test's sessions must stay alive).
    await api.handle.db.execute(
      sql`UPDATE export_jobs SET finished_at = finished_at - interval '1 day 1 minute' WHERE id = ${job.id}`,
    );
    expect(await purgeExports(api.handle.db, new Date(finished - 86_400_000))).toBeGreaterThan(0);
    expect((await api.request(job.downloadUrl as string)).status).toBe(404);
    const [left] = await queryRows<{ n: string }>(
      api.handle.db,
      sql`SELECT count(*) AS n FROM export_file_chunks WHERE job_id = ${job.id}`,
    );
    expect(Number(left?.n)).toBe(0);
  });

  it('answers a repeated request with the identical export already running instead of a second job', async () => {
    const request = {
      format: 'csv',
      filters: { from: '2030-03-01', to: '2030-03-02', status: 'success' },
      columns: ['reference', 'amount', 'createdAt'],
    };
    const post = (json: object) =>
      api.call<{ payload: Job }>('POST', '/rest/reports/transaction-report/exports', { token, json });
    // Sent together: whichever the server takes second finds the job of the other.
    const answers = await Promise.all([post(request), post(request)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    const first = answers.find((a) => a.status === 202) as (typeof answers)[number];
    const again = answers.find((a) => a.status === 200) as (typeof answers)[number];
    expect(again.body.payload.id).toBe(first.body.payload.id);
    expect(['queued', 'running']).toContain(again.body.payload.status);
    const otherColumns = await post({ ...request, columns: ['amount', 'reference', 'createdAt'] });
    expect(otherColumns.status).toBe(202);
    expect(otherColumns.body.payload.id).not.toBe(first.body.payload.id);
    await waitForExports(api);
    const after = await post(request);
    expect(after.status).toBe(202);
    expect(after.body.payload.id).not.toBe(first.body.payload.id);
    await waitForExports(api);
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
    expect(own.status).toBe(201);
  });
});
