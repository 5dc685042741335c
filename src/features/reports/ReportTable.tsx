import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { ReportDef } from '../../../contract/reports';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import type { ReportResult, ReportTotals } from '../../ui/list/report-result';
import { defaultSort, type ReportColumn, type SortDir } from './report-query';
import { FAMILY_OF_GROUP, isNumericKind, renderCell } from '../../ui/values';

const SKELETON_ROWS = 6;

/** The reference, account (with its date) or group key identifies a row; the index is the last resort. */
function rowKey(row: ReportResult['rows'][number], index: number): string {
  if (row.reference != null) return `r:${row.reference}`;
  if (row.number != null) return `n:${row.number}:${row.createdAt ?? ''}`;
  if (row.key != null) return `k:${row.key}`;
  return `i:${index}`;
}
const TOTAL_KEYS = ['amount', 'fee', 'commission', 'balance'] as const;

export function ReportTable({
  report,
  title,
  columns,
  result,
  loading,
  sort,
  dir,
  lang,
  onSort,
}: {
  report: ReportDef;
  title: string;
  columns: readonly ReportColumn[];
  result: ReportResult | null;
  loading: boolean;
  sort?: string;
  dir?: SortDir;
  lang: Language;
  onSort: (column: ReportColumn) => void;
}) {
  const { t } = useTranslation();
  const shownSort = sort ? { key: sort, dir: dir ?? 'asc' } : defaultSort(report);
  const groupFamily = report.source === 'aggregate' ? FAMILY_OF_GROUP[report.groupBy] : undefined;
  const rows = loading ? [] : (result?.rows ?? []);

  return (
    // The table scrolls sideways inside its box on a phone; the page itself does not.
    <section
      className="report-scroll max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
      tabIndex={0}
      aria-label={title}
    >
      <table aria-busy={loading} className="min-w-full border-collapse text-sm">
        <caption className="sr-only">{title}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => {
              const sorted = shownSort?.key === column.key ? shownSort.dir : undefined;
              const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  className={clsx('border-b border-slate-200 px-3 py-2 whitespace-nowrap', {
                    'text-right': isNumericKind(column.def),
                  })}
                >
                  <button
                    type="button"
                    onClick={() => onSort(column)}
                    className={clsx(
                      'inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 print:pointer-events-none',
                      { 'flex-row-reverse': isNumericKind(column.def), 'text-slate-900': sorted },
                    )}
                  >
                    {column.def.title[lang]}
                    <Icon size={14} aria-hidden className={clsx('print:hidden', { 'opacity-40': !sorted })} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading &&
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
              <tr key={i} data-skeleton className="border-b border-slate-100">
                {columns.map((column) => (
                  <td key={column.key} className="px-3 py-2.5">
                    <span className="block h-3.5 w-full min-w-12 animate-pulse rounded bg-slate-200" />
                  </td>
                ))}
              </tr>
            ))}
          {rows.map((row, i) => (
            <tr
              key={rowKey(row, i)}
              className="border-b border-slate-100 odd:bg-white even:bg-slate-50/50 hover:bg-brand-50/40"
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={clsx('px-3 py-2 whitespace-nowrap text-slate-800', {
                    'text-right tabular-nums': isNumericKind(column.def),
                  })}
                >
                  {renderCell(column.key, column.def, row[column.key], { lang, t, groupFamily })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {!loading && result && result.rows.length > 0 && (
          <TotalsRow report={report} columns={columns} totals={result.totals} lang={lang} />
        )}
      </table>
    </section>
  );
}

function TotalsRow({
  report,
  columns,
  totals,
  lang,
}: {
  report: ReportDef;
  columns: readonly ReportColumn[];
  totals: ReportTotals;
  lang: Language;
}) {
  const { t } = useTranslation();
  const listed = new Set<string>(report.totals);
  // Aggregates show the transaction count in their own Transactions column.
  const countColumn = report.source === 'aggregate' && columns.some((c) => c.key === 'count');
  const label = countColumn ? t('reports.total') : t('reports.totalCount', { n: formatNumber(totals.count, lang) });
  const cellOf = (column: ReportColumn) => {
    if (column.key === 'count' && countColumn) return formatNumber(totals.count, lang);
    const key = TOTAL_KEYS.find((k) => k === column.key);
    if (!key || !listed.has(key)) return null;
    const value = totals[key];
    return typeof value === 'number' ? formatXof(value, lang) : null;
  };
  // The label takes the first column unless that column holds a total itself.
  const [first, ...rest] = columns;
  const firstHoldsTotal = first ? cellOf(first) !== null : false;
  return (
    <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold text-slate-900">
      <tr data-testid="report-totals">
        {!firstHoldsTotal && first ? (
          <th scope="row" className="px-3 py-2 text-left whitespace-nowrap">
            {label}
          </th>
        ) : null}
        {(firstHoldsTotal ? columns : rest).map((column) => (
          <td
            key={column.key}
            data-column={column.key}
            className={clsx('px-3 py-2 whitespace-nowrap', { 'text-right tabular-nums': isNumericKind(column.def) })}
          >
            {cellOf(column)}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}
