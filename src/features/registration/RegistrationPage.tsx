import { useActorRef, useSelector } from '@xstate/react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { REGISTRATION_MESSAGES, REGISTRATION_MESSAGES_KEY } from './messages';
import type { DocumentType } from '../../../contract/kyc';
import type { DataStep, RegistrationKind } from '../../../contract/registration';
import {
  REGISTRATION_FORMS,
  type RegistrationDraft,
  type RegistrationForm,
  registrationDraftForm,
  registrationDraftSchema,
} from '../../../contract/registration-forms';
import type { Bank } from '../../api/types';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { selectUser } from '../../machines/session';
import { formatDateTime } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { useFormDraft } from '../../session/use-form-draft';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/parts';
import { DocumentsStep, documentFieldId } from './DocumentsStep';
import { RegistrationDone } from './RegistrationDone';
import { checkAvailability, registrationActors } from './registration-actors';
import { duplicateKeys, fieldsOf, firstErrorField, hasAnyValue, isDataStep } from './registration-form';
import { availabilityMachine, selectTakenNow, type WatchedField } from './availability-machine';
import type { TakenMark } from './registration-context';
import { type RegistrationContext, registrationMachine } from './registration-machine';
import {
  draftOf,
  selectErrors,
  selectFailure,
  selectFiles,
  selectIsBusy,
  selectIsChecking,
  selectIsSubmitting,
  selectIsUploading,
  selectRestoredFrom,
  selectResult,
  selectScreen,
  selectStep,
  selectTaken,
  selectUploadFailures,
  selectUploads,
  selectValues,
} from './registration-selectors';
import { ReviewStep } from './ReviewStep';
import { Stepper } from './Stepper';
import { DraftNotice } from '../../ui/DraftNotice';
import { useActiveBanks } from '../../ui/bank-options';
import { fieldId, StepFields } from './StepFields';
import type { HostedPageProps } from '../../ui/hosted-page';

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
        <p className="text-slate-600">{t('registration.notDefined')}</p>
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
  const services = useServices();
  const draft = useFormDraft(registrationDraftForm(form.kind), (value) => parseDraft(form.kind, value));

  /** Keeps the form as typed (useFormDraft skips it once the user has deliberately signed out). */
  const saveDraft = (context: RegistrationContext) =>
    draft.save(hasAnyValue(context.values) ? draftOf(context, new Date()) : null);

  const actor = useActorRef(
    registrationMachine.provide({
      actors: registrationActors(services.api),
      actions: {
        saveDraft: (_, { context }) => saveDraft(context),
        clearDraft: () => draft.clear(),
      },
    }),
    { input: { form, today: new Date(), draft: draft.initial } },
  );

  // Leaving the page (an expired session sends it to /login) keeps what the debounce has not saved yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the way out.
  useEffect(
    () => () => {
      const { context } = actor.getSnapshot();
      if (context.dirty && context.result === null) saveDraft(context);
    },
    [actor],
  );

  const screen = useSelector(actor, selectScreen);
  const step = useSelector(actor, selectStep);
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const taken = useSelector(actor, selectTaken);
  const files = useSelector(actor, selectFiles);
  const failure = useSelector(actor, selectFailure);
  const result = useSelector(actor, selectResult);
  const uploads = useSelector(actor, selectUploads);
  const uploadFailures = useSelector(actor, selectUploadFailures);
  const restoredFrom = useSelector(actor, selectRestoredFrom);
  const busy = useSelector(actor, selectIsBusy);
  const checking = useSelector(actor, selectIsChecking);
  const submitting = useSelector(actor, selectIsSubmitting);
  const uploading = useSelector(actor, selectIsUploading);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const availability = useActorRef(
    availabilityMachine.provide({ actors: { checkAvailability: checkAvailability(services.api) } }),
  );
  const stepDef = form.steps.find((s) => s.id === step);

  // A new step, the review or the outcome takes focus as a new page would (not on arrival).
  const shown = `${screen}:${step}`;
  const lastShown = useRef(shown);
  useEffect(() => {
    if (lastShown.current === shown) return;
    lastShown.current = shown;
    const { errors: now } = actor.getSnapshot().context;
    const first = isDataStep(step) ? firstErrorField(form, step, now) : null;
    // A refusal of the server that reopened a step goes straight to its field.
    if (first) document.getElementById(fieldId(step as DataStep, first))?.focus();
    else headingRef.current?.focus();
  }, [shown, actor, form, step]);

  // The duplicate check's warning stops the step: focus goes to the number concerned.
  const warned = step === 'contact' ? taken.phone : step === 'identity' ? taken.nationalId : false;
  useEffect(() => {
    if (!warned || screen !== 'form') return;
    document.getElementById(fieldId(step as DataStep, step === 'contact' ? 'phone' : 'nationalId'))?.focus();
  }, [warned, screen, step]);

  function next(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'step.next' });
    const snapshot = actor.getSnapshot();
    if (!snapshot.matches('editing') || snapshot.context.step !== step) return;
    const now = snapshot.context.errors;
    // Stopped on a number already registered: back to that number, to check it.
    const { phone, nationalId } = snapshot.context.taken;
    const stopped = step === 'contact' && phone ? 'phone' : step === 'identity' && nationalId ? 'nationalId' : null;
    if (stopped) {
      document.getElementById(fieldId(step as DataStep, stopped))?.focus();
    } else if (isDataStep(step)) {
      const first = firstErrorField(form, step, now);
      if (first) document.getElementById(fieldId(step, first))?.focus();
    } else {
      const firstFile = Object.keys(now)[0] as DocumentType | undefined;
      if (firstFile) document.getElementById(documentFieldId(firstFile))?.focus();
    }
  }

  // While typing, the number is asked about once typing pauses; Next asks again and stops on it.
  const watched: WatchedField | null = step === 'contact' ? 'phone' : step === 'identity' ? 'nationalId' : null;
  const typedKey = watched ? duplicateKeys(step, values)[watched] : undefined;
  const takenNow = useSelector(availability, selectTakenNow(watched ?? 'phone', typedKey));
  const warningOf = (field: WatchedField, mark: TakenMark) => {
    if (!mark) return undefined;
    return mark.account
      ? t(`registration.duplicates.${field}Of`, { account: mark.account })
      : t(`registration.duplicates.${field}`);
  };
  const warnings = {
    phone: step === 'contact' ? warningOf('phone', taken.phone || takenNow) : undefined,
    nationalId: step === 'identity' ? warningOf('nationalId', taken.nationalId || takenNow) : undefined,
  };

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

        {screen === 'form' && stepDef && (
          <form
            noValidate
            onSubmit={next}
            aria-busy={busy}
            aria-labelledby="registration-step-title"
            className="space-y-5"
          >
            <h2
              id="registration-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 outline-none"
            >
              {stepDef.title[lang]}
            </h2>
            <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              {isDataStep(step) ? (
                <StepFields
                  step={step}
                  fields={fieldsOf(form, step)}
                  values={values[step]}
                  errors={errors}
                  warnings={warnings}
                  banks={banks}
                  lang={lang}
                  onChange={(name, value) => {
                    actor.send({ type: 'field.change', step, name, value });
                    if (name !== watched) return;
                    const typed = duplicateKeys(step, actor.getSnapshot().context.values)[watched];
                    availability.send({ type: 'number.typed', field: watched, value: typed ?? null });
                  }}
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
            <div className="flex flex-wrap justify-between gap-3">
              <button
                type="button"
                className={SECONDARY_BUTTON}
                disabled={busy || step === form.steps[0]?.id}
                onClick={() => actor.send({ type: 'step.back' })}
              >
                <ArrowLeft size={16} aria-hidden />
                {t('registration.back')}
              </button>
              <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy || undefined}>
                {checking ? t('registration.checking') : t('registration.next')}
                <ArrowRight size={16} aria-hidden />
              </button>
            </div>
          </form>
        )}

        {screen === 'review' && (
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
            <h2
              id="registration-step-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 outline-none"
            >
              {t('registration.review.title')}
            </h2>
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
            <div className="flex flex-wrap justify-between gap-3">
              <button
                type="button"
                className={SECONDARY_BUTTON}
                disabled={busy}
                onClick={() => actor.send({ type: 'step.back' })}
              >
                <ArrowLeft size={16} aria-hidden />
                {t('registration.back')}
              </button>
              <button type="submit" className={PRIMARY_BUTTON} aria-disabled={busy || undefined}>
                {submitting ? t('registration.submitting') : t('registration.submit')}
              </button>
            </div>
          </form>
        )}

        {screen === 'done' && result && (
          <RegistrationDone
            result={result}
            uploads={uploads}
            failures={uploadFailures}
            uploading={uploading}
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

/** A stored draft of this kind of form, or null (an older or damaged one). */
function parseDraft(kind: RegistrationKind, value: unknown): RegistrationDraft | null {
  const parsed = registrationDraftSchema.safeParse(value);
  return parsed.success && parsed.data.kind === kind ? parsed.data : null;
}
