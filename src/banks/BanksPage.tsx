/**
 * /banks (issue 9): the banks the wallet works with. Add, edit (name, code, BIC or BCEAO code,
 * e-money float account), deactivate and reactivate; every change is audited by the API.
 * The page assembles the banks machine with the API.
 */
import { useRouterState } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Pencil, Plus, Power, PowerOff, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import type { BankView, FloatAccountChoice } from '../../contract/banks';
import { useServices } from '../app/ServicesContext';
import { LoadError } from '../balances/parts';
import { isLanguage, type Language } from '../i18n';
import { formatXof } from '../i18n/format';
import { usePageMessages } from '../i18n/page-messages';
import { findPage } from '../registry/pages';
import { CONTROL_CLASS, FIELD_CLASS } from '../reports/DateRangeControl';
import { Badge } from '../reports/values';
import { PageFrame } from '../routes/PageFrame';
import { PRIMARY_BUTTON } from '../transfers/parts';
import { BankFormDialog } from './BankFormDialog';
import { BankStateDialog } from './BankStateDialog';
import { banksMachine, selectBanks, selectIsLoading, selectLoadError } from './banks-machine';
import { BANK_MESSAGES_KEY, bankMessages } from './messages';

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap';
const TD = 'px-3 py-2 align-top text-sm text-slate-800';
const ROW_BUTTON =
  'inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:bg-slate-50';

type StatusFilter = 'all' | 'active' | 'inactive';

export default function BanksPage() {
  const { t, i18n } = usePageMessages(BANK_MESSAGES_KEY, bankMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = findPage(pathname)?.page.title[lang] ?? '';
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
      {loading && (
        <p role="status" className="mb-2 text-sm text-slate-500">
          {k('loading')}
        </p>
      )}
      {loadError !== null && <LoadError message={loadError} onRetry={() => actor.send({ type: 'banks.retry' })} />}
      {!loading && loadError === null && shown.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {k('empty')}
        </p>
      )}
      {shown.length > 0 && (
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200">
            <caption className="sr-only">{k('caption')}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={TH}>
                  {k('columns.name')}
                </th>
                <th scope="col" className={TH}>
                  {k('columns.code')}
                </th>
                <th scope="col" className={TH}>
                  {k('columns.bic')}
                </th>
                <th scope="col" className={TH}>
                  {k('columns.float')}
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  {k('columns.balance')}
                </th>
                <th scope="col" className={TH}>
                  {k('columns.state')}
                </th>
                <th scope="col" className={TH}>
                  <span className="sr-only">{k('columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
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
                      <button
                        type="button"
                        className={ROW_BUTTON}
                        aria-label={k('editLabel', { name: bank.name })}
                        onClick={() => actor.send({ type: 'bank.edit', id: bank.id })}
                      >
                        <Pencil size={14} aria-hidden />
                        {k('edit')}
                      </button>
                      <button
                        type="button"
                        className={ROW_BUTTON}
                        aria-label={k(bank.active ? 'deactivateLabel' : 'activateLabel', { name: bank.name })}
                        onClick={() =>
                          actor.send({
                            type: 'bank.switch',
                            id: bank.id,
                            verb: bank.active ? 'deactivate' : 'activate',
                          })
                        }
                      >
                        {bank.active ? <PowerOff size={14} aria-hidden /> : <Power size={14} aria-hidden />}
                        {k(bank.active ? 'deactivate' : 'activate')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
      <div className="flex w-full flex-col gap-1 sm:w-72">
        <label htmlFor={`${id}-q`} className="text-xs font-medium text-slate-600">
          {k('filters.search')}
        </label>
        <div className="relative">
          <Search size={16} aria-hidden className="pointer-events-none absolute top-2.5 left-2 text-slate-400" />
          <input
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={80}
            placeholder={k('filters.searchHint')}
            onChange={(e) => onQ(e.target.value)}
            className={`${CONTROL_CLASS} pl-8`}
          />
        </div>
      </div>
      <div className={FIELD_CLASS}>
        <label htmlFor={`${id}-status`} className="text-xs font-medium text-slate-600">
          {k('filters.status')}
        </label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(e) => onStatus(e.target.value as StatusFilter)}
          className={CONTROL_CLASS}
        >
          <option value="all">{k('filters.all')}</option>
          <option value="active">{k('filters.active')}</option>
          <option value="inactive">{k('filters.inactive')}</option>
        </select>
      </div>
    </search>
  );
}
