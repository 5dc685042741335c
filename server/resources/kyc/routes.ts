import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ACCOUNT_KIND_OF_LIST, KYC_REVIEWERS } from '../../../contract/kyc';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { reviewableAccount } from '../../domain/kyc/access';
import { decideKyc } from './decide';
import { loadAccountDetail } from '../../domain/kyc/detail';
import { documentTooLarge, loadDocumentContent, storeDocument } from './documents';
import { listKycAccounts } from './list';
import {
  accountDetail,
  accountNumberParam,
  decisionBody,
  documentIdParam,
  documentView,
  listKindParam,
  listPage,
  listQuery,
  uploadForm,
} from './schemas';
import { currentLimits } from '../../ledger/limits';

const TAGS = ['KYC review'];
const common = {
  400: errorResponse('Invalid input (VALIDATION_FAILED)'),
  401: errorResponse('No live session'),
  403: errorResponse('The caller’s group does not review this kind of account (FORBIDDEN)'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/kyc/{kind}',
  tags: TAGS,
  summary: 'One page of a review list: search, KYC status, creation dates, enrolling agent and region',
  security: [{ session: [] }],
  request: { params: listKindParam, query: listQuery },
  responses: { 200: jsonSuccess(listPage, 'The page and the total of matching accounts'), ...common },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/kyc/accounts/{number}',
  tags: TAGS,
  summary: 'Identity, documents, decision history and KYC limits of one account',
  security: [{ session: [] }],
  request: { params: accountNumberParam },
  responses: {
    200: jsonSuccess(accountDetail, 'The account under review'),
    ...common,
    404: errorResponse('No customer, agent, merchant or partner has this number (ACCOUNT_NOT_FOUND)'),
  },
});

const decisionRoute = createRoute({
  method: 'post',
  path: '/kyc/accounts/{number}/decision',
  tags: TAGS,
  summary: 'Approve, reject (with a reason) or ask for more documents (with a reason); audited',
  security: [{ session: [] }],
  request: {
    params: accountNumberParam,
    body: { content: { 'application/json': { schema: decisionBody } }, required: true },
  },
  responses: {
    200: jsonSuccess(accountDetail, 'The account after the decision'),
    ...common,
    403: errorResponse('FORBIDDEN, or SELF_APPROVAL: the caller registered the account and may not approve it'),
    404: errorResponse('ACCOUNT_NOT_FOUND'),
    409: errorResponse('ACCOUNT_CLOSED; KYC_ALREADY_APPROVED; DOCUMENTS_MISSING (a required document is not on file)'),
  },
});

/** Refuses an oversized body before reading it, with the same answer as an oversized file. */
const documentBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const maxBytes = c.get('deps').config.kyc.maxDocumentBytes;
  return bodyLimit({
    // The multipart envelope (boundaries, headers, the type field) adds a little to the file.
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw documentTooLarge(maxBytes);
    },
  })(c, next);
};

const uploadRoute = createRoute({
  method: 'post',
  path: '/kyc/accounts/{number}/documents',
  tags: TAGS,
  summary:
    'Upload a KYC document (multipart: type, file). JPEG, PNG or PDF by content, up to MAX_DOCUMENT_BYTES. An image is stored re-encoded from its pixels (never as uploaded), a PDF as it came. An account asked for more documents goes back to pending.',
  security: [{ session: [] }],
  middleware: [documentBodyLimit] as const,
  request: {
    params: accountNumberParam,
    body: { content: { 'multipart/form-data': { schema: uploadForm } }, required: true },
  },
  responses: {
    201: jsonSuccess(documentView, 'The stored document'),
    400: errorResponse('VALIDATION_FAILED (missing type or file), DOCUMENT_EMPTY'),
    401: common[401],
    403: errorResponse('The caller’s group may not add documents to this account (FORBIDDEN)'),
    404: errorResponse('ACCOUNT_NOT_FOUND'),
    409: errorResponse('ACCOUNT_CLOSED'),
    413: errorResponse('DOCUMENT_TOO_LARGE'),
    415: errorResponse(
      'UNSUPPORTED_DOCUMENT_TYPE: the content is not JPEG, PNG or PDF; DOCUMENT_CONTAINS_MARKUP: even re-encoded, the image would hold HTML or script',
    ),
    422: errorResponse(
      'DOCUMENT_UNREADABLE: a JPEG or PNG that cannot be decoded; DOCUMENT_TOO_MANY_PIXELS: an image above 25 megapixels',
    ),
  },
});

const contentRoute = createRoute({
  method: 'get',
  path: '/kyc/documents/{id}/content',
  tags: TAGS,
  summary:
    'The bytes of a document, never cached, in a sandbox: an image inline, a PDF only as a download; only for groups that review its account',
  security: [{ session: [] }],
  request: { params: documentIdParam },
  responses: {
    200: {
      description: 'The document',
      content: {
        'image/jpeg': { schema: { type: 'string', format: 'binary' } },
        'image/png': { schema: { type: 'string', format: 'binary' } },
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      },
    },
    ...common,
    404: errorResponse('DOCUMENT_NOT_FOUND'),
  },
});

/**
 * RFC 6266: an ASCII fallback and the exact UTF-8 name. A PDF is only ever a download: a
 * browser never renders it, so its scripts, actions and links never run as this site.
 */
const contentDisposition = (fileName: string, mimeType: string) =>
  `${mimeType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Whatever a document is, opened on its own it runs nothing and loads nothing (a unique origin). */
const DOCUMENT_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

export function kycRoutes() {
  const router = createRouter();
  router.use('/kyc/*', requireSession());

  router.openapi(listRoute, async (c) => {
    const { kind } = c.req.valid('param');
    if (!KYC_REVIEWERS[kind].includes(c.get('user').group)) {
      throw forbiddenError(`Your group does not review ${kind}.`);
    }
    const payload = await listKycAccounts(c.get('deps').db, ACCOUNT_KIND_OF_LIST[kind], c.req.valid('query'));
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { db, config, clock } = c.get('deps');
    const user = c.get('user');
    const account = await reviewableAccount(db, user, c.req.valid('param').number);
    const { customerDailyLimit } = await currentLimits(db, config.transfers, clock.now());
    const payload = await loadAccountDetail(db, account, user, customerDailyLimit);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(decisionRoute, async (c) => {
    const { db, config, clock, reportTotals } = c.get('deps');
    const user = c.get('user');
    const { number } = c.req.valid('param');
    const { decision, reason } = c.req.valid('json');
    await decideKyc(db, { number, decision, reason, caller: user, now: clock.now() });
    // KYC status is a report filter and column: cached totals may be stale now.
    reportTotals.invalidate();
    const account = await reviewableAccount(db, user, number);
    const { customerDailyLimit } = await currentLimits(db, config.transfers, clock.now());
    const payload = await loadAccountDetail(db, account, user, customerDailyLimit);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(uploadRoute, async (c) => {
    const { db, config, clock } = c.get('deps');
    const { type, file } = c.req.valid('form');
    const payload = await storeDocument(db, {
      number: c.req.valid('param').number,
      type,
      file,
      caller: c.get('user'),
      maxBytes: config.kyc.maxDocumentBytes,
      now: clock.now(),
    });
    return c.json({ status: true as const, payload }, 201);
  });

  router.openapi(contentRoute, async (c) => {
    const doc = await loadDocumentContent(c.get('deps').db, c.req.valid('param').id, c.get('user'));
    return new Response(doc.bytes, {
      status: 200,
      headers: {
        'Content-Type': doc.mimeType,
        'Content-Length': String(doc.bytes.byteLength),
        'Content-Disposition': contentDisposition(doc.fileName, doc.mimeType),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': DOCUMENT_POLICY,
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    }) as never;
  });

  return router;
}
