/**
 * The files the bulk path tests pick (tests/paths/steps/bulk.ts), one per outcome of the parsing:
 * clean rows (an XLSX by the server's own writer), rows with errors, missing columns, unreadable.
 */
import type { BulkRow } from '../../../contract/bulk';
import { XlsxWriter } from '../../../server/lib/xlsx-writer';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file the user picks. */
export interface BulkFile {
  name: string;
  mimeType: string;
  buffer: Uint8Array<ArrayBuffer>;
}

export type FileKind = 'clean rows' | 'rows with errors' | 'unreadable' | 'missing columns';

/** Wallets that exist, phone as the ledger stores it (+221XXXXXXXXX). */
type Wallets = readonly { phone: string; name: string }[];

/** +221771112233 as people write it: +221 77 111 22 33. */
const spaced = (phone: string) =>
  `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`;

/** An XLSX written by the server's own writer, amounts as numeric cells. */
async function workbookOf(rows: BulkRow[]): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  const writer = new XlsxWriter(async (chunk) => {
    chunks.push(chunk);
  }, 'Paie');
  await writer.start(['phone', 'amount', 'reference', 'name']);
  for (const { values: v } of rows) await writer.addRow([v.phone, Number(v.amount), v.reference, v.name]);
  await writer.finish();
  return new Uint8Array(Buffer.concat(chunks));
}

const text = (content: string) => new Uint8Array(new TextEncoder().encode(content));

/**
 * The file for each outcome of the parsing, with the lines it has. `tag` ends the first row's
 * reference: a server that has seen this very file answers its batch again, so a runner whose
 * paths share one server gives each path its own.
 */
export async function fileFor(kind: FileKind, wallets: Wallets, tag = ''): Promise<BulkFile & { lines: number[] }> {
  const [awa, ibrahima] = wallets;
  if (!awa || !ibrahima) throw new Error('The world needs two wallets');
  switch (kind) {
    case 'clean rows': {
      const row = (rowNo: number, w: typeof awa, amount: string, reference: string): BulkRow => ({
        rowNo,
        values: { phone: spaced(w.phone), amount, reference, name: w.name },
      });
      const rows = [row(2, awa, '25000', `SAL-DEC-001${tag}`), row(3, ibrahima, '40000', 'SAL-DEC-002')];
      return { name: 'paie-decembre.xlsx', mimeType: XLSX_TYPE, buffer: await workbookOf(rows), lines: [2, 3] };
    }
    case 'rows with errors':
      // Line 3 has a bad phone and amount, line 4 repeats line 2, line 5's wallet does not exist.
      return {
        name: 'paie-novembre.csv',
        mimeType: 'text/csv',
        lines: [2, 3, 4, 5],
        buffer: text(
          [
            'téléphone;montant;référence;nom',
            `${spaced(awa.phone)};25 000;SAL-NOV-001${tag};${awa.name}`,
            `77 123 45 67;12,5;SAL-NOV-002;${ibrahima.name}`,
            `${spaced(awa.phone)};25000;SAL-NOV-001${tag};${awa.name}`,
            '+221 70 000 00 09;5000;SAL-NOV-003;Inconnu',
          ].join('\r\n'),
        ),
      };
    case 'missing columns':
      return {
        name: 'paie.csv',
        mimeType: 'text/csv',
        lines: [],
        buffer: text(`telephone,total,nom\r\n${spaced(awa.phone)},25000,${awa.name}\r\n`),
      };
    case 'unreadable':
      // A truncated download: a ZIP signature, then nothing a workbook is made of.
      return {
        name: 'salaires.xlsx',
        mimeType: XLSX_TYPE,
        lines: [],
        buffer: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 0xde, 0xad]),
      };
  }
}
