import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { downloadQuery } from '../../../contract/api/reports';
import { HEADER } from '../../../contract/http';
import { sessions } from '../../db/schema';
import type { AppEnv } from '../../http/env';
import { sessionTimedOut } from '../../http/session';
import { hashToken } from '../../lib/session-tokens';

/**
 * Export download links (docs/decisions/016-export-download-links.md): a plain <a href> cannot
 * send the session header, so the link carries a signature of the job, the session that asked
 * and an expiry a few minutes away. It works only while that session is alive: signing out, or
 * the session timing out, ends every link it was given.
 */
const LINK_TTL_MS = 5 * 60_000;

function signature(secret: Buffer, jobId: string, sessionId: number, expires: number) {
  return createHmac('sha256', secret).update(`export-download:${jobId}:${sessionId}:${expires}`).digest('base64url');
}

/** The job's link for the session that reads it; a newer read gives a fresh link. */
export function signedDownloadUrl(c: Context<AppEnv>, jobId: string): string {
  const { clock, config } = c.get('deps');
  const sessionId = c.get('user').sessionId;
  const expires = Math.floor((clock.now().getTime() + LINK_TTL_MS) / 1000);
  const sig = signature(config.xsrfSecret, jobId, sessionId, expires);
  return `/rest/exports/${jobId}/download?session=${sessionId}&expires=${expires}&sig=${sig}`;
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether this request may download the job of `ownerId`: with the owner's live session in the
 * header, or with an unexpired link signed for one of the owner's live sessions.
 */
export async function mayDownload(
  c: Context<AppEnv>,
  job: { id: string; userId: number },
  link: z.infer<typeof downloadQuery>,
) {
  const deps = c.get('deps');
  const { db, clock, config } = deps;
  const now = clock.now();
  const token = c.req.header(HEADER.sessionToken);
  let where: ReturnType<typeof eq>;
  if (token) {
    where = eq(sessions.tokenHash, hashToken(token));
  } else {
    const { session, expires, sig } = link;
    if (!session || !expires || !sig || expires * 1000 < now.getTime()) return false;
    if (!same(sig, signature(config.xsrfSecret, job.id, session, expires))) return false;
    where = eq(sessions.id, session);
  }
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(where, isNull(sessions.revokedAt), eq(sessions.userId, job.userId)));
  if (!row) return false;
  return !sessionTimedOut(deps, row.id, row, now);
}
