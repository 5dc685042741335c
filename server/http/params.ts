import { calendarDay, searchText } from '../../contract/api/schema-parts';
import { noControlCharacters as controlFree } from '../../contract/fields';

/** A row id, a calendar day and a search text, defined with the operations (contract/api). */
export { calendarDay, searchText };
export { idSchema as idParam } from '../../contract/api/schema-parts';

/**
 * PostgreSQL text cannot hold NUL (a query carrying one fails), so text that reaches the
 * database refuses control characters: `.refine(...noControlCharacters)`.
 */
export const noControlCharacters = [controlFree, 'must not contain control characters'] as const;
