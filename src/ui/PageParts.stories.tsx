import type { Meta, StoryObj } from '@storybook/react-vite';
import { CardsSkeleton, LoadError, PrintButton, StatCard } from './page-parts';
import { Fact, Facts, FailureAlert } from './parts';

const meta = {
  title: 'Kit/Page parts',
  component: StatCard,
  args: { label: 'Balance', value: '1 250 000 XOF' },
} satisfies Meta<typeof StatCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {
  render: () => (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Balance" value="1 250 000 XOF" big />
      <StatCard label="Credits" value="480 000 XOF" tone="credit" />
      <StatCard label="Debits" value="215 500 XOF" tone="debit" />
      <StatCard label="Transactions" value="312" />
    </dl>
  ),
};
export const CardsLoading: Story = { render: () => <CardsSkeleton count={4} /> };
export const LoadFailed: Story = {
  render: () => <LoadError message="The balances could not be loaded." onRetry={() => {}} />,
};
export const Print: Story = { render: () => <PrintButton /> };
export const RefusedRequest: Story = {
  render: () => (
    <FailureAlert
      failure={{
        message: 'The sender’s balance is too low for this amount and its fee.',
        code: 'INSUFFICIENT_FUNDS',
        network: false,
        outcomeUnknown: false,
      }}
    />
  ),
};
export const ReviewFacts: Story = {
  render: () => (
    <Facts className="max-w-xl rounded-lg bg-raised px-4">
      <Fact label="Beneficiary">Awa Ndiaye · +221 77 123 45 67</Fact>
      <Fact label="Amount">25 000 XOF</Fact>
      <Fact label="Fee">250 XOF</Fact>
    </Facts>
  ),
};
