import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { BulkBatchView, BulkOperationDef } from '../../../contract/bulk';
import type { Language } from '../../i18n';
import { formatNumber, formatXof } from '../../i18n/format';
import { Badge, formatDateTime } from '../../ui/values';
import { ScrollRegion } from '../../ui/ScrollRegion';
import type { BulkApi } from './bulk-effects';

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap';
const TD = 'px-3 py-2 text-sm text-slate-800 whitespace-nowrap';

/** The operation's recent batches: the caller's own, and for admins the ones waiting for them first. */
export function BatchList({
  op,
  client,
  lang,
  version,
  onOpen,
}: {
  op: BulkOperationDef;
  client: BulkApi;
  lang: Language;
  version: number;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const [batches, setBatches] = useState<BulkBatchView[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refresh signal.
  useEffect(() => {
    const controller = new AbortController();
    client
      .list(op.kind, controller.signal)
      .then((found) => setBatches(found.batches))
      .catch(() => undefined);
    return () => controller.abort();
  }, [op.kind, client, version]);
  if (!batches) return null;
  return (
    <section aria-labelledby="bulk-batches" className="mt-8">
      <h2 id="bulk-batches" className="mb-2 text-lg font-semibold text-slate-900">
        {t('bulk.list.title')}
      </h2>
      {batches.length === 0 ? (
        <p className="text-sm text-slate-600">{t('bulk.list.empty')}</p>
      ) : (
        <ScrollRegion labelledBy="bulk-batches">
          <table className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={TH}>
                  {t('bulk.list.file')}
                </th>
                <th scope="col" className={TH}>
                  {t('bulk.list.status')}
                </th>
                <th scope="col" className={TH}>
                  {t('bulk.list.rows')}
                </th>
                {op.kind === 'payment' && (
                  <th scope="col" className={TH}>
                    {t('bulk.list.amount')}
                  </th>
                )}
                <th scope="col" className={TH}>
                  {t('bulk.list.by')}
                </th>
                <th scope="col" className={TH}>
                  {t('bulk.list.date')}
                </th>
                <th scope="col" className={TH}>
                  <span className="sr-only">{t('bulk.list.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {batches.map((b) => (
                <tr key={b.id} data-batch={b.id}>
                  <td className={`${TD} font-medium`}>{b.fileName}</td>
                  <td className={TD}>
                    <Badge value={b.status} label={t(`bulk.batch.status.${b.status}`)} />
                    {b.canDecide && (
                      <span className="ml-2 text-xs font-semibold text-amber-800">{t('bulk.list.toDecide')}</span>
                    )}
                  </td>
                  <td className={`${TD} tabular-nums`}>{formatNumber(b.rowsTotal, lang)}</td>
                  {op.kind === 'payment' && <td className={`${TD} tabular-nums`}>{formatXof(b.totalAmount, lang)}</td>}
                  <td className={TD}>{b.maker}</td>
                  <td className={TD}>{formatDateTime(b.createdAt)}</td>
                  <td className={TD}>
                    <button
                      type="button"
                      className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
                      aria-label={t('bulk.list.openBatch', { name: b.fileName })}
                      onClick={() => onOpen(b.id)}
                    >
                      {t('bulk.list.open')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
