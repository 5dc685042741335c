/** One image re-encoded off the server's event loop: started by reencode-in-worker.ts, answers once. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ImageType, reencodeImage } from './reencode';

const { bytes, type, maxPixels } = workerData as { bytes: Uint8Array; type: ImageType; maxPixels: number };
const result = reencodeImage(bytes, type, maxPixels);
parentPort?.postMessage(result, result.ok ? [result.bytes.buffer as ArrayBuffer] : []);
