/**
 * /audit-trail (issue 9): who did what, when and through which channel, from audit_events.
 * Filters and page live in the URL; the rows come from `GET audit-events` through the shared
 * load machine; CSV and XLSX exports download the whole filtered trail.
 */
import { useRouterState, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { FileSpreadsheet, FileText, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { AuditExportFormat, AuditPage } from '../../contract/audit';
import { useServices } from '../app/ServicesContext';
import { LoadError } from '../balances/parts';
import { isLanguage, type Language } from '../i18n';
import { formatDateYmd } from '../i18n/format';
import { usePageMessages } from '../i18n/page-messages';
import { findPage } from '../registry/pages';
import { CONTROL_CLASS, FIELD_CLASS, OptionalDayRange } from '../reports/DateRangeControl';
import { Pager } from '../reports/Pager';
import {
  fetchActor,
  resultOf,
  selectError,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  withEmpty,
} from '../reports/report-machine';
import { useSetSearch } from '../reports/use-set-search';
import { formatDateTime } from '../reports/values';
import { PageFrame } from '../routes/PageFrame';
import { saveBlob } from '../qr/save-file';
import { FailureAlert } from '../transfers/parts';
import {
  type AuditFilterValues,
  type AuditView,
  auditFilterParams,
  auditParams,
  auditSearch,
  detailsText,
  EMPTY_AUDIT_FILTERS,
  readAuditView,
} from './audit-query';
import { exportMachine } from './export-machine';
import { AUDIT_MESSAGES_KEY, type AuditMessages, auditMessages } from './messages';

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap';
const TD = 'px-3 py-2 align-top text-sm text-slate-800';
const LABEL = 'text-xs font-medium text-slate-600';
const BUTTON =
  'flex h-9 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

const selectAudit = resultOf<AuditPage>();
const auditMachine = withEmpty<AuditPage>((p) => p.total === 0);

type Translate = (key: string, options?: Record<string, unknown>) => string;

export default function AuditTrailPage() {
  const { t, i18n } = usePageMessages(AUDIT_MESSAGES_KEY, auditMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const messages = auditMessages[lang];
  const k: Translate = (key, options) => t(`${AUDIT_MESSAGES_KEY}.${key}`, options ?? {});
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = findPage(pathname)?.page.title[lang] ?? '';
  const services = useServices();
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const view = useMemo(() => readAuditView(search), [search]);
  const key = JSON.stringify(view);

  const actor = useActorRef(
    auditMachine.provide({
      actors: {
        fetchReport: fetchActor((v: AuditView, signal) =>
          services.api.get<AuditPage>('audit-events', { query: auditParams(v), signal }),
        ),
      },
    }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the view's identity.
  useEffect(() => {
    actor.send({ type: 'report.query', query: view });
  }, [key, actor]);
  const loading = useSelector(actor, selectIsLoading);
  const empty = useSelector(actor, selectIsEmpty);
  const failed = useSelector(actor, selectIsFailed);
  const error = useSelector(actor, selectError);
  const result = useSelector(actor, selectAudit);

  const exporter = useActorRef(
    exportMachine.provide({
      actors: {
        exportFile: fromPromise(async ({ input }) => {
          const blob = await services.api.get<Blob>('audit-events/export', {
            query: { ...input.filters, format: input.format },
            responseType: 'blob',
          });
          saveBlob(blob, `audit-trail-${formatDateYmd(new Date())}.${input.format}`);
        }),
      },
    }),
  );
  const exporting = useSelector(exporter, (s) => s.hasTag('busy'));
  const exportFailure = useSelector(exporter, (s) => s.context.failure);
  const startExport = (format: AuditExportFormat) =>
    exporter.send({ type: 'export.start', format, filters: auditFilterParams(view) });

  const [actions, setActions] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    services.api
      .get<{ actions: string[] }>('audit-events/actions', { signal: controller.signal })
      .then((answer) => setActions(answer.actions))
      .catch(() => undefined);
    return () => controller.abort();
  }, [services]);

  const go = (next: AuditView) => setSearch(auditSearch(next));
  const filtered = Object.values(auditFilterParams(view)).length > 0;

  return (
    <PageFrame
      title={title}
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className={BUTTON} disabled={exporting} onClick={() => startExport('csv')}>
            <FileText size={16} aria-hidden />
            {k('export.csv')}
          </button>
          <button type="button" className={BUTTON} disabled={exporting} onClick={() => startExport('xlsx')}>
            <FileSpreadsheet size={16} aria-hidden />
            {k('export.xlsx')}
          </button>
        </div>
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{k('intro')}</p>
      {exporting && (
        <p role="status" className="mb-2 text-sm text-slate-500">
          {k('export.working')}
        </p>
      )}
      {exportFailure && (
        <div className="mb-4">
          <FailureAlert failure={exportFailure} />
        </div>
      )}
      <AuditFilters
        key={`${view.user}|${view.action}`}
        view={view}
        actions={actions}
        messages={messages}
        k={k}
        onChange={(change) => go({ ...view, ...change, page: 1 })}
      />
      {loading && (
        <p role="status" className="mb-2 text-sm text-slate-500">
          {k('loading')}
        </p>
      )}
      {failed && <LoadError message={error} onRetry={() => actor.send({ type: 'report.retry' })} />}
      {empty && !loading && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {filtered ? k('empty') : k('emptyAll')}
        </p>
      )}
      {!failed && result && result.total > 0 && (
        <>
          <section
            className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
            aria-busy={loading}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard.
            tabIndex={0}
            aria-label={k('caption')}
          >
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">{k('caption')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    {k('columns.at')}
                  </th>
                  <th scope="col" className={TH}>
                    {k('columns.user')}
                  </th>
                  <th scope="col" className={TH}>
                    {k('columns.channel')}
                  </th>
                  <th scope="col" className={TH}>
                    {k('columns.action')}
                  </th>
                  <th scope="col" className={TH}>
                    {k('columns.target')}
                  </th>
                  <th scope="col" className={TH}>
                    {k('columns.details')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.rows.map((e) => (
                  <tr key={e.id} data-action={e.action}>
                    <td className={`${TD} tabular-nums whitespace-nowrap`}>
                      <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                    </td>
                    <td className={TD}>
                      {e.user ? (
                        <>
                          <span className="font-medium whitespace-nowrap">{e.user.name}</span>
                          <span className="block text-xs text-slate-600">{e.user.username}</span>
                        </>
                      ) : (
                        <span className="text-slate-500">{k('system')}</span>
                      )}
                    </td>
                    <td className={`${TD} whitespace-nowrap`}>
                      {messages.channels[e.channel as keyof AuditMessages['channels']] ?? e.channel}
                    </td>
                    <td className={TD}>
                      <span className="font-medium whitespace-nowrap">{messages.actions[e.action] ?? e.action}</span>
                      <span className="block font-mono text-xs text-slate-500">{e.action}</span>
                    </td>
                    <td className={`${TD} font-mono text-xs whitespace-nowrap`}>
                      {[e.targetType, e.targetId].filter(Boolean).join(' ')}
                    </td>
                    <td className={`${TD} max-w-md text-xs break-words text-slate-700`}>{detailsText(e.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <Pager
            page={view.page}
            pageSize={view.pageSize}
            total={result.total}
            lang={lang}
            disabled={loading}
            onPage={(p) => go({ ...view, page: p })}
            onPageSize={(size) => go({ ...view, pageSize: size, page: 1 })}
          />
        </>
      )}
      <p className="mt-3 text-xs text-slate-500">{k('export.hint')}</p>
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
  messages,
  k,
  onChange,
}: {
  view: AuditView;
  actions: readonly string[];
  messages: AuditMessages;
  k: Translate;
  onChange: (change: Partial<AuditFilterValues>) => void;
}) {
  const id = useId();
  // The user name is typed: it goes on Enter or Apply, not per keystroke.
  const [user, setUser] = useState(view.user);
  const choices = actionChoices(actions, view.action);
  const active = Object.values(auditFilterParams(view)).length > 0;
  return (
    <form
      aria-label={k('filters.label')}
      noValidate
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ user: user.trim().slice(0, 80) });
      }}
    >
      <div className="flex w-full flex-col gap-1 sm:w-56">
        <label htmlFor={`${id}-user`} className={LABEL}>
          {k('filters.user')}
        </label>
        <input
          id={`${id}-user`}
          type="search"
          value={user}
          maxLength={80}
          placeholder={k('filters.userHint')}
          onChange={(e) => setUser(e.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <div className="flex w-full flex-col gap-1 sm:w-56">
        <label htmlFor={`${id}-action`} className={LABEL}>
          {k('filters.action')}
        </label>
        <select
          id={`${id}-action`}
          value={view.action}
          onChange={(e) => onChange({ action: e.target.value })}
          className={CONTROL_CLASS}
        >
          <option value="">{k('filters.allActions')}</option>
          {choices.namespaces.map((ns) => (
            <option key={`ns:${ns}`} value={ns}>
              {k('filters.allOf', { namespace: ns })}
            </option>
          ))}
          {choices.actions.map((a) => (
            <option key={a} value={a}>
              {messages.actions[a] ? `${messages.actions[a]} (${a})` : a}
            </option>
          ))}
        </select>
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-channel`} className={LABEL}>
          {k('filters.channel')}
        </label>
        <select
          id={`${id}-channel`}
          value={view.channel}
          onChange={(e) => onChange({ channel: e.target.value })}
          className={CONTROL_CLASS}
        >
          <option value="">{k('filters.allChannels')}</option>
          <option value="dashboard">{messages.channels.dashboard}</option>
          <option value="wap1">{messages.channels.wap1}</option>
        </select>
      </div>
      <OptionalDayRange
        from={view.from}
        to={view.to}
        fromLabel={k('filters.from')}
        toLabel={k('filters.to')}
        onChange={onChange}
      />
      <button type="submit" className={BUTTON}>
        {k('filters.apply')}
      </button>
      {active && (
        <button type="button" className={BUTTON} onClick={() => onChange(EMPTY_AUDIT_FILTERS)}>
          <X size={16} aria-hidden />
          {k('filters.clear')}
        </button>
      )}
    </form>
  );
}
