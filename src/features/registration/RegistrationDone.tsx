/** The account exists (KYC pending): its number, then each document's upload as it goes. */
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, Loader, RotateCw } from 'lucide-react';
import { type Ref, useId } from 'react';
import { useTranslation } from '../../i18n/react';
import { DOCUMENT_TYPES, type DocumentType } from '../../../contract/kyc';
import type { RegistrationResult } from '../../../contract/api/registrations';
import type { Language } from '../../i18n';
import { documentTitle } from '../../ui/kyc-labels';
import type { RequestFailure } from '../../ui/failure';
import { Button } from '../../ui/Button';
import { Fact, Facts } from '../../ui/parts';
import type { UploadStatus } from './registration-context';

export function RegistrationDone({
  result,
  uploads,
  failures,
  uploading,
  mayUpload,
  lang,
  headingRef,
  onRetryUploads,
  onNew,
}: {
  result: RegistrationResult;
  uploads: Partial<Record<DocumentType, UploadStatus>>;
  failures: Partial<Record<DocumentType, RequestFailure>>;
  uploading: boolean;
  /** Whether the user's menu has /upload-document, for the documents still missing. */
  mayUpload: boolean;
  lang: Language;
  headingRef: Ref<HTMLHeadingElement>;
  onRetryUploads: () => void;
  onNew: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const entries = Object.entries(uploads) as [DocumentType, UploadStatus][];
  const sent = new Set(entries.filter(([, s]) => s === 'done').map(([type]) => type));
  // The API names the documents as text; the known types, in their usual order, are what the page can title.
  const missing = DOCUMENT_TYPES.filter((type) => result.requiredDocuments.includes(type) && !sent.has(type));
  const anyFailed = entries.some(([, s]) => s === 'failed');

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-success-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-success outline-none"
      >
        <CircleCheck size={20} aria-hidden />
        {t('registration.done.title')}
      </h2>
      <Facts>
        <Fact label={t('registration.done.number')}>
          <span className="font-semibold tabular-nums" data-testid="new-account-number">
            {result.number}
          </span>
        </Fact>
        <Fact label={t('registration.done.name')}>{result.label}</Fact>
        <Fact label={t('registration.done.phone')}>{result.phone}</Fact>
        <Fact label={t('registration.done.kyc')}>
          <span data-testid="new-account-kyc">{t('registration.done.kycPending')}</span>
        </Fact>
      </Facts>
      <p className="text-sm text-ink">{t('registration.done.inactive')}</p>

      {entries.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink">{t('registration.done.documents')}</h3>
          <ul className="space-y-1 text-sm" aria-live="polite" aria-busy={uploading}>
            {entries.map(([type, status]) => (
              <li key={type} className="flex flex-wrap items-center gap-2" data-upload={type} data-status={status}>
                {status === 'done' && <CircleCheck size={16} aria-hidden className="text-success" />}
                {status === 'failed' && <CircleX size={16} aria-hidden className="text-danger" />}
                {(status === 'waiting' || status === 'sending') && (
                  <Loader size={16} aria-hidden className="animate-spin text-muted" />
                )}
                <span>
                  {documentTitle(type, lang)}: {t(`registration.done.upload.${status}`)}
                </span>
                {status === 'failed' && failures[type] && (
                  <span className="w-full pl-6 text-danger">
                    {failures[type]?.network ? t('transfers.networkError') : failures[type]?.message}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!uploading && missing.length > 0 && (
        <p className="text-sm text-warning">
          {t('registration.done.missing', { documents: missing.map((type) => documentTitle(type, lang)).join(', ') })}{' '}
          {mayUpload && (
            <Link to="/upload-document" search={{ account: result.number } as never} className="font-medium underline">
              {t('registration.done.uploadLater')}
            </Link>
          )}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        {anyFailed && !uploading && (
          <Button variant="secondary" onClick={onRetryUploads}>
            <RotateCw size={16} aria-hidden />
            {t('registration.done.retryUploads')}
          </Button>
        )}
        <Button disabled={uploading} onClick={onNew}>
          {t('registration.done.another')}
        </Button>
      </div>
    </section>
  );
}
