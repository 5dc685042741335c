/**
 * /my-students: the students the signed-in zone sales manager onboarded, newest
 * first, with their wallet's KYC and account status. Search and page live in the URL; the
 * rows come from `GET students` through the shared load machine.
 */
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { usePageMessages } from '../../i18n/page-messages';
import { STUDENT_MESSAGES, STUDENT_MESSAGES_KEY } from './messages';
import { STUDENT_LEVEL_TITLES, type StudentLevel } from '../../../contract/students';
import type { StudentRow } from '../../../contract/api/students';
import type { ReactNode } from 'react';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { accountStatusLabel, kycStatusLabel } from '../../ui/kyc-labels';
import { Badge, formatDateTime } from '../../ui/values';
import { PageFrame } from '../../ui/PageFrame';
import { FilterBar, SearchButton, TextFilter } from '../../ui/list/FilterBar';
import { pagingSearch, readPaging, searchText } from '../../ui/list/list-search';
import { ListResults } from '../../ui/list/ListFrame';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { useListPage } from '../../ui/list/use-list-page';
import type { HostedPageProps } from '../../ui/hosted-page';
import { studentsApi } from './students-api';

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

export default function MyStudentsPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(STUDENT_MESSAGES_KEY, STUDENT_MESSAGES);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const list = useListPage({
    read: readStudentQuery,
    toSearch: studentSearch,
    fetch: (q: StudentQuery, signal) => studentsApi(services.api).list(q, signal),
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
          <PriorityTable
            label={t('students.list.caption')}
            busy={list.loading}
            columns={studentColumns(t, lang)}
            rows={result.rows}
            rowKey={(s) => s.number}
            rowData={(s) => ({ 'data-student': s.number })}
          />
        )}
      </ListResults>
    </PageFrame>
  );
}

type Fit = Pick<TableColumn<StudentRow>, 'width' | 'priority' | 'keep' | 'role' | 'rowHeader'>;

/** Who the student is and their wallet stay in view; the rest gives way into the row's details. */
function studentColumns(t: (key: string) => string, lang: Language): TableColumn<StudentRow>[] {
  const column = (
    id: string,
    header: string,
    cell: (s: StudentRow) => ReactNode,
    fit: Fit,
  ): TableColumn<StudentRow> => ({
    id,
    header,
    cell,
    sortable: false,
    ...fit,
  });
  return [
    column('name', t('students.list.name'), (s) => <span className="font-medium">{s.name}</span>, {
      width: 180,
      priority: 0,
      keep: true,
      role: 'party',
      rowHeader: true,
    }),
    column('school', t('students.fields.school'), (s) => s.school, { width: 180, priority: 3 }),
    column(
      'level',
      t('students.fields.level'),
      (s) => STUDENT_LEVEL_TITLES[s.level as StudentLevel]?.[lang] ?? s.level,
      {
        width: 150,
        priority: 5,
      },
    ),
    column(
      'guardianPhone',
      t('students.fields.guardianPhone'),
      (s) => <span className="tabular-nums">{s.guardianPhone}</span>,
      {
        width: 150,
        priority: 6,
      },
    ),
    column('wallet', t('students.list.wallet'), (s) => <span className="tabular-nums">{s.number}</span>, {
      width: 130,
      priority: 0,
      keep: true,
      role: 'reference',
    }),
    column('kyc', t('students.list.kyc'), (s) => <Badge value={s.kycStatus} label={kycStatusLabel(t, s.kycStatus)} />, {
      width: 130,
      priority: 1,
      role: 'status',
    }),
    column(
      'status',
      t('students.list.status'),
      (s) => <Badge value={s.status} label={accountStatusLabel(t, s.status)} />,
      {
        width: 120,
        priority: 2,
        role: 'status',
      },
    ),
    column('onboarded', t('students.list.onboarded'), (s) => formatDateTime(s.createdAt), {
      width: 150,
      priority: 4,
      role: 'date',
    }),
  ];
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
