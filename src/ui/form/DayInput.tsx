/**
 * A day field that shows and accepts dd-mm-yyyy whatever the browser's locale, while its value
 * stays YYYY-MM-DD (decision 021). `DayInput` is the bare control of a filter bar, with its
 * error above it; `DateField` is the labelled field of a form, its error in the field's place.
 */
import clsx from 'clsx';
import { CalendarDays } from 'lucide-react';
import {
  type ChangeEvent,
  type ComponentProps,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react';
import { formatDateYmd } from '../../i18n/format';
import { useTranslation } from '../../i18n/react';
import { Field, INPUT_CLASS } from '../parts';
import { dayTextOf, maskDayText, readDayText } from './day-text';

/** Fetched at the first opening: day fields are on the first signed-in view, whose JS has a budget. */
const DayCalendar = lazy(() => import('./DayCalendar').then((m) => ({ default: m.DayCalendar })));

interface DayOptions {
  /** YYYY-MM-DD, or '' for no day. */
  value: string;
  /** Called with a whole day (YYYY-MM-DD), or '' when an optional field is cleared. */
  onValue: (value: string) => void;
  /** A required field never passes '' on: leaving it empty puts the last day back. */
  required?: boolean;
}

/**
 * `passesText`: a form's field passes an unfinished or wrong text on as it is, so the form's
 * own check refuses it rather than submitting the last whole day the field no longer shows.
 * A filter keeps its last whole day until the text is one again.
 */
function useDayText({ value, onValue, required, passesText }: DayOptions & { passesText: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => dayTextOf(value));
  const [shownValue, setShownValue] = useState(value);
  const [problem, setProblem] = useState<'format' | 'notADay' | null>(null);

  // A value changed from outside (a preset, the URL) replaces the text, unless the text
  // already says that day in the user's own way (27/11/2026).
  if (value !== shownValue) {
    setShownValue(value);
    const read = readDayText(text);
    if (!(read.kind === 'day' && read.iso === value) && !(read.kind === 'empty' && value === '')) {
      setText(dayTextOf(value));
      setProblem(null);
    }
  }

  const error =
    problem === 'notADay'
      ? t('dayField.notADay', { day: text.trim() })
      : problem === 'format'
        ? t('dayField.format')
        : undefined;

  const onChange = (raw: string) => {
    const next = maskDayText(raw, text);
    setText(next);
    const read = readDayText(next);
    // An impossible day is said at once; a day still being typed waits for the blur.
    setProblem(read.kind === 'notADay' ? 'notADay' : null);
    const send = (day: string) => {
      // What the field sent comes back as its value: that is not a change from outside.
      setShownValue(day);
      if (day !== value) onValue(day);
    };
    if (read.kind === 'day') send(read.iso);
    else if (read.kind === 'empty') {
      if (!required) send('');
    } else if (passesText) send(next.trim());
  };

  /** A day chosen on the calendar: what typing it would have done. */
  const pick = (iso: string) => {
    setText(dayTextOf(iso));
    setProblem(null);
    setShownValue(iso);
    if (iso !== value) onValue(iso);
  };

  const onBlur = () => {
    const read = readDayText(text);
    if (read.kind === 'day') setText(dayTextOf(read.iso));
    else if (read.kind === 'empty') setText(required ? dayTextOf(value) : '');
    else setProblem(read.kind === 'notADay' ? 'notADay' : 'format');
  };

  return {
    error,
    pick,
    control: {
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'off',
      maxLength: 10,
      placeholder: t('dayField.placeholder'),
      value: text,
      onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
      onBlur,
    } satisfies ComponentProps<'input'>,
  };
}

/**
 * The field with its calendar button inside its right edge; the calendar opens under it on the
 * day the field says (today when it says none) and hands a picked day to `pick`.
 */
function WithCalendar({
  label,
  value,
  pick,
  children,
}: {
  label: string;
  value: string;
  pick: (iso: string) => void;
  children: (focusRef: Ref<HTMLInputElement>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const calendarId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  const whole = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <div className="relative">
      {children(input)}
      <button
        ref={button}
        type="button"
        aria-label={t('dayField.openCalendar', { field: label })}
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={() => setOpen((was) => !was)}
        className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-2 text-muted hover:text-ink"
      >
        <CalendarDays size={16} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <DayCalendar
            id={calendarId}
            start={whole ? value : formatDateYmd(new Date())}
            selected={whole ? value : ''}
            onClose={close}
            onPick={(iso) => {
              pick(iso);
              setOpen(false);
              input.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

type InputRest = Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'type' | 'required'>;

/** The control alone, for a filter bar that draws its own label (htmlFor `id`). */
export function DayInput({
  id,
  label,
  value,
  onValue,
  required,
  className,
  ...rest
}: DayOptions &
  InputRest & { id: string /** The label the bar draws, for the calendar button's name. */; label: string }) {
  const { error, control, pick } = useDayText({ value, onValue, required, passesText: false });
  return (
    <>
      {/* Between the label and the control: filter bars line their controls up at the bottom,
          so a message under the control would lift it out of line with its neighbours. */}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
      <WithCalendar label={label} value={value} pick={pick}>
        {(ref) => (
          <input
            {...rest}
            {...control}
            ref={ref}
            id={id}
            required={required}
            className={clsx(
              className,
              'pr-8 aria-[invalid=true]:border-danger aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger',
            )}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        )}
      </WithCalendar>
    </>
  );
}

/** A labelled day field of a form; the form's own error (a rule of the form) wins over the text's. */
export function DateField({
  id,
  label,
  hint,
  error: formError,
  optional,
  value,
  onValue,
  className,
  ...rest
}: DayOptions & InputRest & { id: string; label: string; hint?: string; error?: string; optional?: boolean }) {
  const { error, control, pick } = useDayText({ value, onValue, required: false, passesText: true });
  return (
    <Field id={id} label={label} hint={hint} error={error ?? formError} optional={optional}>
      {(aria) => (
        <WithCalendar label={label} value={value} pick={pick}>
          {(ref) => (
            <input
              {...rest}
              {...control}
              {...aria}
              ref={ref}
              id={id}
              className={clsx(className ?? INPUT_CLASS, 'pr-9')}
            />
          )}
        </WithCalendar>
      )}
    </Field>
  );
}
