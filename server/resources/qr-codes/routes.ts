import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  merchantSearchSchema,
  QR_CODE_PATTERN,
  QR_IMAGE_FORMATS,
  QR_MANAGERS,
  QR_MESSAGES,
  QR_STATUSES,
  normaliseQrCode,
  qrGenerateSchema,
  qrImageQuerySchema,
  qrListQuerySchema,
  qrUnlinkSchema,
} from '../../../contract/merchant-qr';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
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

const TAGS = ['Merchant QR codes'];

const merchant = z
  .object({
    number: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    city: z.string(),
    status: z.string(),
    kycStatus: z.string(),
    mcc: z.string(),
  })
  .openapi('QrMerchant');

const qrCode = z
  .object({
    code: z.string(),
    status: z.enum(QR_STATUSES),
    payload: z.string().openapi({ description: 'EMVCo merchant-presented payload, CRC included' }),
    amount: z.number().int().nullable(),
    merchant,
    createdAt: z.string().openapi({ format: 'date-time' }),
    createdBy: z.string(),
    unlinkedAt: z.string().openapi({ format: 'date-time' }).nullable(),
    unlinkedBy: z.string().nullable(),
    unlinkReason: z.string().nullable(),
  })
  .openapi('QrCode');

const codeParam = z.object({
  code: z
    .string()
    .max(40)
    .refine((v) => QR_CODE_PATTERN.test(normaliseQrCode(v)), QR_MESSAGES.code)
    .openapi({ example: 'QR7K2M9XQ4AB' }),
});

const refusals = {
  401: errorResponse('No live session'),
  403: errorResponse('Only the groups with the admin menu manage merchant QR codes (FORBIDDEN)'),
};

const merchantsRoute = createRoute({
  method: 'get',
  path: '/qr-codes/merchants',
  tags: TAGS,
  summary: 'Merchants by account number, name or the end of their phone number (20 at most)',
  security: [{ session: [] }],
  request: { query: merchantSearchSchema },
  responses: {
    200: jsonSuccess(z.object({ merchants: z.array(merchant) }), 'Matching merchants'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
  },
});

const generateRoute = createRoute({
  method: 'post',
  path: '/qr-codes',
  tags: TAGS,
  summary:
    'Generate a merchant’s payment QR code: an EMVCo payload, static (no amount) or for an amount. Audited (qr.generate).',
  security: [{ session: [] }],
  request: { body: { content: { 'application/json': { schema: qrGenerateSchema } }, required: true } },
  responses: {
    201: jsonSuccess(qrCode, 'The new code'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    404: errorResponse('MERCHANT_NOT_FOUND'),
    409: errorResponse('MERCHANT_NOT_ACTIVE; MERCHANT_KYC_NOT_APPROVED'),
  },
});

const listRoute = createRoute({
  method: 'get',
  path: '/qr-codes',
  tags: TAGS,
  summary: 'Find codes by merchant (number, name or phone) or by code, newest first',
  security: [{ session: [] }],
  request: { query: qrListQuerySchema },
  responses: {
    200: jsonSuccess(
      z.object({
        rows: z.array(qrCode),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
      'One page of codes',
    ),
    400: errorResponse('VALIDATION_FAILED (give a merchant or a code)'),
    ...refusals,
  },
});

const resolveRoute = createRoute({
  method: 'get',
  path: '/qr-codes/{code}',
  tags: TAGS,
  summary: 'Resolve a scanned code to the merchant it pays; an unlinked code no longer resolves (410)',
  security: [{ session: [] }],
  request: { params: codeParam },
  responses: {
    200: jsonSuccess(
      z.object({
        code: z.string(),
        amount: z.number().int().nullable(),
        merchant: z.object({ number: z.string(), name: z.string(), city: z.string() }),
      }),
      'The merchant the code pays',
    ),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    404: errorResponse('QR_NOT_FOUND'),
    410: errorResponse('QR_UNLINKED'),
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/qr-codes/{code}/details',
  tags: TAGS,
  summary: 'A code with its merchant and history, linked or unlinked',
  security: [{ session: [] }],
  request: { params: codeParam },
  responses: {
    200: jsonSuccess(qrCode, 'The code'),
    400: errorResponse('VALIDATION_FAILED'),
    ...refusals,
    404: errorResponse('QR_NOT_FOUND'),
  },
});

const imageRoute = createRoute({
  method: 'get',
  path: '/qr-codes/{code}/image',
  tags: TAGS,
  summary: 'The code as a PNG or SVG file to download or print (attachment); an unlinked code has none (410)',
  security: [{ session: [] }],
  request: { params: codeParam, query: qrImageQuerySchema },
  responses: {
    200: {
      description: 'The image',
      content: {
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'image/svg+xml': { schema: { type: 'string' } },
      },
    },
    400: errorResponse(`VALIDATION_FAILED (format: ${QR_IMAGE_FORMATS.join(' or ')})`),
    ...refusals,
    404: errorResponse('QR_NOT_FOUND'),
    410: errorResponse('QR_UNLINKED'),
  },
});

const unlinkRoute = createRoute({
  method: 'post',
  path: '/qr-codes/{code}/unlink',
  tags: TAGS,
  summary: 'Unlink a code for good, with a reason; it stops resolving. Audited (qr.unlink).',
  security: [{ session: [] }],
  request: {
    params: codeParam,
    body: { content: { 'application/json': { schema: qrUnlinkSchema } }, required: true },
  },
  responses: {
    200: jsonSuccess(qrCode, 'The unlinked code'),
    400: errorResponse('VALIDATION_FAILED (a reason of 5 to 300 characters)'),
    ...refusals,
    404: errorResponse('QR_NOT_FOUND'),
    409: errorResponse('QR_ALREADY_UNLINKED'),
  },
});

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
  router.openapi(merchantsRoute, async (c) => {
    const merchants = await searchMerchants(c.get('deps').db, c.req.valid('query').q);
    return c.json({ status: true as const, payload: { merchants } }, 200);
  });

  router.openapi(generateRoute, async (c) => {
    const payload = await generateQr(c, c.get('deps').db, c.req.valid('json'));
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(listRoute, async (c) => {
    const payload = await listQrCodes(c.get('deps').db, c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(resolveRoute, async (c) => {
    const payload = await resolveQr(c.get('deps').db, c.req.valid('param').code);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const payload = await loadQrCode(c.get('deps').db, c.req.valid('param').code);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(imageRoute, async (c) => {
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

  router.openapi(unlinkRoute, async (c) => {
    const payload = await unlinkQr(c, c.get('deps').db, c.req.valid('param').code, c.req.valid('json').reason);
    return c.json({ status: true as const, payload }, 200);
  });

  return router;
}
