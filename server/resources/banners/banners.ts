import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import {
  type BannerFields,
  type BannerLanguage,
  type BannerMimeType,
  bannerImageUrl,
  isLiveOn,
  sniffBannerImage,
} from '../../../contract/banners';
import type { ActiveBanner, BannerView } from '../../../contract/api/banners';
import type { AuditEntry } from '../../domain/audit/record';
import type { Db } from '../../db/database';
import { banners, users } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

const bannerNotFound = () =>
  new ApiError(404, 'BANNER_NOT_FOUND', 'Banner not found', 'There is no such banner. It may have been deleted.');

export const bannerTooLarge = (maxBytes: number) =>
  new ApiError(
    413,
    'BANNER_IMAGE_TOO_LARGE',
    'Image too large',
    `A banner image may be at most ${Math.round(maxBytes / 1024)} KB (${maxBytes} bytes). Export it smaller or at a lower quality.`,
  );

const unsupportedImage = () =>
  new ApiError(
    415,
    'UNSUPPORTED_BANNER_IMAGE',
    'Unsupported image',
    'Only PNG, JPEG and WebP images are accepted, and the file’s content must really be one of them.',
  );

const emptyImage = () => new ApiError(400, 'BANNER_IMAGE_EMPTY', 'Empty image', 'The image file is empty.');

const atEdge = (direction: 'up' | 'down') =>
  new ApiError(
    409,
    'BANNER_AT_EDGE',
    'Cannot move',
    direction === 'up' ? 'This banner is already first.' : 'This banner is already last.',
  );

/** Today in Dakar, which keeps UTC all year. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const viewFields = {
  id: banners.id,
  title: banners.title,
  link: banners.link,
  language: banners.language,
  startsOn: banners.startsOn,
  endsOn: banners.endsOn,
  position: banners.position,
  active: banners.active,
  imageMime: banners.imageMime,
  imageSha256: banners.imageSha256,
  imageSize: sql<number>`octet_length(${banners.image})`.mapWith(Number),
  createdBy: users.name,
  createdAt: banners.createdAt,
  updatedAt: banners.updatedAt,
};

type Row = {
  id: number;
  title: string;
  link: string | null;
  language: string;
  startsOn: string;
  endsOn: string | null;
  position: number;
  active: boolean;
  imageMime: string;
  imageSha256: string;
  imageSize: number;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date | null;
};

function toView(row: Row, today: string): BannerView {
  const { imageSha256, ...rest } = row;
  return {
    ...rest,
    language: row.language as BannerLanguage,
    imageMime: row.imageMime as BannerMimeType,
    live: isLiveOn(row, today),
    imageUrl: bannerImageUrl(row.id, imageSha256),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
  };
}

const selectViews = (db: Db) =>
  db.select(viewFields).from(banners).innerJoin(users, eq(users.id, banners.createdBy)).$dynamic();

/** Every banner in the wallet app's order. */
export async function listBanners(db: Db, now: Date): Promise<BannerView[]> {
  const rows = await selectViews(db).orderBy(asc(banners.position), asc(banners.id));
  return rows.map((r) => toView(r, dayOf(now)));
}

export async function bannerView(db: Db, id: number, now: Date): Promise<BannerView> {
  const [row] = await selectViews(db).where(eq(banners.id, id));
  if (!row) throw bannerNotFound();
  return toView(row, dayOf(now));
}

/** The banners the wallet app shows today in a language (those for every language included), in order. */
export async function activeBanners(db: Db, input: { lang?: 'en' | 'fr'; now: Date }): Promise<ActiveBanner[]> {
  const today = dayOf(input.now);
  const rows = await db
    .select({
      id: banners.id,
      title: banners.title,
      link: banners.link,
      language: banners.language,
      position: banners.position,
      endsOn: banners.endsOn,
      imageSha256: banners.imageSha256,
    })
    .from(banners)
    .where(
      sql`${banners.active} AND ${banners.startsOn} <= ${today}::date
          AND (${banners.endsOn} IS NULL OR ${banners.endsOn} >= ${today}::date)
          ${input.lang ? sql`AND ${banners.language} IN ('all', ${input.lang})` : sql``}`,
    )
    .orderBy(asc(banners.position), asc(banners.id));
  return rows.map(({ imageSha256, ...r }) => ({
    ...r,
    language: r.language as BannerLanguage,
    imageUrl: bannerImageUrl(r.id, imageSha256),
  }));
}

export interface CheckedImage {
  bytes: Uint8Array;
  mimeType: BannerMimeType;
  sha256: string;
}

/** The image's size first (cheap), then what its first bytes say it is. */
export async function checkImage(file: File, maxBytes: number): Promise<CheckedImage> {
  if (file.size > maxBytes) throw bannerTooLarge(maxBytes);
  if (file.size === 0) throw emptyImage();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mimeType = sniffBannerImage(bytes);
  if (!mimeType) throw unsupportedImage();
  return { bytes, mimeType, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Positions are 1..n with no gaps, so "move up" is always a swap with the one above. Every
 * change of order takes one lock, so two admins reordering at once cannot interleave.
 */
async function lockedOrder(t: Db): Promise<number[]> {
  await t.execute(sql`SELECT pg_advisory_xact_lock(hashtext('banners:order'))`);
  const rows = await t
    .select({ id: banners.id })
    .from(banners)
    .orderBy(asc(banners.position), asc(banners.id))
    .for('update');
  return rows.map((r) => r.id);
}

async function writeOrder(t: Db, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await t
      .update(banners)
      .set({ position: index + 1 })
      .where(sql`${banners.id} = ${id} AND ${banners.position} <> ${index + 1}`);
  }
}

/** `ids` with `id` at the 1-based `position` (clamped to the list). */
function placed(ids: readonly number[], id: number, position: number): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = Math.min(Math.max(position - 1, 0), rest.length);
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

type Audit = (tx: Db, entry: AuditEntry) => Promise<void>;

/** What an audit record keeps of a banner (not its bytes: the hash names the image). */
const snapshotFields = {
  title: banners.title,
  link: banners.link,
  language: banners.language,
  startsOn: banners.startsOn,
  endsOn: banners.endsOn,
  active: banners.active,
  position: banners.position,
  imageSha256: banners.imageSha256,
};

const auditedFields = (f: BannerFields) => ({
  title: f.title,
  link: f.link ?? null,
  language: f.language,
  startsOn: f.startsOn,
  endsOn: f.endsOn ?? null,
  active: f.active,
});

export async function createBanner(
  db: Db,
  input: { fields: BannerFields; image: CheckedImage; userId: number; now: Date; audit: Audit },
): Promise<number> {
  const { fields, image } = input;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const order = await lockedOrder(t);
    const [row] = await t
      .insert(banners)
      .values({
        ...auditedFields(fields),
        position: 0,
        imageMime: image.mimeType,
        imageSha256: image.sha256,
        image: image.bytes,
        createdBy: input.userId,
        createdAt: input.now,
      })
      .returning({ id: banners.id });
    if (!row) throw new Error('The banner row was not written');
    const ids = placed(order, row.id, fields.position ?? order.length + 1);
    await writeOrder(t, ids);
    await input.audit(t, {
      action: 'banner.create',
      targetType: 'banner',
      targetId: row.id,
      details: { ...auditedFields(fields), position: ids.indexOf(row.id) + 1, imageSha256: image.sha256 },
    });
    return row.id;
  });
}

export async function updateBanner(
  db: Db,
  input: { id: number; fields: BannerFields; image: CheckedImage | null; now: Date; audit: Audit },
): Promise<void> {
  const { fields, image } = input;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const order = await lockedOrder(t);
    const [before] = await t.select(snapshotFields).from(banners).where(eq(banners.id, input.id));
    if (!before) throw bannerNotFound();
    await t
      .update(banners)
      .set({
        ...auditedFields(fields),
        ...(image ? { imageMime: image.mimeType, imageSha256: image.sha256, image: image.bytes } : {}),
        updatedAt: input.now,
      })
      .where(eq(banners.id, input.id));
    const ids = fields.position ? placed(order, input.id, fields.position) : order;
    await writeOrder(t, ids);
    await input.audit(t, {
      action: 'banner.update',
      targetType: 'banner',
      targetId: input.id,
      details: {
        before,
        after: {
          ...auditedFields(fields),
          position: ids.indexOf(input.id) + 1,
          imageSha256: image?.sha256 ?? before.imageSha256,
        },
      },
    });
  });
}

export async function setBannerActive(
  db: Db,
  input: { id: number; active: boolean; now: Date; audit: Audit },
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .update(banners)
      .set({ active: input.active, updatedAt: input.now })
      .where(eq(banners.id, input.id))
      .returning({ id: banners.id, title: banners.title });
    if (!row) throw bannerNotFound();
    await input.audit(t, {
      action: input.active ? 'banner.activate' : 'banner.deactivate',
      targetType: 'banner',
      targetId: input.id,
      details: { title: row.title },
    });
  });
}

export async function moveBanner(
  db: Db,
  input: { id: number; direction: 'up' | 'down'; now: Date; audit: Audit },
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const order = await lockedOrder(t);
    const from = order.indexOf(input.id);
    if (from < 0) throw bannerNotFound();
    const to = input.direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) throw atEdge(input.direction);
    const ids = [...order];
    ids[from] = order[to] as number;
    ids[to] = input.id;
    await writeOrder(t, ids);
    await t.update(banners).set({ updatedAt: input.now }).where(eq(banners.id, input.id));
    await input.audit(t, {
      action: 'banner.reorder',
      targetType: 'banner',
      targetId: input.id,
      details: { direction: input.direction, from: from + 1, to: to + 1 },
    });
  });
}

export async function deleteBanner(db: Db, input: { id: number; audit: Audit }): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const order = await lockedOrder(t);
    const [row] = await t
      .delete(banners)
      .where(eq(banners.id, input.id))
      .returning({ title: banners.title, imageSha256: banners.imageSha256, language: banners.language });
    if (!row) throw bannerNotFound();
    await writeOrder(
      t,
      order.filter((id) => id !== input.id),
    );
    await input.audit(t, {
      action: 'banner.delete',
      targetType: 'banner',
      targetId: input.id,
      details: {
        title: row.title,
        language: row.language,
        position: order.indexOf(input.id) + 1,
        imageSha256: row.imageSha256,
      },
    });
  });
}

/** The image, only for the hash its URL carries: a stale or guessed URL finds nothing. */
export async function loadImage(
  db: Db,
  id: number,
  sha256: string,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; mimeType: string; sha256: string }> {
  const [row] = await db
    .select({ image: banners.image, mime: banners.imageMime, sha: banners.imageSha256 })
    .from(banners)
    .where(eq(banners.id, id));
  if (!row || row.sha !== sha256) throw bannerNotFound();
  return { bytes: new Uint8Array(row.image), mimeType: row.mime, sha256: row.sha };
}
