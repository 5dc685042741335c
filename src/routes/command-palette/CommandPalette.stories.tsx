import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { SearchResult } from '../../../contract/details';
import { answer } from '../../ui/story-support/fixture-fetch';
import { type StoryApp, storyUser, withStoryApp } from '../../ui/story-support/story-app';
import { HomePage } from '../HomePage';
import { ShellLayout } from '../shell/ShellLayout';

/** What GET search finds for "agent": an agent and a transaction it made. */
const found: SearchResult = {
  accounts: [{ number: 'AGT-000004', holder: 'Moussa Agent Fall', phone: '+221 77 400 00 04', kind: 'agent' }],
  transactions: [
    {
      reference: 'TX26112700000412',
      createdAt: '2026-11-27T09:12:00.000Z',
      amount: 75_000,
      status: 'success',
      from: 'Moussa Agent Fall',
      to: 'Aminata Diallo',
    },
  ],
};

const admin: StoryApp = {
  user: storyUser('admin', 'Awa Ndiaye', { username: 'admin' }),
  api: {
    'GET dashboard/summary': answer({ cards: [], chart: { metric: 'volume', days: [] } }),
    'GET search': answer(found),
  },
  outlet: HomePage,
};

const meta = {
  title: 'Shell/Command palette',
  component: ShellLayout,
  decorators: [withStoryApp],
  parameters: { app: admin, edgeToEdge: true },
} satisfies Meta<typeof ShellLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the header's button with "agent" typed: the menu's pages, then people and transactions. */
export const OpenWithResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: /^(Search pages|Rechercher une page)$/ }));
    const page = within(canvasElement.ownerDocument.body);
    // The palette's own field: the header's search box is a combobox too.
    await userEvent.type(await page.findByRole('combobox', { name: /^(Search|Rechercher)$/ }), 'agent');
    await expect(await page.findByRole('option', { name: /Moussa Agent Fall/ }, { timeout: 5000 })).toBeVisible();
  },
};
