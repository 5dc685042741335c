import clsx from 'clsx';
import { type Tone, toneOf } from './status-tones';

const TONE_CLASS: Record<Tone, string> = {
  success: 'bg-success-soft text-success ring-success-line',
  warning: 'bg-warning-soft text-warning ring-warning-line',
  danger: 'bg-danger-soft text-danger ring-danger-line',
  info: 'bg-info-soft text-info ring-info-line',
  neutral: 'bg-sunken text-muted ring-line',
};

/**
 * A status code as a small pill: the tone comes from the code (status-tones.ts) unless one is
 * given. `data-value` keeps the code, so a test or a print rule can find it whatever the language.
 */
export function StatusPill({ value, label, tone }: { value: string; label: string; tone?: Tone }) {
  return (
    <span
      data-value={value}
      title={label}
      className={clsx(
        'inline-block max-w-full truncate rounded-full align-middle px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONE_CLASS[tone ?? toneOf(value)],
        'print:bg-transparent print:ring-0',
      )}
    >
      {label}
    </span>
  );
}
