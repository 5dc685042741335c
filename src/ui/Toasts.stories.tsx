import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { createNotificationCenter, type NotificationCenter } from './notifications/center';
import { Toasts } from './Toasts';

/** A notification centre the story fills once, as the app's would be by its pages. */
function WithNotices({ fill }: { fill: (center: NotificationCenter) => void }) {
  const [center] = useState(() => createNotificationCenter());
  useEffect(() => fill(center), [center, fill]);
  return <Toasts center={center} />;
}

const meta = { title: 'Kit/Toasts', component: WithNotices } satisfies Meta<typeof WithNotices>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = { args: { fill: (center) => center.notify('The bank was added.') } };
export const WithAction: Story = {
  args: {
    fill: (center) => center.offer('A new version of the dashboard is ready.', { label: 'Reload', run: () => {} }),
  },
};
export const TaskInProgress: Story = {
  args: {
    fill: (center) =>
      center.task('export:1', {
        message: 'Exporting transactions',
        progress: { done: 1200, total: 5000, text: '1 200 / 5 000' },
      }),
  },
};
export const SessionSnackbar: Story = {
  args: { fill: (center) => center.snackbar('Your session expired. Sign in again to continue.') },
};
