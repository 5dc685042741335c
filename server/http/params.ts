import { z } from '@hono/zod-openapi';
import {
  calendarDaySchema,
  type DayRange,
  dateRangeInOrder,
  noControlCharacters as controlFree,
} from '../../contract/fields';

/** A row id taken from the query string or path (defined with the operations, contract/api). */
import { searchText } from '../../contract/api/schema-parts';

export { idSchema as idParam, searchText } from '../../contract/api/schema-parts';

/**
 * PostgreSQL text cannot hold NUL (a query carrying one fails), so text that reaches the
 * database refuses control characters: `.refine(...noControlCharacters)`.
 */
export const noControlCharacters = [controlFree, 'must not contain control characters'] as const;

/**
 * A calendar day as YYYY-MM-DD that exists (no 30 February) within years the ledger can hold:
 * `Date` rolls impossible days over, and a far year breaks the timestamp arithmetic in SQL.
 */
export const calendarDay = () => calendarDaySchema(2000, 2100, 'Not a real date between 2000 and 2100');

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
        .openapi({ description: statusDescription }),
      ...extra,
      from: day.optional(),
      to: day.optional(),
      q: searchText().optional().openapi({ description: searchDescription }),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(20),
    })
    .refine((v) => rangeInOrder(v as DayRange), rangeMessage);
}
