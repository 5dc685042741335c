import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, setup } from 'xstate';
import type { ApiClient } from '../api/client';
import { inboxCountWatcher } from './inbox-watch';

/** A stream body carrying these server-sent events, then ending. */
const streamOf = (events: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const event of events) controller.enqueue(new TextEncoder().encode(event));
      controller.close();
    },
  });

/** The watcher over an API whose first stream carries `events`; then the stream fails. */
async function watch(events: string[]) {
  let streams = 0;
  const api = {
    call: async (key: string) => {
      if (key === 'GET /inbox/count') return { count: 1, version: 'v' };
      streams += 1;
      if (streams > 1) throw new Error('offline');
      return streamOf(events);
    },
  } as unknown as ApiClient;
  const timers = { setTimeout: () => 0, clearTimeout: () => undefined };
  const received: EventObject[] = [];
  const parent = createActor(
    setup({ actors: { watch: inboxCountWatcher(api, timers) } }).createMachine({
      invoke: { src: 'watch' },
      on: { '*': { actions: ({ event }) => received.push(event) } },
    }),
  );
  parent.start();
  for (let i = 0; i < 50 && streams < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 5));
  parent.stop();
  return received;
}

describe('the inbox stream watcher', () => {
  it('passes on who else holds what, from the same stream as the count', async () => {
    const held = [{ kind: 'kyc', id: 'CUS-000004', by: ['Awa Ndiaye'] }];
    const received = await watch([
      'event: count\ndata: {"count":2,"version":"a"}\n\n',
      `event: presence\ndata: ${JSON.stringify({ held })}\n\n`,
    ]);
    expect(received.slice(0, 2)).toEqual([
      { type: 'inbox.count', count: 2, version: 'a' },
      { type: 'inbox.presence', held },
    ]);
  });

  it('forgets every holder when the stream fails: a name nobody refreshes would stay for good', async () => {
    const received = await watch([
      'event: count\ndata: {"count":2,"version":"a"}\n\n',
      'event: presence\ndata: {"held":[{"kind":"transfer","id":"3","by":["Fatou Sow"]}]}\n\n',
    ]);
    expect(received.filter((e) => e.type === 'inbox.presence').at(-1)).toEqual({ type: 'inbox.presence', held: [] });
  });
});
