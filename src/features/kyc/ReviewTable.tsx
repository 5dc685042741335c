/**
 * One page of a review list: who the account is, its KYC status as a badge and the last
 * decision with its reason (so a rejection is seen before the account is even opened).
 */
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import type { KycListSort } from '../../../contract/kyc';
import type { KycListRow } from '../../../contract/api/kyc';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Badge, formatDateTime, ShortDateTime } from '../../ui/values';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { decisionOutcome, kycStatusLabel } from '../../ui/kyc-labels';
import type { ReviewView } from './review-query';

type Fit = Pick<TableColumn<KycListRow>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

export function ReviewTable({
  rows,
  view,
  pathname,
  searchOf,
  lang,
  busy,
  onSort,
}: {
  rows: KycListRow[];
  view: ReviewView;
  pathname: string;
  /** The URL search that opens one account, the list's filters kept. */
  searchOf: (number: string) => Record<string, string | number>;
  lang: Language;
  busy: boolean;
  onSort: (column: KycListSort) => void;
}) {
  const { t } = useTranslation();
  const column = (
    id: string,
    cell: TableColumn<KycListRow>['cell'],
    fit: Fit & { sortable?: boolean; header?: string },
  ): TableColumn<KycListRow> => ({ id, header: t(`kyc.list.${id}`), cell, ...fit });
  // Who the account is stays in view; the rest gives way into the row's details.
  const columns: TableColumn<KycListRow>[] = [
    column(
      'name',
      (row) => (
        <Link
          to={pathname}
          search={searchOf(row.number) as never}
          className="font-medium text-accent underline-offset-2 hover:underline"
          aria-label={t('kyc.list.open', { name: row.name, number: row.number })}
        >
          {row.name}
        </Link>
      ),
      { width: 180, priority: 0, keep: true, role: 'party', rowHeader: true },
    ),
    column('number', (row) => <span className="tabular-nums">{row.number}</span>, {
      width: 130,
      priority: 0,
      keep: true,
      role: 'reference',
    }),
    column('phone', (row) => <span className="tabular-nums">{row.phone ?? '—'}</span>, {
      width: 140,
      priority: 4,
      sortable: false,
    }),
    column('region', (row) => row.region ?? '—', { width: 110, priority: 5 }),
    column('kycStatus', (row) => <Badge value={row.kycStatus} label={kycStatusLabel(t, row.kycStatus)} />, {
      width: 130,
      priority: 1,
      role: 'status',
    }),
    column(
      'lastDecision',
      (row) =>
        row.lastDecision ? (
          <div className="min-w-48 space-y-0.5 whitespace-normal">
            <p className="font-medium">{decisionOutcome(t, row.lastDecision.decision)}</p>
            {row.lastDecision.reason && (
              <p className="text-ink" data-testid="last-reason">
                “{row.lastDecision.reason}”
              </p>
            )}
            <p className="text-xs text-muted">
              {row.lastDecision.reviewer} · {formatDateTime(row.lastDecision.at)}
            </p>
          </div>
        ) : (
          <span className="text-muted">{t('kyc.list.noDecision')}</span>
        ),
      { width: 220, priority: 2, sortable: false },
    ),
    column('documents', (row) => formatNumber(row.documents, lang), {
      width: 110,
      priority: 6,
      numeric: true,
      sortable: false,
    }),
    column('createdAt', (row) => <ShortDateTime value={row.createdAt} />, {
      width: 150,
      priority: 3,
      role: 'date',
      header: t('kyc.list.registered'),
    }),
  ];

  return (
    <PriorityTable
      label={t('kyc.list.caption')}
      busy={busy}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.number}
      rowData={(row) => ({ 'data-account': row.number })}
      sort={{ id: view.sort, dir: view.dir }}
      onSort={(id) => onSort(id as KycListSort)}
    />
  );
}
