import { describe, expect, it } from 'vitest';
import { CopyTextLines } from './copy-text';

/** COPY's text output of three rows: a line, then a cursor's two columns (one of them null). */
const COPY_TEXT = Buffer.from(
  `${['back\\\\slash\\ttab\\nline\\r end\t41\t2026-11-15', 'plain, Thiès\t42\t\\N', 'last\t43\tx\\ty'].join('\n')}\n`,
);
const LINES = 'back\\slash\ttab\nline\r end\r\nplain, Thiès\r\nlast\r\n';

describe('CopyTextLines', () => {
  it('writes each row’s first column unescaped, ended by CRLF, wherever the chunks split the rows', () => {
    for (let cut = 0; cut <= COPY_TEXT.length; cut++) {
      const lines = new CopyTextLines();
      const out = Buffer.concat([lines.push(COPY_TEXT.subarray(0, cut)), lines.push(COPY_TEXT.subarray(cut))]);
      lines.end();
      expect(out.toString(), `cut at ${cut}`).toBe(LINES);
      expect(lines.rows).toBe(3);
      expect(lines.lastRest()).toEqual(['43', 'x\ty']);
    }
  });

  it('keeps a line without further columns whole, and refuses output ending inside a row', () => {
    const lines = new CopyTextLines();
    expect(lines.push(Buffer.from('a\\\\b\nc\nunfinished')).toString()).toBe('a\\b\r\nc\r\n');
    expect(lines.lastRest()).toEqual([]);
    expect(() => lines.end()).toThrow('middle of a row');
  });
});
