import { formatXof as formatXofIn } from '../../contract/money';
import type { Language } from './index';

const locales: Record<Language, string> = { en: 'en-SN', fr: 'fr-SN' };

const numberFormats = new Map<Language, Intl.NumberFormat>();
function numberFormat(lang: Language) {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(locales[lang], { maximumFractionDigits: 0 });
    numberFormats.set(lang, format);
  }
  return format;
}

export const formatNumber = (value: number, lang: Language) => numberFormat(lang).format(value);

const percentFormats = new Map<Language, Intl.NumberFormat>();
/** Basis points as people read a rate: 150 bp is "1.5%" (EN) or "1,5 %" (FR). */
export function formatBasisPoints(bp: number, lang: Language): string {
  let format = percentFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(locales[lang], { style: 'percent', maximumFractionDigits: 2 });
    percentFormats.set(lang, format);
  }
  return format.format(bp / 10_000);
}

const compactFormats = new Map<Language, Intl.NumberFormat>();
/** A short figure for a chart's axis and bars (1.2M, 1,2 M). */
export function formatCompact(value: number, lang: Language): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(locales[lang], { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lang, format);
  }
  return format.format(value);
}

/** XOF has no minor unit: amounts are whole francs; the one form per language is the contract's. */
export const formatXof = (amount: number, lang: Language) => formatXofIn(amount, lang);

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/** year-month-day, zero-padded (docs/product.md). */
export function formatDateYmd(value: Date | string): string {
  const d = toDate(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** day-month-year, zero-padded (docs/product.md). */
export function formatDateDmy(value: Date | string): string {
  const d = toDate(value);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** A YYYY-MM-DD day as dd-mm-yyyy, without time-zone shifts. */
export function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : value;
}
