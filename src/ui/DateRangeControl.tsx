import { useId } from 'react';
import { useTranslation } from '../i18n/react';
import { type DateRange, presetRange, type RangePreset } from './dates';
import { DayInput } from './form/DayInput';

export interface RangeValue extends DateRange {
  preset: RangePreset;
}

/** A labelled field of a filter bar: full width on a phone, side by side from `sm`. */
export const FIELD_CLASS = 'flex w-full flex-col gap-1 sm:w-44';
export const CONTROL_CLASS = 'h-9 w-full rounded-md border border-edge bg-raised px-2 text-sm';

const PRESET_KEY: Record<RangePreset, string> = {
  today: 'reports.presets.today',
  '7d': 'reports.presets.last7',
  '30d': 'reports.presets.last30',
  month: 'reports.presets.month',
  custom: 'reports.presets.custom',
};

/** A period: a preset, or Custom with two date inputs. Shared by the report and balance pages. */
export function DateRangeControl({
  value,
  presets,
  onChange,
}: {
  value: RangeValue;
  presets: readonly RangePreset[];
  onChange: (next: RangeValue) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-preset`} className="text-xs font-medium text-muted">
          {t('reports.period')}
        </label>
        <select
          id={`${id}-preset`}
          value={value.preset}
          onChange={(e) => {
            const preset = e.target.value as RangePreset;
            // Custom starts from the days currently shown.
            onChange(preset === 'custom' ? { ...value, preset } : { preset, ...presetRange(preset) });
          }}
          className={CONTROL_CLASS}
        >
          {presets.map((p) => (
            <option key={p} value={p}>
              {t(PRESET_KEY[p])}
            </option>
          ))}
        </select>
      </div>
      {value.preset === 'custom' && (
        <>
          <div className={FIELD_CLASS}>
            <label htmlFor={`${id}-from`} className="text-xs font-medium text-muted">
              {t('reports.from')}
            </label>
            <DayInput
              id={`${id}-from`}
              label={t('reports.from')}
              value={value.from}
              required
              onValue={(from) => onChange({ ...value, from })}
              className={CONTROL_CLASS}
            />
          </div>
          <div className={FIELD_CLASS}>
            <label htmlFor={`${id}-to`} className="text-xs font-medium text-muted">
              {t('reports.to')}
            </label>
            <DayInput
              id={`${id}-to`}
              label={t('reports.to')}
              value={value.to}
              required
              onValue={(to) => onChange({ ...value, to })}
              className={CONTROL_CLASS}
            />
          </div>
        </>
      )}
    </>
  );
}

/**
 * Two optional date bounds of a filter bar (either may be left empty): each change is passed
 * on only when it is a whole day or a cleared field (DayInput). Shared by the KYC and approval filters.
 */
export function OptionalDayRange({
  from,
  to,
  fromLabel,
  toLabel,
  onChange,
}: {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  onChange: (change: { from: string } | { to: string }) => void;
}) {
  const id = useId();
  return (
    <>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-from`} className="text-xs font-medium text-muted">
          {fromLabel}
        </label>
        <DayInput
          id={`${id}-from`}
          label={fromLabel}
          value={from}
          onValue={(day) => onChange({ from: day })}
          className={CONTROL_CLASS}
        />
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-to`} className="text-xs font-medium text-muted">
          {toLabel}
        </label>
        <DayInput
          id={`${id}-to`}
          label={toLabel}
          value={to}
          onValue={(day) => onChange({ to: day })}
          className={CONTROL_CLASS}
        />
      </div>
    </>
  );
}
