import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type DocumentMimeType, type DocumentType, sniffDocumentType } from '../../../contract/kyc';
import type { KycDocumentView } from '../../../contract/api/kyc';
import type { Db } from '../../db/database';
import { accounts, kycDocuments } from '../../db/schema';
import type { SessionUser } from '../../lib/session-user';
import { ApiError } from '../../lib/api-error';
import { accountClosed, assertMayUpload, reviewableAccount } from '../../domain/kyc/access';
import { documentUrl } from '../../domain/kyc/detail';
import { reencodedImage } from './document-images';

export const documentTooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    'DOCUMENT_TOO_LARGE',
    'Document too large',
    `A document may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB (${maxBytes} bytes). Scan it at a lower resolution.`,
  );

const unsupportedType = () =>
  new ApiError(
    415,
    'UNSUPPORTED_DOCUMENT_TYPE',
    'Unsupported document',
    'Only JPEG and PNG images and PDF files are accepted, and the file’s content must really be one of them.',
  );

const emptyDocument = () => new ApiError(400, 'DOCUMENT_EMPTY', 'Empty document', 'The file is empty.');

const documentNotFound = () =>
  new ApiError(404, 'DOCUMENT_NOT_FOUND', 'Document not found', 'There is no such document.');

const EXTENSIONS: Record<DocumentMimeType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'application/pdf': '.pdf',
};

/**
 * A file name safe to show and to put in a header: no path, no control or quote characters,
 * at most 120 characters, and the extension of what the file really is.
 */
function safeFileName(name: string, mimeType: DocumentMimeType, type: DocumentType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}"\\;]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || type}${EXTENSIONS[mimeType]}`;
}

export interface UploadInput {
  number: string;
  type: DocumentType;
  file: File;
  caller: SessionUser;
  maxBytes: number;
  now: Date;
}

/** Who may add documents to the account is settled before anything about the file. */
async function uploadTarget(db: Db, input: UploadInput, options: { forUpdate?: boolean } = {}) {
  const account = await reviewableAccount(db, input.caller, input.number, options);
  assertMayUpload(input.caller, account);
  if (account.status === 'closed') throw accountClosed(account.number);
  return account;
}

/**
 * Keeps a document after checking what it really is (its first bytes, not its declared type
 * or name) and its size; an image is kept re-encoded, not as uploaded. An account asked for
 * more documents goes back to review (pending).
 */
export async function storeDocument(db: Db, input: UploadInput): Promise<KycDocumentView> {
  await uploadTarget(db, input);
  if (input.file.size > input.maxBytes) throw documentTooLarge(input.maxBytes);
  if (input.file.size === 0) throw emptyDocument();
  const uploaded = new Uint8Array(await input.file.arrayBuffer());
  const mimeType = sniffDocumentType(uploaded);
  if (!mimeType) throw unsupportedType();
  // Outside the transaction: re-encoding takes a while, and holds no row.
  const bytes = mimeType === 'application/pdf' ? uploaded : await reencodedImage(uploaded, mimeType);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Again under the row lock: the status it moves from is the one a concurrent decision left.
    const account = await uploadTarget(t, input, { forUpdate: true });
    const [row] = await t
      .insert(kycDocuments)
      .values({
        accountId: account.id,
        type: input.type,
        fileName: safeFileName(input.file.name, mimeType, input.type),
        mimeType,
        size: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        content: Buffer.from(bytes),
        uploadedBy: input.caller.userId,
        createdAt: input.now,
      })
      .returning({
        id: kycDocuments.id,
        fileName: kycDocuments.fileName,
        size: kycDocuments.size,
        sha256: kycDocuments.sha256,
      });
    if (!row) throw new Error('The document row was not written');
    if (account.kycStatus === 'more_documents') {
      await t.update(accounts).set({ kycStatus: 'pending' }).where(eq(accounts.id, account.id));
    }
    return {
      ...row,
      type: input.type,
      mimeType,
      uploadedBy: input.caller.name,
      createdAt: input.now.toISOString(),
      url: documentUrl(row.id),
    };
  });
}

export interface DocumentContent {
  bytes: Uint8Array<ArrayBuffer>;
  mimeType: DocumentMimeType;
  fileName: string;
}

/** The bytes of a document, for a caller who may review its account (403 otherwise). */
export async function loadDocumentContent(db: Db, id: number, caller: SessionUser): Promise<DocumentContent> {
  const [doc] = await db
    .select({
      number: accounts.number,
      content: kycDocuments.content,
      mimeType: kycDocuments.mimeType,
      fileName: kycDocuments.fileName,
    })
    .from(kycDocuments)
    .innerJoin(accounts, eq(accounts.id, kycDocuments.accountId))
    .where(eq(kycDocuments.id, id));
  if (!doc) throw documentNotFound();
  await reviewableAccount(db, caller, doc.number);
  return { bytes: new Uint8Array(doc.content), mimeType: doc.mimeType as DocumentMimeType, fileName: doc.fileName };
}
