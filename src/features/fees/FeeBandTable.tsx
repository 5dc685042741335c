/** One flow's bands as a priority table: the amount range and the rate stay in view. */
import type { ReactNode } from 'react';
import type { FeeBandBody } from '../../../contract/fees';
import type { Language } from '../../i18n';
import { formatBasisPoints, formatXof } from '../../i18n/format';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import type { Translate } from './messages';

type Fit = Pick<TableColumn<FeeBandBody>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

export function FeeBandTable({
  bands,
  caption,
  lang,
  k,
  flowId,
}: {
  bands: readonly FeeBandBody[];
  caption: string;
  lang: Language;
  k: Translate;
  flowId: string;
}) {
  const xof = (amount: number) => formatXof(amount, lang);
  const bp = (value: number) => formatBasisPoints(value, lang);
  const column = (id: string, cell: (band: FeeBandBody) => ReactNode, fit: Fit): TableColumn<FeeBandBody> => ({
    id,
    header: k(`columns.${id}`),
    cell,
    sortable: false,
    ...fit,
  });
  const columns: TableColumn<FeeBandBody>[] = [
    column('range', (b) => k('range', { from: xof(b.minAmount), to: xof(b.maxAmount) }), {
      width: 230,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    }),
    column('fixedFee', (b) => xof(b.fixedFee), { width: 120, priority: 1, keep: true, role: 'amount', numeric: true }),
    column('percentFee', (b) => bp(b.percentFeeBp), { width: 80, priority: 0, keep: true, numeric: true }),
    column('minFee', (b) => xof(b.minFee), { width: 120, priority: 2, numeric: true }),
    column('maxFee', (b) => (b.maxFee === null ? k('noCap') : xof(b.maxFee)), {
      width: 120,
      priority: 2,
      numeric: true,
    }),
    column('commissionShare', (b) => bp(b.commissionShareBp), { width: 120, priority: 3, numeric: true }),
    column('commissionRate', (b) => bp(b.commissionRateBp), { width: 120, priority: 3, numeric: true }),
  ];
  return (
    <PriorityTable
      label={caption}
      columns={columns}
      rows={bands}
      rowKey={(band) => String(band.minAmount)}
      rowData={() => ({ 'data-flow': flowId })}
    />
  );
}
