import { useId } from 'react';
import { useTranslation } from '../i18n/react';
import { type DateRange, isIsoDay, presetRange, type RangePreset } from './dates';

export interface RangeValue extends DateRange {
  preset: RangePreset;
}

/** A labelled field of a filter bar: full width on a phone, side by side from `sm`. */
export const FIELD_CLASS = 'flex w-full flex-col gap-1 sm:w-44';
export const CONTROL_CLASS = 'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

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
        <label htmlFor={`${id}-preset`} className="text-xs font-medium text-slate-600">
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
            <label htmlFor={`${id}-from`} className="text-xs font-medium text-slate-600">
              {t('reports.from')}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={value.from}
              max={value.to}
              required
              onChange={(e) => {
                if (isIsoDay(e.target.value)) onChange({ ...value, from: e.target.value });
              }}
              className={CONTROL_CLASS}
            />
          </div>
          <div className={FIELD_CLASS}>
            <label htmlFor={`${id}-to`} className="text-xs font-medium text-slate-600">
              {t('reports.to')}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              value={value.to}
              min={value.from}
              required
              onChange={(e) => {
                if (isIsoDay(e.target.value)) onChange({ ...value, to: e.target.value });
              }}
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
 * on only when it is a whole day or a cleared field. Shared by the KYC and approval filters.
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
  const isDayOrEmpty = (value: string) => value === '' || isIsoDay(value);
  return (
    <>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-from`} className="text-xs font-medium text-slate-600">
          {fromLabel}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => {
            if (isDayOrEmpty(e.target.value)) onChange({ from: e.target.value });
          }}
          className={CONTROL_CLASS}
        />
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-to`} className="text-xs font-medium text-slate-600">
          {toLabel}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => {
            if (isDayOrEmpty(e.target.value)) onChange({ to: e.target.value });
          }}
          className={CONTROL_CLASS}
        />
      </div>
    </>
  );
}
