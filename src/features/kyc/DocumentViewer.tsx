/** The documents an account has on file and those KYC still requires of it. */
import { useTranslation } from '../../i18n/react';
import { DOCUMENT_TYPES, type DocumentType } from '../../../contract/kyc';
import type { KycDocumentView } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { Badge } from '../../ui/values';
import { documentTitle } from '../../ui/kyc-labels';
import { DocumentCard, type FetchContent } from './DocumentCard';

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

/** The card's two sides, then the selfie, then the rest: the order a reviewer compares them in; newest first within a type. */
const inTypeOrder = (documents: readonly KycDocumentView[]) =>
  documents
    .map((document, newest) => ({ document, newest }))
    .sort(
      (a, b) =>
        DOCUMENT_TYPES.indexOf(a.document.type) - DOCUMENT_TYPES.indexOf(b.document.type) || a.newest - b.newest,
    )
    .map(({ document }) => document);

/** An account's documents on file, side by side where the screen allows, to compare them. */
export function DocumentList({
  documents,
  lang,
  fetchContent,
}: {
  documents: readonly KycDocumentView[];
  lang: Language;
  fetchContent: FetchContent;
}) {
  const { t } = useTranslation();
  if (documents.length === 0) return <p className="text-sm text-muted">{t('kyc.detail.noDocuments')}</p>;
  return (
    <ul className="grid items-start gap-3 md:grid-cols-2 2xl:grid-cols-3">
      {inTypeOrder(documents).map((d) => (
        <DocumentCard key={d.id} document={d} lang={lang} fetchContent={fetchContent} />
      ))}
    </ul>
  );
}
