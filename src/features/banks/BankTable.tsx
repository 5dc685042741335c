/** The banks as a priority table: the bank, its float balance and its buttons stay in view. */
import { type LucideIcon, Pencil, Power, PowerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BankView } from '../../../contract/api/banks';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { Badge } from '../../ui/values';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Fit = Pick<TableColumn<BankView>, 'width' | 'priority' | 'keep' | 'role' | 'numeric' | 'rowHeader'>;

/** What the row's second button does to the bank. */
export const verb = (bank: BankView) => (bank.active ? 'deactivate' : 'activate');

/** A small button of a bank's row; `name` says which bank it acts on. */
function RowButton({
  label,
  name,
  icon: Icon,
  onClick,
}: {
  label: string;
  name: string;
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:bg-slate-50"
      aria-label={name}
      onClick={onClick}
    >
      <Icon size={14} aria-hidden />
      {label}
    </button>
  );
}

export function BankTable({
  banks,
  lang,
  k,
  onEdit,
  onSwitch,
}: {
  banks: readonly BankView[];
  lang: Language;
  k: Translate;
  onEdit: (bank: BankView) => void;
  onSwitch: (bank: BankView) => void;
}) {
  const column = (id: string, cell: (bank: BankView) => ReactNode, fit: Fit): TableColumn<BankView> => ({
    id,
    header: k(`columns.${id}`),
    cell,
    sortable: false,
    ...fit,
  });
  const columns: TableColumn<BankView>[] = [
    column('name', (bank) => <span className="font-medium whitespace-normal">{bank.name}</span>, {
      width: 200,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    }),
    column('code', (bank) => <span className="font-mono">{bank.code}</span>, { width: 90, priority: 3 }),
    column('bic', (bank) => <span className="font-mono">{bank.bic ?? k('none')}</span>, { width: 150, priority: 4 }),
    column(
      'float',
      (bank) =>
        bank.floatAccount ? (
          <span className="font-mono">{bank.floatAccount.number}</span>
        ) : (
          <span className="text-slate-500">{k('noFloat')}</span>
        ),
      { width: 170, priority: 2, role: 'party' },
    ),
    column('balance', (bank) => (bank.floatAccount ? formatXof(bank.floatAccount.balance, lang) : k('none')), {
      width: 140,
      priority: 0,
      keep: true,
      role: 'amount',
      numeric: true,
    }),
    column(
      'state',
      (bank) => (
        <Badge value={bank.active ? 'active' : 'inactive'} label={k(bank.active ? 'state.active' : 'state.inactive')} />
      ),
      { width: 120, priority: 1, role: 'status' },
    ),
    {
      ...column(
        'actions',
        (bank) => (
          <div className="flex flex-wrap gap-2">
            <RowButton
              label={k('edit')}
              name={k('editLabel', { name: bank.name })}
              icon={Pencil}
              onClick={() => onEdit(bank)}
            />
            <RowButton
              label={k(verb(bank))}
              name={k(`${verb(bank)}Label`, { name: bank.name })}
              icon={bank.active ? PowerOff : Power}
              onClick={() => onSwitch(bank)}
            />
          </div>
        ),
        { width: 250, priority: 0, keep: true, role: 'actions' },
      ),
      header: <span className="sr-only">{k('columns.actions')}</span>,
      fieldLabel: k('columns.actions'),
    },
  ];
  return (
    <PriorityTable
      label={k('caption')}
      columns={columns}
      rows={banks}
      rowKey={(bank) => String(bank.id)}
      rowData={(bank) => ({ 'data-bank': bank.code })}
    />
  );
}
