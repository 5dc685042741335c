import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import { useHoldScroll } from '../scroll-restoration';
import { type QueueSnapshotLike, queueState } from './checker-queue';

/** A checker queue's state for its page, re-rendering only when a part of it changes. */
export function useQueue<S extends QueueSnapshotLike & Snapshot<unknown>>(actor: ActorRef<S, never>) {
  const state = useSelector(actor, (s: S) => queueState(s), shallowEqual);
  // The window goes back to where the user was once the first page of requests is shown.
  useHoldScroll(state.page === null && state.loadFailure === null);
  return state;
}
