import zlib, { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pngChunk } from '../../db/demo-kyc';
import { holdsActiveMarkup, reencodeImage } from './reencode';

/** The codec's guards that need no server: interlaced PNGs, and the last look at what would be served. */

/** An interlaced 8-bit grey PNG of side × side pixels, with these raw (inflated) pass rows. */
function interlacedPng(side: number, raw: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 0, 0, 0, 1], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** The seven Adam7 passes of an 8 × 8 grey image: each row a filter byte and its pixels. */
function adam7Rows(): Uint8Array {
  const passes = [
    [1, 1],
    [1, 1],
    [2, 1],
    [2, 2],
    [4, 2],
    [4, 4],
    [8, 4],
  ];
  return Buffer.concat(
    passes.flatMap(([columns, rows]) =>
      Array.from({ length: rows as number }, () => Buffer.from([0, ...Array(columns).fill(128)])),
    ),
  );
}

describe('interlaced PNGs', () => {
  // pngjs inflates an interlaced image's data with this, without any limit.
  const unbounded = () => vi.spyOn(zlib, 'inflateSync');
  afterEach(() => vi.restoreAllMocks());

  it('decodes one whose pixel data is the size its header announces', () => {
    const inflate = unbounded();
    const result = reencodeImage(interlacedPng(8, adam7Rows()), 'image/png', 1_000_000);
    expect(result).toMatchObject({ ok: true, width: 8, height: 8 });
    expect(inflate).toHaveBeenCalled();
  });

  it('refuses one whose pixel data inflates beyond it, before the decoder inflates it all', () => {
    const inflate = unbounded();
    const bomb = interlacedPng(8, new Uint8Array(20 * 1024 * 1024));
    expect(bomb.byteLength).toBeLessThan(30_000);
    expect(reencodeImage(bomb, 'image/png', 1_000_000)).toEqual({ ok: false, problem: 'unreadable' });
    expect(inflate).not.toHaveBeenCalled();
  });
});

describe('the last look at the bytes to serve', () => {
  it('finds markup in any case', () => {
    for (const markup of ['<SCRIPT', '<Html', '<?xml', 'xml-stylesheet', 'JavaScript:', '<!DOCTYPE']) {
      expect(holdsActiveMarkup(new TextEncoder().encode(`\x89PNG...${markup}...`)), markup).toBe(true);
    }
  });

  it('does not refuse real images by chance: 20 MB of noise holds none of it', () => {
    const noise = new Uint8Array(20 * 1024 * 1024);
    let state = 20231;
    for (let i = 0; i < noise.length; i++) {
      state = (state * 1103515245 + 12345) >>> 0;
      noise[i] = state >>> 24;
    }
    expect(holdsActiveMarkup(noise)).toBe(false);
  });
});
