/**
 * /banks: the banks the wallet works with. Add, edit (name, code, BIC or BCEAO code,
 * e-money float account), deactivate and reactivate; every change is audited by the API.
 * The page assembles the banks machine with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { type LucideIcon, Pencil, Plus, Power, PowerOff, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { BankView, FloatAccountChoice } from '../../../contract/banks';
import { useServices } from '../../app/ServicesContext';
import { LoadError } from '../../ui/page-parts';
import { isLanguage, type Language } from '../../i18n';
import { formatXof } from '../../i18n/format';
import { usePageMessages } from '../../i18n/page-messages';
import { CONTROL_CLASS } from '../../ui/DateRangeControl';
import { Badge } from '../../ui/values';
import { PageFrame } from '../../routes/PageFrame';
import { PRIMARY_BUTTON } from '../../ui/parts';
import { FilterField, SelectFilter } from '../../ui/list/FilterBar';
import { ColumnHeads, DataTable, ListFrame, TD, TH } from '../../ui/list/ListFrame';
import { BankFormDialog } from './BankFormDialog';
import { BankStateDialog } from './BankStateDialog';
import { banksMachine, selectBanks, selectIsLoading, selectLoadError } from './banks-machine';
import { BANK_MESSAGES_KEY, bankMessages } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';

/** What the row's second button does to the bank. */
const verb = (bank: BankView) => (bank.active ? 'deactivate' : 'activate');

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

const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

export default function BanksPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(BANK_MESSAGES_KEY, bankMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const k = (key: string, options?: Record<string, unknown>) => t(`${BANK_MESSAGES_KEY}.${key}`, options ?? {});

  const actor = useActorRef(
    banksMachine.provide({
      actors: {
        loadBanks: fromPromise(async () => (await services.api.get<{ banks: BankView[] }>('banks')).banks),
        loadFloatChoices: fromPromise(
          async ({ input }) =>
            (
              await services.api.get<{ accounts: FloatAccountChoice[] }>('banks/float-accounts', {
                query: input.bankId === null ? {} : { bankId: input.bankId },
              })
            ).accounts,
        ),
        saveBank: fromPromise(({ input }) =>
          input.id === null
            ? services.api.post<BankView>('banks', input.body)
            : services.api.put<BankView>(`banks/${input.id}`, input.body),
        ),
        switchBank: fromPromise(({ input }) => services.api.post<BankView>(`banks/${input.id}/${input.verb}`)),
      },
      actions: {
        announce: (_, { kind, bank }) => {
          const key = `${BANK_MESSAGES_KEY}.done.${kind}`;
          services.notifications.notify(
            services.i18n.t(key, { name: bank.name, number: bank.floatAccount?.number ?? '' }),
          );
        },
      },
    }),
  );
  const banks = useSelector(actor, selectBanks);
  const loading = useSelector(actor, selectIsLoading);
  const loadError = useSelector(actor, selectLoadError);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return banks.filter(
      (b) =>
        (status === 'all' || b.active === (status === 'active')) &&
        (!needle || [b.name, b.code, b.bic ?? ''].some((v) => v.toLowerCase().includes(needle))),
    );
  }, [banks, q, status]);

  return (
    <PageFrame
      title={title}
      actions={
        <button
          type="button"
          className={PRIMARY_BUTTON}
          disabled={loading || loadError !== null}
          onClick={() => actor.send({ type: 'bank.add' })}
        >
          <Plus size={16} aria-hidden />
          {k('add')}
        </button>
      }
    >
      <p className="mb-4 max-w-3xl text-sm text-slate-600">{k('intro')}</p>
      <BankFilters q={q} status={status} onQ={setQ} onStatus={setStatus} k={k} />
      <ListFrame
        loading={loading}
        loadingLabel={k('loading')}
        error={
          loadError !== null && <LoadError message={loadError} onRetry={() => actor.send({ type: 'banks.retry' })} />
        }
        emptyLabel={!loading && shown.length === 0 ? k('empty') : null}
      >
        {shown.length > 0 && (
          <DataTable
            label={k('caption')}
            head={
              <>
                <ColumnHeads labels={[k('columns.name'), k('columns.code'), k('columns.bic'), k('columns.float')]} />
                <th scope="col" className={`${TH} text-right`}>
                  {k('columns.balance')}
                </th>
                <ColumnHeads labels={[k('columns.state')]} />
                <th scope="col" className={TH}>
                  <span className="sr-only">{k('columns.actions')}</span>
                </th>
              </>
            }
          >
            {shown.map((bank) => (
              <tr key={bank.id} data-bank={bank.code} className={bank.active ? undefined : 'bg-slate-50'}>
                <th scope="row" className={`${TD} text-left font-medium`}>
                  {bank.name}
                </th>
                <td className={`${TD} font-mono`}>{bank.code}</td>
                <td className={`${TD} font-mono`}>{bank.bic ?? k('none')}</td>
                <td className={TD}>
                  {bank.floatAccount ? (
                    <span className="font-mono whitespace-nowrap">{bank.floatAccount.number}</span>
                  ) : (
                    <span className="text-slate-500">{k('noFloat')}</span>
                  )}
                </td>
                <td className={`${TD} text-right tabular-nums whitespace-nowrap`}>
                  {bank.floatAccount ? formatXof(bank.floatAccount.balance, lang) : k('none')}
                </td>
                <td className={TD}>
                  <Badge
                    value={bank.active ? 'active' : 'inactive'}
                    label={k(bank.active ? 'state.active' : 'state.inactive')}
                  />
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  <div className="flex gap-2">
                    <RowButton
                      label={k('edit')}
                      name={k('editLabel', { name: bank.name })}
                      icon={Pencil}
                      onClick={() => actor.send({ type: 'bank.edit', id: bank.id })}
                    />
                    <RowButton
                      label={k(verb(bank))}
                      name={k(`${verb(bank)}Label`, { name: bank.name })}
                      icon={bank.active ? PowerOff : Power}
                      onClick={() => actor.send({ type: 'bank.switch', id: bank.id, verb: verb(bank) })}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListFrame>
      <BankFormDialog actor={actor} k={k} />
      <BankStateDialog actor={actor} k={k} />
    </PageFrame>
  );
}

function BankFilters({
  q,
  status,
  onQ,
  onStatus,
  k,
}: {
  q: string;
  status: StatusFilter;
  onQ: (q: string) => void;
  onStatus: (s: StatusFilter) => void;
  k: (key: string) => string;
}) {
  const id = useId();
  return (
    <search
      aria-label={k('filters.label')}
      className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
    >
      <FilterField id={id} label={k('filters.search')} width="sm:w-72">
        <div className="relative">
          <Search size={16} aria-hidden className="pointer-events-none absolute top-2.5 left-2 text-slate-400" />
          <input
            id={id}
            type="search"
            value={q}
            maxLength={80}
            placeholder={k('filters.searchHint')}
            onChange={(e) => onQ(e.target.value)}
            className={`${CONTROL_CLASS} pl-8`}
          />
        </div>
      </FilterField>
      <SelectFilter
        label={k('filters.status')}
        value={status}
        choices={STATUS_FILTERS.map((value) => ({ value, label: k(`filters.${value}`) }))}
        onChange={(value) => onStatus(value as StatusFilter)}
      />
    </search>
  );
}
