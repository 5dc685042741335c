/**
 * A list on a phone: every row a card that reads top to bottom (date, reference, type, status,
 * parties, the rest, the money), with the totals in a card above them, in view without scrolling through every row.
 */
import clsx from 'clsx';
import { cardOrder } from './fit-columns';
import type { PriorityTableProps, TableColumn } from './table-types';

const SKELETON_CARDS = 3;

export function RowCards<R>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  totals,
  rowTestId,
  rowData,
}: PriorityTableProps<R>) {
  const ordered = cardOrder(columns);
  return (
    <>
      {!loading && totals && rows.length > 0 && (
        <div
          data-testid={totals.testId}
          className="mb-2 rounded-lg border-2 border-edge bg-surface p-3 text-sm font-semibold text-ink"
        >
          <p>{totals.label}</p>
          <dl className="mt-1 grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-3 gap-y-1">
            {ordered
              .filter((c) => totals.values[c.id] != null)
              .map((column) => (
                <CardField key={column.id} column={column}>
                  {totals.values[column.id]}
                </CardField>
              ))}
          </dl>
        </div>
      )}
      <ul aria-label={label} className="space-y-2">
        {loading &&
          Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity.
            <li key={i} data-skeleton className="h-28 animate-pulse rounded-lg border border-line bg-sunken" />
          ))}
        {!loading &&
          rows.map((row, i) => (
            <li
              key={rowKey(row, i)}
              {...rowData?.(row)}
              data-testid={rowTestId?.(row)}
              className="rounded-lg border border-line bg-raised p-3 shadow-sm"
            >
              <dl className="grid grid-cols-[fit-content(45%)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {ordered.map((column) => {
                  const content = column.cell(row);
                  // A field with nothing in it (no checkbox, no buttons for this row) takes no line.
                  if (content === null || content === undefined || content === false || content === '') return null;
                  return (
                    <CardField key={column.id} column={column}>
                      {content}
                    </CardField>
                  );
                })}
              </dl>
            </li>
          ))}
      </ul>
    </>
  );
}

function CardField<R>({ column, children }: { column: TableColumn<R>; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-xs font-semibold tracking-wide break-words text-muted uppercase">
        {column.fieldLabel ?? column.header}
      </dt>
      <dd
        data-column={column.id}
        className={clsx('min-w-0 break-words text-ink', {
          'text-right font-semibold tabular-nums': column.numeric,
        })}
      >
        {children}
      </dd>
    </>
  );
}
