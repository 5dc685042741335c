// Runs dependency-cruiser on the whole repository with the rules of .dependency-cruiser.cjs,
// parsing TypeScript and TSX with swc (see swc-tsx.mjs for why). Exits non-zero on a violation.
import { register } from 'node:module';

register('./swc-tsx-hook.mjs', import.meta.url);
process.argv = [
  process.argv[0],
  'depcruise',
  'src',
  'server',
  'contract',
  'tests',
  'bench',
  'scripts',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  process.argv[2] ?? 'err',
];
await import(new URL('../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url).href);
