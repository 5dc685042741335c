import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { DashboardSummary } from '../../../contract/api/dashboard';
import { answer } from '../../ui/story-support/fixture-fetch';
import { type StoryApp, storyUser, withStoryApp } from '../../ui/story-support/story-app';
import { HomePage } from '../HomePage';
import { ShellLayout } from './ShellLayout';

/** Fourteen days of volume ending on 27-11-2026, for the home page behind the shell. */
const summary: DashboardSummary = {
  day: '2026-11-27',
  cards: [
    { id: 'todayCount', kind: 'number', value: 1284 },
    { id: 'todayVolume', kind: 'amount', value: 48_750_500 },
    { id: 'pendingKyc', kind: 'number', value: 17 },
    { id: 'pendingClosures', kind: 'number', value: 3 },
  ],
  chart: {
    metric: 'volume',
    days: Array.from({ length: 14 }, (_, i) => ({
      date: `2026-11-${String(14 + i).padStart(2, '0')}`,
      value: 30_000_000 + ((i * 7_919_000) % 25_000_000),
    })),
  },
};

const admin: StoryApp = {
  user: storyUser('admin', 'Awa Ndiaye', { username: 'admin' }),
  api: {
    'GET dashboard/summary': answer(summary),
  },
  inboxCount: 4,
  outlet: HomePage,
};

const meta = {
  title: 'Shell/Frame',
  component: ShellLayout,
  decorators: [withStoryApp],
  parameters: { app: admin, edgeToEdge: true },
} satisfies Meta<typeof ShellLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The menu button says whether the menu shows; a phone opens it over the page. */
async function openMenu(canvasElement: HTMLElement) {
  const toggle = await within(canvasElement)
    .findByRole('button', { expanded: false, name: /menu/i })
    .catch(() => null);
  if (toggle) await userEvent.click(toggle);
  await expect(await within(canvasElement).findByRole('navigation')).toBeVisible();
}

/** An administrator's menu, every section closed, on the home page. */
export const MenuOpen: Story = {
  play: ({ canvasElement }) => openMenu(canvasElement),
};

/** Below 900 px the menu gives the page the whole width until the header's button opens it. */
export const MenuCollapsed: Story = {
  parameters: { app: { ...admin, narrow: true } },
  globals: { viewport: { value: 'narrow' } },
};

/** The Transfers section opened: its links, the inbox's with the count of what waits. */
export const AccordionSectionOpen: Story = {
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement);
    const nav = within(await within(canvasElement).findByRole('navigation'));
    await userEvent.click(await nav.findByRole('button', { name: /^(Transfers|Transferts)$/ }));
    await expect(await nav.findByTestId('inbox-badge')).toBeVisible();
  },
};

/** A bank Checker with a long name on a phone: the avatar's initials stand for it, nothing overflows. */
export const HeaderOnPhone: Story = {
  parameters: {
    app: {
      ...admin,
      user: storyUser('bank', 'Banque Islamique Checker', {
        username: 'bank-checker',
        menuProfile: 'Checker',
        bankId: 2,
      }),
      api: {
        ...admin.api,
        'GET dashboard/summary': answer({
          day: summary.day,
          chart: { ...summary.chart, days: summary.chart.days.map((day) => ({ ...day, value: day.value / 5 })) },
          cards: [
            { id: 'bankFloat', kind: 'amount', value: 1_250_000_000 },
            { id: 'todayCount', kind: 'number', value: 212 },
            { id: 'todayVolume', kind: 'amount', value: 9_870_000 },
          ],
        }),
      },
      inboxCount: 2,
    },
  },
  globals: { viewport: { value: 'phone' } },
};
