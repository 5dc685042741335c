/**
 * /my-students (issue 8): the students the signed-in zone sales manager onboarded, newest
 * first, with their wallet's KYC and account status. Search and page live in the URL; the
 * rows come from `GET students` through the shared load machine.
 */
import { useRouterState, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STUDENT_LEVEL_TITLES, type StudentLevel, type StudentPage } from '../../contract/registration';
import { useServices } from '../app/ServicesContext';
import { LoadError } from '../balances/parts';
import { isLanguage, type Language } from '../i18n';
import { kycStatusLabel, accountStatusLabel } from '../kyc/labels';
import { findPage } from '../registry/pages';
import { CONTROL_CLASS } from '../reports/DateRangeControl';
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
import { PAGE_SIZES } from '../reports/report-query';
import { useSetSearch } from '../reports/use-set-search';
import { Badge, formatDateTime } from '../reports/values';
import { PageFrame } from '../routes/PageFrame';

interface StudentQuery {
  q: string;
  page: number;
  pageSize: number;
}

const DEFAULT_PAGE_SIZE = 25;
const selectStudents = resultOf<StudentPage>();
const studentsMachine = withEmpty<StudentPage>((p) => p.total === 0);

const asText = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

export function readStudentQuery(search: Record<string, unknown>): StudentQuery {
  const page = Number(asText(search.page));
  const size = Number(asText(search.pageSize));
  return {
    q: asText(search.q).slice(0, 80),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

function studentSearch(query: StudentQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (query.q) out.q = query.q;
  if (query.page !== 1) out.page = query.page;
  if (query.pageSize !== DEFAULT_PAGE_SIZE) out.pageSize = query.pageSize;
  return out;
}

/** `GET students`: the page always, the search only when there is one. */
export function studentParams(query: StudentQuery): Record<string, string | number> {
  return { ...(query.q ? { q: query.q } : {}), page: query.page, pageSize: query.pageSize };
}

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap';
const TD = 'px-3 py-2 align-top text-sm text-slate-800';

export default function MyStudentsPage() {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = findPage(pathname)?.page.title[lang] ?? t('pages.notFoundTitle');
  const services = useServices();
  const setSearch = useSetSearch();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const query = useMemo(() => readStudentQuery(search), [search]);
  const key = JSON.stringify(query);
  const actor = useActorRef(
    studentsMachine.provide({
      actors: {
        fetchReport: fetchActor((q: StudentQuery, signal) =>
          services.api.get<StudentPage>('students', { query: studentParams(q), signal }),
        ),
      },
    }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the query's identity.
  useEffect(() => {
    actor.send({ type: 'report.query', query });
  }, [key, actor]);
  const loading = useSelector(actor, selectIsLoading);
  const empty = useSelector(actor, selectIsEmpty);
  const failed = useSelector(actor, selectIsFailed);
  const error = useSelector(actor, selectError);
  const result = useSelector(actor, selectStudents);
  const go = (next: StudentQuery) => setSearch(studentSearch(next));

  return (
    <PageFrame title={title}>
      <StudentSearch key={query.q} q={query.q} onSearch={(q) => go({ ...query, q, page: 1 })} />
      {loading && (
        <p role="status" className="mb-2 text-sm text-slate-500">
          {t('students.list.loading')}
        </p>
      )}
      {failed && <LoadError message={error} onRetry={() => actor.send({ type: 'report.retry' })} />}
      {empty && !loading && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {query.q ? t('students.list.noMatch') : t('students.list.empty')}
        </p>
      )}
      {!failed && result && result.total > 0 && (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm" aria-busy={loading}>
            <table className="min-w-full divide-y divide-slate-200">
              <caption className="sr-only">{t('students.list.caption')}</caption>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={TH}>
                    {t('students.list.name')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.fields.school')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.fields.level')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.fields.guardianPhone')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.list.wallet')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.list.kyc')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.list.status')}
                  </th>
                  <th scope="col" className={TH}>
                    {t('students.list.onboarded')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {result.rows.map((s) => (
                  <tr key={s.number} data-student={s.number}>
                    <td className={`${TD} font-medium`}>{s.name}</td>
                    <td className={TD}>{s.school}</td>
                    <td className={TD}>{STUDENT_LEVEL_TITLES[s.level as StudentLevel]?.[lang] ?? s.level}</td>
                    <td className={`${TD} tabular-nums whitespace-nowrap`}>{s.guardianPhone}</td>
                    <td className={`${TD} tabular-nums whitespace-nowrap`}>{s.number}</td>
                    <td className={TD}>
                      <Badge value={s.kycStatus} label={kycStatusLabel(t, s.kycStatus)} />
                    </td>
                    <td className={TD}>
                      <Badge value={s.status} label={accountStatusLabel(t, s.status)} />
                    </td>
                    <td className={`${TD} whitespace-nowrap`}>{formatDateTime(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={query.page}
            pageSize={query.pageSize}
            total={result.total}
            lang={lang}
            disabled={loading}
            onPage={(p) => go({ ...query, page: p })}
            onPageSize={(size) => go({ ...query, pageSize: size, page: 1 })}
          />
        </>
      )}
    </PageFrame>
  );
}

function StudentSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(q);
  return (
    <form
      aria-label={t('students.list.searchForm')}
      className="mb-4 flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <div className="flex w-full flex-col gap-1 sm:w-80">
        <label htmlFor={`${id}-q`} className="text-xs font-medium text-slate-600">
          {t('students.list.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={value}
          maxLength={80}
          placeholder={t('students.list.searchHint')}
          onChange={(e) => setValue(e.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <button
        type="submit"
        className="flex h-9 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        <Search size={16} aria-hidden />
        {t('students.list.searchButton')}
      </button>
    </form>
  );
}
