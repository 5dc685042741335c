/**
 * One money format per language, wherever an amount is written: the dashboard's figures and the
 * English texts the API writes (refusals, change summaries). English puts the code first
 * ("XOF 1,000"), French after ("1 000 XOF"), as each language's own number rules do
 * (docs/decisions/048-one-amount-range-from-the-server.md). XOF has no minor unit.
 */
const LOCALES = { en: 'en-SN', fr: 'fr-SN' } as const;
export type MoneyLanguage = keyof typeof LOCALES;

const formats = new Map<MoneyLanguage, Intl.NumberFormat>();

export function formatXof(amount: number, lang: MoneyLanguage): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], {
      style: 'currency',
      currency: 'XOF',
      currencyDisplay: 'code',
      maximumFractionDigits: 0,
    });
    formats.set(lang, format);
  }
  return format.format(amount);
}

/** An amount in a text the API writes, which is English. */
export const xofInEnglish = (amount: number) => formatXof(amount, 'en');
