import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { root } from './server';

export interface FloorBuild {
  /** gzip -9 bytes of the JS the floor page loads: its entry chunk and every chunk it imports statically. */
  jsGzip: number;
  jsRaw: number;
  files: number;
}

/**
 * Builds bench/floor/ (React 19, TanStack Router and XState only) with the dashboard's own Vite
 * config into a temporary folder, and sums what its page loads, gzip -9 as bundle-size.ts counts.
 */
export async function buildFloor(): Promise<FloorBuild> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  try {
    const result = await build({
      configFile: join(root, 'vite.config.ts'),
      root: join(root, 'bench', 'floor'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const chunks = new Map(
      outputs.flatMap((o) => o.output).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])),
    );
    const loaded = new Set<string>();
    const visit = (fileName: string) => {
      const chunk = chunks.get(fileName);
      if (!chunk || loaded.has(fileName)) return;
      loaded.add(fileName);
      for (const imported of chunk.imports) visit(imported);
    };
    for (const chunk of chunks.values())
      if (chunk.isEntry && chunk.facadeModuleId?.endsWith('.html')) visit(chunk.fileName);
    for (const chunk of chunks.values()) if (chunk.isEntry && loaded.size === 0) visit(chunk.fileName);
    const codes = [...loaded].map((f) => Buffer.from(chunks.get(f)?.code ?? ''));
    return {
      jsGzip: codes.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0),
      jsRaw: codes.reduce((sum, code) => sum + code.length, 0),
      files: codes.length,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
