/** The sums under the grid's rows, each value under its column. */
import clsx from 'clsx';
import { type PinSide, pinClass } from './pin-classes';
import type { TableColumn, TableTotals } from './table-types';

export function TotalsRow<R>({
  totals,
  columns,
  detailCell,
  pinned,
}: {
  totals: TableTotals;
  columns: readonly TableColumn<R>[];
  detailCell: boolean;
  pinned: (id: string) => PinSide | undefined;
}) {
  // The label takes the first column unless that column holds a total itself.
  const [first, ...rest] = columns;
  const firstHoldsTotal = first ? totals.values[first.id] != null : false;
  return (
    <tfoot className="border-t-2 border-edge bg-surface font-semibold text-ink">
      <tr data-testid={totals.testId}>
        {detailCell && <td />}
        {!firstHoldsTotal && first ? (
          <th
            scope="row"
            className={clsx('px-2 py-2 text-left whitespace-nowrap', pinClass(pinned(first.id), 'bg-surface'))}
          >
            {totals.label}
          </th>
        ) : null}
        {(firstHoldsTotal ? columns : rest).map((column) => (
          <td
            key={column.id}
            data-column={column.id}
            className={clsx('px-2 py-2 whitespace-nowrap', pinClass(pinned(column.id), 'bg-surface'), {
              'text-right tabular-nums': column.numeric,
            })}
          >
            {totals.values[column.id] ?? null}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}
