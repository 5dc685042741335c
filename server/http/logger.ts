export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** One JSON line per event, so logs can be searched by request id. */
export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  const write = (lvl: string, message: string, fields?: Record<string, unknown>) =>
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, message, ...fields })}\n`);
  return {
    info: (m, f) => level === 'info' && write('info', m, f),
    error: (m, f) => level !== 'silent' && write('error', m, f),
  };
}
