import { fromPromise } from 'xstate';
import type { InboxPage } from '../../../contract/api/inbox';
import type { InboxKind } from '../../../contract/inbox';
import type { ApiClient } from '../../api/client';
import type { DecideItemInput, DecideItemOutput } from './inbox-machine';

/**
 * The inbox page's effects: the listing, a decision (and the second half of a one-time password
 * it may hand over), the clipboard, and telling the menu's count to ask again.
 */
export function inboxEffects(api: ApiClient, countChanged: () => void, copy: (text: string) => Promise<void>) {
  return {
    actors: {
      listInbox: fromPromise<InboxPage, { kind: InboxKind | '' }>(({ input, signal }) =>
        api.get<InboxPage>('inbox', { query: input.kind ? { kind: input.kind } : {}, signal }),
      ),
      decideItem: fromPromise<DecideItemOutput, DecideItemInput>(async ({ input }) => {
        const { secondHalf } = await api.post<DecideItemOutput>(
          `inbox/${input.item.kind}/${encodeURIComponent(input.item.id)}/decision`,
          { decision: input.decision, ...(input.reason ? { reason: input.reason } : {}) },
        );
        return secondHalf ? { secondHalf } : {};
      }),
      copyText: fromPromise<void, { text: string }>(({ input }) => copy(input.text)),
    },
    actions: { countChanged },
  };
}
