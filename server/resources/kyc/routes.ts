import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as operations from '../../../contract/api/kyc';
import { ACCOUNT_KIND_OF_LIST, KYC_REVIEWERS } from '../../../contract/kyc';
import type { AppEnv } from '../../http/env';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { reviewableAccount } from '../../domain/kyc/access';
import { decideKyc } from './decide';
import { loadAccountDetail } from '../../domain/kyc/detail';
import { documentTooLarge, loadDocumentContent, storeDocument } from './documents';
import { listKycAccounts } from './list';
import { currentLimits } from '../../ledger/limits';

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

  router.openapi(routeFor(operations.listKycAccounts), async (c) => {
    const { kind } = c.req.valid('param');
    if (!KYC_REVIEWERS[kind].includes(c.get('user').group)) {
      throw forbiddenError(`Your group does not review ${kind}.`);
    }
    const { db, clock } = c.get('deps');
    const caller = { userId: c.get('user').userId, now: clock.now() };
    const payload = await listKycAccounts(db, ACCOUNT_KIND_OF_LIST[kind], c.req.valid('query'), caller);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.getKycAccount), async (c) => {
    const { db, config, clock } = c.get('deps');
    const user = c.get('user');
    const account = await reviewableAccount(db, user, c.req.valid('param').number);
    const { customerDailyLimit } = await currentLimits(db, config.transfers, clock.now());
    const payload = await loadAccountDetail(db, account, user, customerDailyLimit);
    return c.json({ status: true as const, payload }, 200);
  });

  router.openapi(routeFor(operations.decideKyc), async (c) => {
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

  router.openapi(routeFor(operations.uploadKycDocument, [documentBodyLimit]), async (c) => {
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

  router.openapi(routeFor(operations.getKycDocumentContent), async (c) => {
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
