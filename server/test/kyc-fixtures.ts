import { type SQL, sql } from 'drizzle-orm';
import { CHANNEL, HEADER, XSRF_COOKIE } from '../../contract/http';
import { queryRows } from '../db/query';
import { sessionXsrfToken } from '../http/xsrf';
import type { TestApi } from './harness';
import { jpegOf, pngOf } from './image-files';

/** Shared by the KYC, registration and student tests: multipart uploads and demo look-ups. */

/**
 * Who the KYC list and registration tests sign in as: the groups that review or register
 * accounts, and some that do neither.
 */
export const KYC_TEST_USERS = [
  'admin',
  'kyc-admin',
  'zone-sales-manager',
  'support-plus',
  'network-supervisor',
  'agent',
  'bank',
] as const;

/** Real pictures: an image upload is decoded, so a bare signature no longer passes. */
export const PNG_BYTES = pngOf(8, 6);
export const JPEG_BYTES = jpegOf(8, 6);
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
/** What a Windows executable starts with: "MZ". */
export const EXE_BYTES = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]);

/**
 * A multipart request the way the dashboard sends it (FormData, the session header and the
 * double-submit XSRF pair). The harness's call() speaks JSON only.
 */
export async function upload(
  api: TestApi,
  token: string,
  number: string,
  parts: { type?: string; bytes?: Uint8Array; fileName?: string; mimeType?: string },
) {
  const form = new FormData();
  if (parts.type !== undefined) form.set('type', parts.type);
  if (parts.bytes) {
    form.set(
      'file',
      new File([parts.bytes as Uint8Array<ArrayBuffer>], parts.fileName ?? 'document', { type: parts.mimeType ?? '' }),
    );
  }
  const xsrf = sessionXsrfToken(api.config.xsrfSecret, token);
  const response = await api.request(`/rest/kyc/accounts/${number}/documents`, {
    method: 'POST',
    cookies: false,
    headers: {
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      [HEADER.xsrf]: xsrf,
      [HEADER.sessionToken]: token,
      [HEADER.channel]: CHANNEL.dashboard,
      accept: 'application/json',
    },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any, headers: response.headers };
}

/** GET of a document's bytes with the session header, as the dashboard's blob fetch does. */
export function fetchContent(api: TestApi, token: string, url: string) {
  return api.request(`/rest/${url}`, {
    headers: { [HEADER.sessionToken]: token, [HEADER.channel]: CHANNEL.dashboard },
  });
}

export async function rows<T>(api: TestApi, query: SQL): Promise<T[]> {
  return queryRows<T>(api.handle.db, query);
}

/** The first account (by id) matching a condition on `a` (accounts); fails the test if none. */
export async function firstAccount(api: TestApi, where: SQL): Promise<string> {
  const [row] = await rows<{ number: string }>(
    api,
    sql`SELECT a.number FROM accounts a WHERE ${where} ORDER BY a.id LIMIT 1`,
  );
  if (!row) throw new Error('No demo account matches the test’s condition');
  return row.number;
}

/** A pending account of a kind with every document it needs on file (from the demo). */
export const withDocuments = (kind: string, status = 'pending') =>
  sql`a.kind = ${kind} AND a.kyc_status = ${status} AND a.status = 'active'
      AND EXISTS (SELECT 1 FROM kyc_documents d WHERE d.account_id = a.id AND d.type = 'selfie')`;

export const withoutDocuments = (kind: string, status = 'pending') =>
  sql`a.kind = ${kind} AND a.kyc_status = ${status} AND a.status = 'active'
      AND NOT EXISTS (SELECT 1 FROM kyc_documents d WHERE d.account_id = a.id)
      AND NOT EXISTS (SELECT 1 FROM students s WHERE s.account_id = a.id)`;
