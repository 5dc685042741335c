/**
 * Reads what `COPY … TO` writes in its text format: one row a line ending in a newline, columns
 * separated by tabs, and backslash, newline, carriage return, tab and the other control
 * characters written as backslash sequences. So a raw newline always ends a row and a raw tab
 * always ends a column, whatever the data holds, and the escaping is undone exactly.
 */

const NEWLINE = 0x0a;
const TAB = 0x09;
const BACKSLASH = 0x5c;
const CR = 0x0d;

/** What follows a backslash in COPY's text format, and the byte it stands for. */
const ESCAPED = new Map<number, number>(
  Object.entries({ b: 0x08, f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b }).map(([letter, byte]) => [
    letter.charCodeAt(0),
    byte,
  ]),
);

/**
 * Writes `data[from, to)`, one column's value, into `out` at `at` as it was before COPY escaped
 * it (COPY TO never writes octal or hex escapes); returns where it ended. `escaped`: whether
 * the value holds a backslash.
 */
function unescapeInto(data: Buffer, from: number, to: number, out: Buffer, at: number, escaped: boolean): number {
  if (!escaped) return at + data.copy(out, at, from, to);
  let length = at;
  for (let i = from; i < to; i++) {
    const byte = data[i] as number;
    if (byte === BACKSLASH && i + 1 < to) {
      i += 1;
      const next = data[i] as number;
      out[length++] = ESCAPED.get(next) ?? next;
    } else {
      out[length++] = byte;
    }
  }
  return length;
}

/** One column's value as it was before COPY escaped it. */
function unescapeCopyText(field: Buffer): Buffer {
  const out = Buffer.allocUnsafe(field.length);
  return out.subarray(0, unescapeInto(field, 0, field.length, out, 0, field.includes(BACKSLASH)));
}

/** How many newlines a buffer holds. */
function countLines(data: Buffer): number {
  let lines = 0;
  for (let at = data.indexOf(NEWLINE); at !== -1; at = data.indexOf(NEWLINE, at + 1)) lines += 1;
  return lines;
}

/**
 * Turns COPY text output into lines of a file: each row's first column, unescaped, followed by
 * CRLF. Columns after the first (a cursor riding along) are kept for the last row only. Chunks
 * may split rows anywhere: the unfinished row waits for the next chunk. Each chunk's lines are
 * written into one buffer, without two small buffers per row to gather and join.
 */
export class CopyTextLines {
  rows = 0;
  private carry: Buffer | null = null;
  private lastLine: Buffer | null = null;

  push(chunk: Buffer): Buffer {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    // A line keeps at most its bytes and turns its newline into CRLF: one more byte each.
    const out = Buffer.allocUnsafe(data.length + countLines(data));
    let written = 0;
    let start = 0;
    let last = -1;
    // The next tab and backslash at or after the line's start, searched again only once passed
    // (-1 when none is left): searching each line to the chunk's end would be quadratic.
    let tab = data.indexOf(TAB);
    let backslash = data.indexOf(BACKSLASH);
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      if (tab !== -1 && tab < start) tab = data.indexOf(TAB, start);
      if (backslash !== -1 && backslash < start) backslash = data.indexOf(BACKSLASH, start);
      const fieldEnd = tab === -1 || tab > end ? end : tab;
      const escaped = backslash !== -1 && backslash < fieldEnd;
      written = unescapeInto(data, start, fieldEnd, out, written, escaped);
      out[written++] = CR;
      out[written++] = NEWLINE;
      last = start;
      this.rows += 1;
      start = end + 1;
    }
    // Copied: the chunk's memory may be reused by its producer.
    if (last !== -1) this.lastLine = Buffer.from(data.subarray(last, start - 1));
    this.carry = start < data.length ? Buffer.from(data.subarray(start)) : null;
    return out.subarray(0, written);
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
