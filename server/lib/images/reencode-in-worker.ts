/**
 * Re-encoding a phone photo takes about a second of pure JavaScript; on the server's own thread
 * it would stall every other request meanwhile. Each image gets a worker thread of its own, at
 * most two at a time (more would only share the same cores), and a time limit: a crafted file
 * (a progressive JPEG of countless scans) must not keep a core for ever.
 */
import { Worker } from 'node:worker_threads';
import { type ImageType, inspectImage, type Reencoded } from './reencode';

const BOOT = new URL('./reencode-worker-boot.mjs', import.meta.url);
const MAX_RUNNING = 2;
const TIME_LIMIT_MS = 20_000;
/** The decoder's own structures; the pixels themselves are bounded by the pixel limit. */
const HEAP_LIMIT_MB = 256;

export type WorkerReencoded = Reencoded | { ok: false; problem: 'too-slow' };

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export async function reencodeInWorker(
  bytes: Uint8Array,
  type: ImageType,
  maxPixels: number,
): Promise<WorkerReencoded> {
  const inspected = inspectImage(bytes, type, maxPixels);
  if ('ok' in inspected) return inspected;
  const done = await takeTurn();
  try {
    return await runWorker(bytes, type, maxPixels);
  } finally {
    done();
  }
}

function runWorker(bytes: Uint8Array, type: ImageType, maxPixels: number): Promise<WorkerReencoded> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, {
      workerData: { bytes, type, maxPixels },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => resolve({ ok: false, problem: 'too-slow' })), TIME_LIMIT_MS);
    worker.once('message', (result: Reencoded) => settle(() => resolve(result)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        // Out of memory is the file's doing; anything else is the server's.
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, problem: 'unreadable' }) : reject(error),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`The image worker stopped (exit code ${code})`))));
  });
}
