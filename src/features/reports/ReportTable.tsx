import { useTranslation } from '../../i18n/react';
import type { ReportDef } from '../../../contract/reports';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import type { ReportPage } from '../../../contract/api/reports';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { ColumnRole } from '../../ui/table/fit-columns';
import type { TableColumn, TableTotals } from '../../ui/table/table-types';
import { defaultSort, type ReportColumn, type SortDir } from './report-query';
import { accountPath, DetailLink } from '../../ui/detail-links';
import { FAMILY_OF_GROUP, isNumericKind, renderCell } from '../../ui/values';

type Row = ReportPage['rows'][number];

/** The reference, account (with its date) or group key identifies a row; the index is the last resort. */
function rowKey(row: Row, index: number): string {
  if (row.reference != null) return `r:${row.reference}`;
  if (row.number != null) return `n:${row.number}:${row.createdAt ?? ''}`;
  if (row.key != null) return `k:${row.key}`;
  return `i:${index}`;
}
const TOTAL_KEYS = ['amount', 'fee', 'commission', 'balance'] as const;

/** Columns that name a row: they stay in view with the money. */
const IDENTITY = new Set(['reference', 'number', 'key', 'party']);
const ROLE: Record<string, ColumnRole> = {
  reference: 'reference',
  number: 'reference',
  key: 'reference',
  type: 'type',
  kind: 'type',
  service: 'type',
  status: 'status',
  kycStatus: 'status',
  pinStatus: 'status',
  fromName: 'party',
  toName: 'party',
  party: 'party',
  holder: 'party',
  member: 'party',
};
/** Which columns give way last when room runs short (lower stays longer); the rest follow in order. */
const PRIORITY: Record<string, number> = { type: 1, status: 2, holder: 2, fromName: 3, toName: 4, service: 5 };
/** First estimates of compact cells; the table fits by the widths it measures once drawn. */
const OWN_WIDTH: Record<string, number> = { reference: 150 };
const WIDTH = { datetime: 125, date: 95, amount: 115, number: 100, status: 110, text: 150 } as const;

function roleOf(column: ReportColumn, index: number): ColumnRole {
  if (isNumericKind(column.def)) return 'amount';
  if (column.def.kind === 'datetime' && index === 0) return 'date';
  return ROLE[column.key] ?? 'other';
}

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
  result: ReportPage | null;
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
  const tableColumns = columns.map(
    (column, index): TableColumn<Row> => ({
      id: column.key,
      header: column.def.title[lang],
      cell: (row) =>
        column.key === 'party' ? (
          <MatchedParty row={row} />
        ) : (
          renderCell(column.key, column.def, row[column.key], { lang, t, groupFamily, row })
        ),
      width: OWN_WIDTH[column.key] ?? WIDTH[column.def.kind],
      priority: PRIORITY[column.key] ?? 10 + index,
      // A column hidden until ticked in the chooser was asked for: it is a real column, not a detail.
      keep: index === 0 || IDENTITY.has(column.key) || isNumericKind(column.def) || column.def.optional === true,
      role: roleOf(column, index),
      numeric: isNumericKind(column.def),
    }),
  );

  return (
    <PriorityTable
      label={title}
      columns={tableColumns}
      rows={rows}
      rowKey={rowKey}
      loading={loading}
      sort={shownSort ? { id: shownSort.key, dir: shownSort.dir } : undefined}
      onSort={(id) => {
        const column = columns.find((c) => c.key === id);
        if (column) onSort(column);
      }}
      totals={result && !loading ? totalsOf(report, columns, result, lang, t) : undefined}
    />
  );
}

/** The account a name search matched in this row, its phone under it. */
function MatchedParty({ row }: { row: Row }) {
  const number = row.partyNumber;
  if (typeof number !== 'string') return <span className="text-muted">—</span>;
  return (
    <>
      <DetailLink to={accountPath(number)}>{number}</DetailLink>
      {typeof row.partyPhone === 'string' && (
        <span className="block text-xs text-muted tabular-nums">{row.partyPhone}</span>
      )}
    </>
  );
}

function totalsOf(
  report: ReportDef,
  columns: readonly ReportColumn[],
  { totals, byStatus }: ReportPage,
  lang: Language,
  t: ReturnType<typeof useTranslation>['t'],
): TableTotals {
  const listed = new Set<string>(report.totals);
  // Aggregates show the transaction count in their own Transactions column.
  const countColumn = report.source === 'aggregate' && columns.some((c) => c.key === 'count');
  const values: Record<string, string> = {};
  if (countColumn) values.count = formatNumber(totals.count ?? 0, lang);
  for (const key of TOTAL_KEYS) {
    const value = totals[key];
    if (listed.has(key) && typeof value === 'number') values[key] = formatXof(value, lang);
  }
  const n = formatNumber(totals.count ?? 0, lang);
  // Of transactions, the sums are those of the first status of the breakdown: it names them.
  const counted = byStatus?.[0] ? t(`reports.byStatus.${byStatus[0].status}`) : undefined;
  let label = countColumn ? t('reports.total') : t('reports.totalCount', { n });
  if (counted) label = countColumn ? counted : t('reports.byStatus.counted', { status: counted, n });
  // A name search may match several wallets: the total says how many it adds up.
  const accounts = totals.accounts;
  if (!countColumn && typeof accounts === 'number')
    label = `${label} · ${t('reports.coversAccounts', { count: accounts })}`;
  return {
    label,
    values,
    testId: 'report-totals',
  };
}
