import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { usePageMessages } from '../../i18n/page-messages';
import { actorAt, type Step } from '../../ui/story-support/actor-at';
import { useStoryLanguage } from '../../ui/story-support/story-language';
import { TRANSFER_MESSAGES, TRANSFER_MESSAGES_KEY } from './messages';
import { transferEffects } from './transfer-actors';
import { CASH_OUT, LIVE_CODE, OPTIONS, quoteOf, resultOf } from './transfer.fixtures';
import type { FieldName } from './transfer-form';
import { transferFlowMachine } from './transfer-flow-machine';
import { TransferSteps } from './TransferSteps';
import type { TransferActor } from './useTransferForm';

/** An agent's cash-out page, step by step, over fixtures: the API's answers without a server. */
const cashOut = transferFlowMachine.provide({
  actors: {
    loadOptions: fromPromise(async () => OPTIONS),
    quoteTransfer: fromPromise(async ({ input }) => quoteOf(input.request)),
    checkWithdrawalCode: fromPromise(async ({ input }) => ({ valid: input.request.withdrawalCode === LIVE_CODE })),
    submitTransfer: fromPromise(async ({ input }) => resultOf(input.request)),
  },
  actions: transferEffects,
});

type TransferStep = Step<typeof transferFlowMachine>;
const on =
  (screen: string): TransferStep =>
  (s) =>
    s.hasTag(screen) && !s.hasTag('busy');
const type = (field: FieldName, value: string): TransferStep => ({ type: 'form.change', field, value });
const filled = (code: string) => [
  type('counterparty', '77 234 56 78'),
  type('amount', '25 000'),
  type('withdrawalCode', code),
  type('note', 'Retrait au guichet'),
];
const at =
  (...steps: TransferStep[]) =>
  async () => ({ actor: await actorAt(cashOut, { input: { flow: CASH_OUT } }, on('form'), ...steps) });

function CashOut({ actor }: { actor: TransferActor }) {
  usePageMessages(TRANSFER_MESSAGES_KEY, TRANSFER_MESSAGES);
  const lang = useStoryLanguage();
  return <TransferSteps actor={actor} title={CASH_OUT.title[lang]} lang={lang} />;
}

const meta = {
  title: 'Pages/Transfer',
  render: (_, { loaded }) => <CashOut actor={loaded.actor as TransferActor} />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The form as it opens: the agent's till and balance above it. */
export const Form: Story = { loaders: [at()] };
/** Sent as typed: each field says what is wrong with it. */
export const FormWithErrors: Story = {
  loaders: [
    at(type('counterparty', '77 12'), type('amount', '12,5'), type('withdrawalCode', '8598'), {
      type: 'form.submit',
    }),
  ],
};
/** The code is not the customer's live one: the server said so, and the form says it on the field. */
export const WrongWithdrawalCode: Story = {
  loaders: [at(...filled('123456'), { type: 'form.submit' }, on('form'))],
};
/** What the server's quote says will happen: the fee, the commission and the till's balance after. */
export const Review: Story = { loaders: [at(...filled(LIVE_CODE), { type: 'form.submit' }, on('review'))] };
export const Receipt: Story = {
  loaders: [at(...filled(LIVE_CODE), { type: 'form.submit' }, on('review'), { type: 'review.confirm' }, on('receipt'))],
};
