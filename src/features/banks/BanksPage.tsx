/**
 * /banks: the banks the wallet works with. Add, edit (name, code, BIC or BCEAO code,
 * e-money float account), deactivate and reactivate; every change is audited by the API.
 * The page assembles the banks machine with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Plus, Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { LoadError } from '../../ui/page-parts';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { CONTROL_CLASS } from '../../ui/DateRangeControl';
import { PageFrame } from '../../routes/PageFrame';
import { PRIMARY_BUTTON } from '../../ui/parts';
import { FilterField, SelectFilter } from '../../ui/list/FilterBar';
import { ListFrame } from '../../ui/list/ListFrame';
import { BankTable, verb } from './BankTable';
import { BankFormDialog } from './BankFormDialog';
import { BankStateDialog } from './BankStateDialog';
import { banksApi } from './banks-api';
import { banksMachine, selectBanks, selectIsLoading, selectLoadError } from './banks-machine';
import { BANK_MESSAGES_KEY, bankMessages } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';

const STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

export default function BanksPage({ title }: HostedPageProps) {
  const { t, i18n } = usePageMessages(BANK_MESSAGES_KEY, bankMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const k = (key: string, options?: Record<string, unknown>) => t(`${BANK_MESSAGES_KEY}.${key}`, options ?? {});

  const api = useMemo(() => banksApi(services.api), [services.api]);
  const actor = useActorRef(
    banksMachine.provide({
      actors: {
        loadBanks: fromPromise(() => api.list()),
        loadFloatChoices: fromPromise(({ input }) => api.floatChoices(input.bankId)),
        saveBank: fromPromise(({ input }) => api.save(input.id, input.body)),
        switchBank: fromPromise(({ input }) => api.switchState(input.id, input.verb)),
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
          <BankTable
            banks={shown}
            lang={lang}
            k={k}
            onEdit={(bank) => actor.send({ type: 'bank.edit', id: bank.id })}
            onSwitch={(bank) => actor.send({ type: 'bank.switch', id: bank.id, verb: verb(bank) })}
          />
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
