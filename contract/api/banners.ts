import { z } from 'zod';
import { BANNER_LANGUAGES, BANNER_MIME_TYPES, bannerFieldsObject, datesInOrder } from '../banners';
import { defineOperation } from './operation';
import { idSchema } from './schema-parts';

const tags = ['Banners'];

const bannerView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.string().nullable(),
    language: z.enum(BANNER_LANGUAGES),
    startsOn: z.string(),
    endsOn: z.string().nullable(),
    position: z.number().int(),
    active: z.boolean(),
    live: z.boolean().meta({ description: 'Shown in the wallet app today (active and within its dates)' }),
    imageMime: z.enum(BANNER_MIME_TYPES),
    imageSize: z.number().int(),
    /** Changes with the image, so it may be cached for ever. */
    imageUrl: z.string().meta({ description: 'Relative to /rest/; changes whenever the image does' }),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'Banner' });

const activeBannerView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.string().nullable(),
    language: z.enum(BANNER_LANGUAGES),
    position: z.number().int(),
    imageUrl: z.string(),
    endsOn: z.string().nullable(),
  })
  .meta({ id: 'ActiveBanner' });

/** One banner as the banners page lists it. */
export type BannerView = z.output<typeof bannerView>;
/** What the wallet app gets from `GET banners/active`. */
export type ActiveBanner = z.output<typeof activeBannerView>;

const imageFile = z
  .instanceof(File, { message: 'Attach the banner image as the image field' })
  .meta({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP (by content), at most 1 MiB' });

const bannerId = z.object({ id: idSchema().meta({ example: 1 }) });
const bannerList = z.object({ rows: z.array(bannerView) });

const refusals = {
  400: 'VALIDATION_FAILED',
  401: 'No live session',
  403: 'Only the admin menu’s groups manage banners (FORBIDDEN)',
} as const;

export const listBanners = defineOperation({
  method: 'get',
  path: '/banners',
  tags,
  summary: 'Every banner in the wallet app’s order, with what is live today',
  answers: { 200: { schema: bannerList, description: 'The banners' } },
  errors: refusals,
});

export const listActiveBanners = defineOperation({
  method: 'get',
  path: '/banners/active',
  tags,
  summary:
    'Public, no session: the banners the wallet app shows today, in order, for a language (banners for every language included)',
  session: false,
  query: z.object({
    lang: z.enum(['en', 'fr']).optional().meta({ description: 'Left out: banners of every language' }),
  }),
  answers: {
    200: {
      schema: z.object({ rows: z.array(activeBannerView) }),
      description: 'Today’s banners; cacheable for a minute',
    },
  },
  errors: { 400: 'VALIDATION_FAILED' },
});

/** Also answers 304 (If-None-Match), which the server's route adds. */
export const bannerImage = defineOperation({
  method: 'get',
  path: '/banners/{id}/image',
  tags,
  summary:
    'Public, no session: a banner’s image at the URL its banner gives (the hash in `v` names the image, so it is cached for a year)',
  session: false,
  params: bannerId,
  query: z.object({ v: z.string().regex(/^[0-9a-f]{64}$/, 'The image hash of the banner’s imageUrl') }),
  answers: {
    200: {
      description: 'The image',
      content: Object.fromEntries(
        BANNER_MIME_TYPES.map((m) => [m, { schema: { type: 'string', format: 'binary' } as const }]),
      ),
      read: 'blob',
    },
  },
  errors: { 400: 'VALIDATION_FAILED', 404: 'BANNER_NOT_FOUND: no such banner, or not this image of it' },
});

export const createBanner = defineOperation({
  method: 'post',
  path: '/banners',
  tags,
  summary: 'Add a banner (multipart: fields and image); audited as banner.create',
  upload: bannerFieldsObject.extend({ image: imageFile }).refine(...datesInOrder),
  answers: { 201: { schema: bannerView, description: 'The banner' } },
  errors: {
    ...refusals,
    400: 'VALIDATION_FAILED; BANNER_IMAGE_EMPTY',
    413: 'BANNER_IMAGE_TOO_LARGE',
    415: 'UNSUPPORTED_BANNER_IMAGE: the content is not PNG, JPEG or WebP',
  },
});

export const updateBanner = defineOperation({
  method: 'put',
  path: '/banners/{id}',
  tags,
  summary: 'Replace a banner’s fields, and its image when one is sent (multipart); audited as banner.update',
  params: bannerId,
  upload: bannerFieldsObject.extend({ image: imageFile.optional() }).refine(...datesInOrder),
  answers: { 200: { schema: bannerView, description: 'The banner' } },
  errors: {
    ...refusals,
    400: 'VALIDATION_FAILED; BANNER_IMAGE_EMPTY',
    404: 'BANNER_NOT_FOUND',
    413: 'BANNER_IMAGE_TOO_LARGE',
    415: 'UNSUPPORTED_BANNER_IMAGE',
  },
});

export const setBannerStatus = defineOperation({
  method: 'post',
  path: '/banners/{id}/status',
  tags,
  summary: 'Activate or deactivate a banner; audited as banner.activate / banner.deactivate',
  params: bannerId,
  body: z.object({ active: z.boolean() }),
  answers: { 200: { schema: bannerView, description: 'The banner' } },
  errors: { ...refusals, 404: 'BANNER_NOT_FOUND' },
});

export const moveBanner = defineOperation({
  method: 'post',
  path: '/banners/{id}/move',
  tags,
  summary: 'Move a banner one place up or down; audited as banner.reorder',
  params: bannerId,
  body: z.object({ direction: z.enum(['up', 'down']) }),
  answers: { 200: { schema: bannerList, description: 'Every banner in the new order' } },
  errors: { ...refusals, 404: 'BANNER_NOT_FOUND', 409: 'BANNER_AT_EDGE: already first (up) or last (down)' },
});

export const deleteBanner = defineOperation({
  method: 'delete',
  path: '/banners/{id}',
  tags,
  summary: 'Delete a banner (the ones below move up); audited as banner.delete',
  params: bannerId,
  answers: { 200: { schema: bannerList, description: 'The banners left' } },
  errors: { ...refusals, 404: 'BANNER_NOT_FOUND' },
});
