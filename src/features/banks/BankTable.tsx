/** The banks as a managed table: the bank, its float balance and its buttons stay in view. */
import { Pencil, Power, PowerOff } from 'lucide-react';
import type { BankView } from '../../../contract/api/banks';
import type { Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { type ManagedColumn, ManagedTable } from '../../ui/managed-list/ManagedTable';
import { RowActions, RowButton } from '../../ui/managed-list/RowActions';
import { Badge } from '../../ui/values';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the row's second button does to the bank. */
export const verb = (bank: BankView) => (bank.active ? 'deactivate' : 'activate');

function bankColumns(k: Translate, lang: Language): ManagedColumn<BankView>[] {
  return [
    {
      id: 'name',
      cell: (bank) => <span className="font-medium whitespace-normal">{bank.name}</span>,
      width: 200,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    },
    { id: 'code', cell: (bank) => <span className="font-mono">{bank.code}</span>, width: 90, priority: 3 },
    { id: 'bic', cell: (bank) => <span className="font-mono">{bank.bic ?? k('none')}</span>, width: 150, priority: 4 },
    {
      id: 'float',
      cell: (bank) =>
        bank.floatAccount ? (
          <span className="font-mono">{bank.floatAccount.number}</span>
        ) : (
          <span className="text-muted">{k('noFloat')}</span>
        ),
      width: 170,
      priority: 2,
      role: 'party',
    },
    {
      id: 'balance',
      cell: (bank) => (bank.floatAccount ? formatXof(bank.floatAccount.balance, lang) : k('none')),
      width: 140,
      priority: 0,
      keep: true,
      role: 'amount',
      numeric: true,
    },
    {
      id: 'state',
      cell: (bank) => (
        <Badge value={bank.active ? 'active' : 'inactive'} label={k(bank.active ? 'state.active' : 'state.inactive')} />
      ),
      width: 120,
      priority: 1,
      role: 'status',
    },
  ];
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
  return (
    <ManagedTable
      caption={k('caption')}
      header={(id) => k(`columns.${id}`)}
      columns={bankColumns(k, lang)}
      actionsWidth={250}
      actions={(bank) => (
        <RowActions>
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
        </RowActions>
      )}
      rows={banks}
      rowKey={(bank) => String(bank.id)}
      rowData={(bank) => ({ 'data-bank': bank.code })}
    />
  );
}
