import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import { MAX_DOCUMENT_PIXELS } from './document-images';
import {
  ACTIVE_MARKERS,
  APP1,
  concat,
  dimensionsOf,
  exifOrientation,
  HOSTILE_PDFS,
  hostileImages,
  jpegAnnouncing,
  jpegOf,
  pngAnnouncing,
  pngOf,
  withJpegSegment,
} from '../../test/image-files';
import { fetchContent, firstAccount, rows, upload, withoutDocuments } from '../../test/kyc-fixtures';

/**
 * What a reviewer's browser receives for a document, whatever was uploaded: an image is only
 * its pixels encoded again, a PDF only ever a sandboxed download, and nothing can be read as a
 * page of this site.
 */

let api: TestApi;
let token: string;
let number: string;
beforeAll(async () => {
  api = await createTestApi();
  token = (await api.login('admin')).token;
  number = await firstAccount(api, withoutDocuments('customer'));
});
afterAll(() => api.close());

const SANDBOX = "sandbox; default-src 'none'; frame-ancestors 'none'";

async function uploaded(bytes: Uint8Array, fileName: string) {
  const res = await upload(api, token, number, { type: 'selfie', bytes, fileName });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const served = await fetchContent(api, token, res.body.payload.url);
  expect(served.status).toBe(200);
  return { payload: res.body.payload, served, bytes: new Uint8Array(await served.arrayBuffer()) };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').toLowerCase();

describe('images are stored as their pixels, encoded again', () => {
  for (const [name, { bytes, mimeType }] of Object.entries(hostileImages())) {
    it(`serves ${name} as a clean image of the same picture`, async () => {
      const upload = await uploaded(bytes, mimeType === 'image/png' ? 'selfie.png' : 'selfie.jpg');
      expect(upload.served.headers.get('content-type')).toBe(mimeType);
      expect(upload.served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(upload.served.headers.get('content-security-policy')).toBe(SANDBOX);
      for (const marker of ACTIVE_MARKERS) expect(text(upload.bytes)).not.toContain(marker);
      expect(dimensionsOf(upload.bytes, mimeType)).toEqual([40, 30]);
      expect(upload.payload.size).toBe(upload.bytes.byteLength);
    });
  }

  it('keeps a normal JPEG and PNG as valid images of the same size', async () => {
    for (const [bytes, mimeType, fileName] of [
      [jpegOf(120, 80), 'image/jpeg', 'id.jpg'],
      [pngOf(90, 140), 'image/png', 'id.png'],
    ] as const) {
      const upload = await uploaded(bytes, fileName);
      expect(upload.payload.mimeType).toBe(mimeType);
      expect(upload.served.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(dimensionsOf(upload.bytes, mimeType)).toEqual(dimensionsOf(bytes, mimeType));
    }
  });

  it('stands a phone photo upright: its EXIF orientation is applied, then dropped with the rest', async () => {
    // Orientation 6: the camera stored the picture turned; viewers turn it 90° clockwise.
    const sideways = withJpegSegment(jpegOf(60, 20), APP1, exifOrientation(6));
    const upload = await uploaded(sideways, 'selfie.jpg');
    expect(dimensionsOf(upload.bytes, 'image/jpeg')).toEqual([20, 60]);
    expect(text(upload.bytes)).not.toContain('exif');
  });
});

describe('images that cannot be decoded safely are refused, and nothing is kept', () => {
  it('refuses a decompression bomb from its header, before decoding it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_DOCUMENT_PIXELS)) + 1;
    const png = await upload(api, token, number, { type: 'selfie', bytes: pngAnnouncing(side, side) });
    expectFailure(png, 422, 'DOCUMENT_TOO_MANY_PIXELS');
    expect(png.body.errors[0].longMessage).toContain(`${side} × ${side} pixels`);
    const jpeg = await upload(api, token, number, { type: 'selfie', bytes: jpegAnnouncing(65_000, 65_000) });
    expectFailure(jpeg, 422, 'DOCUMENT_TOO_MANY_PIXELS');
  });

  it('refuses a file with an image signature that is no image', async () => {
    const garbage = new TextEncoder().encode('<html><body>not pixels</body></html>');
    const cases = [
      concat(pngOf(8, 6).subarray(0, 8), garbage),
      concat(jpegOf(8, 6).subarray(0, 4), garbage),
      // A real header, its pixel data cut short.
      pngOf(64, 64).subarray(0, 60),
    ];
    for (const bytes of cases) {
      expectFailure(await upload(api, token, number, { type: 'id_back', bytes }), 422, 'DOCUMENT_UNREADABLE');
    }
    const [kept] = await rows<{ n: number | string }>(
      api,
      sql`SELECT count(*) AS n FROM kyc_documents d JOIN accounts a ON a.id = d.account_id
          WHERE a.number = ${number} AND d.type = 'id_back'`,
    );
    expect(Number(kept?.n)).toBe(0);
  });
});

describe('PDFs are only ever downloads', () => {
  for (const [name, bytes] of Object.entries(HOSTILE_PDFS)) {
    it(`serves a PDF with ${name} as a sandboxed attachment, never inline`, async () => {
      const { served } = await uploaded(bytes, 'facture.pdf');
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="facture\.pdf"/);
      expect(served.headers.get('content-security-policy')).toBe(SANDBOX);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('x-frame-options')).toBe('DENY');
    });
  }
});
