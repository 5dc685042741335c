import { describe, expect, it } from 'vitest';
import { formatXof, xofInEnglish } from './money';

/** Blanks as Intl writes them (no-break, narrow no-break) read as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('one money format per language', () => {
  it('writes English with the code first and French with the code after', () => {
    expect(plain(formatXof(1_351_000, 'en'))).toBe('XOF 1,351,000');
    expect(plain(formatXof(1_351_000, 'fr'))).toBe('1 351 000 XOF');
    expect(plain(formatXof(100, 'en'))).toBe('XOF 100');
  });

  it('writes the API’s English texts as the dashboard writes English', () => {
    expect(xofInEnglish(2_000_000)).toBe(formatXof(2_000_000, 'en'));
  });
});
