import type { Meta, StoryObj } from '@storybook/react-vite';
import { Check, Download, X } from 'lucide-react';
import { Button, BUTTON_VARIANTS, type ButtonVariant } from './Button';

const meta = {
  title: 'Kit/Button',
  component: Button,
  args: { children: 'Save changes', variant: 'primary', size: 'md' },
  argTypes: {
    variant: { control: 'inline-radio', options: Object.keys(BUTTON_VARIANTS) },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Back' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Close the account' } };
export const Approve: Story = {
  args: {
    variant: 'approve',
    children: (
      <>
        <Check size={16} aria-hidden />
        Approve
      </>
    ),
  },
};
export const Reject: Story = {
  args: {
    variant: 'reject',
    children: (
      <>
        <X size={16} aria-hidden />
        Reject
      </>
    ),
  },
};
export const Ghost: Story = { args: { variant: 'ghost', children: 'Cancel' } };
export const Link: Story = { args: { variant: 'link', children: 'See the transaction' } };
export const Small: Story = { args: { size: 'sm', variant: 'secondary', children: 'Retry' } };
export const WithIcon: Story = {
  args: {
    variant: 'secondary',
    children: (
      <>
        <Download size={16} aria-hidden />
        Export XLSX
      </>
    ),
  },
};
export const Loading: Story = { args: { loading: true, loadingLabel: 'Sending…', children: 'Send' } };
export const Disabled: Story = { args: { disabled: true, children: 'Confirm' } };

/** Every variant in both sizes, at rest, busy and disabled. */
export const Matrix: Story = {
  render: () => (
    <div className="grid gap-3">
      {(Object.keys(BUTTON_VARIANTS) as ButtonVariant[]).map((variant) => (
        <div key={variant} className="flex flex-wrap items-center gap-3">
          <span className="w-20 text-xs text-muted">{variant}</span>
          <Button variant={variant}>Medium</Button>
          <Button variant={variant} size="sm">
            Small
          </Button>
          <Button variant={variant} loading>
            Busy
          </Button>
          <Button variant={variant} disabled>
            Disabled
          </Button>
        </div>
      ))}
    </div>
  ),
};
