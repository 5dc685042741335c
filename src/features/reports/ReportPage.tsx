/**
 * The one report page: it renders any definition of contract/reports.ts, found
 * from the current path. Filters, sort and paging live in the URL; the rows come from
 * `GET reports/{id}` through the report machine; exports run as server jobs.
 */
import { useRouterState, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FileSpreadsheet, FileText, Printer } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { REPORT_MESSAGES, REPORT_MESSAGES_KEY } from './messages';
import { type FilterKind, REPORTS, type ReportDef, TRANSACTION_COLUMNS } from '../../../contract/reports';
import type { Bank } from '../../api/types';
import { LoadError } from '../../ui/page-parts';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { selectUser } from '../../machines/session';
import { matchPath } from '../../../contract/navigation/routes';
import { Button } from '../../ui/Button';
import { BUTTON_BASE, BUTTON_SECONDARY, BUTTON_SM } from '../../ui/button-classes';
import { PageFrame } from '../../ui/PageFrame';
import { ColumnChooser, useVisibleColumns } from './ColumnChooser';
import { ExportsMenu } from './ExportsMenu';
import type { ExportFormat } from './exports-machine';
import { reportsApi } from './reports-api';
import { useReportExports } from './useReportExports';
import { type FilterChange, filterValueLabel, ReportFilters } from './ReportFilters';
import {
  defaultSort,
  exportFilters,
  exportScreen,
  firstDir,
  type ReportColumn,
  type ReportView,
  queryKey,
  readReportView,
  reportQuery,
  viewSearch,
} from './report-query';
import { reportMachine } from '../../ui/list/report-machine';
import { ReportTable } from './ReportTable';
import { StatusTotals } from './StatusTotals';
import { useSetSearch } from '../../ui/list/use-set-search';
import { formatDay } from '../../i18n/format';
import { useBankOptions } from '../../ui/bank-options';
import { EmptyState, ViewPager } from '../../ui/list/ListFrame';
import { useLastPageFallback, useLoad } from '../../ui/list/use-list-page';
import '../../ui/report-print.css';
import type { HostedPageProps } from '../../ui/hosted-page';

const EMPTY_BANKS: readonly Bank[] = [];

/** The report whose path matches `pathname` ('$memberId' matches any member). */
export function findReportForPath(pathname: string): ReportDef | undefined {
  return REPORTS.find((r) => matchPath(r.path, pathname) !== undefined);
}

export default function ReportPage({ title, params }: HostedPageProps) {
  const { t, i18n } = usePageMessages(REPORT_MESSAGES_KEY, REPORT_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const report = findReportForPath(pathname);
  if (!report) {
    return (
      <PageFrame title={title}>
        <p className="text-muted">{t('reports.notDefined')}</p>
      </PageFrame>
    );
  }
  const memberId = params.memberId;
  return (
    <ReportScreen
      key={`${report.id}:${memberId ?? ''}`}
      report={report}
      title={title}
      memberId={memberId}
      lang={lang}
    />
  );
}

function ReportScreen({
  report,
  title,
  memberId,
  lang,
}: {
  report: ReportDef;
  title: string;
  memberId?: string;
  lang: Language;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const setSearch = useSetSearch();
  // Every bank, deactivated ones too: reports filter history.
  const banks = useBankOptions(useSelector(services.session, (s) => selectUser(s)?.bankList ?? EMPTY_BANKS));
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const bankCodes = useMemo(() => banks.map((b) => b.code), [banks]);
  const view = useMemo(() => readReportView(report, search, bankCodes), [report, search, bankCodes]);
  const query = useMemo(() => reportQuery(report, view, memberId), [report, view, memberId]);
  const key = queryKey(query);

  const api = useMemo(() => reportsApi(services.api), [services.api]);
  const { loading, empty, failed, error, result, retry } = useLoad(reportMachine, api.rows, query, key);
  const { jobs, creating, createError, listError, start, freshDownloadUrl } = useReportExports(report.id);

  const { columns, visibleKeys, toggle, chooser, ...chosen } = useVisibleColumns(report);
  const visible = useMemo(() => withMatchedParty(report, view, chosen.visible), [report, view, chosen.visible]);

  /** Writes a view to the URL: typing replaces the entry, explicit changes push one. */
  function go(next: ReportView, replace = false) {
    setSearch(viewSearch(next), replace);
  }
  useLastPageFallback(view, loading, result, go);

  function onFilters(change: FilterChange, options: { replace: boolean }) {
    const filters = { ...view.filters, ...change.filters };
    for (const k of Object.keys(filters) as (keyof typeof filters)[]) if (!filters[k]) delete filters[k];
    go({ ...view, ...change.range, filters, page: 1 }, options.replace);
  }

  function onSort(column: ReportColumn) {
    // The column sorted now (by the URL, or the server's default order) turns around.
    const current = view.sort ? { key: view.sort, dir: view.dir } : defaultSort(report);
    const dir = current?.key === column.key ? (current.dir === 'asc' ? 'desc' : 'asc') : firstDir(column.def);
    go({ ...view, sort: column.key, dir, page: 1 }, false);
  }

  function startExport(format: ExportFormat) {
    // The file follows the screen: its filters, order, visible columns and language.
    start({ format, filters: exportFilters(query), ...exportScreen(query, visible), language: lang });
  }

  const actions = (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      {chooser && <ColumnChooser columns={columns} visibleKeys={visibleKeys} lang={lang} onToggle={toggle} />}
      <Button variant="secondary" size="sm" disabled={creating} onClick={() => startExport('csv')}>
        <FileText size={16} aria-hidden />
        {t('reports.exportCsv')}
      </Button>
      <Button variant="secondary" size="sm" disabled={creating} onClick={() => startExport('xlsx')}>
        <FileSpreadsheet size={16} aria-hidden />
        {t('reports.exportXlsx')}
      </Button>
      <ExportsMenu
        jobs={jobs}
        lang={lang}
        listError={listError}
        className={`${BUTTON_BASE} ${BUTTON_SM} ${BUTTON_SECONDARY}`}
        freshDownloadUrl={freshDownloadUrl}
      />
      <Button variant="secondary" size="sm" onClick={() => window.print()}>
        <Printer size={16} aria-hidden />
        {t('reports.print')}
      </Button>
    </div>
  );

  const shown = result && !loading ? result : null;
  return (
    <PageFrame title={title} actions={actions} wide>
      <div data-print-root className="min-w-0">
        {/* Above the filters, so the figures are in view on a phone too. */}
        {(report.source === 'transactions' || report.source === 'aggregate') && !failed && (
          <StatusTotals byStatus={result?.byStatus ?? null} busy={loading} lang={lang} />
        )}
        <ReportFilters report={report} view={view} banks={banks} onChange={onFilters} />
        {createError && (
          <p role="alert" className="mb-3 rounded-md bg-danger-soft px-3 py-2 text-sm text-danger print:hidden">
            {createError}
          </p>
        )}
        <PrintSummary report={report} view={view} banks={banks} />
        {failed ? (
          <LoadError message={error} onRetry={retry} />
        ) : empty ? (
          <EmptyState role="status" searched={view.filters.q}>
            {t(`reports.empty.${report.source}`)}
          </EmptyState>
        ) : (
          <>
            {loading && (
              <p role="status" className="sr-only">
                {t('reports.loading')}
              </p>
            )}
            <ReportTable
              report={report}
              title={title}
              columns={visible}
              result={shown}
              loading={loading || !result}
              sort={view.sort}
              dir={view.dir}
              lang={lang}
              onSort={onSort}
            />
            {result && <ViewPager view={view} total={result.total} lang={lang} disabled={loading} go={go} />}
          </>
        )}
      </div>
    </PageFrame>
  );
}

/**
 * Under a name or phone search, the account each row matched comes right after the reference:
 * a shared name is several wallets, and the reader must see which one each row is.
 */
function withMatchedParty(report: ReportDef, view: ReportView, visible: ReportColumn[]): ReportColumn[] {
  if (report.source !== 'transactions' || !view.filters.q) return visible;
  const at = visible.findIndex((c) => c.key === 'reference') + 1;
  const party = { key: 'party', def: TRANSACTION_COLUMNS.party };
  return [...visible.slice(0, at), party, ...visible.slice(at)];
}

/** On paper the filter bar is hidden; one line says what the table covers instead. */
function PrintSummary({ report, view, banks }: { report: ReportDef; view: ReportView; banks: readonly Bank[] }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (report.source !== 'accounts' || report.dateField !== null) {
    parts.push(t('reports.printPeriod', { from: formatDay(view.from), to: formatDay(view.to) }));
  }
  for (const [param, value] of Object.entries(view.filters)) {
    if (!value) continue;
    // Every filter parameter but the search is named after its kind (FILTER_PARAM); text and account read as typed.
    const typed = param === 'q' || param === 'account';
    const shown = typed ? value : filterValueLabel(t, param as Exclude<FilterKind, 'search' | 'account'>, value, banks);
    parts.push(
      t('reports.printFilter', { filter: t(`reports.filter.${param === 'q' ? 'search' : param}`), value: shown }),
    );
  }
  return <p className="mb-3 hidden text-sm text-ink print:block">{parts.join(' · ')}</p>;
}
