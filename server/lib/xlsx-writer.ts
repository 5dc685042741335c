import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A streaming XLSX (one sheet) writer: a ZIP whose sheet entry is deflated as rows arrive
 * and closed with a data descriptor, so memory stays flat for any number of rows.
 */
type Sink = (chunk: Buffer) => Promise<void>;

interface Entry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const escapeXml = (value: string) =>
  value
    .replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] as string)
    // XML 1.0 forbids most control characters.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const STATIC_FILES: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ],
];

export class XlsxWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private rowIndex = 0;
  private sheet: { deflate: ReturnType<typeof createDeflateRaw>; entry: Entry; pending: Promise<void> } | null = null;

  constructor(
    private readonly sink: Sink,
    private readonly sheetName = 'Report',
  ) {}

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    await this.sink(chunk);
  }

  private localHeader(name: Buffer, streamed: boolean, crc = 0, size = 0) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(streamed ? 0x0808 : 0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(0, 10);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(streamed ? 0 : size, 18);
    header.writeUInt32LE(streamed ? 0 : size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, name]);
  }

  private async addStoredFile(path: string, content: string) {
    const name = Buffer.from(path);
    const data = Buffer.from(content);
    const { deflateRawSync } = await import('node:zlib');
    const compressed = deflateRawSync(data);
    const entry: Entry = {
      name,
      crc: crc32(data),
      compressedSize: compressed.length,
      size: data.length,
      offset: this.offset,
    };
    const header = this.localHeader(name, false, entry.crc, 0);
    header.writeUInt32LE(compressed.length, 18);
    header.writeUInt32LE(data.length, 22);
    await this.write(header);
    await this.write(compressed);
    this.entries.push(entry);
  }

  async start(headers: string[]) {
    for (const [path, content] of STATIC_FILES) await this.addStoredFile(path, content);
    await this.addStoredFile(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(this.sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    const entry: Entry = { name, crc: 0, compressedSize: 0, size: 0, offset: this.offset };
    await this.write(this.localHeader(name, true));
    const deflate = createDeflateRaw();
    let crc = 0;
    const flushed = new Promise<void>((resolve, reject) => {
      const queue: Buffer[] = [];
      let writing = Promise.resolve();
      deflate.on('data', (chunk: Buffer) => {
        entry.compressedSize += chunk.length;
        queue.push(chunk);
        writing = writing.then(() => this.write(queue.shift() as Buffer));
      });
      deflate.on('end', () => writing.then(resolve, reject));
      deflate.on('error', reject);
    });
    this.sheet = { deflate, entry, pending: flushed };
    const feed = this.feed.bind(this);
    this.feedRaw = async (text: string) => {
      const data = Buffer.from(text);
      crc = crc32(data, crc);
      entry.crc = crc;
      entry.size += data.length;
      await feed(data);
    };
    await this.feedRaw(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    await this.addRow(headers);
  }

  private feedRaw: (text: string) => Promise<void> = async () => {
    throw new Error('start() first');
  };

  private async feed(data: Buffer) {
    const deflate = this.sheet?.deflate;
    if (!deflate) throw new Error('start() first');
    if (!deflate.write(data)) await new Promise((resolve) => deflate.once('drain', resolve));
  }

  async addRow(values: readonly (string | number | null | undefined)[]) {
    this.rowIndex += 1;
    const r = this.rowIndex;
    const cells = values
      .map((value, i) => {
        const ref = `${columnName(i)}${r}`;
        if (value === null || value === undefined || value === '') return '';
        if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
        return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
      })
      .join('');
    await this.feedRaw(`<row r="${r}">${cells}</row>`);
  }

  async finish() {
    if (!this.sheet) throw new Error('start() first');
    await this.feedRaw('</sheetData></worksheet>');
    this.sheet.deflate.end();
    await this.sheet.pending;
    const { entry } = this.sheet;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeUInt32LE(entry.compressedSize, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.write(descriptor);
    this.entries.push(entry);
    const directoryStart = this.offset;
    for (const e of this.entries) {
      const streamed = e === entry;
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(streamed ? 0x0808 : 0x0800, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(0, 12);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.compressedSize, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([record, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - directoryStart, 12);
    end.writeUInt32LE(directoryStart, 16);
    await this.write(end);
  }
}
