/**
 * A KYC document: its bytes are fetched with the session (the API refuses anyone who may not
 * review the account) and shown from a blob: URL, an image in place as <img>, a PDF in a new tab
 * of the browser's own PDF viewer (docs/security.md: a framed PDF would need a sandbox, and
 * Chromium refuses its viewer in one). Nothing is fetched until the reviewer asks: documents are
 * heavy on a slow link.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { ExternalLink, Eye, EyeOff, FileText, Image as ImageIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { DocumentType, KycDocumentView } from '../../../contract/kyc';
import type { Language } from '../../i18n';
import { LoadError } from '../../ui/page-parts';
import {
  fetchActor,
  loadMachine,
  resultOf,
  selectError,
  selectIsFailed,
  selectIsLoading,
} from '../../ui/list/report-machine';
import { Badge, formatDateTime } from '../../ui/values';
import { useObjectUrl } from '../../ui/use-object-url';
import { formatFileSize, isImage } from '../../ui/files/document-file';
import { documentTitle } from '../../ui/kyc-labels';

const selectBlob = resultOf<Blob>();

/** The documents KYC requires of an account, each marked on file or missing; nothing when none is. */
export function RequiredDocuments({
  required,
  documents,
  lang,
  className,
}: {
  required: readonly DocumentType[];
  documents: readonly KycDocumentView[];
  lang: Language;
  className: string;
}) {
  const { t } = useTranslation();
  if (required.length === 0) return null;
  const onFile = new Set(documents.map((d) => d.type));
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label={t('kyc.detail.required')}>
      {required.map((type) => (
        <li key={type}>
          <Badge
            value={onFile.has(type) ? 'approved' : 'rejected'}
            label={`${documentTitle(type, lang)}: ${onFile.has(type) ? t('kyc.detail.onFile') : t('kyc.detail.missing')}`}
          />
        </li>
      ))}
    </ul>
  );
}

/** An account's documents on file, each to open in place. */
export function DocumentList({
  documents,
  lang,
  fetchContent,
}: {
  documents: readonly KycDocumentView[];
  lang: Language;
  fetchContent: (url: string, signal: AbortSignal) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  if (documents.length === 0) return <p className="text-sm text-slate-600">{t('kyc.detail.noDocuments')}</p>;
  return (
    <ul className="space-y-2">
      {documents.map((d) => (
        <DocumentCard key={d.id} document={d} lang={lang} fetchContent={fetchContent} />
      ))}
    </ul>
  );
}

function DocumentCard({
  document,
  lang,
  fetchContent,
}: {
  document: KycDocumentView;
  lang: Language;
  fetchContent: (url: string, signal: AbortSignal) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = documentTitle(document.type, lang);
  const Icon = isImage(document.mimeType) ? ImageIcon : FileText;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-document={document.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-2">
          <Icon size={18} aria-hidden className="mt-0.5 shrink-0 text-slate-500" />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{title}</p>
            <p className="truncate text-xs text-slate-600">
              {document.fileName} · {formatFileSize(document.size, lang)}
            </p>
            <p className="text-xs text-slate-500">
              {t('kyc.documents.uploaded', {
                when: formatDateTime(document.createdAt),
                who: document.uploadedBy ?? t('kyc.documents.unknownUploader'),
              })}
            </p>
          </div>
        </div>
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="inline-flex h-9 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {open ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
          {open ? t('kyc.documents.hide', { title }) : t('kyc.documents.show', { title })}
        </button>
      </div>
      {open && <DocumentContent document={document} title={title} fetchContent={fetchContent} />}
    </li>
  );
}

function DocumentContent({
  document,
  title,
  fetchContent,
}: {
  document: KycDocumentView;
  title: string;
  fetchContent: (url: string, signal: AbortSignal) => Promise<Blob>;
}) {
  const { t } = useTranslation();
  const actor = useActorRef(
    loadMachine.provide({
      actors: { fetchReport: fetchActor((q: { url: string }, signal) => fetchContent(q.url, signal)) },
    }),
  );
  useEffect(() => {
    actor.send({ type: 'report.query', query: { url: document.url } });
  }, [actor, document.url]);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectIsFailed);
  const error = useSelector(actor, selectError);
  const fetched = useSelector(actor, selectBlob);
  const image = isImage(document.mimeType);
  // Typed by us, whatever the answer said: the new tab can only ever be the PDF viewer.
  const blob = useMemo(
    () => (fetched && !image ? new Blob([fetched], { type: 'application/pdf' }) : fetched),
    [fetched, image],
  );
  const url = useObjectUrl(blob);

  if (failed) return <LoadError message={error} onRetry={() => actor.send({ type: 'report.retry' })} />;
  if (loading || !url) {
    return (
      <p role="status" className="mt-3 text-sm text-slate-500">
        {t('kyc.documents.loading')}
      </p>
    );
  }
  return (
    <div className="mt-3">
      {image ? (
        <img src={url} alt={title} className="max-h-[70vh] w-full rounded border border-slate-200 object-contain" />
      ) : (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md bg-slate-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-slate-900"
        >
          <ExternalLink size={16} aria-hidden />
          {t('kyc.documents.openPdf', { title })}
        </a>
      )}
    </div>
  );
}
