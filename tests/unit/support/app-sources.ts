import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The app's own source files under a folder: TypeScript, stories, fixtures and tests aside,
 * since none of them reaches a user's browser.
 */
export function appSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec|stories|fixtures)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
