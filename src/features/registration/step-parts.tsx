import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';

/** The heading of a step or the review: focus lands on it as on a new page's. */
export function StepHeading({ headingRef, children }: { headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h2
      id="registration-step-title"
      ref={headingRef}
      tabIndex={-1}
      className="text-lg font-semibold text-ink outline-none"
    >
      {children}
    </h2>
  );
}

/** Back, and the form's submit (Next or Register), under a step or the review. */
export function StepNav({
  backDisabled,
  busy,
  onBack,
  submitLabel,
  arrow,
}: {
  backDisabled: boolean;
  busy: boolean;
  onBack: () => void;
  submitLabel: string;
  arrow: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-between gap-3">
      <Button variant="secondary" disabled={backDisabled} onClick={onBack}>
        <ArrowLeft size={16} aria-hidden />
        {t('registration.back')}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
        {arrow && <ArrowRight size={16} aria-hidden />}
      </Button>
    </div>
  );
}
