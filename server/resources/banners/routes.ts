import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as operations from '../../../contract/api/banners';
import { BANNER_GROUPS, MAX_BANNER_BYTES } from '../../../contract/banners';
import { recordAudit } from '../../domain/audit/record';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
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

/** A repeated request for an image the browser holds answers 304 with no body. */
const imageRoute = () => {
  const route = routeFor(operations.bannerImage);
  return { ...route, responses: { ...route.responses, 304: { description: 'Not modified (If-None-Match)' } } };
};

export function bannerRoutes() {
  const router = createRouter();

  // Public routes first: `/banners/active` must not be read as a banner id.
  router.openapi(routeFor(operations.listActiveBanners), async (c) => {
    const { db, clock } = c.get('deps');
    const rows = await activeBanners(db, { lang: c.req.valid('query').lang, now: clock.now() });
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ status: true as const, payload: { rows } }, 200);
  });

  router.openapi(imageRoute(), async (c) => {
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

  router.openapi(routeFor(operations.listBanners, [...managed]), async (c) => {
    const { db, clock } = c.get('deps');
    return c.json({ status: true as const, payload: { rows: await listBanners(db, clock.now()) } }, 200);
  });

  router.openapi(routeFor(operations.createBanner, [...managed, imageBodyLimit]), async (c) => {
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

  router.openapi(routeFor(operations.updateBanner, [...managed, imageBodyLimit]), async (c) => {
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

  router.openapi(routeFor(operations.setBannerStatus, [...managed]), async (c) => {
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

  router.openapi(routeFor(operations.moveBanner, [...managed]), async (c) => {
    const { db, clock } = c.get('deps');
    await moveBanner(db, {
      id: c.req.valid('param').id,
      direction: c.req.valid('json').direction,
      now: clock.now(),
      audit: (tx, entry) => recordAudit(c, tx, entry),
    });
    return c.json({ status: true as const, payload: { rows: await listBanners(db, clock.now()) } }, 200);
  });

  router.openapi(routeFor(operations.deleteBanner, [...managed]), async (c) => {
    const { db, clock } = c.get('deps');
    await deleteBanner(db, { id: c.req.valid('param').id, audit: (tx, entry) => recordAudit(c, tx, entry) });
    return c.json({ status: true as const, payload: { rows: await listBanners(db, clock.now()) } }, 200);
  });

  return router;
}
