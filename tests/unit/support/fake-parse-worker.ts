/**
 * jsdom has no Web Worker. This stands in for the one the bulk page starts
 * (src/bulk/parse-file.ts → parse-worker.ts): it runs the worker's job (parseJob) on the
 * posted message and answers through `onmessage` on a later task, with structured clones
 * both ways as a real worker does. A test can hold the next answer to see the page while the
 * file is being read, and sees every worker created, with its URL and options.
 */
import { vi } from 'vitest';
import type { ParseRequest } from '../../../src/features/bulk/parse-file';
import { parseJob } from '../../../src/features/bulk/parse-job';

export interface CreatedWorker {
  url: string;
  options: WorkerOptions | undefined;
  messages: number;
  terminated: boolean;
}

export type FakeParseWorkers = ReturnType<typeof installFakeParseWorker>;

/** Replaces the global Worker until `vi.unstubAllGlobals()`. */
export function installFakeParseWorker() {
  const created: CreatedWorker[] = [];
  const holds: { gate: Promise<void>; reached: () => void }[] = [];

  class FakeParseWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    private readonly record: CreatedWorker;

    constructor(url: string | URL, options?: WorkerOptions) {
      this.record = { url: String(url), options, messages: 0, terminated: false };
      created.push(this.record);
    }

    postMessage(message: ParseRequest, _transfer?: Transferable[]) {
      this.record.messages += 1;
      const request = structuredClone(message);
      const hold = holds.shift();
      const answer = () => {
        // A terminated worker answers nothing (the page let go of it).
        if (this.record.terminated) return;
        this.onmessage?.(new MessageEvent('message', { data: structuredClone(parseJob(request)) }));
      };
      if (hold) {
        hold.reached();
        void hold.gate.then(() => setTimeout(answer, 0));
      } else setTimeout(answer, 0);
    }

    terminate() {
      this.record.terminated = true;
    }

    addEventListener() {
      throw new Error('The fake parse worker supports onmessage/onerror only');
    }
  }

  vi.stubGlobal('Worker', FakeParseWorker);

  return {
    /** Every worker the page created, oldest first. */
    created,
    /** Holds the answer to the next file until `release()`; `reached` resolves once it was posted. */
    hold() {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const reachedPromise = new Promise<void>((resolve) => {
        reached = resolve;
      });
      holds.push({ gate, reached });
      return { release, reached: reachedPromise };
    },
  };
}
