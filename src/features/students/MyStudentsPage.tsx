/**
 * /my-students: the students the signed-in zone sales manager onboarded, newest
 * first, with their wallet's KYC and account status. Search and page live in the URL; the
 * rows come from `GET students` through the shared load machine.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { STUDENT_MESSAGES, STUDENT_MESSAGES_KEY } from './messages';
import { STUDENT_LEVEL_TITLES, type StudentLevel, type StudentPage } from '../../../contract/students';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { accountStatusLabel, kycStatusLabel } from '../../ui/kyc-labels';
import { Badge, formatDateTime } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { FilterBar, SearchButton, TextFilter } from '../../ui/list/FilterBar';
import { pagingSearch, readPaging, searchText } from '../../ui/list/list-search';
import { ColumnHeads, DataTable, ListResults, TD } from '../../ui/list/ListFrame';
import { useListPage } from '../../ui/list/use-list-page';
import type { HostedPageProps } from '../../ui/hosted-page';

interface StudentQuery {
  q: string;
  page: number;
  pageSize: number;
}

const DEFAULT_PAGE_SIZE = 25;

export function readStudentQuery(search: Record<string, unknown>): StudentQuery {
  return { q: searchText(search.q).slice(0, 80), ...readPaging(search, DEFAULT_PAGE_SIZE) };
}

function studentSearch(query: StudentQuery): Record<string, string | number> {
  return { ...(query.q ? { q: query.q } : {}), ...pagingSearch(query, DEFAULT_PAGE_SIZE) };
}

/** `GET students`: the page always, the search only when there is one. */
export function studentParams(query: StudentQuery): Record<string, string | number> {
  return { ...(query.q ? { q: query.q } : {}), page: query.page, pageSize: query.pageSize };
}

export default function MyStudentsPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(STUDENT_MESSAGES_KEY, STUDENT_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const list = useListPage({
    read: readStudentQuery,
    toSearch: studentSearch,
    fetch: (q: StudentQuery, signal) => services.api.get<StudentPage>('students', { query: studentParams(q), signal }),
  });
  const { view: query, go } = list;

  return (
    <PageFrame title={title}>
      <StudentSearch key={query.q} q={query.q} onSearch={(q) => go({ ...query, q, page: 1 })} />
      <ListResults
        list={list}
        lang={lang}
        loadingLabel={t('students.list.loading')}
        emptyLabel={query.q ? t('students.list.noMatch') : t('students.list.empty')}
      >
        {(result) => (
          <DataTable
            label={t('students.list.caption')}
            busy={list.loading}
            head={
              <ColumnHeads
                labels={[
                  t('students.list.name'),
                  t('students.fields.school'),
                  t('students.fields.level'),
                  t('students.fields.guardianPhone'),
                  t('students.list.wallet'),
                  t('students.list.kyc'),
                  t('students.list.status'),
                  t('students.list.onboarded'),
                ]}
              />
            }
          >
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
          </DataTable>
        )}
      </ListResults>
    </PageFrame>
  );
}

function StudentSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(q);
  return (
    <FilterBar label={t('students.list.searchForm')} onSubmit={() => onSearch(value.trim())}>
      <TextFilter
        label={t('students.list.search')}
        value={value}
        placeholder={t('students.list.searchHint')}
        width="sm:w-80"
        onChange={setValue}
      />
      <SearchButton label={t('students.list.searchButton')} />
    </FilterBar>
  );
}
