/**
 * The dashboard (the kit, the shell, the session UI, features and routes) styles with the design
 * tokens of src/ui/theme.css (ink, muted, raised, line, danger-soft, accent…), never with
 * Tailwind's own colour scales: a class such as `text-slate-600` or `bg-white` keeps its colour
 * through a rebrand and the dark scheme (docs/design.md). The brand scale (`brand-50` …
 * `brand-950`) is a token and allowed. Stories and tests are not part of the app, so they are
 * not read.
 */
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appSourceFiles } from './support/app-sources';

const ROOT = resolve(__dirname, '../..');
const SRC = join(ROOT, 'src');

const PALETTE =
  'slate gray zinc neutral stone red orange amber yellow lime green emerald teal cyan sky blue indigo violet purple fuchsia pink rose'.split(
    ' ',
  );
const UTILITY =
  'text|bg|border(?:-[trblxyse])?|divide|ring-offset|ring|outline|stroke|fill|placeholder|decoration|from|via|to|shadow|accent|caret';
/** A colour utility naming a palette step (`bg-red-50`, `hover:text-slate-900/80`) or white/black. */
const RAW_CLASS = new RegExp(
  String.raw`(?<![\w-])(?:${UTILITY})-(?:(?:${PALETTE.join('|')})-\d{2,3}|white|black)(?:/\d+)?(?![\w-])`,
  'g',
);

/** Each raw palette class as `file:line class`, in the order the file has them. */
function rawPaletteClasses(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => [...line.matchAll(RAW_CLASS)].map(([found]) => `${file}:${index + 1} ${found}`));
}

describe('the dashboard uses the design tokens', () => {
  it('no file under src/ writes a raw palette class', () => {
    const files = appSourceFiles(SRC);
    // The kit and the session UI are read too, not only features and routes.
    expect(files.map((file) => relative(ROOT, file))).toEqual(
      expect.arrayContaining(['src/ui/Toasts.tsx', 'src/session/IdleDialog.tsx', 'src/routes/HomePage.tsx']),
    );
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => rawPaletteClasses(relative(ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('names the file, the line and the class, with its variant and opacity, and lets tokens pass', () => {
    const text = [
      "<p className='text-ink hover:text-slate-900/80'>",
      '<div className="bg-raised border-line bg-brand-700 text-danger" />',
      "clsx('px-3 bg-white', ok && 'ring-1 ring-emerald-200 fill-sky-500')",
      'const note = "the red-700 button and a white-list";',
    ].join('\n');
    expect(rawPaletteClasses('src/features/x/Page.tsx', text)).toEqual([
      'src/features/x/Page.tsx:1 text-slate-900/80',
      'src/features/x/Page.tsx:3 bg-white',
      'src/features/x/Page.tsx:3 ring-emerald-200',
      'src/features/x/Page.tsx:3 fill-sky-500',
    ]);
  });
});
