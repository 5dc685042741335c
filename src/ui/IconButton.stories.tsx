import type { Meta, StoryObj } from '@storybook/react-vite';
import { Printer, Trash2, X } from 'lucide-react';
import { IconButton } from './IconButton';

const meta = {
  title: 'Kit/IconButton',
  component: IconButton,
  args: { label: 'Close', icon: <X size={18} aria-hidden /> },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {};
export const Secondary: Story = {
  args: { variant: 'secondary', label: 'Print', icon: <Printer size={18} aria-hidden /> },
};
export const Danger: Story = { args: { variant: 'danger', label: 'Delete', icon: <Trash2 size={18} aria-hidden /> } };
export const Small: Story = { args: { size: 'sm' } };
export const Disabled: Story = { args: { disabled: true } };
