import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { BulkOperationDef } from '../../../contract/bulk';
import type { BulkBatchView } from '../../../contract/api/bulk';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { Button } from '../../ui/Button';
import { Badge, formatDateTime } from '../../ui/values';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import type { BulkApi } from './bulk-api';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Fit = Pick<TableColumn<BulkBatchView>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

/** The operation's recent batches: the caller's own, and for admins the ones waiting for them first. */
export function BatchList({
  op,
  api,
  lang,
  version,
  onOpen,
}: {
  op: BulkOperationDef;
  api: BulkApi;
  lang: Language;
  version: number;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [batches, setBatches] = useState<BulkBatchView[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refresh signal.
  useEffect(() => {
    const controller = new AbortController();
    api
      .list(op.kind, controller.signal)
      .then((found) => setBatches(found.batches))
      .catch(() => undefined);
    return () => controller.abort();
  }, [op.kind, api, version]);
  if (!batches) return null;
  return (
    <section aria-labelledby="bulk-batches" className="mt-8">
      <h2 id="bulk-batches" className="mb-2 text-lg font-semibold text-ink">
        {t('bulk.list.title')}
      </h2>
      {batches.length === 0 ? (
        <p className="text-sm text-muted">{t('bulk.list.empty')}</p>
      ) : (
        <PriorityTable
          label={t('bulk.list.title')}
          columns={batchColumns(op, lang, t, onOpen)}
          rows={batches}
          rowKey={(b) => b.id}
          rowData={(b) => ({ 'data-batch': b.id })}
        />
      )}
    </section>
  );
}

/** The file and its total stay in view with the Open button; the rest gives way into the row's details. */
function batchColumns(
  op: BulkOperationDef,
  lang: Language,
  t: Translate,
  onOpen: (id: string) => void,
): TableColumn<BulkBatchView>[] {
  const column = (id: string, cell: (b: BulkBatchView) => ReactNode, fit: Fit): TableColumn<BulkBatchView> => ({
    id,
    header: t(`bulk.list.${id}`),
    cell,
    sortable: false,
    ...fit,
  });
  return [
    column('file', (b) => <span className="font-medium">{b.fileName}</span>, {
      width: 200,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    }),
    column(
      'status',
      (b) => (
        <>
          <Badge value={b.status} label={t(`bulk.batch.status.${b.status}`)} />
          {/* A space, so the status and the hint are two words to a screen reader and a copy. */}
          {b.canDecide && ' '}
          {b.canDecide && <span className="ml-2 text-xs font-semibold text-warning">{t('bulk.list.toDecide')}</span>}
        </>
      ),
      { width: 190, priority: 1, role: 'status' },
    ),
    column('rows', (b) => formatNumber(b.rowsTotal, lang), { width: 90, priority: 3, numeric: true }),
    ...(op.kind === 'payment'
      ? [
          column('amount', (b) => formatXof(b.totalAmount, lang), {
            width: 140,
            priority: 0,
            keep: true,
            role: 'amount',
            numeric: true,
          }),
        ]
      : []),
    column('by', (b) => b.maker, { width: 130, priority: 4, role: 'party' }),
    column('date', (b) => formatDateTime(b.createdAt), { width: 150, priority: 2, role: 'date' }),
    {
      ...column(
        'open',
        (b) => (
          <Button
            variant="link"
            aria-label={t('bulk.list.openBatch', { name: b.fileName })}
            onClick={() => onOpen(b.id)}
          >
            {t('bulk.list.open')}
          </Button>
        ),
        { width: 90, priority: 0, keep: true, role: 'actions' },
      ),
      header: <span className="sr-only">{t('bulk.list.open')}</span>,
      fieldLabel: t('bulk.list.open'),
    },
  ];
}
