/**
 * An uploaded JPEG or PNG turned into a new file of the same kind made only of its pixels:
 * decoded and encoded again by pure-JavaScript codecs (jpeg-js, pngjs), so whatever the upload
 * carried besides pixels (comments, metadata, text chunks, bytes after the end, a second file
 * glued on) is not in what a browser later receives. Synchronous and CPU-heavy: the server runs
 * it in a worker thread (reencode-in-worker.ts).
 */
import { inflateSync } from 'node:zlib';
import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { type ImageHeader, readJpegHeader, readPngHeader } from './image-header';
import { upright } from './orientation';

export type ImageType = 'image/jpeg' | 'image/png';

export type Reencoded =
  | { ok: true; bytes: Uint8Array; width: number; height: number }
  | { ok: false; problem: 'unreadable' | 'markup' }
  | { ok: false; problem: 'too-many-pixels'; width: number; height: number };

/** Close to what phones save: a photo of a card stays legible and about its original size. */
const JPEG_QUALITY = 85;

/**
 * What must never reach a browser, even inside pixels: encoders are deterministic, so pixels can
 * be chosen to make the new file spell markup. Only sequences long enough that random compressed
 * bytes practically never hold them (a real photo is not refused by chance).
 */
const ACTIVE_MARKUP = /<script|<html|<body|<iframe|<object|<embed|<!doctype|<\?xml|xml-stylesheet|javascript:/i;

export function holdsActiveMarkup(bytes: Uint8Array): boolean {
  return ACTIVE_MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

const unreadable = { ok: false, problem: 'unreadable' } as const;

type Refusal = Extract<Reencoded, { ok: false }>;

/** The headers' verdict, in microseconds: most unreadable files and every bomb stop here. */
export function inspectImage(bytes: Uint8Array, type: ImageType, maxPixels: number): ImageHeader | Refusal {
  const header = type === 'image/jpeg' ? readJpegHeader(bytes) : readPngHeader(bytes);
  if (!header) return unreadable;
  if (header.width * header.height > maxPixels) {
    return { ok: false, problem: 'too-many-pixels', width: header.width, height: header.height };
  }
  return header;
}

export function reencodeImage(bytes: Uint8Array, type: ImageType, maxPixels: number): Reencoded {
  const header = inspectImage(bytes, type, maxPixels);
  if ('ok' in header) return header;
  const encoded = type === 'image/jpeg' ? reencodeJpeg(bytes, header, maxPixels) : reencodePng(bytes, header);
  if (!encoded) return unreadable;
  if (holdsActiveMarkup(encoded.bytes)) return { ok: false, problem: 'markup' };
  return { ok: true, ...encoded };
}

type Encoded = { bytes: Uint8Array; width: number; height: number };

function reencodeJpeg(bytes: Uint8Array, header: ImageHeader, maxPixels: number): Encoded | null {
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    // The decoder's own bound too: it obeys every frame header, the one read above only the first scan's.
    decoded = decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: maxPixels / 1e6 });
  } catch {
    return null;
  }
  const pixels = upright(decoded, header.orientation);
  const out = encodeJpeg({ width: pixels.width, height: pixels.height, data: pixels.data }, JPEG_QUALITY);
  return { bytes: new Uint8Array(out.data), width: pixels.width, height: pixels.height };
}

function reencodePng(bytes: Uint8Array, header: ImageHeader): Encoded | null {
  // pngjs inflates interlaced pixel data without a bound: it must first be shown to fit.
  if (header.interlaced && !inflatesWithin(header)) return null;
  let decoded: PNG;
  try {
    // Up to IEND: the decoder refuses what follows, and it is not the image.
    decoded = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, header.end ?? bytes.byteLength));
  } catch {
    return null;
  }
  const out = PNG.sync.write(decoded, { colorType: smallestColorType(decoded.data) });
  return { bytes: new Uint8Array(out), width: decoded.width, height: decoded.height };
}

/** Adam7's seven passes: first column and row, and the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

function inflatesWithin({ width, height, bitsPerPixel = 64, compressed }: ImageHeader): boolean {
  let size = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const columns = Math.ceil(Math.max(0, width - x0) / dx);
    const rows = Math.ceil(Math.max(0, height - y0) / dy);
    // Each row: its filter byte and its pixels.
    if (columns > 0) size += rows * (1 + Math.ceil((columns * bitsPerPixel) / 8));
  }
  try {
    inflateSync(compressed ?? new Uint8Array(), { maxOutputLength: Math.max(size, 1) });
    return true;
  } catch {
    return false;
  }
}

const GREY = 0;
const RGB = 2;
const GREY_ALPHA = 4;
const RGBA = 6;

/** Grey and opaque images need fewer channels: a scanned page stays as small as it came. */
function smallestColorType(rgba: Uint8Array): 0 | 2 | 4 | 6 {
  let grey = true;
  let opaque = true;
  for (let i = 0; i < rgba.length && (grey || opaque); i += 4) {
    if (rgba[i] !== rgba[i + 1] || rgba[i] !== rgba[i + 2]) grey = false;
    if (rgba[i + 3] !== 255) opaque = false;
  }
  if (grey) return opaque ? GREY : GREY_ALPHA;
  return opaque ? RGB : RGBA;
}
