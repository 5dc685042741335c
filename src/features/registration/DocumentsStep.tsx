/**
 * The documents step: a file per document type, checked in the browser and previewed. They are
 * uploaded once the account exists; the form can go on without them (the account then waits
 * in review until they are on file), and they are never part of the draft.
 */
import { X } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import { DOCUMENT_ACCEPT, type DocumentType } from '../../../contract/kyc';
import type { RegistrationForm } from '../../../contract/registration-forms';
import type { Language } from '../../i18n';
import { type CheckedFile, checkDocumentFile, MAX_DOCUMENT_MB } from '../../ui/files/document-file';
import { FilePreview } from '../../ui/files/FilePreview';
import { documentTitle } from '../../ui/kyc-labels';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/parts';
import { fieldMessageText } from '../../ui/form/field-message-text';
import type { FieldErrors } from './registration-form';

export const documentFieldId = (type: DocumentType) => `registration-document-${type}`;

export function DocumentsStep({
  form,
  files,
  errors,
  lang,
  onPick,
  onRemove,
}: {
  form: RegistrationForm;
  files: Partial<Record<DocumentType, CheckedFile>>;
  errors: FieldErrors;
  lang: Language;
  onPick: (type: DocumentType, checked: CheckedFile) => void;
  onRemove: (type: DocumentType) => void;
}) {
  const { t } = useTranslation();
  const types = [...form.requiredDocuments, ...form.optionalDocuments];
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">{t('registration.documents.intro', { max: MAX_DOCUMENT_MB })}</p>
      <ul className="space-y-4">
        {types.map((type) => {
          const required = form.requiredDocuments.includes(type);
          const picked = files[type];
          const id = documentFieldId(type);
          return (
            <li key={type} className="rounded-lg border border-line p-3">
              <Field
                id={id}
                label={`${documentTitle(type, lang)} · ${required ? t('registration.documents.required') : t('registration.documents.optional')}`}
                error={fieldMessageText(t, errors[type])}
              >
                {(aria) => (
                  <input
                    // A fresh input once the file is removed, so the same file can be picked again.
                    key={picked ? picked.file.name : 'empty'}
                    id={id}
                    type="file"
                    accept={DOCUMENT_ACCEPT}
                    onChange={async (e) => {
                      const file = e.target.files?.[0];
                      if (file) onPick(type, await checkDocumentFile(file));
                    }}
                    className="block w-full text-sm text-ink file:mr-3 file:h-10 file:rounded-md file:border file:border-edge file:bg-raised file:px-3 file:text-sm file:font-medium"
                    {...aria}
                  />
                )}
              </Field>
              {picked && (
                <div className="mt-2 flex items-center gap-2">
                  <div className="min-w-0 flex-1">
                    <FilePreview checked={picked} lang={lang} />
                  </div>
                  <Button variant="secondary" size="sm" onClick={() => onRemove(type)}>
                    <X size={16} aria-hidden />
                    {t('registration.documents.remove', { document: documentTitle(type, lang) })}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
