/**
 * The API's contract as integrators read it: builds the OpenAPI document from the route
 * definitions (no database, no server) and lints it with Redocly CLI's recommended rules
 * (redocly.yaml). A warning fails like an error. Offline: no telemetry, no update check.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApi } from '../../server/app';
import { buildOpenApiDocument } from '../../server/http/openapi-document';

const root = new URL('../../', import.meta.url).pathname;
const redocly = join(dirname(fileURLToPath(import.meta.resolve('@redocly/cli/package.json'))), 'bin/cli.js');
const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));

/** Redocly exits 0 on warnings alone, so the JSON report's totals decide. */
function lint(format: 'json' | 'codeframe') {
  return spawnSync(
    process.execPath,
    [
      redocly,
      'lint',
      'openapi.json',
      '--config',
      join(root, 'redocly.yaml'),
      '--format',
      format,
      '--max-problems',
      '1000',
    ],
    {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', format === 'json' ? 'pipe' : 'inherit', format === 'json' ? 'pipe' : 'inherit'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
    },
  );
}

let status = 1;
try {
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(buildOpenApiDocument(buildApi('pglite')), null, 2));
  const report = lint('json');
  const totals = (JSON.parse(report.stdout || '{}') as { totals?: { errors: number; warnings: number } }).totals;
  if (totals)
    console.log(`OpenAPI document: ${totals.errors} errors, ${totals.warnings} warnings (Redocly, recommended).`);
  if (totals && totals.errors + totals.warnings === 0 && report.status === 0) status = 0;
  else if (totals) lint('codeframe');
  else console.error(report.stderr);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
