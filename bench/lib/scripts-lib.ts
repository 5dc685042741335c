// scripts/lib.mjs is plain JavaScript without type declarations; this describes the part the
// bench uses. The specifier is a variable so TypeScript does not try to type the module.
interface ScriptsLib {
  /** The repository root, ending in a slash. */
  root: string;
  /** True when dist/ is missing or older than any input of the dashboard build. */
  dashboardBuildIsStale(): boolean;
  /** A TCP port that was free on 127.0.0.1 a moment ago. */
  freePort(): Promise<number>;
  /** Runs a command with inherited output; resolves with its exit code. */
  run(command: string, args: string[], options?: { env?: NodeJS.ProcessEnv }): Promise<number>;
}

const specifier = '../../scripts/lib.mjs';
export const scriptsLib = (await import(specifier)) as ScriptsLib;
