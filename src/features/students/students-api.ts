import type { listStudents, onboardStudent } from '../../../contract/api/students';
import type { StudentInput } from '../../../contract/students';
import type { ApiClient } from '../../api/client';

/** The student pages' operations (contract/api/students.ts). */
export const studentsApi = (api: ApiClient) => ({
  /** The page always, the search only when there is one. */
  list: (query: { q: string; page: number; pageSize: number }, signal?: AbortSignal) =>
    api.call<typeof listStudents>('GET /students', {
      query: { ...(query.q ? { q: query.q } : {}), page: query.page, pageSize: query.pageSize },
      signal,
    }),
  onboard: (body: StudentInput) => api.call<typeof onboardStudent>('POST /students', { body }),
});
