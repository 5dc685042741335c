import type { Meta, StoryObj } from '@storybook/react-vite';
import { SecretDialog } from './SecretDialog';

const meta = {
  title: 'Kit/SecretDialog',
  component: SecretDialog,
  args: {
    open: true,
    title: 'One-time password for Awa Ndiaye',
    description: 'Give it to the user in person. It is shown once; they choose their own at the next sign-in.',
    value: 'kT4p-9QzX-mw2R',
    testId: 'one-time-password',
    copied: false,
    labels: { copy: 'Copy', copied: 'Copied', done: 'Done' },
    onCopy: () => {},
    onDone: () => {},
  },
} satisfies Meta<typeof SecretDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WholePassword: Story = {};
export const HalfCopied: Story = {
  args: {
    label: 'First half: the second goes to the approving administrator',
    value: 'kT4p-9Q',
    part: 'first',
    copied: true,
  },
};
