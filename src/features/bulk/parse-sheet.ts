import { strFromU8, unzipSync } from 'fflate';

/**
 * Spreadsheet files to rows of text cells, without a DOM (this runs in a web worker) and
 * without a spreadsheet library: CSV by RFC 4180, XLSX as the ZIP of XML it is.
 */

export type Sheet = string[][];

const UTF8_BOM = '\uFEFF';

/** French Excel writes `;`-separated CSV: the separator is whichever of `,` `;` or tab leads the header. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((s) => [s, firstLine.split(s).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[0] ?? ',';
}

export function parseCsv(input: string): Sheet {
  const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  const separator = separatorOf(text);
  const rows: Sheet = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return String.fromCodePoint(code);
    }
    return XML_ENTITIES[entity.toLowerCase()] ?? '';
  });

/** The text of every <t> in a fragment: rich-text runs are several. */
const textOf = (fragment: string) =>
  [...fragment.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** A whole number Excel stored as a float ("25000.0", "2.5E4") reads as the user typed it. */
function numberText(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) && Number.isInteger(n) && Math.abs(n) < 1e15 ? String(n) : value;
}

/** The first worksheet of an XLSX file. */
export function parseXlsx(bytes: Uint8Array): Sheet {
  const files = unzipSync(bytes, {
    filter: (file) =>
      file.name === 'xl/sharedStrings.xml' || file.name === 'xl/workbook.xml' || file.name.startsWith('xl/worksheets/'),
  });
  const shared = files['xl/sharedStrings.xml']
    ? [...strFromU8(files['xl/sharedStrings.xml']).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1] ?? ''))
    : [];
  const sheetName = Object.keys(files)
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0];
  if (!sheetName) throw new Error('The workbook has no worksheet.');
  const xml = strFromU8(files[sheetName] as Uint8Array);
  const rows: Sheet = [];
  // An empty row may be self-closing (`<row r="2" ht="20"/>`): it must not swallow the next one.
  for (const rowMatch of xml.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const rowNumber = Number(/\br="(\d+)"/.exec(rowMatch[1] ?? '')?.[1] ?? rows.length + 1);
    const cells: string[] = [];
    let next = 0;
    for (const cellMatch of (rowMatch[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cellMatch[1] ?? '';
      const body = cellMatch[2] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attributes)?.[1];
      const index = ref ? columnIndex(ref) : next;
      next = index + 1;
      const type = /\bt="(\w+)"/.exec(attributes)?.[1];
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value = '';
      if (type === 's') value = shared[Number(raw)] ?? '';
      else if (type === 'inlineStr') value = textOf(body);
      else if (type === 'str' || type === 'b' || type === 'e') value = unescapeXml(raw ?? '');
      else if (raw !== undefined) value = numberText(unescapeXml(raw));
      cells[index] = value;
    }
    // Rows Excel skipped (empty) keep their place, so line numbers match the spreadsheet.
    while (rows.length < rowNumber - 1) rows.push([]);
    rows.push(Array.from(cells, (c) => c ?? ''));
  }
  return rows;
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * CSV text is UTF-8 when it decodes as such; otherwise it is the Windows-1252 that French
 * Excel writes for "CSV (séparateur : point-virgule)", where é is one byte.
 */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** By content, not by name: a renamed XLSX is still read as XLSX. */
export function parseSpreadsheet(bytes: Uint8Array): Sheet {
  if (isZip(bytes)) return parseXlsx(bytes);
  return parseCsv(decodeText(bytes));
}
