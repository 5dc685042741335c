/**
 * An export is the screen it was asked from (docs/reports-and-ledger.md, Exports): with a
 * column hidden and the rows sorted by amount, the CSV and the XLSX hold the same header, the
 * same columns in the same order, the same rows in the same order, the same labels and the
 * same dates as the page; and the notification of the export ends in its Download link.
 */
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { loginViaApi } from './support/session';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const RANGE = `from=${day(-6)}&to=${day(0)}`;

/**
 * The page's table as text: header cells, then each row's cells ("—" for an empty one). The
 * row-details toggle is the table's own control, not a column of the report.
 */
async function screenTable(page: Page) {
  const table = page.locator('main table').first();
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  // Wide enough that no column gives way into the row details: every column is on screen.
  await expect(page.getByText(/To fit the screen/)).toHaveCount(0);
  const header = await table
    .locator('thead th')
    .evaluateAll((ths) =>
      ths.filter((th) => th.getAttribute('data-toggle') === null).map((th) => th.textContent?.trim() ?? ''),
    );
  const rows = await table.locator('tbody tr:not([data-skeleton]):not([id^="detail-"])').evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('td, th')]
        .filter((cell) => !cell.querySelector('button[aria-controls^="detail-"]'))
        // A short date or a clipped name keeps its whole value in its title (decision 053).
        .map((cell) => (cell.querySelector('[title]')?.getAttribute('title') ?? cell.textContent)?.trim() ?? ''),
    ),
  );
  return { header, rows };
}

/** A CSV cell the way the page shows the same value. */
function fromCsv(cell: string, header: string): string {
  if (cell === '') return '—';
  const when = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):\d{2}$/.exec(cell);
  if (when) return `${when[3]}-${when[2]}-${when[1]} ${when[4]}:${when[5]}`;
  // Text that a spreadsheet would take for a formula is written with a leading apostrophe.
  return header === 'Reference' ? cell : cell.replace(/^'(?=[=+\-@])/, '');
}

/** An XLSX cell the way the page shows the same value (dates are Dakar time, which is UTC). */
function fromXlsx(cell: unknown): string {
  if (cell === null || cell === undefined) return '—';
  if (cell instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(cell.getUTCDate())}-${p(cell.getUTCMonth() + 1)}-${cell.getUTCFullYear()} ${p(cell.getUTCHours())}:${p(cell.getUTCMinutes())}`;
  }
  return String(cell);
}

/** Amounts are numbers in the files and "XOF 1,234" on the page: compare their digits. */
const comparable = (text: string) => {
  const number = text.replace(/XOF|F\s?CFA/, '').trim();
  return /^-?\d[\d\s\u202f\u00a0.,]*$/.test(number) ? number.replace(/\D/g, '') : text;
};

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) cell += c;
    else if (c === ',' || c === '\n') {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Starts an export from the page and follows its notification to the Download link. */
async function exportFrom(page: Page, format: 'CSV' | 'Excel') {
  await page.getByRole('button', { name: `Export ${format}` }).click();
  const download = page.locator('li', { hasText: `Transaction Report (${format}) is ready` }).getByRole('link', {
    name: 'Download',
  });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const file = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  return file.body();
}

test.use({ viewport: { width: 1920, height: 1080 } });

test('CSV and XLSX exports match the screen they came from', async ({ page }) => {
  test.setTimeout(180_000);
  await loginViaApi(page, 'admin', { path: `/reports/transaction-report?${RANGE}` });
  // Hide columns and sort by amount, both through the page. Fee is the column under test; the
  // others go so that every remaining column fits on screen (none gives way into row details).
  for (const name of ['Fee', 'Service', 'From', 'To']) {
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await page.locator('main thead').getByRole('button', { name: 'Amount' }).click();
  await expect(page).toHaveURL(/sort=amount/);
  const screen = await screenTable(page);
  expect(screen.header).not.toContain('Fee');
  expect(screen.header).toContain('Status');
  expect(screen.rows.length).toBeGreaterThan(5);

  const csv = parseCsv((await exportFrom(page, 'CSV')).toString('utf8').replace(/^\uFEFF/, ''));
  // The first line says what the file is; the columns' names follow.
  expect(csv[0]?.[0]).toBe('Transaction Report');
  expect(csv[1]).toEqual(screen.header);
  const csvRows = csv
    .slice(2, screen.rows.length + 2)
    .map((row) => row.map((c, i) => fromCsv(c, screen.header[i] ?? '')));
  expect(csvRows.map((r) => r.map(comparable))).toEqual(screen.rows.map((r) => r.map(comparable)));

  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own global Buffer interface, which Node's Buffer no longer satisfies.
  await workbook.xlsx.load((await exportFrom(page, 'Excel')) as never);
  const sheet = workbook.worksheets[0];
  const values = (n: number) => ((sheet?.getRow(n).values as unknown[]) ?? []).slice(1);
  expect(values(1)).toEqual(screen.header);
  const width = screen.header.length;
  const xlsxRows = screen.rows.map((_, i) =>
    Array.from({ length: width }, (_, c) => comparable(fromXlsx(values(i + 2)[c]))),
  );
  expect(xlsxRows).toEqual(screen.rows.map((r) => r.map(comparable)));
});
