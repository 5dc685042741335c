import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useServices } from '../../app/ServicesContext';
import { isLanguage } from '../../i18n';
import { clickDownloadLink } from '../../ui/files/save-file';
import { exportNotice } from './export-notice';
import {
  type ExportRequest,
  exportsMachine,
  selectCreateError,
  selectIsCreating,
  selectJobs,
  selectListError,
} from './exports-machine';
import { reportsApi } from './reports-api';

/**
 * The user's export jobs for a report screen: the list the exports menu shows, and a new export
 * followed by a notification until its file is ready (a small one is ready at once, and
 * downloaded).
 */
export function useReportExports(reportId: string) {
  const services = useServices();
  const api = reportsApi(services.api);
  const exportsActor = useActorRef(
    exportsMachine.provide({
      actors: {
        listExports: fromPromise(() => api.exports()),
        createExport: fromPromise(({ input }) => api.startExport(reportId, input.request)),
      },
      actions: {
        showJob: (_, { job, again }) => {
          const { t, language } = services.i18n;
          services.notifications.task(
            `export:${job.id}`,
            exportNotice(t, job, isLanguage(language) ? language : 'en', again, api.freshDownloadUrl),
          );
        },
        download: (_, url) => clickDownloadLink(url),
      },
    }),
  );
  return {
    jobs: useSelector(exportsActor, selectJobs),
    creating: useSelector(exportsActor, selectIsCreating),
    createError: useSelector(exportsActor, selectCreateError),
    listError: useSelector(exportsActor, selectListError),
    start: (request: ExportRequest) => exportsActor.send({ type: 'exports.create', request }),
    freshDownloadUrl: api.freshDownloadUrl,
  };
}
