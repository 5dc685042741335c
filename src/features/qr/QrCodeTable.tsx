/** The QR codes found on /unlink-qr as a priority table: the code, its amount and Unlink stay in view. */
import { Unlink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { QrCodeView } from '../../../contract/api/qr-codes';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { Badge, formatDateTime } from '../../ui/values';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Fit = Pick<TableColumn<QrCodeView>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

export function QrCodeTable({
  codes,
  busy,
  lang,
  k,
  onUnlink,
}: {
  codes: readonly QrCodeView[];
  busy: boolean;
  lang: Language;
  k: Translate;
  onUnlink: (code: string) => void;
}) {
  const column = (
    id: string,
    header: ReactNode,
    cell: (qr: QrCodeView) => ReactNode,
    fit: Fit,
  ): TableColumn<QrCodeView> => ({ id, header, cell, sortable: false, ...fit });
  const columns: TableColumn<QrCodeView>[] = [
    column('code', k('columns.code'), (qr) => <span className="font-mono font-semibold">{qr.code}</span>, {
      width: 150,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    }),
    column(
      'merchant',
      k('columns.merchant'),
      (qr) => (
        <>
          <span className="font-medium whitespace-normal">{qr.merchant.name}</span>
          <span className="block text-xs text-muted tabular-nums">{qr.merchant.number}</span>
        </>
      ),
      { width: 180, priority: 1, role: 'party' },
    ),
    column('amount', k('columns.amount'), (qr) => (qr.amount === null ? k('anyAmount') : formatXof(qr.amount, lang)), {
      width: 120,
      priority: 0,
      keep: true,
      role: 'amount',
      numeric: true,
    }),
    column(
      'created',
      k('columns.created'),
      (qr) => (
        <>
          {formatDateTime(qr.createdAt)}
          <span className="block text-xs text-muted">{k('madeBy', { name: qr.createdBy })}</span>
        </>
      ),
      { width: 160, priority: 3, role: 'date' },
    ),
    column(
      'status',
      k('columns.status'),
      (qr) => (
        <>
          <Badge
            value={qr.status === 'linked' ? 'active' : 'closed'}
            label={k(qr.status === 'linked' ? 'status_linked' : 'status_unlinked')}
          />
          {qr.status === 'unlinked' && (
            <span className="mt-1 block max-w-xs text-xs whitespace-normal text-muted">
              {k('unlinkedInfo', {
                date: qr.unlinkedAt ? formatDateTime(qr.unlinkedAt) : '',
                name: qr.unlinkedBy ?? '',
                reason: qr.unlinkReason ?? '',
              })}
            </span>
          )}
        </>
      ),
      { width: 160, priority: 2, role: 'status' },
    ),
    column(
      'actions',
      <span className="sr-only">{k('columns.actions')}</span>,
      (qr) =>
        qr.status === 'linked' && (
          <Button
            variant="reject"
            size="sm"
            aria-label={k('actionLabel', { code: qr.code })}
            onClick={() => onUnlink(qr.code)}
          >
            <Unlink size={14} aria-hidden />
            {k('action')}
          </Button>
        ),
      { width: 110, priority: 0, keep: true, role: 'actions' },
    ),
  ];
  return (
    <PriorityTable
      label={k('caption')}
      columns={columns}
      rows={codes}
      rowKey={(qr) => qr.code}
      busy={busy}
      rowData={(qr) => ({ 'data-qr': qr.code })}
    />
  );
}
