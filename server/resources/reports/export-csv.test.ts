import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIMARY_GROUP_IDS } from '../../../contract/groups';
import { findReport, type ReportDef } from '../../../contract/reports';
import { queryRows } from '../../db/query';
import type { SessionUser } from '../../lib/session-user';
import { createTestApi, type TestApi } from '../../test/harness';
import { type Cell, csvDialect, csvLine } from '../../lib/csv-cell';
import { exportCell, exportColumns } from './export-cells';
import { writeCsvByCopy } from './export-csv';
import { csvHeader } from './export-writers';
import { writeXlsxByCopy, writeXlsxFromRows } from './export-xlsx';
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
    // What XML must escape, and control characters it cannot hold.
    {
      reference: 'x<y & "z">\u0001\u000b',
      type: 'transfer',
      service: 'wallet',
      amount: 5,
      from: 'CUS-000003',
      to: 'CUS-000001',
      hour: 14,
    },
    // Spaces a spreadsheet keeps only when the XLSX marks them.
    {
      reference: '  padded ',
      type: 'transfer',
      service: 'wallet',
      amount: 6,
      from: 'CUS-000002',
      to: 'CUS-000003',
      hour: 15,
    },
  ]);
}, 300_000);
afterAll(() => api.close());

/** What the files compared here say about themselves: the same both ways. */
const FACTS = [
  ['Report', 'Transactions; "all"'],
  ['Exported by', 'Test (test)'],
] as const;

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
  let text = csvHeader(columns, lang, FACTS);
  let rows = 0;
  for await (const chunk of reportRows(api.handle.db, picked, report, 97)) {
    for (const row of chunk)
      text += `${csvLine(
        columns.map((c) => exportCell(c, row[c.key], lang)),
        csvDialect(lang),
      )}\r\n`;
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
    facts: FACTS,
    file,
    progress: async () => {},
    // Many chunks on PGlite, so rows are numbered and cursors followed across them.
    chunkRows: 41,
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

/** A case's report and the screen it exports. */
function screenOf(c: (typeof cases)[number]): { report: ReportDef; screen: Screen } {
  const report = findReport(c.report);
  if (!report) throw new Error(`no report ${c.report}`);
  return {
    report,
    screen: { filters: c.filters, keys: c.columns ?? report.columns, lang: c.lang, user: c.user ?? 'admin' },
  };
}

describe('CSV export through COPY', () => {
  it.each(cases)('writes $report ($lang, $filters) byte for byte as the rows read in JavaScript do', async (c) => {
    const { report, screen } = screenOf(c);
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

/** Collects what a writer writes. */
function collector() {
  const pieces: Buffer[] = [];
  const file = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pieces.push(chunk);
      callback();
    },
  });
  return { file, bytes: () => Buffer.concat(pieces) };
}

async function exportInputs(report: ReportDef, screen: Screen) {
  const { filters, keys, lang } = screen;
  const built = await prepareReport(api.handle.db, report, await demoUser(screen.user), filters);
  const columns = exportColumns(report, columnCatalogue(report), keys, lang);
  const picked = { ...built, columns: columns.flatMap((c) => built.columns.filter((b) => b.key === c.key)) };
  const cells: Cell[][] = [];
  for await (const chunk of reportRows(api.handle.db, picked, report, 97)) {
    for (const row of chunk) cells.push(columns.map((c) => exportCell(c, row[c.key], lang)));
  }
  return { picked, columns, cells };
}

/** The XLSX as the rows read through JavaScript make it (PGlite's way): exportCell, then XlsxWriter. */
async function xlsxThroughRows(report: ReportDef, screen: Screen) {
  const { columns, cells } = await exportInputs(report, screen);
  const out = collector();
  async function* chunks() {
    for (let i = 0; i < cells.length; i += 97) yield cells.slice(i, i + 97);
  }
  const rows = await writeXlsxFromRows(
    { columns, lang: screen.lang, facts: FACTS, file: out.file, progress: async () => {}, sheetName: 'Sheet' },
    chunks(),
  );
  return { bytes: out.bytes(), rows };
}

/** The XLSX as the export writes it, through COPY. */
async function xlsxThroughCopy(report: ReportDef, screen: Screen) {
  const { picked, columns, cells } = await exportInputs(report, screen);
  const out = collector();
  const rows = await writeXlsxByCopy({
    db: api.handle.db,
    built: picked,
    columns,
    lang: screen.lang,
    facts: FACTS,
    file: out.file,
    progress: async () => {},
    sheetName: 'Sheet',
    // As the rows' way measures widths: on its first chunk.
    sample: cells.slice(0, 97),
    chunkRows: 41,
  });
  return { bytes: out.bytes(), rows };
}

/** Every cell of the sheet as a spreadsheet program reads it: value, number format, style. */
async function sheetCells(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own global Buffer interface, which Node's Buffer no longer satisfies.
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const cells: unknown[] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    row.eachCell({ includeEmpty: false }, (cell) => {
      cells.push([rowNumber, cell.address, cell.value, cell.numFmt ?? null, cell.font?.bold ?? false]);
    });
  });
  const widths = sheet.columns.map((column) => column.width ?? null);
  return { cells, widths, frozen: sheet.views[0] };
}

describe('XLSX export through COPY', () => {
  it.each(cases)('writes $report ($lang, $filters) cell for cell as the rows read in JavaScript do', async (c) => {
    const { report, screen } = screenOf(c);
    const expected = await xlsxThroughRows(report, screen);
    const copied = await xlsxThroughCopy(report, screen);
    expect(expected.rows).toBeGreaterThan(0);
    expect(copied.rows).toBe(expected.rows);
    const [want, got] = await Promise.all([sheetCells(expected.bytes), sheetCells(copied.bytes)]);
    expect(got.cells.length).toBeGreaterThan(expected.rows);
    expect(got).toEqual(want);
  });

  it('escapes what XML must, drops what it cannot hold, and keeps tabs and line breaks', async () => {
    const report = findReport('transaction-report') as ReportDef;
    const { bytes } = await xlsxThroughCopy(report, {
      filters: { from: FIXTURE_DAY, to: FIXTURE_DAY, sort: 'amount', dir: 'asc' },
      keys: ['reference', 'amount'],
      lang: 'en',
      user: 'admin',
    });
    const { cells } = await sheetCells(bytes);
    const references = cells.map((cell) => (cell as unknown[])[2]);
    expect(references).toContain('x<y & "z">');
    // A carriage return reads back as a line break: XML parsers normalise line ends.
    expect(references.some((r) => String(r).startsWith('back\\slash\ttab\nline'))).toBe(true);
    expect(references).toContain('=SUM(A1)');
  });

  it.each([
    ['through COPY', xlsxThroughCopy],
    ['from rows read in JavaScript', xlsxThroughRows],
  ])('keeps leading and trailing spaces, marking only the cells that have them (%s)', async (_, write) => {
    const report = findReport('transaction-report') as ReportDef;
    const { bytes } = await write(report, {
      filters: { from: FIXTURE_DAY, to: FIXTURE_DAY, sort: 'amount', dir: 'asc' },
      keys: ['reference', 'amount'],
      lang: 'en',
      user: 'admin',
    });
    const sheet = new TextDecoder().decode(unzipSync(new Uint8Array(bytes))['xl/worksheets/sheet1.xml']);
    expect(sheet).toContain('<t xml:space="preserve">  padded </t>');
    expect(sheet).toContain('<t>@home</t>');
    expect(sheet).toContain('<t xml:space="preserve">back\\slash\ttab\nline');
    // Only these: the one ending in control characters is marked too, in case dropping them uncovered a space.
    const marked = [...sheet.matchAll(/<t xml:space="preserve">([^<]*)</g)].map((m) => m[1]?.slice(0, 6));
    expect(marked.sort()).toEqual(['  padd', 'back\\s', 'x&lt;y'].sort());
    const { cells } = await sheetCells(bytes);
    expect(cells.map((cell) => (cell as unknown[])[2])).toContain('  padded ');
  });
});
