/**
 * `npm run paths` as QA uses it: each format says what the machines are, unknown options and
 * formats are errors, and the Playwright files never overwrite what QA wrote.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlOf } from '../../scripts/paths/html';
import { markdownOf } from '../../scripts/paths/markdown';
import { mermaidOf } from '../../scripts/paths/mermaid';
import { writePlaywright } from '../../scripts/paths/playwright';
import { summarise } from '../../scripts/paths/summary';
import { GRAPHS } from '../paths/machines';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], { cwd: process.cwd() }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );

const machines = summarise(GRAPHS);
const out = mkdtempSync(join(tmpdir(), 'paths-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run paths', () => {
  it('names each machine’s source file, the one holding its createMachine', () => {
    for (const m of machines) {
      expect(m.file, m.id).toMatch(/^src\/.+\.ts$/);
      expect(readFileSync(m.file as string, 'utf8')).toMatch(/Machine\(/);
    }
  });

  it('JSON lists every machine with its counts and paths; --help and errors', { timeout: 30_000 }, async () => {
    const [json, help, format, option] = await Promise.all([
      cli('--format', 'json'),
      cli('--help'),
      cli('--format', 'xml'),
      cli('--bogus'),
    ]);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as {
      machines: { id: string; file: string; transitions: number; covered: number; paths: string[] }[];
      exempt: unknown[];
    };
    expect(parsed.machines.map((m) => m.id)).toEqual(GRAPHS.map((g) => g.id));
    for (const m of parsed.machines) {
      expect(m.covered, m.id).toBe(m.transitions);
      expect(m.paths.length, m.id).toBeGreaterThan(0);
    }
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('text | markdown | json | mermaid | html | playwright');
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('Unknown format "xml"');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("Unknown option '--bogus'");
  });

  it('Mermaid and Markdown draw every transition; HTML needs nothing fetched', () => {
    const review = machines.find((m) => m.id === 'kycReview');
    if (!review) throw new Error('no kycReview graph');
    const diagram = mermaidOf(review);
    expect(diagram.split('\n')[0]).toBe('stateDiagram-v2');
    expect(diagram).toContain('[*] --> loading');
    expect(diagram).toContain('ready_idle --> ready_confirming: decision.start [mayTake]');
    const markdown = markdownOf([review]);
    expect(markdown.match(/^\| ready\.confirming \| decision\.confirm/gm)).toHaveLength(2);
    const html = htmlOf(machines);
    expect(html.match(/<svg /g)).toHaveLength(machines.length);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('--format playwright writes a runner and a step table, never over an existing file', () => {
    const review = machines.find((m) => m.id === 'kycReview');
    if (!review) throw new Error('no kycReview graph');
    const graph = { module: 'tests/paths/machines/features.ts', exportName: 'kycReviewGraph' };
    const first = writePlaywright(review, graph, out);
    expect(first.written.map((p) => p.slice(out.length + 1))).toEqual([
      'kycReview/kycReview.paths.spec.ts',
      'kycReview/kycReview.steps.ts',
    ]);
    const spec = first.written[0] as string;
    expect(readFileSync(spec, 'utf8')).toContain('createPlaywrightDriver');
    expect(readFileSync(first.written[1] as string, 'utf8')).toContain('"decision.confirm"');
    writeFileSync(spec, '// QA’s own edits');
    const second = writePlaywright(review, graph, out);
    expect(second.written).toEqual([]);
    expect(second.kept).toHaveLength(2);
    expect(readFileSync(spec, 'utf8')).toBe('// QA’s own edits');
    expect(existsSync(join(out, 'kycReview'))).toBe(true);
  });
});
