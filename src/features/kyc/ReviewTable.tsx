/**
 * One page of a review list: who the account is, its KYC status as a badge and the last
 * decision with its reason (so a rejection is seen before the account is even opened).
 */
import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from '../../i18n/react';
import type { KycListRow, KycListSort } from '../../../contract/kyc';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { Badge, formatDateTime } from '../../ui/values';
import { DataTable, TD, TH } from '../../ui/list/ListFrame';
import { decisionOutcome, kycStatusLabel } from '../../ui/kyc-labels';
import type { ReviewView } from './review-query';

function SortHeader({
  column,
  label,
  view,
  onSort,
}: {
  column: KycListSort;
  label: string;
  view: ReviewView;
  onSort: (column: KycListSort) => void;
}) {
  const active = view.sort === column;
  const Icon = !active ? ArrowUpDown : view.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={TH} aria-sort={active ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 uppercase">
        {label}
        <Icon size={14} aria-hidden className={active ? 'text-brand-700' : 'text-slate-400'} />
      </button>
    </th>
  );
}

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
  return (
    <DataTable
      label={t('kyc.list.caption')}
      busy={busy}
      head={
        <>
          <SortHeader column="name" label={t('kyc.list.name')} view={view} onSort={onSort} />
          <SortHeader column="number" label={t('kyc.list.number')} view={view} onSort={onSort} />
          <th scope="col" className={TH}>
            {t('kyc.list.phone')}
          </th>
          <SortHeader column="region" label={t('kyc.list.region')} view={view} onSort={onSort} />
          <SortHeader column="kycStatus" label={t('kyc.list.kycStatus')} view={view} onSort={onSort} />
          <th scope="col" className={TH}>
            {t('kyc.list.lastDecision')}
          </th>
          <th scope="col" className={`${TH} text-right`}>
            {t('kyc.list.documents')}
          </th>
          <SortHeader column="createdAt" label={t('kyc.list.registered')} view={view} onSort={onSort} />
        </>
      }
    >
      {rows.map((row) => (
        <tr key={row.number} data-account={row.number} className="hover:bg-slate-50">
          <td className={`${TD} font-medium`}>
            <Link
              to={pathname}
              search={searchOf(row.number) as never}
              className="text-brand-700 underline-offset-2 hover:underline"
              aria-label={t('kyc.list.open', { name: row.name, number: row.number })}
            >
              {row.name}
            </Link>
          </td>
          <td className={`${TD} tabular-nums whitespace-nowrap`}>{row.number}</td>
          <td className={`${TD} tabular-nums whitespace-nowrap`}>{row.phone ?? '—'}</td>
          <td className={TD}>{row.region ?? '—'}</td>
          <td className={TD}>
            <Badge value={row.kycStatus} label={kycStatusLabel(t, row.kycStatus)} />
          </td>
          <td className={`${TD} min-w-48`}>
            {row.lastDecision ? (
              <div className="space-y-0.5">
                <p className="font-medium">{decisionOutcome(t, row.lastDecision.decision)}</p>
                {row.lastDecision.reason && (
                  <p className="text-slate-700" data-testid="last-reason">
                    “{row.lastDecision.reason}”
                  </p>
                )}
                <p className="text-xs text-slate-500">
                  {row.lastDecision.reviewer} · {formatDateTime(row.lastDecision.at)}
                </p>
              </div>
            ) : (
              <span className="text-slate-500">{t('kyc.list.noDecision')}</span>
            )}
          </td>
          <td className={`${TD} text-right tabular-nums`}>{formatNumber(row.documents, lang)}</td>
          <td className={`${TD} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
