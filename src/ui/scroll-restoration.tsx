/**
 * Where the window lands when a page opens. The router records scroll positions but does not
 * restore them on the page route (src/routes/router.tsx): it would do so as soon as the page
 * has rendered, before its rows arrive, when the page is still too short to scroll back to where
 * the user was. Here a page that loads data holds the restoration (useHoldScroll, called by
 * useLoad) until its data is on screen; then the window goes back to the recorded position, or
 * to the top for an address not seen before.
 */
import { useElementScrollRestoration, useRouterState } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useId, useLayoutEffect, useMemo, useRef } from 'react';

interface ScrollHolds {
  set: (id: string, waiting: boolean) => void;
}

const ScrollHoldContext = createContext<ScrollHolds | null>(null);

/** While `waiting` (the page's data has not arrived), the page's scroll position is not restored yet. */
export function useHoldScroll(waiting: boolean) {
  const holds = useContext(ScrollHoldContext);
  const id = useId();
  // A layout effect's body runs once the commit's DOM is in place: the rows are there to scroll to.
  useLayoutEffect(() => holds?.set(id, waiting), [holds, id, waiting]);
  useLayoutEffect(() => () => holds?.set(id, false), [holds, id]);
}

interface Landing {
  top: number;
  left: number;
  hash: string;
}

/** Goes to the landing once no page part waits for its data any more. */
function restore(waiting: ReadonlySet<string>, target: { current: Landing | null }) {
  const to = target.current;
  if (!to || waiting.size > 0) return;
  target.current = null;
  const anchor = to.hash ? document.getElementById(to.hash) : null;
  if (anchor) anchor.scrollIntoView();
  else window.scrollTo({ top: to.top, left: to.left });
}

export function PageScrollRestoration({ children }: { children: ReactNode }) {
  const location = useRouterState({ select: (s) => s.location });
  // The router's own key for a history entry (its default getKey).
  const key = location.state.__TSR_key ?? location.href;
  const saved = useElementScrollRestoration({ getElement: () => window });
  const waiting = useRef(new Set<string>());
  const target = useRef<Landing | null>(null);

  const holds = useMemo<ScrollHolds>(
    () => ({
      set(id, isWaiting) {
        if (isWaiting) waiting.current.add(id);
        else if (waiting.current.delete(id)) restore(waiting.current, target);
      },
    }),
    [],
  );

  // Runs after the page's own layout effects, so a page that waits for data has said so already.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history entry is a new landing.
  useLayoutEffect(() => {
    target.current = { top: saved?.scrollY ?? 0, left: saved?.scrollX ?? 0, hash: location.hash };
    restore(waiting.current, target);
  }, [key]);

  return <ScrollHoldContext.Provider value={holds}>{children}</ScrollHoldContext.Provider>;
}
