/** The last step: everything as it will be registered, each part editable, then Register. */
import { formatDay } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { DATA_STEPS, type RegistrationStep } from '../../../contract/registration';
import type { RegistrationForm } from '../../../contract/registration-forms';
import type { DocumentType } from '../../../contract/kyc';
import type { Bank } from '../../api/types';
import type { Language } from '../../i18n';
import type { CheckedFile } from '../../ui/files/document-file';
import { documentTitle } from '../../ui/kyc-labels';
import type { RequestFailure } from '../../ui/failure';
import { Button } from '../../ui/Button';
import { Fact, Facts, FailureAlert } from '../../ui/parts';
import type { TakenMark } from './registration-context';
import type { FormValues } from './registration-form';
import { optionsOf } from './StepFields';

export function ReviewStep({
  form,
  values,
  files,
  taken,
  failure,
  banks,
  lang,
  onEdit,
}: {
  form: RegistrationForm;
  values: FormValues;
  files: Partial<Record<DocumentType, CheckedFile>>;
  taken: { phone: TakenMark; nationalId: TakenMark };
  failure: RequestFailure | null;
  banks: readonly Bank[];
  lang: Language;
  onEdit: (step: RegistrationStep) => void;
}) {
  const { t } = useTranslation();
  const missing = form.requiredDocuments.filter((type) => !files[type]);
  const picked = [...form.requiredDocuments, ...form.optionalDocuments].filter((type) => files[type]);
  const editButton = (step: RegistrationStep, title: string) => (
    <Button variant="link" onClick={() => onEdit(step)} aria-label={t('registration.review.editStep', { step: title })}>
      {t('registration.review.edit')}
    </Button>
  );

  return (
    <div className="space-y-4">
      {failure && <FailureAlert failure={failure} />}
      {(taken.phone || taken.nationalId) && (
        <p role="note" className="rounded-md border border-warning-line bg-warning-soft p-3 text-sm text-warning">
          {taken.phone && taken.nationalId
            ? t('registration.duplicates.both')
            : taken.phone
              ? t('registration.duplicates.phone')
              : t('registration.duplicates.nationalId')}
        </p>
      )}
      {DATA_STEPS.map((stepId) => {
        const step = form.steps.find((s) => s.id === stepId);
        if (!step || step.fields.length === 0) return null;
        const title = step.title[lang];
        return (
          <section key={stepId} aria-label={title} className="rounded-lg border border-line p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-ink">{title}</h3>
              {editButton(stepId, title)}
            </div>
            <Facts>
              {step.fields.map((field) => {
                const raw = values[stepId][field.name] ?? '';
                const shown =
                  field.input === 'select'
                    ? (optionsOf(field, banks, lang).find((o) => o.value === raw)?.label ?? raw)
                    : field.input === 'date'
                      ? formatDay(raw)
                      : raw;
                return (
                  <Fact key={field.name} label={field.label[lang]}>
                    {shown.trim() ? shown : <span className="text-muted">—</span>}
                  </Fact>
                );
              })}
            </Facts>
          </section>
        );
      })}
      <section aria-label={t('registration.review.documents')} className="rounded-lg border border-line p-3">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-ink">{t('registration.review.documents')}</h3>
          {editButton('documents', t('registration.review.documents'))}
        </div>
        {picked.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('registration.review.noDocuments')}</p>
        ) : (
          <ul className="mt-1 list-inside list-disc text-sm text-ink">
            {picked.map((type) => (
              <li key={type}>
                {documentTitle(type, lang)}: {files[type]?.file.name}
              </li>
            ))}
          </ul>
        )}
        {missing.length > 0 && (
          <p className="mt-2 text-sm text-warning" data-testid="missing-documents">
            {t('registration.review.missingDocuments', {
              documents: missing.map((type) => documentTitle(type, lang)).join(', '),
            })}
          </p>
        )}
      </section>
      <p className="text-sm text-muted">{t('registration.review.pendingNotice')}</p>
    </div>
  );
}
