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
  // The label spans the leading columns that hold no total (date, reference, who…): written in
  // one cell of its own, a long label ("Successful (1,234)") would widen the first column and
  // push a column the width could hold into the row details.
  const leading = columns.findIndex((column) => totals.values[column.id] != null);
  const span = leading === -1 ? columns.length : leading;
  const first = columns[0];
  return (
    <tfoot className="border-t-2 border-edge bg-surface font-semibold text-ink">
      <tr data-testid={totals.testId}>
        {detailCell && <td />}
        {span > 0 && first ? (
          <th
            scope="row"
            colSpan={span}
            className={clsx('px-2 py-2 text-left whitespace-nowrap', pinClass(pinned(first.id), 'bg-surface'))}
          >
            {totals.label}
          </th>
        ) : null}
        {columns.slice(span).map((column) => (
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
