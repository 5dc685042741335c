import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { auditApi } from './audit-api';

/** Every action recorded so far, for the action filter; none while loading or if the list fails. */
export function useAuditActions(api: ApiClient): string[] {
  const [actions, setActions] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    auditApi(api)
      .actions(controller.signal)
      .then(setActions)
      .catch(() => undefined);
    return () => controller.abort();
  }, [api]);
  return actions;
}
