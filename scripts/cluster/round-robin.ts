import { createServer, request, type Server } from 'node:http';

/**
 * A small round-robin HTTP proxy for trying several replicas on one machine (not for production:
 * see docs/deploy.md). Each request goes to the next backend; a backend that refuses the
 * connection (stopped, restarting) is skipped for the next one. Bodies stream both ways, so
 * downloads and server-sent events pass through as they come.
 */
export function startRoundRobin(options: { backends: readonly number[]; port: number; host?: string }) {
  const { backends } = options;
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    // The body is read once; a retry on another backend is only possible before it is sent.
    const replayable = incoming.method === 'GET' || incoming.method === 'HEAD';
    const attempt = (tries: number) => {
      const port = backends[next % backends.length] as number;
      next += 1;
      const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const upstream = request(
        {
          host: '127.0.0.1',
          port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED' && replayable && tries < backends.length) attempt(tries + 1);
        else if (!outgoing.headersSent) {
          outgoing.writeHead(502, { 'content-type': 'text/plain' });
          outgoing.end(`No replica answered: ${error.message}\n`);
        } else outgoing.destroy(error);
      });
      if (replayable) upstream.end();
      else incoming.pipe(upstream);
    };
    attempt(1);
  });
  return new Promise<{ server: Server; port: number; close(): Promise<void> }>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = server.address();
      resolve({
        server,
        port: typeof address === 'object' && address ? address.port : options.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
