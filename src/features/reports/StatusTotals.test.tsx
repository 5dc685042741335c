import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enKit } from '../../i18n/kit-en';
import { frKit } from '../../i18n/kit-fr';
import { addPageMessages } from '../../i18n/page-messages';
import { TranslatorProvider } from '../../i18n/react';
import { createTranslator } from '../../i18n/translator';
import { REPORT_MESSAGES, REPORT_MESSAGES_KEY } from './messages';
import { StatusTotals } from './StatusTotals';

function renderIn(lang: 'en' | 'fr', byStatus: NonNullable<Parameters<typeof StatusTotals>[0]['byStatus']>) {
  const translator = createTranslator(lang, { en: { ...enKit }, fr: { ...frKit } });
  addPageMessages(translator, REPORT_MESSAGES_KEY, REPORT_MESSAGES);
  render(
    <TranslatorProvider translator={translator}>
      <StatusTotals byStatus={byStatus} busy={false} lang={lang} />
    </TranslatorProvider>,
  );
  return screen.getByTestId('report-status-totals');
}

/** Blanks as Intl writes them (no-break, narrow no-break) read as plain spaces. */
const plain = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const DAY = [
  { status: 'success' as const, count: 906, amount: 512_400_000 },
  { status: 'failed' as const, count: 120, amount: 98_000_000 },
  { status: 'reversed' as const, count: 25, amount: 30_000_000 },
  { status: 'pending' as const, count: 15, amount: 7_500_000 },
];

describe('the totals by status', () => {
  it('reads the successful count and volume first, the other statuses beside them, and says why', () => {
    const line = renderIn('en', DAY);
    const items = within(line).getAllByRole('listitem');
    expect(items.map(plain)).toEqual([
      'Successful: 906 · XOF 512,400,000',
      'Failed: 120 · XOF 98,000,000',
      'Reversed: 25 · XOF 30,000,000',
      'Pending: 15 · XOF 7,500,000',
    ]);
    expect(items[0]).toHaveClass('font-semibold');
    expect(line).toHaveTextContent('Totals count successful transactions only.');
    expect(line).toHaveAccessibleName('Totals by status');
  });

  it('says the same in French', () => {
    const line = renderIn('fr', DAY);
    expect(within(line).getAllByRole('listitem').map(plain)).toEqual([
      'Réussies : 906 · 512 400 000 XOF',
      'Échouées : 120 · 98 000 000 XOF',
      'Annulées : 25 · 30 000 000 XOF',
      'En attente : 15 · 7 500 000 XOF',
    ]);
    expect(line).toHaveTextContent('Les totaux ne comptent que les transactions réussies.');
  });

  it('names the one status a filter keeps, and what the totals then count', () => {
    const line = renderIn('en', [{ status: 'failed', count: 120, amount: 98_000_000 }]);
    expect(within(line).getAllByRole('listitem').map(plain)).toEqual(['Failed: 120 · XOF 98,000,000']);
    expect(line).toHaveTextContent('Filtered on one status: the totals count these transactions only.');
  });

  it('claims nothing beside the successful ones when filtered on them', () => {
    const line = renderIn('en', [{ status: 'success', count: 906, amount: 512_400_000 }]);
    expect(line).toHaveTextContent('Filtered on one status');
    expect(line).not.toHaveTextContent('shown beside them');
  });
});
