/**
 * Reads what `COPY … TO` writes in its text format: one row a line ending in a newline, columns
 * separated by tabs, and backslash, newline, carriage return, tab and the other control
 * characters written as backslash sequences. So a raw newline always ends a row and a raw tab
 * always ends a column, whatever the data holds, and the escaping is undone exactly.
 */

const NEWLINE = 0x0a;
const TAB = 0x09;
const BACKSLASH = 0x5c;
const CRLF = Buffer.from('\r\n');

/** What follows a backslash in COPY's text format, and the byte it stands for. */
const ESCAPED = new Map<number, number>(
  Object.entries({ b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b }).map(([letter, byte]) => [
    letter.charCodeAt(0),
    byte,
  ]),
);

/** One column's value as it was before COPY escaped it (COPY TO never writes octal or hex escapes). */
function unescapeCopyText(field: Buffer): Buffer {
  if (!field.includes(BACKSLASH)) return field;
  const out = Buffer.allocUnsafe(field.length);
  let length = 0;
  for (let i = 0; i < field.length; i++) {
    const byte = field[i] as number;
    if (byte === BACKSLASH && i + 1 < field.length) {
      i += 1;
      const next = field[i] as number;
      out[length++] = ESCAPED.get(next) ?? next;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

/**
 * Turns COPY text output into lines of a file: each row's first column, unescaped, followed by
 * CRLF. Columns after the first (a cursor riding along) are kept for the last row only. Chunks
 * may split rows anywhere: the unfinished row waits for the next chunk.
 */
export class CopyTextLines {
  rows = 0;
  private carry: Buffer | null = null;
  private lastLine: Buffer | null = null;

  push(chunk: Buffer): Buffer {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const out: Buffer[] = [];
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      const line = data.subarray(start, end);
      const tab = line.indexOf(TAB);
      out.push(unescapeCopyText(tab === -1 ? line : line.subarray(0, tab)), CRLF);
      this.lastLine = line;
      this.rows += 1;
      start = end + 1;
    }
    // Copied: the chunk's memory may be reused by its producer.
    this.carry = start < data.length ? Buffer.from(data.subarray(start)) : null;
    if (this.lastLine && out.length > 0) this.lastLine = Buffer.from(this.lastLine);
    return Buffer.concat(out);
  }

  /** The columns after the first of the last complete row, unescaped (`\N`, a null, as null). */
  lastRest(): (string | null)[] {
    if (!this.lastLine) return [];
    const fields: (string | null)[] = [];
    let start = this.lastLine.indexOf(TAB);
    while (start !== -1) {
      const end = this.lastLine.indexOf(TAB, start + 1);
      const raw = this.lastLine.subarray(start + 1, end === -1 ? undefined : end);
      fields.push(raw.toString() === '\\N' ? null : unescapeCopyText(raw).toString());
      start = end;
    }
    return fields;
  }

  /** Throws when the output stopped in the middle of a row. */
  end(): void {
    if (this.carry) throw new Error('COPY output ended in the middle of a row');
  }
}
