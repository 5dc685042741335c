import { useCallback, useSyncExternalStore } from 'react';

interface Subscribable<Snapshot> {
  getSnapshot(): Snapshot;
  subscribe(listener: () => void): { unsubscribe(): void };
}

/**
 * What @xstate/react's useSelector does, for /login only: the sign-in page reads the session
 * without that library, which the shell and the pages load with their own code (decision 060).
 * `select` must answer the same value for the same snapshot (a flag, a string, a context field).
 */
export function useActorValue<Snapshot, T>(actor: Subscribable<Snapshot>, select: (snapshot: Snapshot) => T): T {
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => select(actor.getSnapshot()));
}
