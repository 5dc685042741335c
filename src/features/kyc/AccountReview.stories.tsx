import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { ROUTES } from '../../../contract/navigation/routes';
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { actorAt, type Step } from '../../ui/story-support/actor-at';
import { withMemoryRouter } from '../../ui/story-support/memory-router';
import { useStoryLanguage } from '../../ui/story-support/story-language';
import { AccountReviewView } from './AccountReviewView';
import { KYC_MESSAGES, KYC_MESSAGES_KEY } from './messages';
import { decided, documentBytes, PENDING_ACCOUNT } from './review.fixtures';
import { type ReviewActor, reviewMachine } from './review-machine';

/** The reviewer's page of one customer, over fixtures: the API's answers without a server. */
const review = reviewMachine.provide({
  actors: {
    loadAccount: fromPromise(async () => PENDING_ACCOUNT),
    decide: fromPromise(async ({ input }) => decided(PENDING_ACCOUNT, input.body)),
  },
});

const shown: Step<typeof reviewMachine> = (s) => s.matches('ready');
const at =
  (...steps: Step<typeof reviewMachine>[]) =>
  async () => ({
    actor: await actorAt(review, { input: { number: PENDING_ACCOUNT.account.number } }, shown, ...steps),
  });

function Review({ actor, heldBy }: { actor: ReviewActor; heldBy?: string[] }) {
  usePageMessages(KYC_MESSAGES_KEY, KYC_MESSAGES);
  const lang = useStoryLanguage();
  return (
    <PageFrame title={ROUTES['/customers'].title[lang]}>
      <AccountReviewView
        actor={actor}
        fetchContent={documentBytes}
        number={PENDING_ACCOUNT.account.number}
        lang={lang}
        backSearch={{}}
        pathname="/customers"
        heldBy={heldBy}
      />
    </PageFrame>
  );
}

const meta = {
  title: 'Pages/KYC review',
  decorators: [withMemoryRouter],
  render: (_, { loaded }) => (
    <Review actor={loaded.actor as ReviewActor} heldBy={loaded.heldBy as string[] | undefined} />
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Waiting for a decision, after an earlier request for a better photo. */
export const Pending: Story = { loaders: [at()] };
/** Another reviewer has the same case open (decision 050). */
export const HeldByAnotherReviewer: Story = {
  loaders: [async () => ({ ...(await at()()), heldBy: ['Awa Ndiaye'] })],
};
export const ApproveDialog: Story = { loaders: [at({ type: 'decision.start', decision: 'approve' })] };
export const RejectDialog: Story = { loaders: [at({ type: 'decision.start', decision: 'reject' })] };
/** Rejecting needs a reason: confirmed without one, the dialog says so on its field. */
export const RejectWithoutReason: Story = {
  loaders: [at({ type: 'decision.start', decision: 'reject' }, { type: 'decision.confirm' })],
};
