/**
 * /audit-trail: who did what, when and through which channel, from audit_events.
 * Filters and page live in the URL; the rows come from `GET audit-events` through the shared
 * load machine; CSV and XLSX exports download the whole filtered trail.
 */
import { FileSpreadsheet, FileText, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AuditPage } from '../../../contract/api/audit';
import type { AuditExportFormat } from '../../../contract/audit';
import { auditActionLabel, auditNamespaceLabel } from '../../../contract/audit-actions';
import { labelOf } from '../../../contract/report-values';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { OptionalDayRange } from '../../ui/DateRangeControl';
import { formatDateTime } from '../../ui/values';
import { Button } from '../../ui/Button';
import { PageFrame } from '../../ui/PageFrame';
import { FailureAlert } from '../../ui/parts';
import { FilterBar, FilterButton, SelectFilter, TextFilter } from '../../ui/list/FilterBar';
import { ListResults } from '../../ui/list/ListFrame';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { useListPage } from '../../ui/list/use-list-page';
import {
  type AuditFilterValues,
  type AuditView,
  auditFilterParams,
  auditSearch,
  detailsText,
  EMPTY_AUDIT_FILTERS,
  readAuditView,
} from './audit-query';
import { auditApi } from './audit-api';
import { useAuditActions } from './useAuditActions';
import { useAuditExport } from './useAuditExport';
import { AUDIT_MESSAGES_KEY, auditMessages } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export default function AuditTrailPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(AUDIT_MESSAGES_KEY, auditMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const k: Translate = (key, options) => t(`${AUDIT_MESSAGES_KEY}.${key}`, options ?? {});
  const services = useServices();
  const api = useMemo(() => auditApi(services.api), [services.api]);
  const list = useListPage({ read: readAuditView, toSearch: auditSearch, fetch: api.page });
  const { view, go } = list;
  const exporter = useAuditExport();
  const startExport = (format: AuditExportFormat) => exporter.start(format, auditFilterParams(view));
  const actions = useAuditActions(services.api);

  const filtered = Object.values(auditFilterParams(view)).length > 0;

  return (
    <PageFrame
      title={title}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={exporter.exporting} onClick={() => startExport('csv')}>
            <FileText size={16} aria-hidden />
            {k('export.csv')}
          </Button>
          <Button variant="secondary" disabled={exporter.exporting} onClick={() => startExport('xlsx')}>
            <FileSpreadsheet size={16} aria-hidden />
            {k('export.xlsx')}
          </Button>
        </div>
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-muted">{k('intro')}</p>
      {exporter.exporting && (
        <p role="status" className="mb-2 text-sm text-muted">
          {k('export.working')}
        </p>
      )}
      {exporter.failure && (
        <div className="mb-4">
          <FailureAlert failure={exporter.failure} />
        </div>
      )}
      <AuditFilters
        key={`${view.user}|${view.action}`}
        view={view}
        actions={actions}
        lang={lang}
        k={k}
        onChange={(change) => go({ ...view, ...change, page: 1 })}
      />
      <ListResults
        list={list}
        lang={lang}
        loadingLabel={k('loading')}
        emptyLabel={filtered ? k('empty') : k('emptyAll')}
      >
        {(result) => (
          <PriorityTable
            label={k('caption')}
            busy={list.loading}
            rows={result.rows}
            rowKey={(e) => String(e.id)}
            rowData={(e) => ({ 'data-action': e.action })}
            columns={auditColumns(k, lang)}
          />
        )}
      </ListResults>
      <p className="mt-3 text-xs text-muted">{k('export.hint')}</p>
    </PageFrame>
  );
}

/** Namespaces of the recorded actions (bank, qr…), each offered as "all its actions" too. */
function actionChoices(actions: readonly string[], current: string): { namespaces: string[]; actions: string[] } {
  const all = new Set(actions);
  if (current.includes('.')) all.add(current);
  const namespaces = new Set([...all].filter((a) => a.includes('.')).map((a) => a.split('.')[0] as string));
  if (current && !current.includes('.')) namespaces.add(current);
  return { namespaces: [...namespaces].sort(), actions: [...all].sort() };
}

function AuditFilters({
  view,
  actions,
  lang,
  k,
  onChange,
}: {
  view: AuditView;
  actions: readonly string[];
  lang: Language;
  k: Translate;
  onChange: (change: Partial<AuditFilterValues>) => void;
}) {
  // The user name is typed: it goes on Enter or Apply, not per keystroke.
  const [user, setUser] = useState(view.user);
  const choices = actionChoices(actions, view.action);
  const active = Object.values(auditFilterParams(view)).length > 0;
  return (
    <FilterBar label={k('filters.label')} onSubmit={() => onChange({ user: user.trim().slice(0, 80) })}>
      <TextFilter
        label={k('filters.user')}
        value={user}
        placeholder={k('filters.userHint')}
        width="sm:w-56"
        onChange={setUser}
      />
      <SelectFilter
        label={k('filters.action')}
        value={view.action}
        width="sm:w-56"
        choices={[
          { value: '', label: k('filters.allActions') },
          ...choices.namespaces.map((ns) => ({
            value: ns,
            label: k('filters.allOf', { namespace: auditNamespaceLabel(ns, lang) }),
          })),
          ...choices.actions.map((a) => ({ value: a, label: auditActionLabel(a, lang) })),
        ]}
        onChange={(action) => onChange({ action })}
      />
      <SelectFilter
        label={k('filters.channel')}
        value={view.channel}
        choices={[
          { value: '', label: k('filters.allChannels') },
          { value: 'dashboard', label: labelOf('channels', 'dashboard', lang) },
          { value: 'wap1', label: labelOf('channels', 'wap1', lang) },
        ]}
        onChange={(channel) => onChange({ channel })}
      />
      <OptionalDayRange
        from={view.from}
        to={view.to}
        fromLabel={k('filters.from')}
        toLabel={k('filters.to')}
        onChange={onChange}
      />
      <FilterButton type="submit">{k('filters.apply')}</FilterButton>
      {active && (
        <FilterButton onClick={() => onChange(EMPTY_AUDIT_FILTERS)}>
          <X size={16} aria-hidden />
          {k('filters.clear')}
        </FilterButton>
      )}
    </FilterBar>
  );
}

type AuditEvent = AuditPage['rows'][number];

/** When, who and what name an event and stay; the channel gives way first, then the target, then the details. */
function auditColumns(k: Translate, lang: Language): TableColumn<AuditEvent>[] {
  const column = (
    id: string,
    cell: TableColumn<AuditEvent>['cell'],
    fit: Pick<TableColumn<AuditEvent>, 'width' | 'priority' | 'keep' | 'role'>,
  ): TableColumn<AuditEvent> => ({ id, header: k(`columns.${id}`), cell, sortable: false, ...fit });
  return [
    column('at', (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>, {
      width: 150,
      priority: 0,
      keep: true,
      role: 'date',
    }),
    column(
      'user',
      (e) =>
        e.user ? (
          <>
            <span className="font-medium">{e.user.name}</span>
            <span className="block text-xs text-muted">{e.user.username}</span>
          </>
        ) : (
          <span className="text-muted">{k('system')}</span>
        ),
      { width: 150, priority: 0, keep: true, role: 'party' },
    ),
    column('channel', (e) => labelOf('channels', e.channel, lang), {
      width: 100,
      priority: 3,
    }),
    column(
      'action',
      (e) => (
        <>
          <span className="font-medium">{auditActionLabel(e.action, lang)}</span>
        </>
      ),
      { width: 180, priority: 0, keep: true, role: 'type' },
    ),
    column(
      'target',
      (e) => <span className="font-mono text-xs">{[e.targetType, e.targetId].filter(Boolean).join(' ')}</span>,
      {
        width: 170,
        priority: 2,
        role: 'reference',
      },
    ),
    column(
      'details',
      (e) => (
        <span className="block max-w-md text-xs break-words whitespace-normal text-ink">{detailsText(e.details)}</span>
      ),
      { width: 240, priority: 1 },
    ),
  ];
}
