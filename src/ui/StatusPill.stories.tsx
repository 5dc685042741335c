import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatusPill } from './StatusPill';

const meta = {
  title: 'Kit/StatusPill',
  component: StatusPill,
  args: { value: 'approved', label: 'Approved' },
} satisfies Meta<typeof StatusPill>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Warning: Story = { args: { value: 'pending', label: 'Pending' } };
export const Danger: Story = { args: { value: 'rejected', label: 'Rejected' } };
export const Info: Story = { args: { value: 'running', label: 'Running' } };
export const Neutral: Story = { args: { value: 'draft', label: 'Draft' } };
export const GivenTone: Story = { args: { value: 'due', label: 'Due tomorrow', tone: 'warning' } };

const CODES = [
  'success',
  'approved',
  'active',
  'failed',
  'rejected',
  'blocked',
  'reversed',
  'pending',
  'more_documents',
  'queued',
  'running',
  'unknown',
];

/** Every status code the map knows, and one it does not. */
export const EveryStatus: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {CODES.map((code) => (
        <StatusPill key={code} value={code} label={code.replace('_', ' ')} />
      ))}
    </div>
  ),
};
