/**
 * /users: staff accounts. Search and filter, add and edit (group, bank, profile from a list),
 * deactivate, reactivate, reset a password (a one-time password shown once), unlock a slowed-down
 * sign-in, reset two-factor. Changes that need a second administrator wait in the approvals
 * inbox; a deciding user's reset gives the maker only the first half of the password (decision
 * 031). The page assembles the users machine with the API and the clipboard.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { GROUP_KEYS, type GroupKey } from '../../../contract/groups';
import { GROUP_LABELS, USER_STATUSES, type UserStatus } from '../../../contract/staff-users';
import { AUTHORIZE_PATH } from '../../../contract/transfers';
import { useServices } from '../../app/ServicesContext';
import { isLanguage, type Language } from '../../i18n';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import type { HostedPageProps } from '../../ui/hosted-page';
import { SelectFilter } from '../../ui/list/FilterBar';
import { ListSearch } from '../../ui/managed-list/ListSearch';
import { AddButton, ManagedList } from '../../ui/managed-list/ManagedList';
import { Pager } from '../../ui/list/Pager';
import { LoadError } from '../../ui/page-parts';
import { Button } from '../../ui/Button';
import { useSetSearch } from '../../ui/list/use-set-search';
import { OPENED_ITEM_CLASS, useOpenedItem, useRevealOnce } from '../../ui/opened-item';
import { ITEM_PARAMS } from '../../../contract/navigation/item-links';
import { copyText } from '../../ui/clipboard';
import { USER_MESSAGES_KEY, userMessages } from './messages';
import { PendingChanges } from './PendingChanges';
import { OneTimePasswordDialog, UserActionDialog } from './UserDialogs';
import { UserFormDialog } from './UserFormDialog';
import { UserTable } from './UserTable';
import { usersApi } from './users-api';
import {
  selectIsLoading,
  selectLoadError,
  selectQuery,
  selectResult,
  type UsersQuery,
  usersMachine,
} from './users-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const OPENED_USER = 'opened-user-list';

export default function UsersPage({ title, canOpen }: HostedPageProps) {
  const { t, i18n } = usePageMessages(USER_MESSAGES_KEY, userMessages);
  const lang: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const services = useServices();
  const k: Translate = (key, options) => t(`${USER_MESSAGES_KEY}.${key}`, options ?? {});

  const api = useMemo(() => usersApi(services.api), [services.api]);
  // An inbox row opens one staff user (`user`), or searches for one not created yet (`q`).
  const openedId = Number(useOpenedItem(ITEM_PARAMS.user)) || undefined;
  const openedSearch = useOpenedItem(ITEM_PARAMS.search) ?? '';
  const setSearch = useSetSearch();
  const actor = useActorRef(
    usersMachine.provide({
      actors: {
        loadUsers: fromPromise(({ input, signal }) => api.list(input, signal)),
        loadBanks: fromPromise(() => api.bankOptions()),
        loadAftuMembers: fromPromise(() => api.aftuMembers()),
        saveUser: fromPromise(({ input }) => api.save(input.id, input.body)),
        actOnUser: fromPromise(({ input }) => api.act(input.id, input.action)),
        copyText: fromPromise(({ input }) => copyText(input.text)),
      },
      actions: {
        announce: (_, announcement) => {
          const name = 'name' in announcement ? announcement.name : '';
          services.notifications.notify(services.i18n.t(`${USER_MESSAGES_KEY}.done.${announcement.kind}`, { name }));
        },
      },
    }),
    { input: { query: { id: openedId, q: openedSearch } } },
  );
  const result = useSelector(actor, selectResult);
  const query = useSelector(actor, selectQuery);
  const loading = useSelector(actor, selectIsLoading);
  const loadError = useSelector(actor, selectLoadError);
  const rows = result?.rows ?? [];
  // Below the intro and the waiting changes on a phone: the opened user is scrolled to.
  const opened = query.id !== undefined;
  useRevealOnce(opened ? OPENED_USER : null, rows.length > 0);

  return (
    <PageFrame
      title={title}
      actions={
        <AddButton label={k('add')} disabled={loadError !== null} onClick={() => actor.send({ type: 'user.add' })} />
      }
    >
      <ManagedList
        intro={k('intro')}
        notices={
          <>
            {query.id !== undefined && (
              <OpenedUserNotice
                k={k}
                onShowAll={() => {
                  setSearch({}, true);
                  actor.send({ type: 'filters.change', query: { id: undefined } });
                }}
              />
            )}
            <PendingChanges pending={result?.pending ?? []} k={k} canOpenInbox={canOpen(AUTHORIZE_PATH)} />
          </>
        }
        search={
          <UserFilters
            query={query}
            lang={lang}
            k={k}
            onSearch={(q) => {
              // The search now says what is shown, not the link that opened the page.
              if (openedId !== undefined || openedSearch) setSearch({}, true);
              actor.send({ type: 'search.change', q });
            }}
            onChange={(patch) => actor.send({ type: 'filters.change', query: patch })}
          />
        }
        loading={loading && result === null}
        loadingLabel={k('loading')}
        error={
          loadError !== null && <LoadError message={loadError} onRetry={() => actor.send({ type: 'users.retry' })} />
        }
        emptyLabel={result !== null && rows.length === 0 ? k('empty') : null}
      >
        {rows.length > 0 && (
          <div
            id={OPENED_USER}
            tabIndex={opened ? -1 : undefined}
            aria-current={opened || undefined}
            className={opened ? OPENED_ITEM_CLASS : undefined}
          >
            <UserTable
              users={rows}
              lang={lang}
              k={k}
              onEdit={(user) => actor.send({ type: 'user.edit', id: user.id })}
              onAct={(user, action) => actor.send({ type: 'user.act', id: user.id, action })}
            />
          </div>
        )}
      </ManagedList>
      {result !== null && result.total > 0 && (
        <Pager
          page={query.page}
          pageSize={query.pageSize}
          total={result.total}
          lang={lang}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'filters.change', query: { page } })}
          onPageSize={(pageSize) => actor.send({ type: 'filters.change', query: { pageSize } })}
        />
      )}
      <UserFormDialog actor={actor} k={k} lang={lang} />
      <UserActionDialog actor={actor} k={k} />
      <OneTimePasswordDialog actor={actor} k={k} />
    </PageFrame>
  );
}

/** The list shows only the user a link opened, until the reader asks for everyone. */
function OpenedUserNotice({ k, onShowAll }: { k: Translate; onShowAll: () => void }) {
  return (
    <p
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-line bg-raised px-3 py-2 text-sm text-ink"
      data-testid="opened-user"
    >
      {k('opened.one')}
      <Button variant="secondary" size="sm" onClick={onShowAll}>
        {k('opened.all')}
      </Button>
    </p>
  );
}

function UserFilters({
  query,
  lang,
  k,
  onSearch,
  onChange,
}: {
  query: UsersQuery;
  lang: Language;
  k: Translate;
  onSearch: (q: string) => void;
  onChange: (patch: Partial<UsersQuery>) => void;
}) {
  return (
    <ListSearch
      label={k('filters.label')}
      searchLabel={k('filters.search')}
      searchHint={k('filters.searchHint')}
      value={query.q}
      onSearch={onSearch}
    >
      <SelectFilter
        label={k('filters.group')}
        value={query.group ?? ''}
        width="sm:w-56"
        choices={[
          { value: '', label: k('filters.all') },
          ...GROUP_KEYS.map((group) => ({ value: group, label: GROUP_LABELS[group][lang] })),
        ]}
        onChange={(value) => onChange({ group: (value || undefined) as GroupKey | undefined })}
      />
      <SelectFilter
        label={k('filters.status')}
        value={query.status ?? ''}
        choices={[
          { value: '', label: k('filters.all') },
          ...USER_STATUSES.map((status) => ({ value: status, label: k(`filters.${status}`) })),
        ]}
        onChange={(value) => onChange({ status: (value || undefined) as UserStatus | undefined })}
      />
    </ListSearch>
  );
}
