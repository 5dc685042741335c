/** What the last decision did, item by item; it stays while the list reloads. */
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/Button';
import type { DecisionOutcome as Outcome } from './authorize-machine';

export function DecisionOutcome({ outcome, onDismiss }: { outcome: Outcome; onDismiss: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const ok = outcome.results.filter((r) => r.ok).length;
  const failed = outcome.results.length - ok;

  // The dialog that asked for the decision has closed: focus lands on what it did.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new outcome takes focus once.
  useEffect(() => {
    ref.current?.focus();
  }, [outcome]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="decision-outcome-title"
      data-testid="decision-outcome"
      className={`mb-4 rounded-lg border p-4 outline-none focus:ring-2 focus:ring-brand-400 ${failed ? 'border-warning-line bg-warning-soft' : 'border-success-line bg-success-soft'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="decision-outcome-title" className="text-base font-semibold text-ink">
            {t('approvals.results.title')}
          </h2>
          <p role="status" className="text-sm text-ink">
            {t('approvals.results.summary', { ok, failed })}
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={onDismiss}>
          {t('approvals.results.dismiss')}
        </Button>
      </div>
      <ul className="mt-2 space-y-1 text-sm">
        {outcome.results.map((result) => {
          const reference = result.reference ?? outcome.references[result.id] ?? `#${result.id}`;
          const done =
            outcome.decision === 'approve' ? t('approvals.results.approved') : t('approvals.results.rejected');
          return (
            <li
              key={result.id}
              data-testid={`outcome-${result.id}`}
              className={`flex items-start gap-2 ${result.ok ? 'text-success' : 'text-danger'}`}
            >
              {result.ok ? (
                <CircleCheck size={16} aria-hidden className="mt-0.5 shrink-0" />
              ) : (
                <CircleX size={16} aria-hidden className="mt-0.5 shrink-0" />
              )}
              <span>
                <span className="font-medium tabular-nums">{reference}</span>: {result.ok ? done : result.message}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
