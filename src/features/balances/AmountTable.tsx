/**
 * The table of both balance pages: a first column that names the row (a day, an account kind)
 * and amounts, drawn by the one list table so the money stays in view at every width.
 */
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn, TableTotals } from '../../ui/table/table-types';

export interface AmountColumn<R> {
  id: string;
  header: string;
  value: (row: R) => string;
  /** Colour of the figures (credits green, debits red). */
  className?: string;
}

export function AmountTable<R>({
  label,
  name,
  amounts,
  rows,
  rowKey,
  totals,
}: {
  label: string;
  /** The column that names a row. */
  name: AmountColumn<R>;
  amounts: readonly AmountColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  totals?: TableTotals;
}) {
  const columns: TableColumn<R>[] = [
    {
      id: name.id,
      header: name.header,
      cell: name.value,
      width: 120,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
      sortable: false,
    },
    ...amounts.map(
      (column): TableColumn<R> => ({
        id: column.id,
        header: column.header,
        cell: (row) => <span className={column.className}>{column.value(row)}</span>,
        width: 110,
        priority: 0,
        keep: true,
        role: 'amount',
        numeric: true,
        sortable: false,
      }),
    ),
  ];
  return <PriorityTable label={label} columns={columns} rows={rows} rowKey={rowKey} totals={totals} />;
}
