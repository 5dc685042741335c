/**
 * Every translation key the source writes out must have a string in English and in French,
 * and must be there when the code that uses it renders: a feature may use the translator's own
 * parts (core, shell, kit: src/i18n/en.ts) and the sections its own pages register
 * (usePageMessages / addPageMessages); the kit may use only its own parts and what the kit
 * registers itself. A key that is missing shows through as the key itself, which no type
 * check catches, since t() takes any string.
 *
 * Read from the source text: `t('a.b')`, `t("a.b")`, and templates whose `${NAME}` parts are
 * string constants (`t(`${K}.title`)` with `const K = 'x'`, `import { X_KEY as K }`, an
 * exported `const X = 'x'`). Dynamic keys are out of scope: a template with any other
 * `${…}`, a key chosen by a condition (`t(open ? 'a' : 'b')`) or passed around in a variable
 * or an object (a table of preset keys, a machine's error key) is not checked here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en as ownEn } from '../../src/i18n/en';
import { fr as ownFr } from '../../src/i18n/fr';
import type { Language } from '../../src/i18n/languages';
import type { Messages } from '../../src/i18n/translator';
import { ALL_MESSAGES } from '../messages';

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const FILES = sourceFiles(SRC);
const TEXT = new Map(FILES.map((file) => [file, readFileSync(file, 'utf8')]));

const STRING = String.raw`'([^'\\\n]*)'|"([^"\\\n]*)"`;
const EXPORTED = new RegExp(String.raw`export const (\w+)(?:: string)? = (?:${STRING});`, 'g');
const LOCAL = new RegExp(String.raw`^(?:export )?const (\w+)(?:: string)? = (?:${STRING}|(\w+));`, 'gm');
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*'(\.[^']*)'/g;

/** The module a relative import names, if it is one of the source files. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => TEXT.has(path));
}

function exportedStrings(file: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of (TEXT.get(file) ?? '').matchAll(EXPORTED)) found.set(m[1] as string, m[2] ?? m[3] ?? '');
  return found;
}

/** The string constants a file can name: its imports of exported constants, then its own. */
function constantsOf(file: string): Map<string, string> {
  const text = TEXT.get(file) ?? '';
  const names = new Map<string, string>();
  for (const m of text.matchAll(IMPORT)) {
    const module = resolveImport(file, m[2] as string);
    if (!module) continue;
    const exported = exportedStrings(module);
    for (const part of (m[1] as string).split(',')) {
      const [name, alias] = part
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      const value = name ? exported.get(name) : undefined;
      if (name && value !== undefined) names.set(alias ?? name, value);
    }
  }
  for (const m of text.matchAll(LOCAL)) {
    const value = m[2] ?? m[3] ?? (m[4] ? names.get(m[4]) : undefined);
    if (value !== undefined) names.set(m[1] as string, value);
  }
  return names;
}

/** `${NAME}` replaced by the constant's value; undefined when any part is not a known constant. */
function resolveTemplate(template: string, constants: Map<string, string>): string | undefined {
  let dynamic = false;
  const key = template.replace(/\$\{\s*(\w+)\s*\}|\$\{[^}]*\}/g, (_, name: string | undefined) => {
    const value = name ? constants.get(name) : undefined;
    if (value === undefined) dynamic = true;
    return value ?? '';
  });
  return dynamic ? undefined : key;
}

interface Use {
  file: string;
  key: string;
}

const CALL = new RegExp(String.raw`\bt\(\s*(?:${STRING}|\`([^\`]*)\`)\s*[,)]`, 'g');
const REGISTER = /(?:usePageMessages|addPageMessages)\(\s*(?:[\w.]+,\s*)?(?:'(\w+)'|(\w+))\s*,/g;

function keysUsed(file: string): Use[] {
  const text = TEXT.get(file) ?? '';
  const constants = constantsOf(file);
  const uses: Use[] = [];
  for (const m of text.matchAll(CALL)) {
    const key = m[3] === undefined ? (m[1] ?? m[2]) : resolveTemplate(m[3], constants);
    if (key) uses.push({ file, key });
  }
  return uses;
}

/** src/features/<name>/… → that feature; anything else is the kit. */
const ownerOf = (file: string) => /^src\/features\/([^/]+)\//.exec(relative(ROOT, file))?.[1] ?? 'kit';

/** The sections each owner's pages register, by owner. */
function registeredSections(): Map<string, Set<string>> {
  const sections = new Map<string, Set<string>>();
  // page-messages.ts is the mechanism itself: its calls pass their key on.
  for (const file of FILES.filter((f) => !f.endsWith('/i18n/page-messages.ts'))) {
    const constants = constantsOf(file);
    for (const m of (TEXT.get(file) ?? '').matchAll(REGISTER)) {
      const section = m[1] ?? constants.get(m[2] as string);
      if (!section) throw new Error(`${relative(ROOT, file)} registers messages under a key this test cannot read`);
      const owner = ownerOf(file);
      sections.set(owner, (sections.get(owner) ?? new Set()).add(section));
    }
  }
  return sections;
}

function lookup(table: Messages, key: string): unknown {
  let node: unknown = table;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Messages)[part] : undefined;
  return node;
}

/** As t() finds it: the string itself, or its plural forms. */
const hasString = (table: Messages, key: string) =>
  typeof lookup(table, key) === 'string' || typeof lookup(table, `${key}_other`) === 'string';

const OWN: Record<Language, Messages> = { en: ownEn, fr: ownFr };
const LANGUAGES: Language[] = ['en', 'fr'];

/** Where the key would be missing, `<file>: <key> (<language>)`; empty when it is found. */
function missingKeys(uses: readonly Use[], registered: Map<string, Set<string>>): string[] {
  return uses.flatMap(({ file, key }) =>
    LANGUAGES.filter((lng) => {
      if (hasString(OWN[lng], key)) return false;
      const section = key.split('.')[0] ?? '';
      return !(registered.get(ownerOf(file))?.has(section) && hasString(ALL_MESSAGES[lng], key));
    }).map((lng) => `${relative(ROOT, file)}: ${key} (${lng})`),
  );
}

describe('translation keys written in the source', () => {
  const uses = FILES.flatMap(keysUsed);
  const registered = registeredSections();

  it('are read from the source, literal and with constant prefixes', () => {
    const keys = new Set(uses.map((u) => u.key));
    // Too few would mean the scan stopped matching the way the source calls t().
    expect(uses.length).toBeGreaterThan(500);
    for (const key of ['login.title', 'reports.pager.next', 'banners.editor.title', 'transfers.review'])
      expect(keys).toContain(key);
  });

  it('have a string in English and in French where they are used', () => {
    expect(missingKeys(uses, registered)).toEqual([]);
  });

  it('would report a key that is missing, or that only another feature registers', () => {
    const file = join(SRC, 'features/network/NetworkTreePage.tsx');
    expect(missingKeys([{ file, key: 'network.noSuchKey' }], registered)).toEqual([
      'src/features/network/NetworkTreePage.tsx: network.noSuchKey (en)',
      'src/features/network/NetworkTreePage.tsx: network.noSuchKey (fr)',
    ]);
    expect(missingKeys([{ file, key: 'students.onboard.title' }], registered)).toHaveLength(2);
    expect(missingKeys([{ file: join(SRC, 'ui/values.tsx'), key: 'reports.columns' }], registered)).toHaveLength(2);
  });
});
