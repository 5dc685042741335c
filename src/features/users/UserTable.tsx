/** The staff users as a priority table: the user, their status and their buttons stay in view. */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { BANK_PROFILE_LABELS, GROUP_LABELS } from '../../../contract/staff-users';
import type { StaffUserView } from '../../../contract/api/users';
import type { Language } from '../../i18n';
import { PriorityTable } from '../../ui/table/PriorityTable';
import type { TableColumn } from '../../ui/table/table-types';
import { Badge } from '../../ui/values';
import type { UserAction } from './users-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Fit = Pick<TableColumn<StaffUserView>, 'width' | 'priority' | 'keep' | 'role' | 'rowHeader'>;

const ROW_BUTTON =
  'inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:bg-slate-50';

/** What the "More" menu offers for a user, as their state allows. */
function actionsFor(user: StaffUserView): UserAction[] {
  return [
    user.status === 'active' ? 'deactivate' : 'reactivate',
    'passwordReset',
    ...(user.throttled ? (['unlock'] as const) : []),
    ...(user.twoFactor ? (['twoFactorReset'] as const) : []),
  ];
}

function signInOf(user: StaffUserView): string {
  if (user.throttled) return 'throttled';
  if (user.mustChangePassword) return 'oneTime';
  return user.twoFactor ? 'twoFactor' : 'normal';
}

function RowActions({
  user,
  k,
  onEdit,
  onAct,
}: {
  user: StaffUserView;
  k: Translate;
  onEdit: () => void;
  onAct: (action: UserAction) => void;
}) {
  return (
    <div className="flex gap-2 whitespace-nowrap">
      <button type="button" className={ROW_BUTTON} aria-label={k('editLabel', { name: user.name })} onClick={onEdit}>
        <Pencil size={14} aria-hidden />
        {k('edit')}
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={ROW_BUTTON} aria-label={k('moreLabel', { name: user.name })}>
          {k('more')}
          <ChevronDown size={14} aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-40 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg"
          >
            {actionsFor(user).map((action) => (
              <DropdownMenu.Item
                key={action}
                onSelect={() => onAct(action)}
                className="cursor-pointer rounded px-2 py-1.5 text-slate-700 outline-none data-[highlighted]:bg-slate-100"
              >
                {k(`actions.${action}`)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

export function UserTable({
  users,
  lang,
  k,
  onEdit,
  onAct,
}: {
  users: readonly StaffUserView[];
  lang: Language;
  k: Translate;
  onEdit: (user: StaffUserView) => void;
  onAct: (user: StaffUserView, action: UserAction) => void;
}) {
  const column = (id: string, cell: (user: StaffUserView) => ReactNode, fit: Fit): TableColumn<StaffUserView> => ({
    id,
    header: k(`columns.${id}`),
    cell,
    sortable: false,
    ...fit,
  });
  const columns: TableColumn<StaffUserView>[] = [
    column(
      'name',
      (user) => (
        <span className="flex flex-col whitespace-normal">
          <span className="font-medium">{user.name}</span>
          <span className="font-mono text-xs text-slate-500">{user.username}</span>
        </span>
      ),
      { width: 190, priority: 0, keep: true, role: 'reference', rowHeader: true },
    ),
    column('group', (user) => <span className="whitespace-normal">{GROUP_LABELS[user.group][lang]}</span>, {
      width: 170,
      priority: 2,
    }),
    column(
      'bank',
      (user) =>
        user.bank ? (
          <span className="whitespace-normal">
            {user.bank.code}
            {user.profile && ` · ${BANK_PROFILE_LABELS[user.profile][lang]}`}
          </span>
        ) : (
          k('none')
        ),
      { width: 170, priority: 3 },
    ),
    column(
      'status',
      (user) => <Badge value={user.status === 'active' ? 'active' : 'inactive'} label={k(`status.${user.status}`)} />,
      { width: 110, priority: 0, keep: true, role: 'status' },
    ),
    column('signIn', (user) => <span className="whitespace-normal">{k(`signIn.${signInOf(user)}`)}</span>, {
      width: 150,
      priority: 4,
    }),
    {
      ...column(
        'actions',
        (user) => <RowActions user={user} k={k} onEdit={() => onEdit(user)} onAct={(action) => onAct(user, action)} />,
        { width: 170, priority: 0, keep: true, role: 'actions' },
      ),
      header: <span className="sr-only">{k('columns.actions')}</span>,
      fieldLabel: k('columns.actions'),
    },
  ];
  return (
    <PriorityTable
      label={k('caption')}
      columns={columns}
      rows={users}
      rowKey={(user) => String(user.id)}
      rowData={(user) => ({ 'data-user': user.username })}
    />
  );
}
