import type { AnyRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { hasFocusedOnce } from '../first-focus';

/** How long after a navigation a focus dropped to <body> is still put back on the page. */
const ROUTE_FOCUS_WATCH_MS = 1_500;

const lost = () => !document.activeElement || document.activeElement === document.body;

/** The new page's heading (or, while there is none, the main region), made focusable by script. */
function focusTarget(mainId: string, final: boolean): HTMLElement | null {
  const main = document.getElementById(mainId);
  const target = main?.querySelector<HTMLElement>('h1') ?? (final ? main : null);
  if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  return target ?? null;
}

/**
 * After a navigation (and when the shell opens after sign-in), a keyboard or screen-reader user
 * whose focused element went away with the old page (the login form, a home shortcut, a link in
 * the closing narrow menu) continues from the new page's h1 instead of the top of the document.
 * Focus still on something (a menu link, a filter) is left where it is.
 */
export function useRouteFocus(router: AnyRouter, mainId: string) {
  useEffect(() => {
    let frame = 0;
    let until = 0;
    // A click elsewhere is the user's own choice of where to be: stop watching.
    const stop = () => {
      until = 0;
    };
    const watch = () => {
      cancelAnimationFrame(frame);
      until = performance.now() + ROUTE_FOCUS_WATCH_MS;
      const tick = () => {
        const final = performance.now() >= until;
        if (hasFocusedOnce() && lost()) focusTarget(mainId, final)?.focus({ preventScroll: true });
        if (!final) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    };
    watch();
    const unsubscribe = router.subscribe('onResolved', watch);
    document.addEventListener('pointerdown', stop, true);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
      document.removeEventListener('pointerdown', stop, true);
    };
  }, [router, mainId]);
}
