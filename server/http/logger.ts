import pino from 'pino';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * One JSON line per event on stderr, written by pino (synchronously, so a line before an exit is not lost),
 * so logs can be searched by request id. Events keep their fields at the top level.
 */
export function createLogger(level: 'silent' | 'error' | 'info'): Logger {
  const log = pino(
    { level, base: null, timestamp: pino.stdTimeFunctions.isoTime, messageKey: 'message' },
    pino.destination({ dest: 2, sync: true }),
  );
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
