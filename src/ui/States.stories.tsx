import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inbox } from 'lucide-react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingState } from './LoadingState';

const meta = { title: 'Kit/States', component: EmptyState, args: { title: 'No requests wait' } } satisfies Meta<
  typeof EmptyState
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const EmptyWithEverything: Story = {
  args: {
    icon: <Inbox aria-hidden />,
    title: 'No requests wait for you',
    children: 'Requests another person makes for your approval appear here as soon as they are sent.',
    action: <Button variant="secondary">Show decided requests</Button>,
  },
};
export const Loading: Story = { render: () => <LoadingState /> };
export const LoadingWithWords: Story = { render: () => <LoadingState label="Loading the fee schedule…" /> };
export const Failed: Story = {
  render: () => <ErrorState message="The server did not answer. Check the connection." onRetry={() => {}} />,
};
export const FailedLongMessage: Story = {
  render: () => (
    <div className="max-w-sm">
      <ErrorState
        message="This report could not be loaded: the period asked for is longer than the 92 days a report may cover."
        onRetry={() => {}}
        retryLabel="Retry"
      />
    </div>
  ),
};
