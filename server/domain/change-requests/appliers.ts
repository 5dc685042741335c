import type { z } from 'zod';
import type { AuditEntry } from '../audit/record';
import type { Db } from '../../db/database';
import type { SessionUser } from '../../lib/session-user';

interface ApplyContext {
  requestId: number;
  makerUserId: number;
  checker: SessionUser;
  now: Date;
  /** Records in the approving transaction, so the change and its trail commit together. */
  audit: (entry: AuditEntry) => Promise<void>;
  /** The server key secrets wait under (TWO_FACTOR_KEY): a credential change's first half. */
  sealKey: Buffer | null;
}

/**
 * What an approval hands to the approving administrator, once: the second half of a one-time
 * password (decision 031). Nothing is stored of it.
 */
export interface ChangeOutcome {
  secondHalf?: string;
}

/** What one kind of change means: how its payload reads and how an approval applies it. */
export interface ChangeApplier<P = unknown> {
  /** Judges the payload when asked for and again when applied (the code may have moved on meanwhile). */
  payload: z.ZodType<P>;
  /**
   * Runs inside the approving transaction; an ApiError refuses the approval and leaves the request
   * waiting. Most kinds hand nothing over.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an applier that hands nothing over returns Promise<void>.
  apply(tx: Db, payload: P, ctx: ApplyContext): Promise<ChangeOutcome | undefined | void>;
  /** The user the change is about, when it is one: they never decide it (an administrator's own account). */
  subjectUserId?: (payload: P) => number;
}

/** Keeps each applier's payload type while the registry holds them side by side. */
export const applier = <P>(a: ChangeApplier<P>): ChangeApplier<P> => a;
