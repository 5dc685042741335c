import { type EventObject, fromCallback } from 'xstate';
import type { countInbox, streamInboxCount } from '../../contract/api/inbox';
import { INBOX_COUNT_EVENT } from '../../contract/inbox';
import { type HeldItem, PRESENCE_EVENT } from '../../contract/presence';
import { ApiRequestError, type ApiClient } from '../api/client';
import type { WatchCountLogic } from '../machines/inbox-count';

/** Where the event stream cannot be read, the count is asked for at most this often. */
const INBOX_POLL_MS = 30_000;

interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}

/** 401 and 403: this session may not know the count (signed out, or no inbox in its menu). */
const isRefused = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

type WaitingState = { count: number; version?: string };

/**
 * Reads a server-sent event stream until it ends: `count` events to `report`, `presence` events
 * (who else has what open) to `reportHeld`. Answers whether any count came.
 */
async function readCounts(
  body: ReadableStream<Uint8Array>,
  report: (state: WaitingState) => void,
  reportHeld: (held: HeldItem[]) => void,
): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let any = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return any;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      const lines = event.split('\n');
      const data = lines.find((l) => l.startsWith('data: '))?.slice('data: '.length);
      if (lines.includes(`event: ${PRESENCE_EVENT}`)) {
        const { held } = data ? (JSON.parse(data) as { held?: unknown }) : {};
        if (Array.isArray(held)) reportHeld(held as HeldItem[]);
        continue;
      }
      if (!lines.includes(`event: ${INBOX_COUNT_EVENT}`)) continue;
      const { count, version } = data ? (JSON.parse(data) as { count?: unknown; version?: unknown }) : {};
      if (typeof count === 'number') {
        any = true;
        report({ count, version: typeof version === 'string' ? version : undefined });
      }
    }
  }
}

/**
 * The count as the server pushes it: one event stream at a time (GET inbox/stream, read with
 * fetch because EventSource cannot send the session header), opened again when the server ends
 * it. Where streams cannot be read, or a stream fails, GET inbox/count every 30 s instead.
 */
export function inboxCountWatcher(api: ApiClient, timers: Timers = globalThis as unknown as Timers): WatchCountLogic {
  return fromCallback<EventObject>(({ sendBack, receive }) => {
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: unknown = null;
    const report = ({ count, version }: WaitingState) => {
      if (!stopped) sendBack({ type: 'inbox.count', count, version });
    };
    const reportHeld = (held: HeldItem[]) => {
      if (!stopped) sendBack({ type: 'inbox.presence', held });
    };
    const later = (run: () => void) => {
      timer = timers.setTimeout(run, INBOX_POLL_MS);
    };
    const askOnce = async () => {
      try {
        report(await api.call<typeof countInbox>('GET /inbox/count'));
        return true;
      } catch (error) {
        return !isRefused(error);
      }
    };
    const poll = async () => {
      if (stopped) return;
      if (await askOnce()) later(() => void poll());
    };
    const stream = async () => {
      while (!stopped) {
        controller = new AbortController();
        try {
          const body = await api.call<typeof streamInboxCount>('GET /inbox/stream', {
            read: 'stream',
            signal: controller.signal,
          });
          if (!(await readCounts(body, report, reportHeld))) throw new Error('The stream carried no count');
        } catch (error) {
          if (stopped || isRefused(error)) return;
          // Without a stream nobody says who holds what: better nothing than a stale name.
          reportHeld([]);
          // Ask once now, then try a stream again after a while.
          if (await askOnce()) later(() => void stream());
          return;
        }
      }
    };
    receive((event) => {
      if (event.type === 'inbox.refresh') void askOnce();
    });
    void (typeof ReadableStream !== 'undefined' ? stream() : poll());
    return () => {
      stopped = true;
      controller?.abort();
      if (timer !== null) timers.clearTimeout(timer as never);
    };
  });
}
