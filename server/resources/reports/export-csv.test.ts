import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_GROUP_IDS } from '../../../contract/groups';
import { findReport, type ReportDef } from '../../../contract/reports';
import { queryRows } from '../../db/query';
import type { SessionUser } from '../../lib/session-user';
import { createTestApi, type TestApi } from '../../test/harness';
import { csvCell, exportCell, exportColumns } from './export-cells';
import { writeCsvByCopy } from './export-csv';
import { csvHeader } from './export-writers';
import { FIXTURE_DAY, insertFixtures } from './fixtures';
import { userLoader } from './routes';
import { columnCatalogue, prepareReport, reportRows } from './run';

let api: TestApi;

async function demoUser(username: string): Promise<SessionUser> {
  const [row] = await queryRows<{ id: number }>(api.handle.db, sql`SELECT id FROM users WHERE username = ${username}`);
  const user = row ? await userLoader({ db: api.handle.db, groupIds: PRIMARY_GROUP_IDS })(Number(row.id)) : null;
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
}

beforeAll(async () => {
  api = await createTestApi();
  // Values a CSV must quote, defuse or unescape, codes without a label, and text COPY escapes.
  await insertFixtures(api.handle.db, [
    { reference: '=SUM(A1)', type: 'transfer', service: 'wallet', amount: 1, from: 'CUS-000001', to: 'CUS-000002' },
    {
      reference: '-42',
      type: 'cash_out',
      service: 'wallet',
      amount: -7,
      from: 'CUS-000001',
      to: 'AGT-00001',
      hour: 11,
    },
    {
      reference: 'say "hi"; then, go',
      type: 'mystery_new-code',
      service: '__odd__',
      status: 'pending_review',
      amount: 3,
      from: null,
      to: 'CUS-000002',
      hour: 12,
    },
    {
      reference: 'back\\slash\ttab\nline\r end, Thiès — Médina',
      type: 'transfer',
      service: 'wallet',
      amount: 4,
      from: 'CUS-000002',
      to: 'CUS-000001',
      hour: 9,
    },
    { reference: '@home', type: 'transfer', service: 'woyofal', amount: 0, from: 'CUS-000003', to: null, hour: 13 },
  ]);
}, 300_000);
afterAll(() => api.close());

/** What an export is asked for: the report's filters and order, its columns, language and user. */
interface Screen {
  filters: Record<string, string>;
  keys: readonly string[];
  lang: 'en' | 'fr';
  user: string;
}

/** The file as the rows read through JavaScript make it: exportCell, then csvCell, per cell. */
async function csvThroughRows(report: ReportDef, screen: Screen) {
  const { filters, keys, lang } = screen;
  const built = await prepareReport(api.handle.db, report, await demoUser(screen.user), filters);
  const columns = exportColumns(report, columnCatalogue(report), keys, lang);
  const picked = { ...built, columns: columns.flatMap((c) => built.columns.filter((b) => b.key === c.key)) };
  let text = csvHeader(columns);
  let rows = 0;
  for await (const chunk of reportRows(api.handle.db, picked, report, 97)) {
    for (const row of chunk) text += `${columns.map((c) => csvCell(exportCell(c, row[c.key], lang))).join(',')}\r\n`;
    rows += chunk.length;
  }
  return { bytes: Buffer.from(text), rows };
}

/** The file as the export writes it, through COPY. */
async function csvThroughCopy(report: ReportDef, screen: Screen) {
  const { filters, keys, lang } = screen;
  const built = await prepareReport(api.handle.db, report, await demoUser(screen.user), filters);
  const columns = exportColumns(report, columnCatalogue(report), keys, lang);
  const picked = { ...built, columns: columns.flatMap((c) => built.columns.filter((b) => b.key === c.key)) };
  const pieces: Buffer[] = [];
  const file = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pieces.push(chunk);
      callback();
    },
  });
  const rows = await writeCsvByCopy({
    db: api.handle.db,
    built: picked,
    columns,
    lang,
    file,
    progress: async () => {},
  });
  return { bytes: Buffer.concat(pieces), rows };
}

const cases: {
  report: string;
  filters: Record<string, string>;
  columns?: string[];
  lang: 'en' | 'fr';
  user?: string;
}[] = [
  { report: 'transaction-report', filters: { from: FIXTURE_DAY, to: FIXTURE_DAY }, lang: 'en' },
  {
    report: 'transaction-report',
    filters: { from: FIXTURE_DAY, to: FIXTURE_DAY, sort: 'amount', dir: 'asc' },
    columns: ['reference', 'amount', 'type', 'service', 'status', 'createdAt', 'fromPhone', 'toName'],
    lang: 'fr',
  },
  // The demo's history: hundreds of rows, many chunks of the JavaScript reader.
  { report: 'transaction-report', filters: {}, lang: 'fr' },
  { report: 'transaction-report', filters: { sort: 'toName', dir: 'asc' }, lang: 'en' },
  { report: 'aggregrate-report', filters: {}, lang: 'fr', user: 'report-admin' },
  { report: 'edk-report', filters: { sort: 'count', dir: 'asc' }, lang: 'en', user: 'report-admin' },
  { report: 'registration-report', filters: {}, lang: 'fr' },
  { report: 'activation-report', filters: { sort: 'activatedAt', dir: 'asc' }, lang: 'en' },
  { report: 'blocked-user-request', filters: {}, lang: 'fr' },
];

describe('CSV export through COPY', () => {
  it.each(cases)('writes $report ($lang, $filters) byte for byte as the rows read in JavaScript do', async (c) => {
    const report = findReport(c.report);
    if (!report) throw new Error(`no report ${c.report}`);
    const screen = { filters: c.filters, keys: c.columns ?? report.columns, lang: c.lang, user: c.user ?? 'admin' };
    const expected = await csvThroughRows(report, screen);
    const copied = await csvThroughCopy(report, screen);
    expect(expected.rows).toBeGreaterThan(0);
    expect(copied.rows).toBe(expected.rows);
    expect(copied.bytes.toString('utf8')).toBe(expected.bytes.toString('utf8'));
    expect(copied.bytes.equals(expected.bytes)).toBe(true);
  });

  it('quotes, defuses and unescapes what the data holds, and labels unknown codes readably', async () => {
    const report = findReport('transaction-report') as ReportDef;
    const { bytes } = await csvThroughCopy(report, {
      filters: { from: FIXTURE_DAY, to: FIXTURE_DAY, sort: 'amount', dir: 'asc' },
      keys: ['reference', 'amount', 'type', 'service'],
      lang: 'en',
      user: 'admin',
    });
    const text = bytes.toString('utf8');
    expect(text).toContain("'-42,-7,Cash out,");
    expect(text).toContain("'=SUM(A1),1,Transfer,");
    expect(text).toContain('"say ""hi""; then, go",3,Mystery new code,Odd\r\n');
    expect(text).toContain('"back\\slash\ttab\nline\r end, Thiès — Médina",4,Transfer,');
    expect(text).toContain("'@home,0,Transfer,");
  });
});
