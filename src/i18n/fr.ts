import { frCore } from './core-fr';
import type { Messages } from './en';
import { frPages } from './pages-fr';
import { frShell } from './shell-fr';

/** Every French string (see en.ts). */
export const fr: Messages = { ...frCore, ...frShell, ...frPages };
