/**
 * /banks: the banks the wallet works with. Add, edit (name, code, BIC or BCEAO code,
 * e-money float account), deactivate and reactivate; every change is audited by the API.
 * The page assembles the banks machine with the API.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { LoadError } from '../../ui/page-parts';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { SelectFilter } from '../../ui/list/FilterBar';
import { ListSearch } from '../../ui/managed-list/ListSearch';
import { AddButton, ManagedList } from '../../ui/managed-list/ManagedList';
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
        <AddButton
          label={k('add')}
          disabled={loading || loadError !== null}
          onClick={() => actor.send({ type: 'bank.add' })}
        />
      }
    >
      <ManagedList
        intro={k('intro')}
        search={
          <ListSearch
            label={k('filters.label')}
            searchLabel={k('filters.search')}
            searchHint={k('filters.searchHint')}
            value={q}
            onSearch={setQ}
          >
            <SelectFilter
              label={k('filters.status')}
              value={status}
              choices={STATUS_FILTERS.map((value) => ({ value, label: k(`filters.${value}`) }))}
              onChange={(value) => setStatus(value as StatusFilter)}
            />
          </ListSearch>
        }
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
      </ManagedList>
      <BankFormDialog actor={actor} k={k} />
      <BankStateDialog actor={actor} k={k} />
    </PageFrame>
  );
}
