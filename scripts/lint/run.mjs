// `npm run lint`: every static check of the repository, in order, stopping at the first that
// fails: Biome's lint rules, Biome's formatting (checked, never rewritten here), the import
// rules of docs/architecture.md (dependency-cruiser) and unused files, exports and
// dependencies (knip) and the API's OpenAPI document (Redocly's recommended rules).
import { root, run } from '../lib.mjs';

const node = process.execPath;
const checks = [
  ['Biome lint', ['node_modules/@biomejs/biome/bin/biome', 'lint', '--error-on-warnings', '.']],
  ['Biome format', ['node_modules/@biomejs/biome/bin/biome', 'format', '.']],
  ['Import rules (dependency-cruiser)', ['scripts/lint/depcruise.mjs']],
  ['Unused code (knip)', ['node_modules/knip/bin/knip.js', '--no-progress']],
  ['API contract (Redocly, OpenAPI)', ['node_modules/tsx/dist/cli.mjs', 'scripts/lint/openapi.ts']],
];

for (const [title, args] of checks) {
  console.log(`\n· ${title}`);
  const code = await run(node, args, { cwd: root });
  if (code !== 0) {
    console.error(`✗ ${title} found problems (exit ${code}).`);
    process.exit(code || 1);
  }
}
