import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KycAccountDetail, KycDocumentView } from '../../../contract/api/kyc';
import { expectFailure } from '../../test/expect';
import { createTestApi, type TestApi } from '../../test/harness';
import {
  EXE_BYTES,
  fetchContent,
  firstAccount,
  JPEG_BYTES,
  PDF_BYTES,
  PNG_BYTES,
  rows,
  upload,
  withDocuments,
  withoutDocuments,
} from '../../test/kyc-fixtures';
import { dimensionsOf } from '../../test/image-files';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'kyc-admin', 'zone-sales-manager', 'support-plus', 'agent', 'bank', 'merchant']) {
    tokens[user] = (await api.login(user)).token;
  }
});
afterAll(() => api.close());

const detail = (user: string, number: string) =>
  api.call<{ payload: KycAccountDetail }>('GET', `/rest/kyc/accounts/${number}`, { token: tokens[user] });

describe('the review detail', () => {
  it('shows the identity, the documents with their links, and what KYC allows', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    const res = await detail('kyc-admin', number);
    expect(res.status).toBe(200);
    const d = res.body.payload;
    expect(d.account).toMatchObject({ number, kind: 'customer', kycStatus: 'pending' });
    expect(d.account.limits).toMatchObject({ canTransact: false, dailyLimit: 0 });
    expect(d.identity).toMatchObject({
      firstName: expect.any(String),
      nationalId: expect.stringMatching(/^[12]\d{12}$/),
      birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(d.documents.map((doc) => doc.type).sort()).toEqual(['id_back', 'id_front', 'proof_of_address', 'selfie']);
    for (const doc of d.documents) expect(doc.url).toBe(`kyc/documents/${doc.id}/content`);
    expect(d.requiredDocuments).toEqual(['id_front', 'id_back', 'selfie']);
    expect(d.missingDocuments).toEqual([]);
    expect(d.permissions).toEqual({ canDecide: true, canApprove: true, canUpload: false });
    const zsm = await detail('zone-sales-manager', number);
    expect(zsm.body.payload.permissions.canUpload).toBe(true);
  });

  it('shows an approved customer the daily limit of the money-movement engine', async () => {
    const number = await firstAccount(
      api,
      sql`a.kind = 'customer' AND a.kyc_status = 'approved' AND a.status = 'active'`,
    );
    const res = await detail('admin', number);
    expect(res.body.payload.account.limits).toMatchObject({
      canTransact: true,
      dailyLimit: api.config.transfers.customerDailyLimit,
    });
  });

  it('refuses a group that does not review the kind, and answers 404 for accounts outside KYC', async () => {
    const agentNumber = await firstAccount(api, sql`a.kind = 'agent'`);
    expectFailure(await detail('kyc-admin', agentNumber), 403, 'FORBIDDEN');
    expectFailure(await detail('agent', agentNumber), 403, 'FORBIDDEN');
    expectFailure(await detail('admin', 'SYS-FEES'), 404, 'ACCOUNT_NOT_FOUND');
    expectFailure(await detail('admin', 'CUS-999999'), 404, 'ACCOUNT_NOT_FOUND');
    expectFailure(await detail('admin', 'not a number'), 400, 'VALIDATION_FAILED');
  });
});

describe('document content', () => {
  it('serves an image inline and a PDF as a download, uncached, unsniffable and sandboxed, to a reviewer', async () => {
    const number = await firstAccount(api, withDocuments('customer'));
    const docs = (await detail('kyc-admin', number)).body.payload.documents;
    const png = docs.find((doc) => doc.type === 'id_front') as KycDocumentView;
    const res = await fetchContent(api, tokens['kyc-admin'] as string, png.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="cni-recto\.png"/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'; frame-ancestors 'none'");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBe(png.size);
    // The demo's own pictures are real images.
    expect(dimensionsOf(bytes, 'image/png')).toEqual([160, 100]);
    const pdf = docs.find((doc) => doc.type === 'proof_of_address') as KycDocumentView;
    const pdfRes = await fetchContent(api, tokens['support-plus'] as string, pdf.url);
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(pdfRes.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"/);
    expect(pdfRes.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    expect(new TextDecoder().decode((await pdfRes.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it('refuses the bytes to groups that may not review the account', async () => {
    const agentNumber = await firstAccount(api, withDocuments('agent'));
    const [doc] = await rows<{ id: number }>(
      api,
      sql`SELECT d.id FROM kyc_documents d JOIN accounts a ON a.id = d.account_id WHERE a.number = ${agentNumber} LIMIT 1`,
    );
    const url = `kyc/documents/${doc?.id}/content`;
    expect((await fetchContent(api, tokens.admin as string, url)).status).toBe(200);
    expect((await fetchContent(api, tokens['support-plus'] as string, url)).status).toBe(200);
    for (const user of ['kyc-admin', 'zone-sales-manager', 'agent', 'bank', 'merchant']) {
      const res = await fetchContent(api, tokens[user] as string, url);
      expect(res.status, user).toBe(403);
      expect(res.headers.get('content-type')).toMatch(/json/);
    }
    expect((await fetchContent(api, '', url)).status).toBe(401);
    expect((await fetchContent(api, tokens.admin as string, 'kyc/documents/999999/content')).status).toBe(404);
    expect((await fetchContent(api, tokens.admin as string, 'kyc/documents/abc/content')).status).toBe(400);
  });
});

describe('document upload', () => {
  it('accepts PNG, JPEG and PDF by their content, and lists them on the account', async () => {
    // The stored image is the picture encoded again; what was uploaded is not kept.
    const number = await firstAccount(api, withoutDocuments('customer'));
    const png = await upload(api, tokens['zone-sales-manager'] as string, number, {
      type: 'id_front',
      bytes: PNG_BYTES,
      fileName: 'C:\\photos\\recto "cni".png',
      mimeType: 'image/png',
    });
    expect(png.status, JSON.stringify(png.body)).toBe(201);
    expect(png.body.payload).toMatchObject({
      type: 'id_front',
      mimeType: 'image/png',
      fileName: 'recto cni.png',
      uploadedBy: 'Mariama Ba',
    });
    // A JPEG sent with a wrong declared type and name is stored as what it is.
    const jpeg = await upload(api, tokens.admin as string, number, {
      type: 'id_back',
      bytes: JPEG_BYTES,
      fileName: 'verso.png',
      mimeType: 'image/png',
    });
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.payload).toMatchObject({ mimeType: 'image/jpeg', fileName: 'verso.jpg' });
    const pdf = await upload(api, tokens.admin as string, number, {
      type: 'proof_of_address',
      bytes: PDF_BYTES,
      fileName: 'facture.pdf',
      mimeType: 'application/pdf',
    });
    expect(pdf.status).toBe(201);
    const d = (await detail('admin', number)).body.payload;
    expect(d.documents.map((doc) => doc.type).sort()).toEqual(['id_back', 'id_front', 'proof_of_address']);
    expect(d.missingDocuments).toEqual(['selfie']);
    expect(d.permissions.canApprove).toBe(false);
    const content = await fetchContent(api, tokens['kyc-admin'] as string, png.body.payload.url);
    const served = new Uint8Array(await content.arrayBuffer());
    expect(served.byteLength).toBe(png.body.payload.size);
    expect(dimensionsOf(served, 'image/png')).toEqual(dimensionsOf(PNG_BYTES, 'image/png'));
  });

  it('refuses an executable renamed .png, an empty file, and a missing field', async () => {
    const number = await firstAccount(api, withoutDocuments('customer'));
    const token = tokens.admin as string;
    const exe = await upload(api, token, number, {
      type: 'selfie',
      bytes: EXE_BYTES,
      fileName: 'selfie.png',
      mimeType: 'image/png',
    });
    expectFailure(exe, 415, 'UNSUPPORTED_DOCUMENT_TYPE');
    const text = await upload(api, token, number, {
      type: 'selfie',
      bytes: new TextEncoder().encode('<svg/>'),
      fileName: 'x.svg',
    });
    expectFailure(text, 415, 'UNSUPPORTED_DOCUMENT_TYPE');
    expectFailure(
      await upload(api, token, number, { type: 'selfie', bytes: new Uint8Array(), fileName: 'a.png' }),
      400,
      'DOCUMENT_EMPTY',
    );
    expectFailure(await upload(api, token, number, { type: 'selfie' }), 400, 'VALIDATION_FAILED');
    expectFailure(await upload(api, token, number, { bytes: PNG_BYTES }), 400, 'VALIDATION_FAILED');
    expectFailure(await upload(api, token, number, { type: 'passport', bytes: PNG_BYTES }), 400, 'VALIDATION_FAILED');
    const [left] = await rows<{ n: number | string }>(
      api,
      sql`SELECT count(*) AS n FROM kyc_documents d JOIN accounts a ON a.id = d.account_id WHERE a.number = ${number}`,
    );
    expect(Number(left?.n)).toBe(0);
  });

  it('refuses a file above the configured size, before or after reading the body', async () => {
    const small = api.derive({ LOG_LEVEL: 'silent', MAX_DOCUMENT_BYTES: '1024' });
    const { token } = await small.login('admin');
    const number = await firstAccount(api, withoutDocuments('customer'));
    const big = new Uint8Array(2048);
    big.set(PNG_BYTES);
    const over = await upload(small, token, number, { type: 'selfie', bytes: big, fileName: 'big.png' });
    expectFailure(over, 413, 'DOCUMENT_TOO_LARGE');
    const huge = new Uint8Array(200 * 1024);
    huge.set(PNG_BYTES);
    expectFailure(await upload(small, token, number, { type: 'selfie', bytes: huge }), 413, 'DOCUMENT_TOO_LARGE');
    const fits = new Uint8Array(1024);
    fits.set(PNG_BYTES);
    expect((await upload(small, token, number, { type: 'selfie', bytes: fits })).status).toBe(201);
    await small.close();
  });

  it('lets only uploaders add documents, to the kinds they review', async () => {
    const customer = await firstAccount(api, withoutDocuments('customer'));
    const agent = await firstAccount(api, withoutDocuments('agent', 'approved'));
    const file = { type: 'selfie', bytes: PNG_BYTES, fileName: 's.png' };
    expectFailure(await upload(api, tokens['kyc-admin'] as string, customer, file), 403, 'FORBIDDEN');
    expectFailure(await upload(api, tokens['support-plus'] as string, customer, file), 403, 'FORBIDDEN');
    expectFailure(await upload(api, tokens.agent as string, customer, file), 403, 'FORBIDDEN');
    expectFailure(await upload(api, tokens['zone-sales-manager'] as string, agent, file), 403, 'FORBIDDEN');
    expect((await upload(api, tokens.admin as string, agent, file)).status).toBe(201);
    expectFailure(await upload(api, '', customer, file), 401, 'SESSION_EXPIRED', { sessionExpired: true });
    const closed = await firstAccount(api, sql`a.kind = 'customer' AND a.status = 'closed'`);
    expectFailure(await upload(api, tokens.admin as string, closed, file), 409, 'ACCOUNT_CLOSED');
  });

  it('puts an account asked for more documents back to review', async () => {
    const number = await firstAccount(
      api,
      sql`a.kind = 'customer' AND a.kyc_status = 'more_documents' AND a.status = 'active'`,
    );
    const res = await upload(api, tokens['zone-sales-manager'] as string, number, {
      type: 'id_back',
      bytes: PNG_BYTES,
      fileName: 'verso.png',
    });
    expect(res.status).toBe(201);
    expect((await detail('admin', number)).body.payload.account.kycStatus).toBe('pending');
  });
});
