// Serves the built catalogue (catalogue-dist/, from `npm run catalogue:build`) on 127.0.0.1, for
// the catalogue's browser check (tests/catalogue) or a person: `node scripts/catalogue-serve.mjs [port]`.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { root } from './lib.mjs';

const folder = join(root, 'catalogue-dist');
const port = Number(process.argv[2] ?? 6007);
if (!existsSync(join(folder, 'index.json'))) {
  console.error('No catalogue: run `npm run catalogue:build` first.');
  process.exit(1);
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

createServer((request, response) => {
  // normalize() keeps a leading "../"; dropping it keeps every answer inside the folder.
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
  if (!existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`The catalogue is at http://127.0.0.1:${port}/`));
