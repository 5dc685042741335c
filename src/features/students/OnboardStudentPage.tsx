/**
 * /onboard-student: the zone sales manager opens a student's wallet (school, level,
 * guardian's phone); it starts KYC-pending like any registration. The onboarding machine is
 * assembled here with the API.
 */
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { STUDENT_MESSAGES, STUDENT_MESSAGES_KEY } from './messages';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { StudentRow } from '../../../contract/api/students';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { DateField } from '../../ui/form/DayInput';
import { fieldMessageText } from '../../ui/form/field-message-text';
import { PageFrame } from '../../ui/PageFrame';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/form/FormField';
import { Fact, Facts, FailureAlert, SECONDARY_BUTTON } from '../../ui/parts';
import {
  onboardMachine,
  selectErrors,
  selectFailure,
  selectIsSubmitting,
  selectStudent,
  selectValues,
} from './onboard-machine';
import { STUDENT_FIELD_DEFS, STUDENT_FIELDS } from './student-form';
import type { HostedPageProps } from '../../ui/hosted-page';
import { studentsApi } from './students-api';

export const studentFieldId = (name: string) => `student-${name}`;

export default function OnboardStudentPage({ title }: HostedPageProps) {
  const { i18n } = usePageMessages(STUDENT_MESSAGES_KEY, STUDENT_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const actor = useActorRef(
    onboardMachine.provide({
      actors: {
        onboardStudent: fromPromise(({ input }) => studentsApi(services.api).onboard(input)),
      },
    }),
    { input: { today: new Date() } },
  );
  const student = useSelector(actor, selectStudent);

  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-2xl">
        {student ? (
          <Onboarded student={student} lang={lang} onNew={() => actor.send({ type: 'student.new' })} />
        ) : (
          <StudentForm actor={actor} lang={lang} />
        )}
      </div>
    </PageFrame>
  );
}

type OnboardActor = ActorRefFrom<typeof onboardMachine>;

function StudentForm({ actor, lang }: { actor: OnboardActor; lang: Language }) {
  const { t } = useTranslation();
  const values = useSelector(actor, selectValues);
  const errors = useSelector(actor, selectErrors);
  const failure = useSelector(actor, selectFailure);
  const submitting = useSelector(actor, selectIsSubmitting);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);
  // A refusal naming a field (a phone already registered) sends focus to it.
  const firstError = STUDENT_FIELDS.find((f) => errors[f]);
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !submitting && firstError)
      document.getElementById(studentFieldId(firstError))?.focus();
    wasSubmitting.current = submitting;
  }, [submitting, firstError]);

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: 'student.submit' });
    const now = actor.getSnapshot().context.errors;
    const first = STUDENT_FIELDS.find((f) => now[f]);
    if (first) document.getElementById(studentFieldId(first))?.focus();
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={submitting}
      aria-labelledby="student-form-title"
      className="space-y-5"
    >
      <h2 id="student-form-title" className="text-lg font-semibold text-ink">
        {t('students.onboard.title')}
      </h2>
      <p className="text-sm text-muted">{t('students.onboard.intro')}</p>
      {failure && <FailureAlert ref={alertRef} failure={failure} />}
      <div className="grid gap-5 rounded-lg border border-line bg-raised p-4 shadow-sm sm:grid-cols-2 sm:p-6">
        {STUDENT_FIELD_DEFS.map((def) => {
          const id = studentFieldId(def.name);
          const change = (value: string) => actor.send({ type: 'field.change', name: def.name, value });
          if (def.input === 'date') {
            return (
              <DateField
                key={def.name}
                id={id}
                label={t(`students.fields.${def.name}`)}
                optional={!def.required}
                error={fieldMessageText(t, errors[def.name])}
                value={values[def.name]}
                onValue={change}
              />
            );
          }
          const common = {
            id,
            label: t(`students.fields.${def.name}`),
            optional: !def.required,
            hint: def.input === 'tel' ? t('students.onboard.phoneHint') : undefined,
            error: fieldMessageText(t, errors[def.name]),
            value: values[def.name],
            onValue: change,
          };
          return def.input === 'select' ? (
            <SelectField key={def.name} {...common}>
              <option value="">{t('registration.choose')}</option>
              {def.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label[lang]}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField
              key={def.name}
              {...common}
              type={def.input}
              inputMode={def.input === 'tel' ? 'tel' : undefined}
              autoComplete="off"
            />
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={submitting} loadingLabel={t('students.onboard.submitting')}>
          {t('students.onboard.submit')}
        </Button>
      </div>
    </form>
  );
}

function Onboarded({ student, lang, onNew }: { student: StudentRow; lang: Language; onNew: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const level = STUDENT_FIELD_DEFS.find((d) => d.name === 'level')?.options?.find((o) => o.value === student.level);
  return (
    <section
      aria-labelledby="student-done"
      className="space-y-4 rounded-lg border border-success-line bg-raised p-4 shadow-sm sm:p-6"
    >
      <h2
        id="student-done"
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-success outline-none"
      >
        <CircleCheck size={20} aria-hidden />
        {t('students.onboard.done')}
      </h2>
      <Facts>
        <Fact label={t('students.list.wallet')}>
          <span className="font-semibold tabular-nums" data-testid="student-wallet">
            {student.number}
          </span>
        </Fact>
        <Fact label={t('students.list.name')}>{student.name}</Fact>
        <Fact label={t('students.fields.school')}>{student.school}</Fact>
        <Fact label={t('students.fields.level')}>{level?.label[lang] ?? student.level}</Fact>
        <Fact label={t('students.fields.guardianPhone')}>{student.guardianPhone}</Fact>
        <Fact label={t('students.list.kyc')}>{t(`reports.values.kyc.${student.kycStatus}`)}</Fact>
      </Facts>
      <p className="text-sm text-ink">{t('students.onboard.pending')}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/my-students" className={SECONDARY_BUTTON}>
          {t('students.onboard.seeList')}
        </Link>
        <Button onClick={onNew}>{t('students.onboard.another')}</Button>
      </div>
    </section>
  );
}
