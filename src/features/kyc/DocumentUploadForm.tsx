import { Upload } from 'lucide-react';
import type { KycAccountDetail } from '../../../contract/api/kyc';
import { DOCUMENT_ACCEPT, DOCUMENT_TYPES, type DocumentType } from '../../../contract/kyc';
import type { Language } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { MAX_DOCUMENT_MB } from '../../ui/files/document-file';
import { FilePreview } from '../../ui/files/FilePreview';
import { documentTitle } from '../../ui/kyc-labels';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/form/FormField';
import { FailureAlert, Field } from '../../ui/parts';
import type { AccountUploadState } from './useAccountUpload';

/** The document's type (the missing ones marked) and its file, previewed before it is sent. */
export function DocumentUploadForm({
  account,
  lang,
  upload,
}: {
  account: KycAccountDetail;
  lang: Language;
  upload: AccountUploadState;
}) {
  const { t } = useTranslation();
  const { id, docType, file, errors, failure, uploading, busy } = upload;
  // A new input after each upload: the browser keeps no stale file name in it.
  const inputKey = account.documents.length;
  const fileError = errors.file ? t(`kyc.upload.fileProblem.${errors.file}`, { max: MAX_DOCUMENT_MB }) : undefined;

  return (
    <form
      noValidate
      onSubmit={upload.submit}
      aria-busy={busy}
      aria-labelledby={`${id}-form`}
      className="space-y-4 rounded-lg border border-line bg-raised p-4 shadow-sm"
    >
      <h2 id={`${id}-form`} className="text-lg font-semibold text-ink">
        {t('kyc.upload.formTitle')}
      </h2>
      <SelectField
        id={`${id}-type`}
        label={t('kyc.upload.type')}
        error={errors.type ? t('kyc.upload.typeRequired') : undefined}
        value={docType}
        disabled={uploading}
        onValue={(type) => upload.chooseType(type as DocumentType | '')}
      >
        <option value="">{t('kyc.upload.chooseType')}</option>
        {DOCUMENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {documentTitle(type, lang)}
            {account.missingDocuments.includes(type) ? ` (${t('kyc.detail.missing')})` : ''}
          </option>
        ))}
      </SelectField>
      <Field
        id={`${id}-file`}
        label={t('kyc.upload.file')}
        hint={t('kyc.upload.fileHint', { max: MAX_DOCUMENT_MB })}
        error={fileError}
      >
        {(aria) => (
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={uploading}
            onChange={(e) => upload.pickFile(e.target.files?.[0])}
            className="block w-full text-sm text-ink file:mr-3 file:h-10 file:rounded-md file:border file:border-edge file:bg-raised file:px-3 file:text-sm file:font-medium"
            {...aria}
          />
        )}
      </Field>
      {file && <FilePreview checked={file} lang={lang} />}
      {failure && <FailureAlert failure={failure} />}
      <div className="flex justify-end">
        <Button
          type="submit"
          aria-disabled={busy || undefined}
          loading={uploading}
          loadingLabel={t('kyc.upload.uploading')}
        >
          <Upload size={16} aria-hidden />
          {t('kyc.upload.send')}
        </Button>
      </div>
    </form>
  );
}
