/**
 * Every token class the app writes has a rule in the stylesheet the build makes. Tailwind 4
 * generates nothing for a class it cannot resolve (`text-brand-1000` when the brand scale stops
 * at 950, a token renamed in src/ui/theme.css, a misspelt variant), so the element silently
 * loses its colour. The stylesheet is compiled here as @tailwindcss/vite compiles it: the same
 * compiler and scanner, the same @source rules, no `npm run build` needed. Stories and tests are
 * not part of the app, and comment lines are prose, so neither is read.
 */
import { readFileSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';
import { compile } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const STYLESHEET = resolve(ROOT, 'src/ui/styles.css');

/** Utilities whose value names a theme variable: colours, radii, fonts, shadows and the sizes theme.css adds. */
const TOKEN_UTILITY =
  /^-?(?:text|bg|border(?:-[xytrblse])?|divide(?:-[xy])?|ring(?:-offset)?|outline|fill|stroke|decoration|placeholder|from|via|to|shadow|inset-shadow|accent|caret|rounded(?:-[trblse]{1,2})?|font|w|max-h)-/;
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*|\{\/\*)/;

type Source = { file: string; text: string };
type Found = { file: string; line: number; candidate: string };
type App = Awaited<ReturnType<typeof compileApp>>;

async function compileApp() {
  const compiler = await compile(readFileSync(STYLESHEET, 'utf8'), {
    base: dirname(STYLESHEET),
    onDependency: () => {},
  });
  const { root } = compiler;
  const roots = root === 'none' ? [] : [{ ...(root ?? { base: ROOT, pattern: '**/*' }), negated: false }];
  const scanner = new Scanner({ sources: [...roots, ...compiler.sources] });
  const candidates = scanner.scan();
  return { compiler, scanner, candidates, files: scanner.files };
}

/** A candidate's variants and utility; a variant's brackets may hold a colon (`supports-[display:grid]:`). */
function variantsAndUtility(candidate: string): { variants: number; utility: string } {
  let depth = 0;
  let start = 0;
  let variants = 0;
  for (let index = 0; index < candidate.length; index++) {
    const char = candidate[index];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      variants++;
      start = index + 1;
    }
  }
  return { variants, utility: candidate.slice(start).replace(/^!|!$/g, '') };
}

/** A variant can be misspelt or undeclared (`dark:` lives in theme.css), so every class with one is checked. */
function isTokenClass(candidate: string): boolean {
  const { variants, utility } = variantsAndUtility(candidate);
  return variants > 0 || TOKEN_UTILITY.test(utility);
}

/** The token classes a source writes, found by the scanner the build uses, with their line. */
function tokenClassesIn(scanner: Scanner, { file, text }: Source): Found[] {
  const lines = text.split('\n');
  return scanner
    .getCandidatesWithPositions({ content: text, extension: extname(file).slice(1) })
    .filter(({ candidate }) => isTokenClass(candidate))
    .map(({ candidate, position }) => ({ file, line: text.slice(0, position).split('\n').length, candidate }))
    .filter(({ line }) => !COMMENT_LINE.test(lines[line - 1] ?? ''));
}

/** The classes the CSS's selectors name, unescaped: `.hover\:bg-raised:hover` names `hover:bg-raised`. */
function selectorClasses(css: string): Set<string> {
  const escaped = css.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g);
  return new Set(
    [...escaped].map(([, name = '']) =>
      name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string) =>
        hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
      ),
    ),
  );
}

/** Each found class without a rule as `file:line class`, the CSS built from the app's classes and these. */
function classesWithoutRule(app: App, found: Found[]): string[] {
  const defined = selectorClasses(app.compiler.build([...app.candidates, ...found.map(({ candidate }) => candidate)]));
  return found
    .filter(({ candidate }) => !defined.has(candidate))
    .map(({ file, line, candidate }) => `${file}:${line} ${candidate}`);
}

function isAppFile(file: string): boolean {
  return !/\.(test|spec|stories|fixtures)\.tsx?$/.test(file);
}

describe('every token class the app writes has a rule in the built CSS', () => {
  it('no app file writes a colour, radius, font, shadow or variant class that generates nothing', async () => {
    const app = await compileApp();
    const sources = app.files
      .filter(isAppFile)
      .sort()
      .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }));
    expect(sources.length).toBeGreaterThan(300);
    const found = sources.flatMap((source) => tokenClassesIn(app.scanner, source));
    expect(found.length).toBeGreaterThan(1000);
    expect(classesWithoutRule(app, found)).toEqual([]);
  });

  it('names the file, the line and the class of an undefined token or variant, and lets real ones pass', async () => {
    const app = await compileApp();
    const text = [
      "const LINK = 'font-medium text-brand-700 hover:text-brand-1000 rounded-xl';",
      '<p title="Déjà vu" className="bg-nonexistent shadow-overlay dark:bg-raised/60 w-menu" />',
      "clsx('ring-1 ring-warning-line', open && 'data-[state=open]:bg-info-soft dark:text-inkk')",
      '// a text-only note, to-do: bg-nonexistent is prose here',
      '<div className="wide:flex hovr:bg-sunken from-brand-50 max-h-select" />',
    ].join('\n');
    const found = tokenClassesIn(app.scanner, { file: 'src/features/x/Page.tsx', text });
    expect(classesWithoutRule(app, found)).toEqual([
      'src/features/x/Page.tsx:1 hover:text-brand-1000',
      'src/features/x/Page.tsx:2 bg-nonexistent',
      'src/features/x/Page.tsx:3 dark:text-inkk',
      'src/features/x/Page.tsx:5 hovr:bg-sunken',
    ]);
  });
});
