import { z } from 'zod';
import { CHANGE_KINDS, CHANGE_STATUSES } from '../change-requests';
import { dateTime } from './schema-parts';

/** An administrative change waiting for, or decided by, a second administrator (decision 029). */
export const changeRequestView = z
  .object({
    id: z.number().int(),
    kind: z.enum(CHANGE_KINDS),
    summary: z.string(),
    status: z.enum(CHANGE_STATUSES),
    maker: z.string(),
    /** The caller asked for it: another administrator decides. */
    mine: z.boolean(),
    createdAt: dateTime,
    decidedAt: dateTime.nullable(),
    decidedBy: z.string().nullable(),
    reason: z.string().nullable(),
    payload: z.unknown(),
  })
  .meta({ id: 'ChangeRequest' });

export type ChangeRequestView = z.output<typeof changeRequestView>;
