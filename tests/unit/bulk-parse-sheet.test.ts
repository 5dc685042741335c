/**
 * The dashboard's file parser (src/features/bulk/parse-sheet.ts) read against workbooks the
 * server's XlsxWriter writes: a cross-layer test, so it lives here rather than beside either side.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type BulkOperationDef, bulkOperation, rowsFromSheet } from '../../contract/bulk';
import { XlsxWriter } from '../../server/lib/xlsx-writer';
import { parseJob } from '../../src/features/bulk/parse-job';
import { parseCsv, parseSpreadsheet, parseXlsx } from '../../src/features/bulk/parse-sheet';

const payment = bulkOperation('payment') as BulkOperationDef;
const feeOverride = bulkOperation('fee-override') as BulkOperationDef;

const bytesOf = (text: string) => new TextEncoder().encode(text);
/** What the worker receives: the file's bytes as an ArrayBuffer of their own. */
const request = (kind: 'payment' | 'fee-override', bytes: Uint8Array) => ({
  kind,
  bytes: bytes.slice().buffer as ArrayBuffer,
});

/** An XLSX file as the server's report export writes it, collected in memory. */
async function xlsxFile(
  headers: string[],
  rows: (string | number | null)[][],
  sheetName = 'Paie',
): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const writer = new XlsxWriter(async (chunk) => {
    chunks.push(chunk);
  }, sheetName);
  await writer.start(headers);
  for (const row of rows) await writer.addRow(row);
  await writer.finish();
  return new Uint8Array(Buffer.concat(chunks));
}

/** A minimal workbook written by hand, for XML the server's writer never produces. */
function handMadeXlsx(sheetXml: string, sharedStrings?: string): Uint8Array {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0"?><workbook><sheets><sheet name="S" sheetId="1"/></sheets></workbook>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0"?><worksheet><sheetData>${sheetXml}</sheetData></worksheet>`,
    ),
  };
  if (sharedStrings) files['xl/sharedStrings.xml'] = strToU8(`<?xml version="1.0"?><sst>${sharedStrings}</sst>`);
  return zipSync(files);
}

describe('parseCsv', () => {
  it('splits comma-separated lines into cells', () => {
    expect(parseCsv('phone,amount\n+221 77 123 45 67,25000\n')).toEqual([
      ['phone', 'amount'],
      ['+221 77 123 45 67', '25000'],
    ]);
  });

  it('reads the semicolon-separated files of French Excel, commas inside cells included', () => {
    expect(parseCsv('téléphone;montant;nom\n+221 77 123 45 67;12,5;Diop, Awa\n')).toEqual([
      ['téléphone', 'montant', 'nom'],
      ['+221 77 123 45 67', '12,5', 'Diop, Awa'],
    ]);
  });

  it('reads tab-separated text pasted from a spreadsheet', () => {
    expect(parseCsv('phone\tamount\n+221771234567\t5000')).toEqual([
      ['phone', 'amount'],
      ['+221771234567', '5000'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    const csv = 'phone,amount,name\n"+221 77 123 45 67","25,000","Awa ""Mame"" Diop\nPlateau"\n';
    expect(parseCsv(csv)).toEqual([
      ['phone', 'amount', 'name'],
      ['+221 77 123 45 67', '25,000', 'Awa "Mame" Diop\nPlateau'],
    ]);
    expect(parseCsv('a,b\n"",x\n"only"')).toEqual([['a', 'b'], ['', 'x'], ['only']]);
  });

  it('drops a UTF-8 byte-order mark, so the first header still matches', () => {
    const sheet = parseCsv('\uFEFFphone,amount\r\n+221771234567,5000\r\n');
    expect(sheet).toEqual([
      ['phone', 'amount'],
      ['+221771234567', '5000'],
    ]);
    expect(rowsFromSheet(payment, sheet).problem).toBeNull();
  });

  it('treats CRLF, LF and a missing last line break alike, with no phantom last row', () => {
    const expected = [
      ['a', 'b'],
      ['1', '2'],
    ];
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual(expected);
    expect(parseCsv('a,b\n1,2\n')).toEqual(expected);
    expect(parseCsv('a,b\r\n1,2')).toEqual(expected);
    expect(parseCsv('')).toEqual([]);
  });

  it('keeps blank lines as empty rows, which rowsFromSheet skips while keeping line numbers', () => {
    const sheet = parseCsv('phone,amount\r\n+221771234567,5000\r\n\r\n,\r\n+221761234567,7000\r\n\r\n');
    expect(sheet).toEqual([
      ['phone', 'amount'],
      ['+221771234567', '5000'],
      [''],
      ['', ''],
      ['+221761234567', '7000'],
      [''],
    ]);
    const { rows, problem } = rowsFromSheet(payment, sheet);
    expect(problem).toBeNull();
    // Line numbers as the spreadsheet shows them: the header is line 1, the blank lines count.
    expect(rows.map((r) => [r.rowNo, r.values.phone, r.values.amount])).toEqual([
      [2, '+221 77 123 45 67', '5000'],
      [5, '+221 76 123 45 67', '7000'],
    ]);
  });

  it('decodes a file saved by French Excel in Windows-1252, so accented headers still match', () => {
    // "téléphone;montant;référence\n+221771234567;5000;Été" in Windows-1252: é is the single byte 0xE9.
    const latin1 = Uint8Array.from('téléphone;montant;référence\n+221771234567;5000;Été\n', (ch) => ch.charCodeAt(0));
    expect(latin1.includes(0xe9)).toBe(true);
    const sheet = parseSpreadsheet(latin1);
    expect(sheet[0]).toEqual(['téléphone', 'montant', 'référence']);
    const { rows, problem } = rowsFromSheet(payment, sheet);
    expect(problem).toBeNull();
    expect(rows[0]?.values).toMatchObject({ phone: '+221 77 123 45 67', amount: '5000', reference: 'Été' });
    // UTF-8 stays UTF-8.
    expect(parseSpreadsheet(bytesOf('nom\nÉlodie Ndiaye'))).toEqual([['nom'], ['Élodie Ndiaye']]);
  });
});

describe('parseXlsx', () => {
  it('reads back a workbook written by the server’s XlsxWriter: text, numbers and empty cells', async () => {
    const bytes = await xlsxFile(
      ['phone', 'amount', 'reference', 'name'],
      [
        ['+221 77 123 45 67', 25000, 'SAL-001', 'Awa <Mame> & "Diop"'],
        ['+221 76 123 45 67', 1500.5, null, 'Ibrahima Fall'],
        ['+221 78 000 11 22', 7, 'SAL-003', ''],
      ],
    );
    expect(parseXlsx(bytes)).toEqual([
      ['phone', 'amount', 'reference', 'name'],
      ['+221 77 123 45 67', '25000', 'SAL-001', 'Awa <Mame> & "Diop"'],
      // An empty cell in the middle keeps the columns after it in place.
      ['+221 76 123 45 67', '1500.5', '', 'Ibrahima Fall'],
      ['+221 78 000 11 22', '7', 'SAL-003'],
    ]);
  });

  it('is recognised by content, whatever the file is called', async () => {
    const bytes = await xlsxFile(['phone', 'amount'], [['+221771234567', 5000]]);
    expect(parseSpreadsheet(bytes)).toEqual([
      ['phone', 'amount'],
      ['+221771234567', '5000'],
    ]);
  });

  it('reads shared strings, rich-text runs, floats Excel wrote for whole numbers, and skipped rows', () => {
    const bytes = handMadeXlsx(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
        '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3"><v>25000.0</v></c></row>' +
        '<row r="4"><c r="B4" t="str"><v>2.5E4</v></c><c r="A4" t="inlineStr"><is><t>+221761234567</t></is></c></row>',
      '<si><t>téléphone</t></si><si><t>montant</t></si><si><r><t>+221 77 </t></r><r><t>123 45 67</t></r></si>',
    );
    expect(parseXlsx(bytes)).toEqual([
      ['téléphone', 'montant'],
      [],
      ['+221 77 123 45 67', '25000'],
      ['+221761234567', '2.5E4'],
    ]);
  });

  it('does not let an empty self-closing row swallow the row after it', () => {
    const bytes = handMadeXlsx(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>phone</t></is></c><c r="B1" t="inlineStr"><is><t>amount</t></is></c></row>' +
        '<row r="2" ht="20" customHeight="1"/>' +
        '<row r="3"><c r="A3" t="inlineStr"><is><t>+221771234567</t></is></c><c r="B3"><v>5000</v></c></row>',
    );
    expect(parseXlsx(bytes)).toEqual([['phone', 'amount'], [], ['+221771234567', '5000']]);
    const { rows } = rowsFromSheet(payment, parseXlsx(bytes));
    expect(rows.map((r) => [r.rowNo, r.values.phone])).toEqual([[3, '+221 77 123 45 67']]);
  });
});

describe('parseJob (what the worker answers)', () => {
  it('answers the rows and their errors for a readable file', () => {
    const csv = 'Phone;Montant;Ref\n+221 77 123 45 67;25 000;A\n77 123;-5;B\n+221771234567;25000;A\n';
    const answer = parseJob(request('payment', bytesOf(csv)));
    expect(answer).toEqual({
      ok: true,
      rows: [
        { rowNo: 2, values: { phone: '+221 77 123 45 67', amount: '25000', reference: 'A', name: '' } },
        { rowNo: 3, values: { phone: '77 123', amount: '-5', reference: 'B', name: '' } },
        { rowNo: 4, values: { phone: '+221 77 123 45 67', amount: '25000', reference: 'A', name: '' } },
      ],
      errors: [
        { rowNo: 3, field: 'phone', code: 'PHONE_INVALID' },
        { rowNo: 3, field: 'amount', code: 'AMOUNT_INVALID' },
        { rowNo: 4, field: null, code: 'DUPLICATE_ROW', params: { row: 2 } },
      ],
    });
  });

  it('answers UNREADABLE for a file that is not a spreadsheet', () => {
    // A ZIP signature with garbage after it: a broken or truncated .xlsx.
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...Array.from({ length: 60 }, (_, i) => (i * 37) % 256)]);
    expect(parseJob(request('payment', broken))).toEqual({ ok: false, problem: { code: 'UNREADABLE' } });
    // A ZIP that is not a workbook (a .docx, say): no worksheet.
    const docx = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    expect(parseJob(request('payment', docx))).toEqual({ ok: false, problem: { code: 'UNREADABLE' } });
  });

  it('answers the file’s problem rather than rows when columns are missing or nothing is under the header', async () => {
    expect(parseJob(request('payment', bytesOf('telephone,total\n+221771234567,5000\n')))).toEqual({
      ok: false,
      problem: { code: 'MISSING_COLUMNS', columns: ['amount'] },
    });
    expect(parseJob(request('payment', bytesOf('phone,amount\r\n\r\n')))).toEqual({
      ok: false,
      problem: { code: 'EMPTY_FILE' },
    });
    expect(parseJob(request('payment', new Uint8Array()))).toEqual({ ok: false, problem: { code: 'EMPTY_FILE' } });
    const xlsx = await xlsxFile(['phone', 'name'], [['+221771234567', 'Awa']]);
    expect(parseJob(request('payment', xlsx))).toEqual({
      ok: false,
      problem: { code: 'MISSING_COLUMNS', columns: ['amount'] },
    });
  });
});

describe('rowsFromSheet: headers', () => {
  it('matches headers by template name, key or alias, in any case, order, spacing or underscores', () => {
    const { rows, problem } = rowsFromSheet(payment, [
      ['Bénéficiaire', 'MONTANT', 'Notes', '  Téléphone ', 'Ref'],
      ['Awa Diop', '25 000', 'ignored', '+221 77 123 45 67', 'SAL-1'],
    ]);
    expect(problem).toBeNull();
    expect(rows).toEqual([
      { rowNo: 2, values: { phone: '+221 77 123 45 67', amount: '25000', reference: 'SAL-1', name: 'Awa Diop' } },
    ]);
    const fees = rowsFromSheet(feeOverride, [
      ['Numero_de_compte', 'Service', 'FIXED_FEE', 'frais en %'],
      ['mrc-00012', 'Agent-Cash-In', '1 000', '1,5'],
    ]);
    expect(fees.problem).toBeNull();
    expect(fees.rows[0]?.values).toEqual({
      account: 'MRC-00012',
      flow: 'agent-cash-in',
      fixedFee: '1000',
      percentFee: '1,5',
    });
  });

  it('names every missing required column by its template header, and ignores missing optional ones', () => {
    expect(
      rowsFromSheet(payment, [
        ['name', 'reference'],
        ['Awa', 'A'],
      ]),
    ).toEqual({
      rows: [],
      problem: { code: 'MISSING_COLUMNS', columns: ['phone', 'amount'] },
    });
    expect(
      rowsFromSheet(feeOverride, [
        ['account', 'fixed fee'],
        ['MRC-00012', '100'],
      ]),
    ).toEqual({
      rows: [],
      problem: { code: 'MISSING_COLUMNS', columns: ['flow'] },
    });
    const { problem, rows } = rowsFromSheet(payment, [
      ['amount', 'phone'],
      ['5000', '+221771234567'],
    ]);
    expect(problem).toBeNull();
    expect(rows[0]?.values).toEqual({ phone: '+221 77 123 45 67', amount: '5000', reference: '', name: '' });
  });

  it('calls a file with no lines under its header (or only blank ones) empty', () => {
    expect(rowsFromSheet(payment, [])).toEqual({ rows: [], problem: { code: 'EMPTY_FILE' } });
    expect(rowsFromSheet(payment, [['phone', 'amount']])).toEqual({ rows: [], problem: { code: 'EMPTY_FILE' } });
    expect(rowsFromSheet(payment, [['phone', 'amount'], [''], [' ', '']])).toEqual({
      rows: [],
      problem: { code: 'EMPTY_FILE' },
    });
  });

  it('reads short lines as empty cells rather than failing', () => {
    const { rows } = rowsFromSheet(payment, [['phone', 'amount', 'name'], ['+221771234567']]);
    expect(rows[0]?.values).toEqual({ phone: '+221 77 123 45 67', amount: '', reference: '', name: '' });
  });
});
