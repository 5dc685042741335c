// A worker thread starts without the server's TypeScript loader when the server itself runs
// under a test runner: it registers tsx (a dependency of the server) before loading the worker.
import { register } from 'tsx/esm/api';

register();
await import('./reencode.worker.ts');
