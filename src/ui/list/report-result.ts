/**
 * A page of a list as the API answers it (`GET reports/{id}` and the lists built like it), and
 * the page sizes every list offers. Shared by the report page and every list of the kit.
 */
import type { ReportPage } from '../../../contract/api/reports';
import type { ReportFilterValues } from '../../../contract/reports';

export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The query of `GET reports/{reportId}` (plus the id and member it is for). */
export interface ReportQuery extends ReportFilterValues {
  reportId: string;
  memberId?: string;
  page: number;
  pageSize: number;
}

export type CellValue = string | number | null;

/** One page of a report's rows and the totals of every matching row. */
export type ReportResult = ReportPage;
