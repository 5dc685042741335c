import { familyOf, labelOf } from '../../../contract/report-values';
import type { ColumnDef, ReportDef } from '../../../contract/reports';
import { T, type Text } from '../../../contract/text';
import { csvDate, csvDialect } from '../../lib/csv-cell';
import { dakarWallClock } from './export-cells';

type Language = keyof Text;

/** What a file says about itself, label and value: the report, its filters and order, who made it and when. */
export type ExportFacts = readonly (readonly [label: string, value: string])[];

const WORDS = {
  report: T('Report', 'Rapport'),
  filters: T('Filters', 'Filtres'),
  none: T('none', 'aucun'),
  sortedBy: T('Sorted by', 'Trié par'),
  asc: T('ascending', 'croissant'),
  desc: T('descending', 'décroissant'),
  madeBy: T('Exported by', 'Exporté par'),
  madeOn: T('Exported on', 'Exporté le'),
};

/** The name of the XLSX sheet holding the facts. */
export const FACTS_SHEET: Text = T('About this export', 'À propos de cet export');

/** Each filter's name, in the order the facts list them (the words of the page's filter bar). */
const FILTER_TITLES: Record<string, Text> = {
  from: T('From', 'Du'),
  to: T('To', 'Au'),
  memberId: T('Member', 'Membre'),
  bank: T('Bank', 'Banque'),
  network: T('Network', 'Réseau'),
  service: T('Service', 'Service'),
  type: T('Type', 'Type'),
  status: T('Status', 'Statut'),
  kycStatus: T('KYC status', 'Statut KYC'),
  accountStatus: T('Account status', 'Statut du compte'),
  q: T('Search', 'Recherche'),
};

/** `2026-11-05` as the file writes days: day first in French, as the screen shows them. */
function day(iso: string, lang: Language): string {
  const [year, month, date] = iso.split('-');
  return csvDialect(lang).dayFirst && year && month && date ? `${date}-${month}-${year}` : iso;
}

/** A filter's value as the page's filter bar shows it: codes as their labels, days in the file's form. */
function filterValue(key: string, value: string, lang: Language): string {
  if (key === 'from' || key === 'to') return day(value, lang);
  // The page labels account statuses with the status family, as ReportFilters does.
  const family = key === 'accountStatus' ? familyOf('status') : familyOf(key);
  return family ? labelOf(family, value, lang) : value;
}

/**
 * The facts of an export: the report's name, each filter the screen had, its order, who asked
 * for the file and when (Dakar's wall clock, in the file's date form).
 */
export function exportFacts(input: {
  report: ReportDef;
  catalogue: Record<string, ColumnDef>;
  /** The job's filters, its order (`sort`, `dir`) among them. */
  filters: Record<string, string>;
  maker: { name: string; username: string };
  madeAt: Date;
  lang: Language;
}): ExportFacts {
  const { report, filters, lang } = input;
  const shown = Object.keys(FILTER_TITLES).flatMap((key) => {
    const value = filters[key];
    const title = FILTER_TITLES[key];
    return value && title ? [[title[lang], filterValue(key, value, lang)] as const] : [];
  });
  const sort = filters.sort ? input.catalogue[filters.sort] : undefined;
  const order = sort
    ? [[WORDS.sortedBy[lang], `${sort.title[lang]} (${WORDS[filters.dir === 'desc' ? 'desc' : 'asc'][lang]})`] as const]
    : [];
  const wall = dakarWallClock(input.madeAt.toISOString());
  return [
    [WORDS.report[lang], report.title[lang]],
    ...(shown.length > 0 ? shown : [[WORDS.filters[lang], WORDS.none[lang]] as const]),
    ...order,
    [WORDS.madeBy[lang], `${input.maker.name} (${input.maker.username})`],
    [WORDS.madeOn[lang], wall ? csvDate(wall, csvDialect(lang)) : input.madeAt.toISOString()],
  ];
}

/**
 * The facts as the CSV's first line: the report's name, then one `label: value` cell each (French
 * puts a space before the colon).
 */
export function factsLine(facts: ExportFacts, lang: Language): string[] {
  const colon = lang === 'fr' ? ' : ' : ': ';
  return facts.map(([label, value], i) => (i === 0 ? value : `${label}${colon}${value}`));
}
