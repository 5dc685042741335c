import type { FormEvent, Ref } from 'react';
import type { Bank } from '../../api/types';
import type { RegistrationForm } from '../../../contract/registration-forms';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { DocumentsStep } from './DocumentsStep';
import { fieldsOf, isDataStep } from './registration-form';
import { StepHeading, StepNav } from './step-parts';
import { StepFields } from './StepFields';
import type { RegistrationActor } from './useRegistrationActor';
import type { RegistrationView } from './useRegistrationView';

/** One step of the form: its fields (or the documents), Back and Next. */
export function StepForm({
  actor,
  form,
  view,
  banks,
  lang,
  headingRef,
  warnings,
  onChange,
  onNext,
}: {
  actor: RegistrationActor;
  form: RegistrationForm;
  view: RegistrationView;
  banks: readonly Bank[];
  lang: Language;
  headingRef: Ref<HTMLHeadingElement>;
  warnings: { phone?: string; nationalId?: string };
  onChange: (name: string, value: string) => void;
  onNext: (event: FormEvent) => void;
}) {
  const { t } = useTranslation();
  const { step, values, errors, files, busy, checking } = view;
  const stepDef = form.steps.find((s) => s.id === step);
  if (!stepDef) return null;
  return (
    <form noValidate onSubmit={onNext} aria-busy={busy} aria-labelledby="registration-step-title" className="space-y-5">
      <StepHeading headingRef={headingRef}>{stepDef.title[lang]}</StepHeading>
      <div className="rounded-lg border border-line bg-raised p-4 shadow-sm sm:p-6">
        {isDataStep(step) ? (
          <StepFields
            step={step}
            fields={fieldsOf(form, step)}
            values={values[step]}
            errors={errors}
            warnings={warnings}
            banks={banks}
            lang={lang}
            onChange={onChange}
          />
        ) : (
          <DocumentsStep
            form={form}
            files={files}
            errors={errors}
            lang={lang}
            onPick={(docType, checked) => actor.send({ type: 'document.pick', docType, checked })}
            onRemove={(docType) => actor.send({ type: 'document.remove', docType })}
          />
        )}
      </div>
      <StepNav
        backDisabled={busy || step === form.steps[0]?.id}
        busy={busy}
        onBack={() => actor.send({ type: 'step.back' })}
        submitLabel={checking ? t('registration.checking') : t('registration.next')}
        arrow
      />
    </form>
  );
}
