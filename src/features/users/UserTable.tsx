/** The staff users as a managed table: the user, their status and their buttons stay in view. */
import { Pencil } from 'lucide-react';
import type { StaffUserView } from '../../../contract/api/users';
import { BANK_PROFILE_LABELS, GROUP_LABELS } from '../../../contract/staff-users';
import type { Language } from '../../i18n';
import { type ManagedColumn, ManagedTable } from '../../ui/managed-list/ManagedTable';
import { RowActions, RowButton, RowMenu } from '../../ui/managed-list/RowActions';
import { Badge } from '../../ui/values';
import type { UserAction } from './users-machine';

type Translate = (key: string, options?: Record<string, unknown>) => string;

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

function userColumns(k: Translate, lang: Language): ManagedColumn<StaffUserView>[] {
  return [
    {
      id: 'name',
      cell: (user) => (
        <span className="flex flex-col whitespace-normal">
          <span className="font-medium">{user.name}</span>
          <span className="font-mono text-xs text-muted">{user.username}</span>
        </span>
      ),
      width: 190,
      priority: 0,
      keep: true,
      role: 'reference',
      rowHeader: true,
    },
    {
      id: 'group',
      cell: (user) => <span className="whitespace-normal">{GROUP_LABELS[user.group][lang]}</span>,
      width: 170,
      priority: 2,
    },
    {
      id: 'bank',
      cell: (user) =>
        user.bank ? (
          <span className="whitespace-normal">
            {user.bank.code}
            {user.profile && ` · ${BANK_PROFILE_LABELS[user.profile][lang]}`}
          </span>
        ) : (
          k('none')
        ),
      width: 170,
      priority: 3,
    },
    {
      id: 'status',
      cell: (user) => (
        <Badge value={user.status === 'active' ? 'active' : 'inactive'} label={k(`status.${user.status}`)} />
      ),
      width: 110,
      priority: 0,
      keep: true,
      role: 'status',
    },
    {
      id: 'signIn',
      cell: (user) => <span className="whitespace-normal">{k(`signIn.${signInOf(user)}`)}</span>,
      width: 150,
      priority: 4,
    },
  ];
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
  return (
    <ManagedTable
      caption={k('caption')}
      header={(id) => k(`columns.${id}`)}
      columns={userColumns(k, lang)}
      actionsWidth={170}
      actions={(user) => (
        <RowActions>
          <RowButton
            label={k('edit')}
            name={k('editLabel', { name: user.name })}
            icon={Pencil}
            onClick={() => onEdit(user)}
          />
          <RowMenu
            label={k('more')}
            name={k('moreLabel', { name: user.name })}
            items={actionsFor(user).map((action) => ({
              key: action,
              label: k(`actions.${action}`),
              onSelect: () => onAct(user, action),
            }))}
          />
        </RowActions>
      )}
      rows={users}
      rowKey={(user) => String(user.id)}
      rowData={(user) => ({ 'data-user': user.username })}
    />
  );
}
