import type { Meta, StoryObj } from '@storybook/react-vite';
import { InlineAlert } from './InlineAlert';

const meta = {
  title: 'Kit/InlineAlert',
  component: InlineAlert,
  args: { children: 'Wrong username or password.' },
} satisfies Meta<typeof InlineAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Short: Story = {};
export const Long: Story = {
  args: {
    children:
      'Too many failed sign-ins from this address. Wait 30 seconds before trying again; other addresses are not slowed down.',
  },
};
