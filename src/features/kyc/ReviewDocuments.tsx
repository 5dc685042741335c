import { useTranslation } from '../../i18n/react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import type { FetchContent } from './DocumentCard';
import { DocumentList, RequiredDocuments } from './DocumentViewer';
import { H3, SECTION } from './review-view';

/** The documents in place, and those still required. */
export function ReviewDocuments({
  detail,
  lang,
  fetchContent,
}: {
  detail: KycAccountDetail;
  lang: Language;
  fetchContent: FetchContent;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kyc-documents" className={SECTION}>
      <h3 id="kyc-documents" className={H3}>
        {t('kyc.detail.documents')}
      </h3>
      <RequiredDocuments
        required={detail.requiredDocuments}
        documents={detail.documents}
        lang={lang}
        className="mb-3"
      />
      <DocumentList documents={detail.documents} lang={lang} fetchContent={fetchContent} />
    </section>
  );
}
