import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusPill } from '../StatusPill';
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
  header: id === 'ref' ? 'Reference' : id[0]!.toUpperCase() + id.slice(1),
  cell: (row) => row[id],
  width: 150,
  priority: 10,
  ...rest,
});
const COLUMNS = [
  column('date', { keep: true, role: 'date' }),
  column('ref', { keep: true, role: 'reference', rowHeader: true }),
  column('type', { priority: 1, role: 'type' }),
  column('status', {
    priority: 2,
    role: 'status',
    cell: (row) => <StatusPill value={row.status} label={row.status} />,
  }),
  column('from', { priority: 3, role: 'party' }),
  column('amount', { keep: true, role: 'amount', numeric: true }),
];
const ROWS: Tx[] = [
  {
    ref: 'TX-20261128-0001',
    date: '28-11-2026 09:14',
    type: 'Cash in',
    status: 'success',
    from: 'Awa Ndiaye',
    amount: '25 000 XOF',
  },
  {
    ref: 'TX-20261128-0002',
    date: '28-11-2026 09:20',
    type: 'Payment',
    status: 'failed',
    from: 'Moussa Diop',
    amount: '2 500 XOF',
  },
  {
    ref: 'TX-20261128-0003',
    date: '28-11-2026 10:02',
    type: 'Transfer',
    status: 'pending',
    from: 'Fatou Sall',
    amount: '150 000 XOF',
  },
];

const meta = {
  title: 'Kit/PriorityTable',
  component: PriorityTable<Tx>,
  args: {
    label: 'Transactions',
    columns: COLUMNS,
    rows: ROWS,
    rowKey: (row: Tx) => row.ref,
    totals: { label: 'Total (3)', values: { amount: '177 500 XOF' } },
  },
} satisfies Meta<typeof PriorityTable<Tx>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Narrow the viewport (toolbar) to see columns give way, then rows turn into cards. */
export const Default: Story = {};
export const Loading: Story = { args: { loading: true } };
export const Busy: Story = { args: { busy: true } };
export const Empty: Story = { args: { rows: [], totals: undefined } };
