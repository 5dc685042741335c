/**
 * The banner editor's values and checks: the contract's schema (the API's own) over the form's
 * strings, and the image checked in the browser by its first bytes and size before it is sent
 * (the API checks again). Pure, apart from reading a picked file's first bytes.
 */
import {
  BANNER_SIGNATURE_BYTES,
  type BannerLanguage,
  type BannerMimeType,
  bannerFieldsSchema,
  MAX_BANNER_BYTES,
  sniffBannerImage,
} from '../../../contract/banners';
import type { BannerView } from '../../../contract/api/banners';

const BANNER_FIELDS = ['title', 'link', 'language', 'startsOn', 'endsOn', 'position'] as const;
export type BannerField = (typeof BANNER_FIELDS)[number];

export interface BannerValues {
  title: string;
  link: string;
  language: BannerLanguage;
  startsOn: string;
  endsOn: string;
  position: string;
  active: boolean;
}

type ImageProblem = 'required' | 'type' | 'size' | 'empty';

export interface CheckedImage {
  file: File;
  mimeType: BannerMimeType | null;
  problem: Exclude<ImageProblem, 'required'> | null;
}

export type BannerErrors = Partial<Record<BannerField, true>> & { image?: ImageProblem };

/** A YYYY-MM-DD day in the browser's time zone (Dakar keeps UTC). */
export const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export const emptyBanner = (today: Date): BannerValues => ({
  title: '',
  link: '',
  language: 'all',
  startsOn: localDay(today),
  endsOn: '',
  position: '',
  active: true,
});

/** An existing banner in the editor; its place is kept unless a new one is typed. */
export const valuesOf = (banner: BannerView): BannerValues => ({
  title: banner.title,
  link: banner.link ?? '',
  language: banner.language,
  startsOn: banner.startsOn,
  endsOn: banner.endsOn ?? '',
  position: '',
  active: banner.active,
});

/** The form's strings as the multipart body carries them. */
export const formFields = (values: BannerValues): Record<string, string> => ({
  title: values.title,
  link: values.link,
  language: values.language,
  startsOn: values.startsOn,
  endsOn: values.endsOn,
  position: values.position,
  active: values.active ? 'true' : 'false',
});

const isField = (name: unknown): name is BannerField => (BANNER_FIELDS as readonly unknown[]).includes(name);

/**
 * Every problem of the form: the fields by the contract's schema, and the image (required for a
 * new banner, optional when editing one that has an image).
 */
export function validateBanner(values: BannerValues, image: CheckedImage | null, needsImage: boolean): BannerErrors {
  const errors: BannerErrors = {};
  const result = bannerFieldsSchema.safeParse(formFields(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = issue.path[0];
      if (isField(name)) errors[name] = true;
    }
  }
  if (image?.problem) errors.image = image.problem;
  else if (!image && needsImage) errors.image = 'required';
  return errors;
}

export const hasErrors = (errors: BannerErrors) => Object.keys(errors).length > 0;

/** The picked file's type by its first bytes, and its size against the API's limit. */
export async function checkBannerImage(file: File, maxBytes = MAX_BANNER_BYTES): Promise<CheckedImage> {
  if (file.size === 0) return { file, mimeType: null, problem: 'empty' };
  if (file.size > maxBytes) return { file, mimeType: null, problem: 'size' };
  const head = new Uint8Array(await file.slice(0, BANNER_SIGNATURE_BYTES).arrayBuffer());
  const mimeType = sniffBannerImage(head);
  return { file, mimeType, problem: mimeType ? null : 'type' };
}

/** Where the banner will be, as the list reads it: a typed place, or last / where it is. */
export function placeOf(values: BannerValues): number | null {
  const n = Number(values.position);
  return values.position.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null;
}

export type BannerState = 'live' | 'scheduled' | 'ended' | 'inactive';

/** What the list says of a banner on `today` (YYYY-MM-DD). */
export function bannerState(banner: Pick<BannerView, 'active' | 'startsOn' | 'endsOn'>, today: string): BannerState {
  if (!banner.active) return 'inactive';
  if (banner.startsOn > today) return 'scheduled';
  if (banner.endsOn !== null && banner.endsOn < today) return 'ended';
  return 'live';
}

/** The host a link opens, for the preview ("Opens example.sn"); null without a valid link. */
export function linkHost(link: string): string | null {
  try {
    return link.trim() ? new URL(link.trim()).hostname.replace(/^www\./, '') : null;
  } catch {
    return null;
  }
}

/** A refusal of the API about the image (415, 413, empty), as the image field's problem. */
export function imageProblemOf(code: string | null): CheckedImage['problem'] {
  switch (code) {
    case 'UNSUPPORTED_BANNER_IMAGE':
      return 'type';
    case 'BANNER_IMAGE_TOO_LARGE':
      return 'size';
    case 'BANNER_IMAGE_EMPTY':
      return 'empty';
    default:
      return null;
  }
}
