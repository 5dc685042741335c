import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { REGISTRATION_MESSAGES, REGISTRATION_MESSAGES_KEY } from './messages';
import { REGISTRATION_FORMS, type RegistrationForm } from '../../../contract/registration-forms';
import type { Bank } from '../../api/types';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { selectUser } from '../../machines/session';
import { formatDateTime } from '../../ui/values';
import { PageFrame } from '../../ui/PageFrame';
import { DraftNotice } from '../../ui/DraftNotice';
import { useActiveBanks } from '../../ui/bank-options';
import type { HostedPageProps } from '../../ui/hosted-page';
import { RegistrationDone } from './RegistrationDone';
import { ReviewForm } from './ReviewForm';
import { StepForm } from './StepForm';
import { Stepper } from './Stepper';
import { useDuplicateWarnings } from './useDuplicateWarnings';
import { useRegistrationActor } from './useRegistrationActor';
import { useRegistrationView } from './useRegistrationView';
import { useStepFocus } from './useStepFocus';

const EMPTY_BANKS: readonly Bank[] = [];

/** The form served at a route path ('/registration/customer'). */
export function registrationFormAt(path: string | undefined): RegistrationForm | undefined {
  return Object.values(REGISTRATION_FORMS).find((f) => f.route === path);
}

export default function RegistrationPage({ path, title, canOpen }: HostedPageProps) {
  const { t, i18n } = usePageMessages(REGISTRATION_MESSAGES_KEY, REGISTRATION_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const form = registrationFormAt(path);
  const user = useSelector(services.session, selectUser);
  // The settlement bank picker: active banks, fresh from the bank list.
  const banks = useActiveBanks(user?.bankList ?? EMPTY_BANKS);
  if (!form || !user) {
    return (
      <PageFrame title={title}>
        <p className="text-muted">{t('registration.notDefined')}</p>
      </PageFrame>
    );
  }
  return (
    <RegistrationScreen
      key={`${form.kind}:${user.profile.id}`}
      form={form}
      banks={banks}
      title={title}
      lang={lang}
      mayUpload={canOpen('/upload-document')}
    />
  );
}

function RegistrationScreen({
  form,
  banks,
  title,
  lang,
  mayUpload,
}: {
  form: RegistrationForm;
  banks: readonly Bank[];
  title: string;
  lang: Language;
  /** Whether the user's menu has the document upload page, so the form may link to it. */
  mayUpload: boolean;
}) {
  const { t } = useTranslation();
  const actor = useRegistrationActor(form);
  const view = useRegistrationView(actor);
  const { headingRef, next } = useStepFocus(actor, form, view);
  const { warnings, change } = useDuplicateWarnings(actor, view);
  const { screen, step, result, restoredFrom, busy } = view;

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl">
        {restoredFrom && screen !== 'done' && (
          <DraftNotice
            savedAt={restoredFrom}
            disabled={busy}
            onDiscard={() => actor.send({ type: 'draft.discard' })}
            message={t('registration.draft.restored', { when: formatDateTime(restoredFrom) })}
            discardLabel={t('registration.draft.discard')}
          />
        )}
        {screen !== 'done' && (
          <Stepper
            steps={form.steps}
            current={step}
            lang={lang}
            onGoto={(target) => actor.send({ type: 'step.goto', step: target })}
          />
        )}
        {screen === 'form' && (
          <StepForm
            actor={actor}
            form={form}
            view={view}
            banks={banks}
            lang={lang}
            headingRef={headingRef}
            warnings={warnings}
            onChange={change}
            onNext={next}
          />
        )}
        {screen === 'review' && (
          <ReviewForm actor={actor} form={form} view={view} banks={banks} lang={lang} headingRef={headingRef} />
        )}
        {screen === 'done' && result && (
          <RegistrationDone
            result={result}
            uploads={view.uploads}
            failures={view.uploadFailures}
            uploading={view.uploading}
            mayUpload={mayUpload}
            lang={lang}
            headingRef={headingRef}
            onRetryUploads={() => actor.send({ type: 'uploads.retry' })}
            onNew={() => actor.send({ type: 'registration.new' })}
          />
        )}
      </div>
    </PageFrame>
  );
}
