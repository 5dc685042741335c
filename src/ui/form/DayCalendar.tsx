/**
 * The calendar beside a day field: a month grid to pick a day with the mouse or the keys of a
 * date grid (arrows, Home/End, PageUp/PageDown, Shift for a year), while the field itself still
 * takes a typed dd-mm-yyyy. Esc or a click elsewhere closes it; a pick gives focus back to the field.
 */
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { formatDateYmd } from '../../i18n/format';
import { isLanguage } from '../../i18n/languages';
import { useTranslation } from '../../i18n/react';
import { addMonths, dayAfterKey, monthOf, monthWeeks } from './calendar-days';

const localeOf = (lang: string) => (isLanguage(lang) && lang === 'fr' ? 'fr-FR' : 'en-GB');
/** A Monday to Sunday week, for the names of the grid's columns. */
const A_WEEK = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const noon = (iso: string) => new Date(`${iso}T12:00:00`);

export function DayCalendar({
  id,
  start,
  selected,
  onPick,
  onClose,
}: {
  id: string;
  /** The day the grid opens on (the field's day, else today). */
  start: string;
  selected: string;
  onPick: (iso: string) => void;
  /** Called when the calendar is left without a pick; `refocus` when focus should go back to its button. */
  onClose: (refocus: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const [active, setActive] = useState(start);
  const grid = useRef<HTMLTableElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const today = formatDateYmd(new Date());

  // The day with the roving tab stop has focus, on opening and after every move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the active day
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [active]);

  // Opened near the bottom of a phone's screen, the whole month scrolls into view (focusing a day
  // only brings that day's row).
  useEffect(() => {
    root.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  // Esc is the calendar's before any dialog around the field (window capture runs first).
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      event.preventDefault();
      onClose(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.parentElement?.contains(event.target as Node)) onClose(false);
    };
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPointer, true);
    };
  }, [onClose]);

  const onGridKey = (event: KeyboardEvent) => {
    const next = dayAfterKey(active, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setActive(next);
  };

  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    noon(`${monthOf(active)}-01`),
  );
  const weekday = (format: 'short' | 'long') => new Intl.DateTimeFormat(locale, { weekday: format });
  const fullDay = new Intl.DateTimeFormat(locale, { dateStyle: 'full' });

  return (
    <div
      ref={root}
      id={id}
      role="dialog"
      aria-label={t('dayField.calendar')}
      className="absolute top-full left-0 z-40 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-raised p-3 text-ink shadow-xl"
      onBlur={(event) => {
        if (!root.current?.parentElement?.contains(event.relatedTarget as Node | null)) onClose(false);
      }}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label={t('dayField.previousMonth')}
          onClick={() => setActive(addMonths(active, -1))}
          className="rounded-md p-1.5 hover:bg-sunken"
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <p aria-live="polite" className="text-sm font-semibold capitalize">
          {month}
        </p>
        <button
          type="button"
          aria-label={t('dayField.nextMonth')}
          onClick={() => setActive(addMonths(active, 1))}
          className="rounded-md p-1.5 hover:bg-sunken"
        >
          <ChevronRight size={16} aria-hidden />
        </button>
      </div>
      <table ref={grid} aria-label={month} className="w-full table-fixed text-center text-sm" onKeyDown={onGridKey}>
        <thead>
          <tr>
            {A_WEEK.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={weekday('long').format(noon(day))}
                className="pb-1 text-xs font-medium text-muted"
              >
                {weekday('short').format(noon(day)).replace('.', '')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(active).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day} className="p-0.5">
                  <button
                    type="button"
                    tabIndex={day === active ? 0 : -1}
                    aria-label={fullDay.format(noon(day))}
                    aria-pressed={day === selected}
                    aria-current={day === today ? 'date' : undefined}
                    data-day={day}
                    onClick={() => onPick(day)}
                    className={clsx(
                      'h-8 w-full rounded-md tabular-nums hover:bg-sunken',
                      monthOf(day) !== monthOf(active) && 'text-muted',
                      day === today && 'font-semibold underline',
                      day === selected && 'bg-accent text-inverse hover:bg-accent-strong',
                    )}
                  >
                    {Number(day.slice(8))}
                  </button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
