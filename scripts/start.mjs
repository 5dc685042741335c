// `npm start`: builds the dashboard when its sources changed, then runs the API, which
// serves it. Ctrl-C reaches the server, which closes the database before exiting.
import { spawn } from 'node:child_process';
import { dashboardBuildIsStale, root, run } from './lib.mjs';

if (dashboardBuildIsStale()) {
  console.log('Building the dashboard...');
  const code = await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) {
  // The terminal sends Ctrl-C to both processes; a process manager signals only this one.
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
