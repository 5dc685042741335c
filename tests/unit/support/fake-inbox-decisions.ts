/**
 * The approvals inbox on top of the fake API (contract/api/inbox.ts): the waiting requests, each
 * decided once, the count with the version of what the inbox lists, and the event stream that
 * carries them, which a test writes to when the list changes on the "server".
 */
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import { INBOX_COUNT_EVENT, type InboxKind } from '../../../contract/inbox';
import { CHANGES_WITH_SECOND_HALF } from '../../../contract/staff-users';
import { type FakeApi, type RecordedCall, success } from './fake-api';

/** What an approved password reset hands its approver. */
export const FAKE_SECOND_HALF = 'jkmn-pqrs';

export function installFakeInbox(api: FakeApi, waiting: readonly InboxItem[]) {
  const rows = [...waiting];
  let version = 1;
  let write: ((text: string) => void) | null = null;
  const encoder = new TextEncoder();

  const countEvent = () =>
    `event: ${INBOX_COUNT_EVENT}\ndata: ${JSON.stringify({ count: rows.length, version: String(version) })}\n\n`;
  const page = (kind: string | null): InboxPage => ({
    rows: kind ? rows.filter((r) => r.kind === kind) : [...rows],
    waiting: {
      transfer: rows.filter((r) => r.kind === 'transfer').length,
      bulk: rows.filter((r) => r.kind === 'bulk').length,
      chargeback: rows.filter((r) => r.kind === 'chargeback').length,
      wallet: rows.filter((r) => r.kind === 'wallet').length,
      change: rows.filter((r) => r.kind === 'change').length,
    },
    bank: null,
    expired: [],
  });

  api.on('GET', 'inbox', (call) => ({ body: success(page(call.query.get('kind'))) }));
  api.on('GET', 'inbox/count', () => ({ body: success({ count: rows.length, version: String(version) }) }));
  const serve = (item: InboxItem) =>
    api.on('POST', `inbox/${item.kind}/${item.id}/decision`, (call) => {
      const at = rows.indexOf(item);
      if (at >= 0) rows.splice(at, 1);
      const handsOver =
        (call.body as { decision?: string }).decision === 'approve' &&
        (CHANGES_WITH_SECOND_HALF as readonly string[]).includes(item.subject);
      return {
        body: success({ kind: item.kind, id: item.id, ...(handsOver ? { secondHalf: FAKE_SECOND_HALF } : {}) }),
      };
    });
  for (const item of rows) serve(item);

  // The stream stays open: it is read as it comes, and a test writes to it.
  const jsonFetch = api.fetch;
  api.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (!url.pathname.endsWith('/inbox/stream')) return jsonFetch(input, init);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        write = (text) => controller.enqueue(encoder.encode(text));
        write(countEvent());
        init?.signal?.addEventListener('abort', () => {
          write = null;
          controller.close();
        });
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;

  return {
    /** A request arrives on the server: the stream says the list changed. */
    arrive(item: InboxItem) {
      rows.push(item);
      serve(item);
    },
    /** What the inbox lists changed: the stream carries the new version. */
    changed() {
      version++;
      write?.(countEvent());
    },
    rows: () => [...rows],
    decisionCalls: (): RecordedCall[] =>
      api.calls.filter((c) => c.method === 'POST' && /^inbox\/.+\/decision$/.test(c.path)),
    listCalls: (kind?: InboxKind) =>
      api.callsTo('inbox', 'GET').filter((c) => (kind ? c.query.get('kind') === kind : true)),
  };
}
