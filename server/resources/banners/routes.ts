import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  BANNER_GROUPS,
  BANNER_LANGUAGES,
  BANNER_MIME_TYPES,
  bannerFieldsObject,
  datesInOrder,
  MAX_BANNER_BYTES,
} from '../../../contract/banners';
import { recordAudit } from '../../domain/audit/record';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { idParam } from '../../http/params';
import { requireSession } from '../../http/session';
import {
  activeBanners,
  bannerTooLarge,
  bannerView,
  checkImage,
  createBanner,
  deleteBanner,
  listBanners,
  loadImage,
  moveBanner,
  setBannerActive,
  updateBanner,
} from './banners';

const TAGS = ['Banners'];

const bannerView_ = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.string().nullable(),
    language: z.enum(BANNER_LANGUAGES),
    startsOn: z.string(),
    endsOn: z.string().nullable(),
    position: z.number().int(),
    active: z.boolean(),
    live: z.boolean().openapi({ description: 'Shown in the wallet app today (active and within its dates)' }),
    imageMime: z.enum(BANNER_MIME_TYPES),
    imageSize: z.number().int(),
    imageUrl: z.string().openapi({ description: 'Relative to /rest/; changes whenever the image does' }),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string().nullable(),
  })
  .openapi('Banner');

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
  .openapi('ActiveBanner');

const imageFile = z
  .instanceof(File, { message: 'Attach the banner image as the image field' })
  .openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP (by content), at most 1 MiB' });

const createForm = bannerFieldsObject.extend({ image: imageFile }).refine(...datesInOrder);
const updateForm = bannerFieldsObject.extend({ image: imageFile.optional() }).refine(...datesInOrder);
const idParams = z.object({ id: idParam().openapi({ example: 1 }) });

/** Only the admin menu's groups manage banners; everything else answers 403 in the error shape. */
const onlyBannerAdmins: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!BANNER_GROUPS.includes(c.get('user').group)) throw forbiddenError('Only administrators manage banners.');
  await next();
};

/** Refuses an oversized upload before reading it, with the same answer as an oversized image. */
const imageBodyLimit: MiddlewareHandler<AppEnv> = (c, next) =>
  bodyLimit({
    maxSize: MAX_BANNER_BYTES + 64 * 1024,
    onError: () => {
      throw bannerTooLarge(MAX_BANNER_BYTES);
    },
  })(c, next);

const managed = [requireSession(), onlyBannerAdmins] as const;

const refusals = {
  400: errorResponse('VALIDATION_FAILED'),
  401: errorResponse('No live session'),
  403: errorResponse('Only the admin menu’s groups manage banners (FORBIDDEN)'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/banners',
  tags: TAGS,
  summary: 'Every banner in the wallet app’s order, with what is live today',
  security: [{ session: [] }],
  middleware: [...managed],
  responses: { 200: jsonSuccess(z.object({ rows: z.array(bannerView_) }), 'The banners'), ...refusals },
});

const activeRoute = createRoute({
  method: 'get',
  path: '/banners/active',
  tags: TAGS,
  summary:
    'Public, no session: the banners the wallet app shows today, in order, for a language (banners for every language included)',
  security: [],
  request: {
    query: z.object({
      lang: z.enum(['en', 'fr']).optional().openapi({ description: 'Left out: banners of every language' }),
    }),
  },
  responses: {
    200: jsonSuccess(z.object({ rows: z.array(activeBannerView) }), 'Today’s banners; cacheable for a minute'),
    400: errorResponse('VALIDATION_FAILED'),
  },
});

const imageRoute = createRoute({
  method: 'get',
  path: '/banners/{id}/image',
  tags: TAGS,
  summary:
    'Public, no session: a banner’s image at the URL its banner gives (the hash in `v` names the image, so it is cached for a year)',
  security: [],
  request: {
    params: idParams,
    query: z.object({ v: z.string().regex(/^[0-9a-f]{64}$/, 'The image hash of the banner’s imageUrl') }),
  },
  responses: {
    200: {
      description: 'The image',
      content: Object.fromEntries(BANNER_MIME_TYPES.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])),
    },
    304: { description: 'Not modified (If-None-Match)' },
    400: errorResponse('VALIDATION_FAILED'),
    404: errorResponse('BANNER_NOT_FOUND: no such banner, or not this image of it'),
  },
});

const createBannerRoute = createRoute({
  method: 'post',
  path: '/banners',
  tags: TAGS,
  summary: 'Add a banner (multipart: fields and image); audited as banner.create',
  security: [{ session: [] }],
  middleware: [...managed, imageBodyLimit],
  request: { body: { content: { 'multipart/form-data': { schema: createForm } }, required: true } },
  responses: {
    201: jsonSuccess(bannerView_, 'The banner'),
    ...refusals,
    400: errorResponse('VALIDATION_FAILED; BANNER_IMAGE_EMPTY'),
    413: errorResponse('BANNER_IMAGE_TOO_LARGE'),
    415: errorResponse('UNSUPPORTED_BANNER_IMAGE: the content is not PNG, JPEG or WebP'),
  },
});

const updateRoute = createRoute({
  method: 'put',
  path: '/banners/{id}',
  tags: TAGS,
  summary: 'Replace a banner’s fields, and its image when one is sent (multipart); audited as banner.update',
  security: [{ session: [] }],
  middleware: [...managed, imageBodyLimit],
  request: { params: idParams, body: { content: { 'multipart/form-data': { schema: updateForm } }, required: true } },
  responses: {
    200: jsonSuccess(bannerView_, 'The banner'),
    ...refusals,
    400: errorResponse('VALIDATION_FAILED; BANNER_IMAGE_EMPTY'),
    404: errorResponse('BANNER_NOT_FOUND'),
    413: errorResponse('BANNER_IMAGE_TOO_LARGE'),
    415: errorResponse('UNSUPPORTED_BANNER_IMAGE'),
  },
});

const statusRoute = createRoute({
  method: 'post',
  path: '/banners/{id}/status',
  tags: TAGS,
  summary: 'Activate or deactivate a banner; audited as banner.activate / banner.deactivate',
  security: [{ session: [] }],
  middleware: [...managed],
  request: {
    params: idParams,
    body: { content: { 'application/json': { schema: z.object({ active: z.boolean() }) } }, required: true },
  },
  responses: { 200: jsonSuccess(bannerView_, 'The banner'), ...refusals, 404: errorResponse('BANNER_NOT_FOUND') },
});

const moveRoute = createRoute({
  method: 'post',
  path: '/banners/{id}/move',
  tags: TAGS,
  summary: 'Move a banner one place up or down; audited as banner.reorder',
  security: [{ session: [] }],
  middleware: [...managed],
  request: {
    params: idParams,
    body: {
      content: { 'application/json': { schema: z.object({ direction: z.enum(['up', 'down']) }) } },
      required: true,
    },
  },
  responses: {
    200: jsonSuccess(z.object({ rows: z.array(bannerView_) }), 'Every banner in the new order'),
    ...refusals,
    404: errorResponse('BANNER_NOT_FOUND'),
    409: errorResponse('BANNER_AT_EDGE: already first (up) or last (down)'),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/banners/{id}',
  tags: TAGS,
  summary: 'Delete a banner (the ones below move up); audited as banner.delete',
  security: [{ session: [] }],
  middleware: [...managed],
  request: { params: idParams },
  responses: {
    200: jsonSuccess(z.object({ rows: z.array(bannerView_) }), 'The banners left'),
    ...refusals,
    404: errorResponse('BANNER_NOT_FOUND'),
  },
});

export function bannerRoutes() {
  const router = createRouter();

  // Public routes first: `/banners/active` must not be read as a banner id.
  router.openapi(activeRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const rows = await activeBanners(db, { lang: c.req.valid('query').lang, now: clock.now() });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ status: true as const, payload: { rows } }, 200);
  });

  router.openapi(imageRoute, async (c) => {
    const { id } = c.req.valid('param');
    const image = await loadImage(c.get('deps').db, id, c.req.valid('query').v);
    const etag = `"${image.sha256}"`;
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    };
    if (c.req.header('If-None-Match') === etag) return new Response(null, { status: 304, headers }) as never;
    return new Response(image.bytes, {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': image.mimeType,
        'Content-Length': String(image.bytes.byteLength),
        'Content-Disposition': 'inline',
      },
    }) as never;
  });

  router.openapi(listRoute, async (c) => {
    const { db, clock } = c.get('deps');
    return c.json({ status: true as const, payload: { rows: await listBanners(db, clock.now()) } }, 200);
  });

  router.openapi(createBannerRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const { image, ...fields } = c.req.valid('form');
    const checked = await checkImage(image, MAX_BANNER_BYTES);
    const id = await createBanner(db, {
      fields,
      image: checked,
      userId: c.get('user').userId,
      now: clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    return c.json({ status: true as const, payload: await bannerView(db, id, clock.now()) }, 201);
  });

  router.openapi(updateRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const { id } = c.req.valid('param');
    const { image, ...fields } = c.req.valid('form');
    const checked = image ? await checkImage(image, MAX_BANNER_BYTES) : null;
    await updateBanner(db, {
      id,
      fields,
      image: checked,
      now: clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    return c.json({ status: true as const, payload: await bannerView(db, id, clock.now()) }, 200);
  });

  router.openapi(statusRoute, async (c) => {
    const { db, clock } = c.get('deps');
    const { id } = c.req.valid('param');
    await setBannerActive(db, {
      id,
      active: c.req.valid('json').active,
      now: clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    return c.json({ status: true as const, payload: await bannerView(db, id, clock.now()) }, 200);
  });

  router.openapi(moveRoute, async (c) => {
    const { db, clock } = c.get('deps');
    await moveBanner(db, {
      id: c.req.valid('param').id,
      direction: c.req.valid('json').direction,
      now: clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    return c.json({ status: true as const, payload: { rows: await listBanners(db, clock.now()) } }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const { db, clock } = c.get('deps');
    await deleteBanner(db, { id: c.req.valid('param').id, audit: (tx, entry) => recordAudit(c, tx, entry) });
    return c.json({ status: true as const, payload: { rows: await listBanners(db, clock.now()) } }, 200);
  });

  return router;
}
