import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BannerView } from '../../../contract/api/banners';
import { ApiRequestError } from '../../api/client';
import {
  bannerState,
  checkBannerImage,
  emptyBanner,
  formFields,
  linkHost,
  placeOf,
  validateBanner,
  valuesOf,
} from './banner-form';
import { type BannerAction, bannersMachine, type SaveInput } from './banners-machine';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const WEBP = [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50];
const file = (bytes: number[], name = 'banner.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

const TODAY = new Date(2026, 10, 22);

const banner = (over: Partial<BannerView> = {}): BannerView => ({
  id: 1,
  title: 'Pay your bills',
  link: 'https://www.example.sn/bills',
  language: 'all',
  startsOn: '2026-11-01',
  endsOn: null,
  position: 1,
  active: true,
  live: true,
  imageMime: 'image/png',
  imageSize: 1200,
  imageUrl: `banners/1/image?v=${'a'.repeat(64)}`,
  createdBy: 'Admin',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: null,
  ...over,
});

describe('the banner image check', () => {
  it('reads the first bytes, not the name or declared type', async () => {
    expect(await checkBannerImage(file(PNG))).toMatchObject({ mimeType: 'image/png', problem: null });
    expect(await checkBannerImage(file(WEBP, 'promo.png'))).toMatchObject({ mimeType: 'image/webp', problem: null });
    expect((await checkBannerImage(file([0x25, 0x50, 0x44, 0x46, 0x2d], 'x.png'))).problem).toBe('type');
    expect((await checkBannerImage(file([], 'x.png'))).problem).toBe('empty');
    expect((await checkBannerImage(file(PNG), 8)).problem).toBe('size');
  });
});

describe('the banner form', () => {
  it('needs a title, an https link if any, dates in order and an image for a new banner', async () => {
    const empty = emptyBanner(TODAY);
    expect(empty.startsOn).toBe('2026-11-22');
    expect(validateBanner(empty, null, true)).toEqual({ title: true, image: 'required' });
    const image = await checkBannerImage(file(PNG));
    const ok = { ...empty, title: 'Woyofal week' };
    expect(validateBanner(ok, image, true)).toEqual({});
    expect(validateBanner({ ...ok, link: 'http://example.sn' }, image, true)).toEqual({ link: true });
    expect(validateBanner({ ...ok, endsOn: '2026-11-21' }, image, true)).toEqual({ endsOn: true });
    expect(validateBanner({ ...ok, position: '0' }, image, true)).toEqual({ position: true });
    // Editing keeps the stored image unless another is chosen.
    expect(validateBanner(valuesOf(banner()), null, false)).toEqual({});
    const bad = await checkBannerImage(file([1, 2, 3]));
    expect(validateBanner(valuesOf(banner()), bad, false)).toEqual({ image: 'type' });
  });

  it('sends every field as the multipart form’s strings', () => {
    expect(formFields({ ...valuesOf(banner()), active: false, position: '2' })).toEqual({
      title: 'Pay your bills',
      link: 'https://www.example.sn/bills',
      language: 'all',
      startsOn: '2026-11-01',
      endsOn: '',
      position: '2',
      active: 'false',
    });
  });

  it('says what the list shows and what the preview shows', () => {
    expect(bannerState(banner(), '2026-11-22')).toBe('live');
    expect(bannerState(banner({ active: false }), '2026-11-22')).toBe('inactive');
    expect(bannerState(banner({ startsOn: '2026-12-01' }), '2026-11-22')).toBe('scheduled');
    expect(bannerState(banner({ endsOn: '2026-11-21' }), '2026-11-22')).toBe('ended');
    expect(bannerState(banner({ endsOn: '2026-11-22' }), '2026-11-22')).toBe('live');
    expect(linkHost('https://www.example.sn/bills?x=1')).toBe('example.sn');
    expect(linkHost('')).toBeNull();
    expect(linkHost('not a link')).toBeNull();
    expect(placeOf({ ...emptyBanner(TODAY), position: '3' })).toBe(3);
    expect(placeOf(emptyBanner(TODAY))).toBeNull();
  });
});

function start(options: { save?: (input: SaveInput) => Promise<BannerView> } = {}) {
  let rows = [banner(), banner({ id: 2, title: 'Student wallets', position: 2 })];
  const saved: SaveInput[] = [];
  const actions: BannerAction[] = [];
  const actor = createActor(
    bannersMachine.provide({
      actors: {
        listBanners: fromPromise(async () => rows),
        saveBanner: fromPromise(async ({ input }) => {
          saved.push(input);
          if (options.save) return options.save(input);
          const made = banner({ id: 3, title: input.values.title, position: 3 });
          rows = [...rows, made];
          return made;
        }),
        runAction: fromPromise(async ({ input }) => {
          actions.push(input);
          if (input.kind === 'move') rows = [...rows].reverse().map((r, i) => ({ ...r, position: i + 1 }));
          if (input.kind === 'delete') rows = rows.filter((r) => r.id !== input.id);
          if (input.kind === 'status') rows = rows.map((r) => (r.id === input.id ? { ...r, active: input.active } : r));
          return rows;
        }),
      },
    }),
  ).start();
  return { actor, saved, actions };
}

describe('the banners machine', () => {
  it('adds a banner only after a preview, then lists it with a notice', async () => {
    const { actor, saved } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'banner.new', today: TODAY });
    actor.send({ type: 'editor.preview' });
    expect(actor.getSnapshot().context.errors).toEqual({ title: true, image: 'required' });
    actor.send({ type: 'field.change', name: 'title', value: 'Woyofal week' });
    actor.send({ type: 'image.pick', image: await checkBannerImage(file(PNG)) });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'editor.preview' });
    expect(actor.getSnapshot().hasTag('preview')).toBe(true);
    expect(saved).toEqual([]);
    actor.send({ type: 'editor.back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'editor.preview' });
    actor.send({ type: 'editor.save' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: null, values: { title: 'Woyofal week', startsOn: '2026-11-22' } });
    expect(saved[0]?.file?.name).toBe('banner.png');
    expect(actor.getSnapshot().context.rows.map((r) => r.title)).toContain('Woyofal week');
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'created', title: 'Woyofal week' });
  });

  it('opens the editor even while the list loads, and a cancelled editor reloads the list', async () => {
    const { actor } = start();
    actor.send({ type: 'banner.new', today: TODAY });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'editor.cancel' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
  });

  it('edits without a new image, and brings the server’s image refusal back to the form', async () => {
    const { actor, saved } = start({
      save: async () => {
        throw new ApiRequestError('Only PNG, JPEG and WebP', 415, 'UNSUPPORTED_BANNER_IMAGE', false);
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'banner.edit', id: 2 });
    expect(actor.getSnapshot().context.values.title).toBe('Student wallets');
    actor.send({ type: 'editor.preview' });
    actor.send({ type: 'editor.save' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(saved[0]).toMatchObject({ id: 2, file: null });
    expect(actor.getSnapshot().context.errors.image).toBe('type');
  });

  it('moves, deactivates and deletes (after confirming) through the API, keeping its order', async () => {
    const { actor, actions } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'banner.move', id: 2, direction: 'up' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual([2, 1]);
    actor.send({ type: 'banner.toggle', id: 1 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actions.at(-1)).toEqual({ kind: 'status', id: 1, active: false });
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'deactivated', title: 'Pay your bills' });
    actor.send({ type: 'banner.delete', id: 1 });
    expect(actor.getSnapshot().matches('confirmingDelete')).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(actions).toHaveLength(2);
    actor.send({ type: 'banner.delete', id: 1 });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual([2]);
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'deleted', title: 'Pay your bills' });
  });
});
