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

/** Where the skip link takes the keyboard: the page's heading, else the main region. */
export function focusPageStart(mainId: string) {
  focusTarget(mainId, true)?.focus();
}

/**
 * After a navigation (and when the shell opens after sign-in), a keyboard or screen-reader user
 * continues from the new page's h1 instead of the top of the document: when the focused element
 * went away with the old page (the login form, a home shortcut, a link in the closing narrow
 * menu), and when the new page was chosen outside it (a side-menu link, the header's user menu),
 * where focus would otherwise stay and the next Tab would walk the menu again. Focus inside the
 * page (a filter, a tab) is left where it is: the user is still working there.
 */
export function useRouteFocus(router: AnyRouter, mainId: string) {
  useEffect(() => {
    let frame = 0;
    let until = 0;
    // What had focus when a new page was chosen from outside it (a menu link), while it still has.
    let chooser: Element | null = null;
    // A click elsewhere is the user's own choice of where to be: stop watching.
    const stop = () => {
      until = 0;
      chooser = null;
    };
    // Focus the user has since moved (a Tab to the skip link) is theirs; focus a closing menu
    // handed back to its button (the chooser gone) is not.
    const leftOnChooser = () => {
      const active = document.activeElement;
      if (!chooser || document.getElementById(mainId)?.contains(active)) return false;
      return active === chooser || !chooser.isConnected;
    };
    const watch = (pathChanged: boolean) => {
      cancelAnimationFrame(frame);
      until = performance.now() + ROUTE_FOCUS_WATCH_MS;
      chooser = pathChanged ? document.activeElement : null;
      const tick = () => {
        const final = performance.now() >= until;
        if (hasFocusedOnce() && (lost() || leftOnChooser())) {
          const target = focusTarget(mainId, final);
          target?.focus({ preventScroll: true });
          if (target?.tagName === 'H1') chooser = null;
        }
        if (!final) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    };
    watch(false);
    const unsubscribe = router.subscribe('onResolved', (event) => watch(event.pathChanged));
    document.addEventListener('pointerdown', stop, true);
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
      document.removeEventListener('pointerdown', stop, true);
    };
  }, [router, mainId]);
}
