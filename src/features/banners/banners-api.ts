/** The banners page's operations (contract/api/banners.ts); the machine gets them as actors. */
import type {
  BannerView,
  createBanner,
  deleteBanner,
  listBanners,
  moveBanner,
  setBannerStatus,
  updateBanner,
} from '../../../contract/api/banners';
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

export const bannersApi = (api: ApiClient) => {
  const list = async (signal?: AbortSignal) => (await api.call<typeof listBanners>('GET /banners', { signal })).rows;
  return {
    list,

    save: (id: number | null, values: BannerValues, file: File | null) =>
      id === null
        ? api.call<typeof createBanner>('POST /banners', { body: multipart(values, file) })
        : api.call<typeof updateBanner>('PUT /banners/{id}', { params: { id }, body: multipart(values, file) }),

    /** Every action answers with the whole list, in its new order. */
    run: async (action: BannerAction): Promise<BannerView[]> => {
      const params = { id: action.id };
      switch (action.kind) {
        case 'move':
          return (
            await api.call<typeof moveBanner>('POST /banners/{id}/move', {
              params,
              body: { direction: action.direction },
            })
          ).rows;
        case 'status':
          await api.call<typeof setBannerStatus>('POST /banners/{id}/status', {
            params,
            body: { active: action.active },
          });
          return list();
        case 'delete':
          return (await api.call<typeof deleteBanner>('DELETE /banners/{id}', { params })).rows;
      }
    },
  };
};
