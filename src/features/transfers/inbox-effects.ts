import { fromPromise } from 'xstate';
import type { InboxKind, InboxPage } from '../../../contract/inbox';
import type { ApiClient } from '../../api/client';
import type { DecideItemInput } from './inbox-machine';

/** The inbox page's effects: the listing, a decision, and telling the menu's count to ask again. */
export function inboxEffects(api: ApiClient, countChanged: () => void) {
  return {
    actors: {
      listInbox: fromPromise<InboxPage, { kind: InboxKind | '' }>(({ input, signal }) =>
        api.get<InboxPage>('inbox', { query: input.kind ? { kind: input.kind } : {}, signal }),
      ),
      decideItem: fromPromise<void, DecideItemInput>(async ({ input }) => {
        await api.post(`inbox/${input.item.kind}/${encodeURIComponent(input.item.id)}/decision`, {
          decision: input.decision,
          ...(input.reason ? { reason: input.reason } : {}),
        });
      }),
    },
    actions: { countChanged },
  };
}
