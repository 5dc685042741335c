import { frCore } from './core-fr';
import { joinParts, type Messages } from './en';
import { frKit } from './kit-fr';
import { frShell } from './shell-fr';

/** Every French string of the translator's own parts (see en.ts). */
export const fr: Messages = joinParts(frCore, frShell, frKit);
