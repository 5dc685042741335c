/**
 * A KYC document: its bytes are fetched with the session (the API refuses anyone who may not
 * review the account); an image is shown in place as <img> from a blob: URL, a PDF is only
 * saved as a file (docs/security.md). An image is fetched when the page opens, since the
 * reviewer decides on it; a PDF only when asked, as it leaves the page as a file.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Download, FileText, Image as ImageIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import type { KycDocumentView } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/page-parts';
import {
  fetchActor,
  loadMachine,
  resultOf,
  selectError,
  selectIsFailed,
  selectIsLoading,
} from '../../ui/list/report-machine';
import { formatDateTime } from '../../ui/values';
import { useObjectUrl } from '../../ui/use-object-url';
import { formatFileSize, isImage } from '../../ui/files/document-file';
import { saveBlob } from '../../ui/files/save-file';
import { documentTitle } from '../../ui/kyc-labels';
import { ZoomableImage } from './ZoomableImage';

const selectBlob = resultOf<Blob>();

export type FetchContent = (documentId: number, signal: AbortSignal) => Promise<Blob>;

export function DocumentCard({
  document,
  lang,
  fetchContent,
}: {
  document: KycDocumentView;
  lang: Language;
  fetchContent: FetchContent;
}) {
  const title = documentTitle(document.type, lang);
  const facts = <DocumentFacts document={document} title={title} lang={lang} />;
  return (
    <li className="rounded-lg border border-line bg-raised p-3" data-document={document.id}>
      {isImage(document.mimeType) ? (
        <ImageDocument document={document} title={title} facts={facts} fetchContent={fetchContent} />
      ) : (
        <PdfDocument document={document} title={title} facts={facts} fetchContent={fetchContent} />
      )}
    </li>
  );
}

function DocumentFacts({ document, title, lang }: { document: KycDocumentView; title: string; lang: Language }) {
  const { t } = useTranslation();
  const Icon = isImage(document.mimeType) ? ImageIcon : FileText;
  return (
    <div className="flex min-w-0 items-start gap-2">
      <Icon size={18} aria-hidden className="mt-0.5 shrink-0 text-muted" />
      <div className="min-w-0">
        <p className="font-medium text-ink">{title}</p>
        <p className="truncate text-xs text-muted">
          {document.fileName} · {formatFileSize(document.size, lang)}
        </p>
        <p className="text-xs text-muted">
          {t('kyc.documents.uploaded', {
            when: formatDateTime(document.createdAt),
            who: document.uploadedBy ?? t('kyc.documents.unknownUploader'),
          })}
        </p>
      </div>
    </div>
  );
}

const CARD_TOP = 'flex flex-wrap items-start justify-between gap-2';

/** The document's bytes, fetched with the session once asked for. */
function useDocumentBytes(fetchContent: FetchContent) {
  const actor = useActorRef(
    loadMachine.provide({
      actors: { fetchReport: fetchActor((q: { id: number }, signal) => fetchContent(q.id, signal)) },
    }),
  );
  const fetch = useCallback((id: number) => actor.send({ type: 'report.query', query: { id } }), [actor]);
  return {
    fetch,
    retry: () => actor.send({ type: 'report.retry' }),
    loading: useSelector(actor, selectIsLoading),
    failed: useSelector(actor, selectIsFailed),
    error: useSelector(actor, selectError),
    blob: useSelector(actor, selectBlob),
  };
}

/** A document's card: the document, its title, the facts shown about it, how to fetch its bytes. */
interface ShownDocument {
  document: KycDocumentView;
  title: string;
  facts: ReactNode;
  fetchContent: FetchContent;
}

/**
 * An image, shown in place as soon as the page opens: reviewers compare the documents side by
 * side, so none hides behind a button. The server re-encoded it, and <img> runs nothing anyway.
 */
function ImageDocument({ document, title, facts, fetchContent }: ShownDocument) {
  return (
    <>
      <div className={CARD_TOP}>{facts}</div>
      <ImageContent document={document} title={title} fetchContent={fetchContent} />
    </>
  );
}

function ImageContent({ document, title, fetchContent }: Omit<ShownDocument, 'facts'>) {
  const { t } = useTranslation();
  const bytes = useDocumentBytes(fetchContent);
  const { fetch } = bytes;
  useEffect(() => fetch(document.id), [fetch, document.id]);
  const url = useObjectUrl(bytes.blob);
  if (bytes.failed) return <LoadError message={bytes.error} onRetry={bytes.retry} />;
  if (bytes.loading || !url) {
    return (
      <p role="status" className="mt-3 text-sm text-muted">
        {t('kyc.documents.loading')}
      </p>
    );
  }
  return <ZoomableImage url={url} title={title} />;
}

/**
 * A PDF is never shown by the dashboard (no frame, embed or object, no tab of the browser's
 * viewer): its bytes are saved as a file, so its scripts, actions and links never run in the
 * browser, let alone as this site (decision 036).
 */
function PdfDocument({ document, title, facts, fetchContent }: ShownDocument) {
  const { t } = useTranslation();
  const bytes = useDocumentBytes(fetchContent);
  useEffect(() => {
    // Typed by us, whatever the answer said: the browser saves it, it never renders it.
    if (bytes.blob) saveBlob(new Blob([bytes.blob], { type: 'application/pdf' }), document.fileName);
  }, [bytes.blob, document.fileName]);
  return (
    <>
      <div className={CARD_TOP}>
        {facts}
        <Button
          variant="secondary"
          loading={bytes.loading}
          loadingLabel={t('kyc.documents.downloading', { title })}
          onClick={() => bytes.fetch(document.id)}
        >
          <Download size={16} aria-hidden />
          {t('kyc.documents.downloadPdf', { title })}
        </Button>
      </div>
      <p className="mt-2 text-xs text-muted">{t('kyc.documents.pdfNote')}</p>
      {bytes.failed && <LoadError message={bytes.error} onRetry={bytes.retry} />}
    </>
  );
}
