/** The banner endpoints over the one API client; the machine gets them as actors. */
import type { BannerView } from '../../../contract/api/banners';
import type { ApiClient } from '../../api/client';
import { type BannerValues, formFields } from './banner-form';
import type { BannerAction } from './banners-machine';

/** Multipart: the browser writes the boundary, so the client must not force a JSON content type. */
function multipart(values: BannerValues, file: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(formFields(values))) form.set(name, value);
  if (file) form.set('image', file, file.name);
  return form;
}

export const bannerApi = (api: ApiClient) => ({
  list: async (signal?: AbortSignal) => (await api.get<{ rows: BannerView[] }>('banners', { signal })).rows,

  save: (id: number | null, values: BannerValues, file: File | null) =>
    id === null
      ? api.post<BannerView>('banners', multipart(values, file))
      : api.put<BannerView>(`banners/${id}`, multipart(values, file)),

  /** Every action answers with the whole list, in its new order. */
  run: async (action: BannerAction): Promise<BannerView[]> => {
    switch (action.kind) {
      case 'move':
        return (await api.post<{ rows: BannerView[] }>(`banners/${action.id}/move`, { direction: action.direction }))
          .rows;
      case 'status':
        await api.post<BannerView>(`banners/${action.id}/status`, { active: action.active });
        return (await api.get<{ rows: BannerView[] }>('banners')).rows;
      case 'delete':
        return (await api.delete<{ rows: BannerView[] }>(`banners/${action.id}`)).rows;
    }
  },
});
