// @swc/core as dependency-cruiser sees it: the same parser, with JSX enabled for .tsx files.
// dependency-cruiser parses every TypeScript file with one set of options (no `tsx`), and the
// TypeScript 7 compiler it would otherwise use has no JavaScript API. See scripts/lint/depcruise.mjs.
import swc from '@swc/core';

export const version = swc.version;

export function parseSync(source, options) {
  return swc.parseSync(source, options);
}

export function parseFileSync(fileName, options) {
  return swc.parseFileSync(fileName, { ...options, tsx: fileName.endsWith('.tsx') });
}

export default { version, parseSync, parseFileSync };
