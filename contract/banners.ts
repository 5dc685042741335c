import { z } from 'zod';
import type { GroupKey } from './groups';
import { sniffDocumentType } from './kyc';
import { isoDateSchema } from './senegal-formats';

/**
 * The wallet app's banners (/banner; docs/settings.md): managed by the admin menu's groups, shown
 * by the wallet app through the public `GET banners/active`. The page and the API validate with
 * these.
 */

/** /banner is in the admin Settings menu only (docs/product.md). */
export const BANNER_GROUPS: readonly GroupKey[] = ['admin', 'networkSupervisor'];

export const BANNER_LANGUAGES = ['all', 'en', 'fr'] as const;
export type BannerLanguage = (typeof BANNER_LANGUAGES)[number];

export const BANNER_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BannerMimeType = (typeof BANNER_MIME_TYPES)[number];

/** For the file picker's accept attribute. */
export const BANNER_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp';

/** Banners load on phones over mobile data: 1 MiB is plenty for a 1080 px wide image. */
export const MAX_BANNER_BYTES = 1024 * 1024;

/** The shape the wallet app shows a banner in (a card across the phone's width): 3 to 1. */
export const BANNER_ASPECT = { width: 3, height: 1 } as const;

const startsWith = (bytes: Uint8Array, at: number, ascii: string) =>
  bytes.length >= at + ascii.length && [...ascii].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/**
 * What a banner image really is, from its first bytes: PNG and JPEG by the KYC document check
 * (contract/kyc.ts), WebP by its RIFF header. A PDF, an SVG (scripts) or anything else is null.
 */
export function sniffBannerImage(bytes: Uint8Array): BannerMimeType | null {
  const document = sniffDocumentType(bytes);
  if (document === 'image/png' || document === 'image/jpeg') return document;
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

/** Bytes enough to tell the three formats apart. */
export const BANNER_SIGNATURE_BYTES = 12;

const BANNER_TITLE = { min: 2, max: 80 } as const;
const BANNER_LINK_MAX = 500;
const MAX_BANNER_POSITION = 10_000;

const noControl = (v: string) => !/\p{Cc}/u.test(v);

/** A link the wallet app may open: https only, a real host, no credentials in it. */
function isSafeBannerLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)
  );
}

const BANNER_LINK_MESSAGE = 'Enter a full https:// address, such as https://www.example.sn/offer';
const BANNER_DATES_MESSAGE = 'The end date is before the start date';

/** Forms send '' for an empty field: that means "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A banner's fields as the multipart form sends them (every value a string). The same schema
 * checks the page's form before it is sent and the API's input.
 */
export const bannerFieldsObject = z.object({
  title: z
    .string({ error: 'Give the banner a title' })
    .trim()
    .min(BANNER_TITLE.min, `At least ${BANNER_TITLE.min} characters`)
    .max(BANNER_TITLE.max, `At most ${BANNER_TITLE.max} characters`)
    .refine(noControl, 'Must not contain control characters')
    .transform((v) => v.replace(/\s+/g, ' ')),
  link: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(BANNER_LINK_MAX, `At most ${BANNER_LINK_MAX} characters`)
      .refine(isSafeBannerLink, BANNER_LINK_MESSAGE)
      .optional(),
  ),
  language: z.enum(BANNER_LANGUAGES, { error: 'Choose who sees the banner' }),
  startsOn: isoDateSchema,
  endsOn: z.preprocess(blank, isoDateSchema.optional()),
  /** 1-based place in the list; left out: last (a new banner) or where it is (an edit). */
  position: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'A whole number' })
      .int('A whole number')
      .min(1, 'At least 1')
      .max(MAX_BANNER_POSITION, `At most ${MAX_BANNER_POSITION}`)
      .optional(),
  ),
  active: z.preprocess(blank, z.enum(['true', 'false']).default('true')).transform((v) => v === 'true'),
});

/** The end date may not come before the start date (an open end is fine). */
export const datesInOrder = [
  (v: { startsOn: string; endsOn?: string }) => !v.endsOn || v.endsOn >= v.startsOn,
  { message: BANNER_DATES_MESSAGE, path: ['endsOn'] as PropertyKey[] },
] as const;

export const bannerFieldsSchema = bannerFieldsObject.refine(...datesInOrder);

export type BannerFields = z.output<typeof bannerFieldsSchema>;

export const bannerImageUrl = (id: number, sha256: string) => `banners/${id}/image?v=${sha256}`;

/** A banner is live on `day` (YYYY-MM-DD) when active and within its dates. */
export const isLiveOn = (b: { active: boolean; startsOn: string; endsOn: string | null }, day: string) =>
  b.active && b.startsOn <= day && (b.endsOn === null || b.endsOn >= day);
