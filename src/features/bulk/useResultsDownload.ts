import { useState } from 'react';
import type { BulkBatchView } from '../../../contract/api/bulk';
import { describeFailure, type RequestFailure } from '../../ui/failure';
import { saveBlob } from '../../ui/files/save-file';
import type { BulkApi } from './bulk-api';

/** Fetches a finished batch's results file (the session header forbids a plain link) and saves it. */
export function useResultsDownload(api: BulkApi, batch: BulkBatchView | null) {
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<RequestFailure | null>(null);
  const download = async () => {
    if (!batch) return;
    setDownloading(true);
    setFailure(null);
    try {
      saveBlob(await api.results(batch.id), `${batch.kind}-${batch.id.slice(0, 8)}-results.csv`);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading, failure };
}
