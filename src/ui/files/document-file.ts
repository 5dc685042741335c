/**
 * The browser's own check of a KYC document before it is sent: the same types and size limit
 * as the API (contract/kyc.ts), and the file's first bytes rather than its name, so a renamed
 * file is refused here instead of after a long upload on a slow link. The API checks again.
 */
import {
  DEFAULT_MAX_DOCUMENT_BYTES,
  DOCUMENT_MIME_TYPES,
  type DocumentMimeType,
  sniffDocumentType,
} from '../../../contract/kyc-documents';

export type FileProblem = 'type' | 'size' | 'empty';

export interface CheckedFile {
  file: File;
  /** What the content really is; null when it is none of the accepted types. */
  mimeType: DocumentMimeType | null;
  problem: FileProblem | null;
}

const EXTENSION = /\.(jpe?g|png|pdf)$/i;
const SIGNATURE_BYTES = 8;

function declaredOk(file: File): boolean {
  // Some phones send no type at all: the extension has to do.
  if (file.type === '') return EXTENSION.test(file.name);
  return (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
}

export async function checkDocumentFile(file: File, maxBytes = DEFAULT_MAX_DOCUMENT_BYTES): Promise<CheckedFile> {
  if (file.size === 0) return { file, mimeType: null, problem: 'empty' };
  if (!declaredOk(file)) return { file, mimeType: null, problem: 'type' };
  if (file.size > maxBytes) return { file, mimeType: null, problem: 'size' };
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  const mimeType = sniffDocumentType(head);
  return { file, mimeType, problem: mimeType ? null : 'type' };
}

export const isImage = (mimeType: string | null) => mimeType === 'image/jpeg' || mimeType === 'image/png';

/** Sizes as people read them: 820 KB, 2.4 MB. */
export function formatFileSize(bytes: number, lang: 'en' | 'fr'): string {
  const locale = lang === 'fr' ? 'fr-SN' : 'en-SN';
  const [kb, mb] = lang === 'fr' ? ['Ko', 'Mo'] : ['KB', 'MB'];
  if (bytes < 1024 * 1024) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} ${kb}`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} ${mb}`;
}

export const MAX_DOCUMENT_MB = Math.floor(DEFAULT_MAX_DOCUMENT_BYTES / 1024 / 1024);
