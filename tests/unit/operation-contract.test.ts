/**
 * The dashboard and the API are typed from one operation definition (contract/api): a field
 * renamed there must fail the typecheck on both sides, not only at run time. Proven by renaming
 * one in a copy of the sources and running the compiler on it.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Vitest runs from the repository's root. */
const root = process.cwd();
const copy = mkdtempSync(join(tmpdir(), 'operation-contract-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

function typecheckWith(file: string, edit: (source: string) => string): string {
  for (const dir of ['src', 'server', 'contract', 'tests', 'scripts', 'bench']) {
    cpSync(join(root, dir), join(copy, dir), { recursive: true, filter: (from) => !from.includes('__screenshots__') });
  }
  for (const entry of readdirSync(root)) if (entry.endsWith('.ts')) cpSync(join(root, entry), join(copy, entry));
  cpSync(join(root, 'tsconfig.json'), join(copy, 'tsconfig.json'));
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  const path = join(copy, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  writeFileSync(path, after);
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', copy, '--noEmit'], {
      cwd: copy,
      encoding: 'utf8',
    });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout);
  }
}

describe('an operation defined once (docs/decisions/037-operations-defined-once.md)', () => {
  it('fails the typecheck of the dashboard and of the API when a response field is renamed', () => {
    const errors = typecheckWith('contract/api/banks.ts', (source) =>
      source.replace(/(const bankView = z\s*\.object\(\{[^}]*?)\bname: z\.string\(\)/, '$1bankName: z.string()'),
    );
    // The banks page reads the bank's name; the API's handler returns rows with a name.
    expect(errors).toMatch(/^src\/features\/banks\/BankTable\.tsx.*error TS2339: Property 'name' does not exist/m);
    expect(errors).toMatch(/^server\/resources\/banks\/banks\.ts.*error TS2353: .*'name' does not exist/m);
    // Nothing else broke: every error is about the renamed field.
    for (const line of errors.trim().split('\n')) expect(line).toMatch(/'name'|bankName/);
  }, 300_000);
});
