import type {
  generateQrCode,
  getQrCodeImage,
  listQrCodes,
  searchQrMerchants,
  unlinkQrCode,
} from '../../../contract/api/qr-codes';
import type { QrGenerateBody, QrImageFormat } from '../../../contract/merchant-qr';
import type { ApiClient } from '../../api/client';

/** The QR pages' operations (contract/api/qr-codes.ts). */
export const qrApi = (api: ApiClient) => ({
  searchMerchants: async (q: string, signal?: AbortSignal) =>
    (await api.call<typeof searchQrMerchants>('GET /qr-codes/merchants', { query: { q }, signal })).merchants,

  generate: (body: QrGenerateBody) => api.call<typeof generateQrCode>('POST /qr-codes', { body }),

  /** A code's image file; the page shows the SVG and downloads either. */
  image: (code: string, query: { format: QrImageFormat; size?: number }, signal?: AbortSignal) =>
    api.call<typeof getQrCodeImage>('GET /qr-codes/{code}/image', { params: { code }, query, read: 'blob', signal }),

  /** A whole code, or a merchant's codes: at most 100, linked only or all. */
  find: (search: { merchant?: string; code?: string; status: 'linked' | 'all' }, signal?: AbortSignal) =>
    api.call<typeof listQrCodes>('GET /qr-codes', {
      query: {
        ...(search.code ? { code: search.code } : { merchant: search.merchant }),
        status: search.status,
        pageSize: 100,
      },
      signal,
    }),

  unlink: (code: string, reason: string) =>
    api.call<typeof unlinkQrCode>('POST /qr-codes/{code}/unlink', { params: { code }, body: { reason } }),
});
