import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ROUTES } from '../../../contract/navigation/routes';
import { AUTHORIZE_PATH } from '../../../contract/transfers';
import { isLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { answer, type FixtureRoutes } from '../../ui/story-support/fixture-fetch';
import { type StoryApp, storyUser, withStoryApp } from '../../ui/story-support/story-app';
import AuthorizePage from './AuthorizePage';
import { EMPTY_INBOX, INBOX_PAGE } from './inbox.fixtures';

/** The approvals inbox as the page host gives it: its registered title in the language in use. */
function ApprovalsInbox() {
  const { i18n } = useTranslation();
  const title = ROUTES[AUTHORIZE_PATH].title[isLanguage(i18n.language) ? i18n.language : 'en'];
  return <AuthorizePage path={AUTHORIZE_PATH} title={title} params={{}} canOpen={() => true} />;
}

const inbox = (page: FixtureRoutes[string]): StoryApp => ({
  user: storyUser('admin', 'Awa Ndiaye', { username: 'admin' }),
  url: AUTHORIZE_PATH,
  api: { 'GET inbox': page },
});

const meta = {
  title: 'Pages/Approvals inbox',
  component: ApprovalsInbox,
  decorators: [withStoryApp],
  parameters: { app: inbox(answer(INBOX_PAGE)) },
} satisfies Meta<typeof ApprovalsInbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A transfer, a bulk fee override, a chargeback, a wallet change and a password reset to decide; two that wait for others. */
export const Waiting: Story = {};

export const Empty: Story = { parameters: { app: inbox(answer(EMPTY_INBOX)) } };

/** The administrator reaches for Approve on the cash-in: the dialog asks before anything moves. */
export const ApproveDialogOpen: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('inbox-table');
    // The table may turn into cards once it has measured its room: the click is repeated until
    // it reaches the button that stays.
    await waitFor(async () => {
      const [approve] = within(canvasElement).getAllByRole('button', { name: /^(Approve|Approuver)$/ });
      if (approve) await userEvent.click(approve);
      await expect(screen.getByRole('dialog')).toBeVisible();
    });
  },
};
