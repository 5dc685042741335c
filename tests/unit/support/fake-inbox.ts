/**
 * The approvals inbox over the fake API, for the shell's machines that follow it: one request
 * waits (a password reset), decided once; the inbox's event stream stays open and says what the
 * test pushes (counts, who holds what); presence is recorded (PUT and DELETE presence/{kind}/{id}).
 */
import type { InboxItem, InboxPage } from '../../../contract/api/inbox';
import { NO_FACTS } from '../../../contract/api/inbox-facts';
import { INBOX_COUNT_EVENT } from '../../../contract/inbox';
import { type HeldItem, PRESENCE_EVENT } from '../../../contract/presence';
import { type FakeApi, success } from './fake-api';

/** A request the network supervisor may decide, made by someone else. */
export function waitingReset(id: string, username: string): InboxItem {
  return {
    kind: 'change',
    id,
    subject: 'user.passwordReset',
    reference: null,
    party: `Reset password of ${username}`,
    maker: 'Awa Ndiaye',
    mine: false,
    amount: null,
    createdAt: '2026-11-22T09:00:00.000Z',
    expiresAt: '2026-11-23T09:00:00.000Z',
    canDecide: true,
    decider: 'second-admin',
    deciderBank: null,
    detailPath: '/users?user=12',
    outsideBands: null,
    facts: NO_FACTS,
    change: { kind: 'user.passwordReset', user: { id: Number(id), username, name: username }, flow: null },
  };
}

export function installFakeInbox(api: FakeApi, rows: InboxItem[]) {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const encoder = new TextEncoder();
  const page = (): InboxPage => ({
    rows,
    waiting: { transfer: 0, bulk: 0, chargeback: 0, wallet: 0, change: rows.length },
    bank: null,
    expired: [],
  });
  api.on('GET', 'inbox', () => ({ body: success(page()) }));
  api.on('GET', 'inbox/count', () => ({ body: success({ count: rows.length }) }));
  api.on('GET', 'inbox/stream', () => ({
    body: null,
    stream: new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) }),
  }));
  for (const row of rows) {
    api.on('POST', `inbox/${row.kind}/${row.id}/decision`, () => {
      rows = rows.filter((r) => r !== row);
      return { body: success({ kind: row.kind, id: row.id }) };
    });
    for (const method of ['PUT', 'DELETE'])
      api.on(method, `presence/${row.kind}/${row.id}`, () => ({ body: success({}) }));
  }
  const push = (event: string, data: unknown) => {
    const controller = streams.at(-1);
    if (!controller) throw new Error('No inbox stream is open');
    controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  };
  return {
    /** How many times the page has opened the stream. */
    streamsOpened: () => streams.length,
    pushCount: (count: number, version: string) => push(INBOX_COUNT_EVENT, { count, version }),
    pushHeld: (held: readonly HeldItem[]) => push(PRESENCE_EVENT, { held }),
    /** Ends every stream, as the server does when it stops. */
    close() {
      for (const controller of streams.splice(0)) {
        try {
          controller.close();
        } catch {
          // Already closed by the page going away.
        }
      }
    },
  };
}
