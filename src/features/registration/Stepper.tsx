/** Where the user is in the form; the steps already passed can be reopened. */
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { RegistrationStep } from '../../../contract/registration';
import type { StepDef } from '../../../contract/registration-forms';
import type { Language } from '../../i18n';

export function Stepper({
  steps,
  current,
  lang,
  onGoto,
}: {
  steps: readonly StepDef[];
  current: RegistrationStep;
  lang: Language;
  onGoto: (step: RegistrationStep) => void;
}) {
  const { t } = useTranslation();
  const index = steps.findIndex((s) => s.id === current);
  return (
    <nav aria-label={t('registration.steps')} className="mb-4">
      <p className="mb-2 text-sm text-muted sm:hidden">
        {t('registration.stepOf', { step: index + 1, count: steps.length })}
      </p>
      <ol className="flex flex-wrap gap-2">
        {steps.map((step, i) => {
          const passed = i < index;
          const label = `${i + 1}. ${step.title[lang]}`;
          return (
            <li key={step.id}>
              {passed ? (
                <button
                  type="button"
                  onClick={() => onGoto(step.id)}
                  className="inline-flex h-8 items-center gap-1 rounded-full bg-accent-soft px-3 text-xs font-medium text-accent-strong hover:bg-accent-line"
                >
                  <Check size={14} aria-hidden />
                  {label}
                </button>
              ) : (
                <span
                  aria-current={i === index ? 'step' : undefined}
                  className={clsx(
                    'inline-flex h-8 items-center rounded-full px-3 text-xs font-medium',
                    i === index ? 'bg-brand-700 text-brand-50' : 'bg-sunken text-muted',
                  )}
                >
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
