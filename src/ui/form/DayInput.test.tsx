import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enKit } from '../../i18n/kit-en';
import { frKit } from '../../i18n/kit-fr';
import { TranslatorProvider } from '../../i18n/react';
import { createTranslator } from '../../i18n/translator';
import { DateField, DayInput } from './DayInput';
import { maskDayText, readDayText } from './day-text';

/** The browser's locale, which a native date input would follow. */
function browserLocale(locale: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale]);
}
afterEach(() => vi.restoreAllMocks());

function Filter({ initial, required, lang }: { initial: string; required?: boolean; lang: 'en' | 'fr' }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="day">Day</label>
      <DayInput id="day" label="Day" value={value} required={required} onValue={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2026-01-05')}>
        {lang === 'en' ? 'Preset' : 'Préréglage'}
      </button>
    </>
  );
}

function Form() {
  const [value, setValue] = useState('2026-11-27');
  return (
    <>
      <DateField id="starts" label="Starts on" value={value} onValue={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function renderIn(lang: 'en' | 'fr', ui: React.ReactNode) {
  const translator = createTranslator(lang, { en: { ...enKit }, fr: { ...frKit } });
  return render(<TranslatorProvider translator={translator}>{ui}</TranslatorProvider>);
}

describe.each([
  {
    locale: 'en-US',
    lang: 'en' as const,
    placeholder: 'dd-mm-yyyy',
    notADay: '30-02-2026 is not a day of the calendar.',
  },
  {
    locale: 'fr-FR',
    lang: 'fr' as const,
    placeholder: 'jj-mm-aaaa',
    notADay: 'Le 30-02-2026 n’existe pas dans le calendrier.',
  },
])('a day field in a $locale browser', ({ locale, lang, placeholder, notADay }) => {
  it('shows the day as dd-mm-yyyy and keeps YYYY-MM-DD as its value', () => {
    browserLocale(locale);
    renderIn(lang, <Filter initial="2026-11-27" lang={lang} />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('27-11-2026');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', placeholder);
  });

  it('accepts a day typed with dashes, slashes or digits alone', async () => {
    browserLocale(locale);
    const user = userEvent.setup();
    renderIn(lang, <Filter initial="2026-11-27" lang={lang} />);
    const input = screen.getByLabelText('Day');
    await user.clear(input);
    await user.type(input, '03-12-2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-03');
    await user.clear(input);
    await user.type(input, '4/12/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-04');
    await user.clear(input);
    // A phone's numeric keypad has no dash: the field puts them in.
    await user.type(input, '05122026');
    expect(input).toHaveValue('05-12-2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-05');
  });

  it('says an impossible day is not one, and keeps the last real day', async () => {
    browserLocale(locale);
    const user = userEvent.setup();
    renderIn(lang, <Filter initial="2026-11-27" required lang={lang} />);
    const input = screen.getByLabelText('Day');
    await user.clear(input);
    await user.type(input, '30-02-2026');
    expect(input).toHaveAccessibleDescription(notADay);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-27');
  });

  it('asks for the format when an unfinished day is left', async () => {
    browserLocale(locale);
    const user = userEvent.setup();
    renderIn(lang, <Filter initial="" lang={lang} />);
    const input = screen.getByLabelText('Day');
    await user.type(input, '3-12');
    await user.tab();
    expect(input).toHaveAccessibleDescription(
      lang === 'en'
        ? 'Write the day as dd-mm-yyyy, for example 27-11-2026.'
        : 'Écrivez la date sous la forme jj-mm-aaaa, par exemple 27-11-2026.',
    );
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('shows a day set from outside, such as a preset', async () => {
    browserLocale(locale);
    const user = userEvent.setup();
    renderIn(lang, <Filter initial="2026-11-27" lang={lang} />);
    await user.click(screen.getByRole('button', { name: lang === 'en' ? 'Preset' : 'Préréglage' }));
    expect(screen.getByLabelText('Day')).toHaveValue('05-01-2026');
  });
});

describe('a required day field', () => {
  it('puts the last day back when left empty', async () => {
    const user = userEvent.setup();
    renderIn('en', <Filter initial="2026-11-27" required lang="en" />);
    const input = screen.getByLabelText('Day');
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('27-11-2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-27');
  });
});

describe('a day field of a form', () => {
  it('passes a wrong text on, so the form refuses it instead of sending the last day', async () => {
    const user = userEvent.setup();
    renderIn('en', <Form />);
    const input = screen.getByLabelText('Starts on');
    await user.clear(input);
    await user.type(input, '31-04-2026');
    expect(screen.getByTestId('value')).toHaveTextContent('31-04-2026');
    expect(input).toHaveAccessibleDescription('31-04-2026 is not a day of the calendar.');
    await user.clear(input);
    await user.type(input, '30/04/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-04-30');
    await user.tab();
    expect(input).toHaveValue('30-04-2026');
  });
});

describe.each([
  {
    lang: 'en' as const,
    open: 'Choose Day on a calendar',
    month: 'November 2026',
    day: /^Thursday,? 3 December 2026$/,
  },
  {
    lang: 'fr' as const,
    open: 'Choisir Day dans un calendrier',
    month: 'novembre 2026',
    day: /^jeudi 3 décembre 2026$/,
  },
])('the calendar of a day field ($lang)', ({ lang, open, month, day }) => {
  it('opens on the field’s day, moves by the keys of a date grid and gives the picked day to the field', async () => {
    const user = userEvent.setup();
    renderIn(lang, <Filter initial="2026-11-27" lang={lang} />);
    await user.click(screen.getByRole('button', { name: open }));
    // The calendar's code comes with its first opening.
    const calendar = await screen.findByRole('dialog');
    expect(calendar).toHaveTextContent(new RegExp(month, 'i'));
    expect(document.activeElement).toHaveAttribute('data-day', '2026-11-27');
    // A week down is 4 December, a day back is the 3rd.
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName(day);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveValue('03-12-2026');
    expect(screen.getByLabelText('Day')).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent('2026-12-03');
  });

  it('closes on Esc without a change, focus back on its button; typing still works', async () => {
    const user = userEvent.setup();
    renderIn(lang, <Filter initial="2026-11-27" lang={lang} />);
    const button = screen.getByRole('button', { name: open });
    await user.click(button);
    await screen.findByRole('dialog');
    await user.keyboard('{PageDown}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-27');
    const input = screen.getByLabelText('Day');
    await user.clear(input);
    await user.type(input, '01-01-2027');
    expect(screen.getByTestId('value')).toHaveTextContent('2027-01-01');
  });
});

describe('reading a typed day', () => {
  it('reads dd-mm-yyyy with any separator and refuses what is not a day', () => {
    expect(readDayText('27-11-2026')).toEqual({ kind: 'day', iso: '2026-11-27' });
    expect(readDayText('27/11/2026')).toEqual({ kind: 'day', iso: '2026-11-27' });
    expect(readDayText('7.3.2026')).toEqual({ kind: 'day', iso: '2026-03-07' });
    expect(readDayText('29-02-2028')).toEqual({ kind: 'day', iso: '2028-02-29' });
    expect(readDayText('29-02-2026')).toEqual({ kind: 'notADay' });
    expect(readDayText('13-13-2026')).toEqual({ kind: 'notADay' });
    expect(readDayText('27-11')).toEqual({ kind: 'partial' });
    expect(readDayText('next monday')).toEqual({ kind: 'wrongFormat' });
    expect(readDayText('  ')).toEqual({ kind: 'empty' });
  });

  it('puts the dashes in as digits are typed, and turns a pasted YYYY-MM-DD into dd-mm-yyyy', () => {
    expect(maskDayText('2711', '271')).toBe('27-11-');
    expect(maskDayText('27-/', '27-')).toBe('27-');
    expect(maskDayText('4/1', '4/')).toBe('4-1');
    expect(maskDayText('27-11-20261', '27-11-2026')).toBe('27-11-2026');
    expect(maskDayText('27-1', '27-11')).toBe('27-1');
    expect(maskDayText('2026-11-27', '')).toBe('27-11-2026');
  });
});
