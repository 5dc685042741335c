/**
 * Runs `run` once the browser is idle (at the latest after `timeoutMs`), or after `fallbackMs`
 * where requestIdleCallback is missing (Safari). Answers a function that cancels it.
 */
export function whenIdle(run: () => void, { timeoutMs = 5000, fallbackMs = 2000 } = {}): () => void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, fallbackMs);
  return () => clearTimeout(id);
}
