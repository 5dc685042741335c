import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { StaffUserChange } from '../../../contract/api/users';
import { usePageMessages } from '../../i18n/page-messages';
import { copyText } from '../../ui/clipboard';
import { actorAt, type Step } from '../../ui/story-support/actor-at';
import { useStoryLanguage } from '../../ui/story-support/story-language';
import { USER_MESSAGES_KEY, userMessages } from './messages';
import { OneTimePasswordDialog } from './UserDialogs';
import { UserFormDialog } from './UserFormDialog';
import { AFTU_MEMBERS, BANKS, saved, TELLER, USERS } from './user.fixtures';
import type { UserField } from './user-form';
import { usersMachine } from './users-machine';

type UsersActor = ActorRefFrom<typeof usersMachine>;

/** The add / edit staff user dialog over fixtures: the API's answers without a server. */
const users = usersMachine.provide({
  actors: {
    loadUsers: fromPromise(async () => USERS),
    loadBanks: fromPromise(async () => BANKS),
    loadAftuMembers: fromPromise(async () => AFTU_MEMBERS),
    saveUser: fromPromise(async ({ input }) => saved(input.id, input.body)),
    actOnUser: fromPromise(async (): Promise<StaffUserChange> => ({ applied: true, user: TELLER })),
    copyText: fromPromise(({ input }) => copyText(input.text)),
  },
});

type UsersStep = Step<typeof usersMachine>;
/** The list and the form's choices are in, as the page has them before anyone clicks. */
const loaded: UsersStep = (s) => s.matches({ list: 'shown', banks: 'done', aftuMembers: 'done' });
const type = (name: UserField, value: string): UsersStep => ({ type: 'field.change', name, value });
const at =
  (...steps: UsersStep[]) =>
  async () => ({ actor: await actorAt(users, {}, loaded, ...steps) });

function StaffUserDialog({ actor }: { actor: UsersActor }) {
  const { t } = usePageMessages(USER_MESSAGES_KEY, userMessages);
  const lang = useStoryLanguage();
  const k = (key: string, options?: Record<string, unknown>) => t(`${USER_MESSAGES_KEY}.${key}`, options ?? {});
  return (
    <>
      <UserFormDialog actor={actor} k={k} lang={lang} />
      <OneTimePasswordDialog actor={actor} k={k} />
    </>
  );
}

const meta = {
  title: 'Pages/Staff user dialog',
  render: (_, { loaded: { actor } }) => <StaffUserDialog actor={actor as UsersActor} />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = { loaders: [at({ type: 'user.add' })] };
/** A bank Teller: the bank and the profile are asked for, the username stays as it is. */
export const Edit: Story = { loaders: [at({ type: 'user.edit', id: TELLER.id })] };
/** A bank user sent without a bank, a profile or a proper name: each field says what it needs. */
export const CreateWithErrors: Story = {
  loaders: [
    at({ type: 'user.add' }, type('username', 'awa ndiaye'), type('name', 'A'), type('group', 'bank'), {
      type: 'form.submit',
    }),
  ],
};
