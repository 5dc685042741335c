/// <reference lib="webworker" />
import type { ParseRequest } from './parse-file';
import { parseJob } from './parse-job';

/**
 * Parses and validates a file off the main thread: 50,000 rows take a while, and the page
 * must keep answering (scroll, cancel) meanwhile.
 */
self.onmessage = (event: MessageEvent<ParseRequest>) => {
  (self as unknown as Worker).postMessage(parseJob(event.data));
};
