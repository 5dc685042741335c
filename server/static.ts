import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  cacheControl: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Hashed files never change, so browsers may keep them forever; the shell and the worker must be revalidated. */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

function safeDecode(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The built dashboard, held in memory with the .br and .gz siblings the build wrote,
 * so each request is a map lookup. Unknown paths fall back to index.html (SPA routing).
 */
export function loadStaticAssets(dir: string) {
  const assets = new Map<string, Asset>();
  if (!existsSync(join(dir, 'index.html'))) return null;
  const files = walk(dir);
  const present = new Set(files);
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const urlPath = `/${relative(dir, file).split('\\').join('/')}`;
    assets.set(urlPath, {
      body: readFileSync(file),
      br: present.has(`${file}.br`) ? readFileSync(`${file}.br`) : undefined,
      gzip: present.has(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined,
      type: TYPES[extname(file)] ?? 'application/octet-stream',
      cacheControl: cacheControlFor(urlPath),
    });
  }
  const index = assets.get('/index.html') as Asset;

  return (c: Context) => {
    // The app refuses undecodable addresses first (server/http/malformed-url.ts); this stays safe alone.
    const path = safeDecode(c.req.path);
    if (path === null) return c.text('Bad request', 400);
    const asset = assets.get(path) ?? (path.startsWith('/assets/') || extname(path) ? undefined : index);
    if (!asset) return c.text('Not found', 404);
    const accept = c.req.header('accept-encoding') ?? '';
    c.header('Content-Type', asset.type);
    c.header('Cache-Control', asset.cacheControl);
    c.header('Vary', 'Accept-Encoding');
    let body = asset.body;
    if (asset.br && /\bbr\b/.test(accept)) {
      body = asset.br;
      c.header('Content-Encoding', 'br');
    } else if (asset.gzip && /\bgzip\b/.test(accept)) {
      body = asset.gzip;
      c.header('Content-Encoding', 'gzip');
    }
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(new Uint8Array(body), 200);
  };
}
