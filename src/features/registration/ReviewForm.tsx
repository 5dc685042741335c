import type { Ref } from 'react';
import type { Bank } from '../../api/types';
import type { RegistrationForm } from '../../../contract/registration-forms';
import { useTranslation } from '../../i18n/react';
import type { Language } from '../../i18n';
import { ReviewStep } from './ReviewStep';
import { StepHeading, StepNav } from './step-parts';
import type { RegistrationActor } from './useRegistrationActor';
import type { RegistrationView } from './useRegistrationView';

/** Everything typed and picked, to check before registering. */
export function ReviewForm({
  actor,
  form,
  view,
  banks,
  lang,
  headingRef,
}: {
  actor: RegistrationActor;
  form: RegistrationForm;
  view: RegistrationView;
  banks: readonly Bank[];
  lang: Language;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const { values, files, taken, failure, busy, submitting } = view;
  return (
    <form
      noValidate
      aria-labelledby="registration-step-title"
      aria-busy={busy}
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'registration.submit' });
      }}
    >
      <StepHeading headingRef={headingRef}>{t('registration.review.title')}</StepHeading>
      <ReviewStep
        form={form}
        values={values}
        files={files}
        taken={taken}
        failure={failure}
        banks={banks}
        lang={lang}
        onEdit={(target) => actor.send({ type: 'step.goto', step: target })}
      />
      <StepNav
        backDisabled={busy}
        busy={busy}
        onBack={() => actor.send({ type: 'step.back' })}
        submitLabel={submitting ? t('registration.submitting') : t('registration.submit')}
        arrow={false}
      />
    </form>
  );
}
