/** A managed list's rows as a priority table (decision 011), its actions column always in view. */
import type { ReactNode } from 'react';
import { PriorityTable } from '../table/PriorityTable';
import type { TableColumn } from '../table/table-types';

type Fit<Row> = Pick<TableColumn<Row>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

/** One column: its id names its header (`columns.<id>` in the page's messages). */
export interface ManagedColumn<Row> extends Fit<Row> {
  id: string;
  cell: (row: Row) => ReactNode;
}

export function ManagedTable<Row>({
  caption,
  header,
  columns,
  actions,
  actionsWidth,
  rows,
  rowKey,
  rowData,
}: {
  caption: string;
  /** A column's header by its id; `actions` is read by screen readers only. */
  header: (id: string) => string;
  columns: readonly ManagedColumn<Row>[];
  actions: (row: Row) => ReactNode;
  actionsWidth: number;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's data attributes, by which tests and the browser find it. */
  rowData: (row: Row) => Record<`data-${string}`, string>;
}) {
  const all: TableColumn<Row>[] = [
    ...columns.map(({ id, cell, ...fit }) => ({ id, header: header(id), cell, sortable: false, ...fit })),
    {
      id: 'actions',
      header: <span className="sr-only">{header('actions')}</span>,
      fieldLabel: header('actions'),
      cell: actions,
      sortable: false,
      width: actionsWidth,
      priority: 0,
      keep: true,
      role: 'actions',
    },
  ];
  return <PriorityTable label={caption} columns={all} rows={rows} rowKey={rowKey} rowData={rowData} />;
}
