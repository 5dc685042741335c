import { z } from 'zod';
import { type DayRange, dateRangeInOrder } from '../fields';
import { calendarDay, searchText } from './schema-parts';

const [rangeInOrder, rangeMessage] = dateRangeInOrder;

/**
 * The query of a maker–checker list (approvals, chargebacks): one status or every status
 * (`all`, empty or left out), the list's own filters (`extra`), a day range, a search text
 * and the page.
 */
export function listQuerySchema<
  const Statuses extends readonly [string, ...string[]],
  Extra extends z.ZodRawShape = Record<never, never>,
>({
  statuses,
  statusDescription,
  searchDescription,
  extra = {} as Extra,
}: {
  statuses: Statuses;
  statusDescription: string;
  searchDescription: string;
  extra?: Extra;
}) {
  const day = calendarDay();
  // `extra` could in principle redefine from/to, hence the cast in the range check.
  return z
    .object({
      status: z
        .union([z.enum(statuses), z.literal('all'), z.literal('')])
        .optional()
        .meta({ description: statusDescription }),
      ...extra,
      from: day.optional(),
      to: day.optional(),
      q: searchText().optional().meta({ description: searchDescription }),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(20),
    })
    .refine((v) => rangeInOrder(v as DayRange), rangeMessage);
}
