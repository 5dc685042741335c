/**
 * What a JPEG's or PNG's own headers say, read before any pixel is decoded: the size a decoder
 * would allocate (a few kilobytes can announce gigapixels), and the EXIF orientation a phone
 * photo relies on to stand upright once its metadata is gone. Null when the structure is not
 * the format's at all.
 */

export interface ImageHeader {
  width: number;
  height: number;
  /** EXIF orientation, 1 (as stored) to 8; PNGs always 1. */
  orientation: number;
  /** PNG only: bits a pixel (channels × bit depth), before any decoding. */
  bitsPerPixel?: number;
  /** PNG only: Adam7 interlacing, whose pixel data the decoder inflates without a bound. */
  interlaced: boolean;
  /** PNG only: the compressed pixel data, its IDAT chunks joined. */
  compressed?: Uint8Array;
  /** PNG only: where the image ends (after IEND); whatever follows is no part of it. */
  end?: number;
}

const u16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32 = (b: Uint8Array, at: number) => u16(b, at) * 0x10000 + u16(b, at + 2);
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** Channels of each PNG colour type: grey, RGB, palette index, grey + alpha, RGBA. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** PNG: the one IHDR, first; a second one (which a decoder would obey after our check) is malformed. */
export function readPngHeader(bytes: Uint8Array): ImageHeader | null {
  let header: ImageHeader | null = null;
  const idat: Uint8Array[] = [];
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = u32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length < length) return null;
    if (type === 'IHDR') {
      if (header || at !== 8 || length !== 13) return null;
      const channels = PNG_CHANNELS[data[9] as number];
      if (!channels) return null;
      header = {
        width: u32(data, 0),
        height: u32(data, 4),
        orientation: 1,
        bitsPerPixel: channels * (data[8] as number),
        interlaced: data[12] === 1,
      };
    } else if (!header) {
      return null;
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (!header || header.width === 0 || header.height === 0) return null;
  return { ...header, compressed: Buffer.concat(idat), end: Math.min(at, bytes.length) };
}

/** Start-of-frame markers: every coding process (baseline, progressive, lossless, arithmetic). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
const START_OF_SCAN = 0xda;
const APP1 = 0xe1;

/** JPEG: the largest frame announced before the first scan, and the EXIF orientation if any. */
export function readJpegHeader(bytes: Uint8Array): ImageHeader | null {
  let width = 0;
  let height = 0;
  let orientation = 1;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    // Fill bytes, and markers that carry no length.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === START_OF_SCAN) break;
    const length = u16(bytes, at + 2);
    if (length < 2 || at + 2 + length > bytes.length) return null;
    const segment = bytes.subarray(at + 4, at + 2 + length);
    if (isStartOfFrame(marker) && segment.length >= 5) {
      const frameHeight = u16(segment, 1);
      const frameWidth = u16(segment, 3);
      if (frameWidth * frameHeight > width * height) [width, height] = [frameWidth, frameHeight];
    } else if (marker === APP1 && ascii(segment, 0, 6) === 'Exif\0\0') {
      orientation = exifOrientation(segment.subarray(6)) ?? orientation;
    }
    at += 2 + length;
  }
  if (width === 0 || height === 0) return null;
  return { width, height, orientation, interlaced: false };
}

const ORIENTATION_TAG = 0x0112;

/** Tag 0x0112 of the first image directory of a TIFF structure (EXIF's), if it holds 1 to 8. */
function exifOrientation(tiff: Uint8Array): number | null {
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = order === 'II';
  if (tiff.length < 8) return null;
  const directory = view.getUint32(4, little);
  if (directory + 2 > tiff.length) return null;
  const entries = view.getUint16(directory, little);
  for (let i = 0; i < entries; i++) {
    const entry = directory + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (view.getUint16(entry, little) === ORIENTATION_TAG) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
