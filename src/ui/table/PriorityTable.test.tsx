import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../i18n/translator';
import { TranslatorProvider } from '../../i18n/react';
import { enKit } from '../../i18n/kit-en';
import { PriorityTable } from './PriorityTable';
import type { TableColumn } from './table-types';

interface Tx {
  ref: string;
  date: string;
  type: string;
  status: string;
  from: string;
  amount: string;
}

const column = (id: keyof Tx, rest: Partial<TableColumn<Tx>>): TableColumn<Tx> => ({
  id,
  header: id.toUpperCase(),
  cell: (row) => row[id],
  width: 150,
  priority: 10,
  ...rest,
});
const COLUMNS = [
  column('date', { keep: true, role: 'date' }),
  column('ref', { keep: true, role: 'reference', rowHeader: true }),
  column('type', { priority: 1, role: 'type' }),
  column('status', { priority: 2, role: 'status' }),
  column('from', { priority: 3, role: 'party' }),
  column('amount', { keep: true, role: 'amount', numeric: true }),
];
const ROWS: Tx[] = [
  { ref: 'TX-1', date: '01-03-2025', type: 'Cash in', status: 'Success', from: 'Awa', amount: '1 000 XOF' },
  { ref: 'TX-2', date: '02-03-2025', type: 'Payment', status: 'Failed', from: 'Moussa', amount: '2 500 XOF' },
];

/** A ResizeObserver the test resizes by hand, as the browser would when the page's layout changes. */
const observers = new Set<{ fire: (width: number) => void }>();
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  private target: Element | undefined;
  observe(target: Element) {
    this.target = target;
    observers.add(this);
  }
  disconnect() {
    observers.delete(this);
  }
  unobserve() {}
  fire(width: number) {
    const target = this.target;
    if (!target) return;
    this.callback([{ target, contentRect: { width } } as unknown as ResizeObserverEntry], this as never);
  }
}
const resize = (width: number) =>
  act(() => {
    for (const observer of observers) observer.fire(width);
  });

beforeEach(() => {
  globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
});
const screenWidth = window.innerWidth;
afterEach(() => {
  // jsdom has no ResizeObserver; the next test starts without one.
  delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  observers.clear();
  vi.restoreAllMocks();
  window.innerWidth = screenWidth;
  delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
});

/** The natural width the browser would lay each header out at (jsdom lays nothing out). */
function layColumnsOut(widths: Record<string, number>) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return { width: widths[this.dataset.head ?? ''] ?? 0 } as DOMRect;
  });
}

/** The table draws wider than its box, as it does when the columns that must show do not fit. */
function overflowSideways() {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'TABLE' ? 5000 : 0;
    },
  });
}

function renderTable(columns = COLUMNS) {
  const translator = createTranslator('en', { en: { ...enKit } });
  return render(
    <TranslatorProvider translator={translator}>
      <PriorityTable
        label="Transactions"
        columns={columns}
        rows={ROWS}
        rowKey={(row) => row.ref}
        totals={{ label: 'Total (2)', values: { amount: '3 500 XOF' }, testId: 'totals' }}
      />
    </TranslatorProvider>,
  );
}

const headers = () =>
  within(screen.getByRole('table', { name: 'Transactions' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .filter(Boolean);

describe('PriorityTable', () => {
  it('shows every column when there is room', () => {
    renderTable();
    resize(1200);
    expect(headers()).toEqual(['DATE', 'REF', 'TYPE', 'STATUS', 'FROM', 'AMOUNT']);
    expect(screen.queryByRole('button', { name: 'Show the other columns of this row' })).toBeNull();
  });

  it('lets the least important columns give way, keeps the money and its total, and opens a row’s hidden values', async () => {
    const user = userEvent.setup();
    renderTable();
    resize(700);
    expect(headers()).toEqual(['Details', 'DATE', 'REF', 'TYPE', 'AMOUNT']);
    expect(screen.getByText(/these columns are in each row’s details/)).toHaveTextContent('STATUS, FROM');
    expect(within(screen.getByTestId('totals')).getByText('3 500 XOF')).toBeInTheDocument();

    const [first] = screen.getAllByRole('button', { name: 'Show the other columns of this row' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first as HTMLElement);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(first?.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(detail).getByText('Awa')).toBeInTheDocument();
    expect(within(detail).getByText('Success')).toBeInTheDocument();

    resize(1200);
    expect(headers()).toEqual(['DATE', 'REF', 'TYPE', 'STATUS', 'FROM', 'AMOUNT']);
  });

  it('draws each row as a card on a phone, reading date, reference, type, status, party, amount, with the totals', () => {
    window.innerWidth = 360;
    renderTable();
    resize(360);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const terms = within(cards[1] as HTMLElement)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms).toEqual(['DATE', 'REF', 'TYPE', 'STATUS', 'FROM', 'AMOUNT']);
    expect(within(cards[1] as HTMLElement).getByText('2 500 XOF')).toBeInTheDocument();
    const totals = screen.getByTestId('totals');
    expect(totals).toHaveTextContent('Total (2)');
    expect(within(totals).getByText('3 500 XOF')).toBeInTheDocument();
  });

  it('stays a table in a narrow box when the columns that must show fit in it', () => {
    renderTable(COLUMNS.map((c) => ({ ...c, width: 100 })));
    resize(500);
    expect(headers()).toEqual(['Details', 'DATE', 'REF', 'TYPE', 'AMOUNT']);
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
  });

  it('stays a table that scrolls sideways in a narrow box on a wide screen', () => {
    renderTable();
    resize(360);
    expect(screen.getByRole('table', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
  });

  it('fits by the widths the columns measure once drawn, not the ones they declared', () => {
    // Declared 150 px each (900 in all): at 700 px two would give way; drawn, they need 100 each.
    layColumnsOut({ date: 100, ref: 100, type: 100, status: 100, from: 100, amount: 100 });
    renderTable();
    resize(700);
    expect(headers()).toEqual(['DATE', 'REF', 'TYPE', 'STATUS', 'FROM', 'AMOUNT']);
    expect(screen.queryByText(/these columns are in each row’s details/)).toBeNull();
  });

  it('keeps a column the user chose as a real column and holds the reference and amount when the table scrolls', () => {
    overflowSideways();
    const chosen = COLUMNS.map((c) => (c.id === 'from' ? { ...c, keep: true } : c));
    renderTable(chosen);
    resize(700);
    expect(headers()).toEqual(['Details', 'DATE', 'REF', 'FROM', 'AMOUNT']);
    const region = screen.getByRole('region', { name: 'Transactions' });
    expect(region).toHaveAttribute('data-scrolls');
    const head = (name: string) => screen.getByRole('columnheader', { name });
    expect(head('REF')).toHaveClass('sticky', 'left-0');
    expect(head('AMOUNT')).toHaveClass('sticky', 'right-0');
    expect(head('DATE')).not.toHaveClass('sticky');
    expect(screen.getByRole('rowheader', { name: 'TX-1' })).toHaveClass('sticky', 'left-0');
  });
});
