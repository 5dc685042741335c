import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRef, Snapshot } from 'xstate';
import { type QueueSnapshotLike, queueState } from './checker-queue';

/** A checker queue's state for its page, re-rendering only when a part of it changes. */
export function useQueue<S extends QueueSnapshotLike & Snapshot<unknown>>(actor: ActorRef<S, never>) {
  return useSelector(actor, (s: S) => queueState(s), shallowEqual);
}
