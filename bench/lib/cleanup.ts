/**
 * Clean-up that must happen even when the bench is interrupted: try/finally does not run when
 * a signal ends the process, so whatever owns a resource registers its release here as soon
 * as it exists (the server right after it is spawned, not once it is ready).
 */
const tasks: (() => Promise<void>)[] = [];
let running: Promise<void> | undefined;
let signalled: NodeJS.Signals | undefined;

/** Registers a task; returns a function that unregisters it (call it once released normally). */
export function onCleanup(task: () => Promise<void>): () => void {
  tasks.push(task);
  return () => {
    const index = tasks.indexOf(task);
    if (index >= 0) tasks.splice(index, 1);
  };
}

/** Runs the registered tasks, newest first (the browser before the server). Idempotent while running. */
export function cleanUp(): Promise<void> {
  running ??= (async () => {
    while (tasks.length > 0) {
      const task = tasks.pop() as () => Promise<void>;
      try {
        await task();
      } catch (error) {
        console.error(`Clean-up failed: ${String(error)}`);
      }
    }
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** The signal that interrupted the run, if any. */
export const interruptedBy = () => signalled;

/** On SIGINT/SIGTERM/SIGHUP: run the registered clean-up, then exit 130. A second signal kills at once. */
export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      signalled = signal;
      process.stderr.write(`\n${signal}: stopping the server and removing its data dir...\n`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
}
