import type { MiddlewareHandler } from 'hono';
import * as operations from '../../../contract/api/qr-codes';
import { QR_MANAGERS } from '../../../contract/merchant-qr';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import {
  generateQr,
  listQrCodes,
  loadQrCode,
  qrImage,
  qrUnlinked,
  resolveQr,
  searchMerchants,
  unlinkQr,
} from './qr-codes';

/** Before the input is read: a group without the QR pages is refused whatever it sends. */
const managersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!QR_MANAGERS.includes(c.get('user').group)) {
    throw forbiddenError('Only administrators manage merchant QR codes.');
  }
  await next();
};

export function qrCodeRoutes() {
  const router = createRouter();
  for (const path of ['/qr-codes', '/qr-codes/*']) {
    router.use(path, requireSession());
    router.use(path, managersOnly);
  }

  // Static paths first: /qr-codes/merchants is not a code.
  router.openapi(routeFor(operations.searchQrMerchants), async (c) => {
    const merchants = await searchMerchants(c.get('deps').db, c.req.valid('query').q);
    return c.json({ status: true as const, payload: { merchants } }, 200);
  });

  router.openapi(routeFor(operations.generateQrCode), async (c) => {
    const payload = await generateQr(c, c.get('deps').db, c.req.valid('json'));
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(routeFor(operations.listQrCodes), async (c) => {
    const payload = await listQrCodes(c.get('deps').db, c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.resolveQrCode), async (c) => {
    const payload = await resolveQr(c.get('deps').db, c.req.valid('param').code);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.getQrCode), async (c) => {
    const payload = await loadQrCode(c.get('deps').db, c.req.valid('param').code);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.getQrCodeImage), async (c) => {
    const code = await loadQrCode(c.get('deps').db, c.req.valid('param').code);
    if (code.unlinkedAt) throw qrUnlinked(code.code, code.unlinkedAt);
    const { format, size } = c.req.valid('query');
    const image = await qrImage(code.payload, format, size);
    return new Response(typeof image.body === 'string' ? image.body : new Uint8Array(image.body), {
      status: 200,
      headers: {
        'Content-Type': image.contentType,
        'Content-Disposition': `attachment; filename="${code.code}.${format}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    }) as never;
  });

  router.openapi(routeFor(operations.unlinkQrCode), async (c) => {
    const payload = await unlinkQr(c, c.get('deps').db, c.req.valid('param').code, c.req.valid('json').reason);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
