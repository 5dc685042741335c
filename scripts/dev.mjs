// `npm run dev`: the API on 8080 (tsx watch) and Vite's dev server with /rest proxied to it.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, STATIC_DIR: './.no-static' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', cwd: root }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.on('exit', () => stop('SIGTERM'));
