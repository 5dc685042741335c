// The tests that depend on what the Node.js runtime itself provides, run on a second runtime
// (CI: Node 24, the recommended one) without running the whole suite twice: the rest of the
// suite exercises our own code, which does not change with the runtime. What is here touches the
// runtime: its crypto (password hashing, TOTP, AES), streams, sockets and zlib (exports, the body
// limit, unread bodies, COPY), worker threads (image re-encoding), fetch and Blob (the API client,
// files), child processes (the CLI, the production start, a killed worker), the HTTP server
// itself, and one whole-app start in jsdom.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

const RUNTIME_TEST_FILES = [
  // crypto
  'server/resources/auth/password.test.ts',
  'server/resources/auth/auth.test.ts',
  'server/domain/two-factor/totp.test.ts',
  'server/resources/two-factor/two-factor.test.ts',
  // streams, zlib, binary bodies
  'server/resources/reports/export-csv.test.ts',
  'server/resources/reports/exports.test.ts',
  'server/resources/kyc/documents.test.ts',
  // worker threads
  'server/lib/images/reencode.test.ts',
  'server/resources/kyc/document-safety.test.ts',
  'server/http/body-limit.test.ts',
  'server/http/malformed-url.test.ts',
  'server/http/security-headers.test.ts',
  'server/http/unread-body.test.ts',
  // the server's start, the CLI, child processes
  'server/resources/health/health.test.ts',
  'server/db/seed-production.test.ts',
  'server/domain/users/create-user.test.ts',
  'server/test/faults/sigkill-bulk.test.ts',
  // fetch, Blob, File and workers as the dashboard's tests use them
  'src/api/client.test.ts',
  'src/ui/files/document-file.test.ts',
  'tests/unit/bulk-parse-sheet.test.ts',
  'tests/unit/bulk-template.test.ts',
  'src/features/qr/qr-machines.test.ts',
  // the whole app starting in jsdom
  'tests/unit/session.routes.test.tsx',
];

const missing = RUNTIME_TEST_FILES.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`The runtime suite names files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

console.log(`Runtime-sensitive tests on Node ${process.version} (${RUNTIME_TEST_FILES.length} files)...`);
const code = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...RUNTIME_TEST_FILES]);
process.exit(code);
