import type { ReactNode } from 'react';
import type { ColumnRole, FitColumn } from './fit-columns';

/** One column of a PriorityTable: how to draw it and how much it matters when room runs out. */
export interface TableColumn<R> extends FitColumn {
  header: ReactNode;
  /** What names the value in a card or a row's details, when the header is a control (select all). */
  fieldLabel?: ReactNode;
  cell: (row: R) => ReactNode;
  role?: ColumnRole;
  /** Amounts and counts: aligned to the right, tabular figures. */
  numeric?: boolean;
  /** False for a column the list cannot be sorted by. */
  sortable?: boolean;
  /** The cell names its row for screen readers (th scope="row"). */
  rowHeader?: boolean;
}

interface TableSort {
  id: string;
  dir: 'asc' | 'desc';
}

/** The sums under the rows: a label, and a value under some columns. */
export interface TableTotals {
  label: ReactNode;
  values: Readonly<Record<string, ReactNode>>;
  testId?: string;
}

export interface PriorityTableProps<R> {
  /** Names the table (its caption) and its region. */
  label: string;
  /** The columns to show, in their order. */
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string;
  /** Placeholder rows while the first rows load. */
  loading?: boolean;
  busy?: boolean;
  sort?: TableSort;
  onSort?: (columnId: string) => void;
  totals?: TableTotals;
  rowTestId?: (row: R) => string;
  /** data-* attributes of a row (what tests and styles select it by). */
  rowData?: (row: R) => Record<`data-${string}`, string>;
  testId?: string;
}
