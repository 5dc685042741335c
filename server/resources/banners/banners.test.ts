// The app first: it loads @hono/zod-openapi before any contract schema is built, as the server does.
import { createTestApi, type TestApi } from '../../test/harness';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BANNER_BYTES } from '../../../contract/banners';
import type { ActiveBanner, BannerView } from '../../../contract/api/banners';
import { CHANNEL, HEADER, XSRF_COOKIE } from '../../../contract/http';
import { queryRows } from '../../db/query';
import { expectFailure, expectSessionExpired } from '../../test/expect';
import { EXE_BYTES, JPEG_BYTES, PDF_BYTES, PNG_BYTES } from '../../test/kyc-fixtures';
import { sessionXsrfToken } from '../../http/xsrf';

let api: TestApi;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  api = await createTestApi();
  for (const user of ['admin', 'network-supervisor', 'support-plus', 'agent'])
    tokens[user] = (await api.login(user)).token;
});
afterAll(() => api.close());

/** RIFF, its size, WEBP, then a VP8 chunk header: what a WebP file starts with. */
const WEBP_BYTES = new Uint8Array([
  0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20, 0x18, 0, 0, 0,
]);
const TODAY = '2026-11-22';

type Fields = Record<string, string>;

/** Multipart the way the page sends it (the harness's call() speaks JSON only). */
async function send(
  method: 'POST' | 'PUT',
  path: string,
  token: string | undefined,
  fields: Fields,
  image?: { bytes: Uint8Array; name?: string; type?: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) {
    form.set(
      'image',
      new File([image.bytes as Uint8Array<ArrayBuffer>], image.name ?? 'banner.png', {
        type: image.type ?? 'image/png',
      }),
    );
  }
  const xsrf = token ? sessionXsrfToken(api.config.xsrfSecret, token) : 'test-xsrf-pair';
  const response = await api.request(path, {
    method,
    cookies: false,
    headers: {
      cookie: `${XSRF_COOKIE}=${xsrf}`,
      [HEADER.xsrf]: xsrf,
      ...(token ? { [HEADER.sessionToken]: token } : {}),
      [HEADER.channel]: CHANNEL.dashboard,
      accept: 'application/json',
    },
    body: form,
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

const fields = (over: Fields = {}): Fields => ({
  title: 'Woyofal: -10 % on fees',
  link: 'https://www.example.sn/woyofal',
  language: 'all',
  startsOn: TODAY,
  endsOn: '',
  active: 'true',
  ...over,
});

const create = (
  over: Fields = {},
  image: { bytes: Uint8Array; name?: string; type?: string } = { bytes: PNG_BYTES },
  user = 'admin',
) => send('POST', '/rest/banners', tokens[user], fields(over), image);

const list = async (user = 'admin') => {
  const res = await api.call<{ payload: { rows: BannerView[] } }>('GET', '/rest/banners', { token: tokens[user] });
  expect(res.status).toBe(200);
  return res.body.payload.rows;
};

const active = async (query = '') => {
  const res = await api.call<{ payload: { rows: ActiveBanner[] } }>('GET', `/rest/banners/active${query}`);
  expect(res.status).toBe(200);
  return { rows: res.body.payload.rows, headers: res.headers };
};

const audits = (action: string) =>
  queryRows<{ target_id: string; details: Record<string, unknown> }>(
    api.handle.db,
    sql`SELECT target_id, details FROM audit_events WHERE action = ${action} ORDER BY id`,
  );

describe('who manages banners', () => {
  it('answers 401 without a session and 403 to groups without /banner in their menu', async () => {
    expectSessionExpired(await api.call('GET', '/rest/banners'));
    expectSessionExpired(await send('POST', '/rest/banners', undefined, fields(), { bytes: PNG_BYTES }));
    for (const user of ['support-plus', 'agent']) {
      expectFailure(await api.call('GET', '/rest/banners', { token: tokens[user] }), 403, 'FORBIDDEN');
      expectFailure(await create({}, { bytes: PNG_BYTES }, user), 403, 'FORBIDDEN');
      expectFailure(await api.call('DELETE', '/rest/banners/1', { token: tokens[user] }), 403, 'FORBIDDEN');
    }
    expect((await api.call('GET', '/rest/banners', { token: tokens['network-supervisor'] })).status).toBe(200);
  });
});

describe('creating a banner', () => {
  it('stores PNG, JPEG and WebP images by their content, and serves them cacheably', async () => {
    const png = await create({ title: 'Pay your bills' });
    expect(png.status, JSON.stringify(png.body)).toBe(201);
    const view = png.body.payload as BannerView;
    expect(view).toMatchObject({
      title: 'Pay your bills',
      link: 'https://www.example.sn/woyofal',
      language: 'all',
      startsOn: TODAY,
      endsOn: null,
      active: true,
      live: true,
      imageMime: 'image/png',
      imageSize: PNG_BYTES.byteLength,
      createdBy: expect.any(String),
    });
    expect(view.imageUrl).toMatch(/^banners\/\d+\/image\?v=[0-9a-f]{64}$/);

    const jpeg = await create({ title: 'Orange top-up' }, { bytes: JPEG_BYTES, name: 'b.jpg', type: 'image/jpeg' });
    expect(jpeg.body.payload.imageMime).toBe('image/jpeg');
    // The declared type lies; the content decides.
    const webp = await create({ title: 'Student wallets' }, { bytes: WEBP_BYTES, name: 'b.png', type: 'image/png' });
    expect(webp.body.payload.imageMime).toBe('image/webp');

    const res = await api.request(`/rest/${view.imageUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_BYTES);
    const etag = res.headers.get('etag') as string;
    const again = await api.request(`/rest/${view.imageUrl}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // A URL with another hash (a stale or guessed one) finds nothing.
    const wrong = await api.request(`/rest/banners/${view.id}/image?v=${'0'.repeat(64)}`);
    expect(wrong.status).toBe(404);
    expect((await api.request(`/rest/banners/${view.id}/image?v=nothex`)).status).toBe(400);

    const [audit] = (await audits('banner.create')).filter((a) => a.target_id === String(view.id));
    expect(audit?.details).toMatchObject({ title: 'Pay your bills', language: 'all', position: expect.any(Number) });
  });

  it('refuses files that are not images, too large or empty, with nothing stored', async () => {
    const before = (await list()).length;
    expectFailure(await create({}, { bytes: PDF_BYTES, name: 'x.png' }), 415, 'UNSUPPORTED_BANNER_IMAGE');
    expectFailure(await create({}, { bytes: EXE_BYTES, name: 'x.png' }), 415, 'UNSUPPORTED_BANNER_IMAGE');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectFailure(
      await create({}, { bytes: svg, name: 'x.svg', type: 'image/svg+xml' }),
      415,
      'UNSUPPORTED_BANNER_IMAGE',
    );
    expectFailure(await create({}, { bytes: new Uint8Array() }), 400, 'BANNER_IMAGE_EMPTY');
    const big = new Uint8Array(MAX_BANNER_BYTES + 1);
    big.set(PNG_BYTES);
    expectFailure(await create({}, { bytes: big }), 413, 'BANNER_IMAGE_TOO_LARGE');
    const huge = new Uint8Array(MAX_BANNER_BYTES * 2);
    huge.set(PNG_BYTES);
    expectFailure(await create({}, { bytes: huge }), 413, 'BANNER_IMAGE_TOO_LARGE');
    expect((await list()).length).toBe(before);
  });

  it('validates every field', async () => {
    expectFailure(await send('POST', '/rest/banners', tokens.admin, fields()), 400, 'VALIDATION_FAILED');
    for (const bad of <Fields[]>[
      { title: 'x' },
      { title: 'A'.repeat(81) },
      { link: 'http://www.example.sn/offer' },
      { link: 'javascript:alert(1)' },
      { link: 'https://user:pw@example.sn/' },
      { language: 'wo' },
      { startsOn: '2026-02-30' },
      { startsOn: TODAY, endsOn: '2026-11-01' },
      { position: '0' },
      { position: 'first' },
      { active: 'maybe' },
    ]) {
      const res = await create(bad);
      expectFailure(res, 400, 'VALIDATION_FAILED');
    }
    const noLink = await create({ title: 'No link at all', link: '' });
    expect(noLink.status).toBe(201);
    expect(noLink.body.payload.link).toBeNull();
  });
});

describe('order, edits, deactivation and deletion', () => {
  it('keeps positions 1..n: insert at a place, move up and down, delete closes the gap', async () => {
    const first = (await create({ title: 'Goes first', position: '1' })).body.payload as BannerView;
    let rows = await list();
    expect(rows[0]?.id).toBe(first.id);
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));

    const moved = await api.call<{ payload: { rows: BannerView[] } }>('POST', `/rest/banners/${first.id}/move`, {
      token: tokens.admin,
      json: { direction: 'down' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.payload.rows[1]?.id).toBe(first.id);
    await api.call('POST', `/rest/banners/${first.id}/move`, { token: tokens.admin, json: { direction: 'up' } });
    expectFailure(
      await api.call('POST', `/rest/banners/${first.id}/move`, { token: tokens.admin, json: { direction: 'up' } }),
      409,
      'BANNER_AT_EDGE',
    );
    expectFailure(
      await api.call('POST', `/rest/banners/${first.id}/move`, { token: tokens.admin, json: { direction: 'left' } }),
      400,
      'VALIDATION_FAILED',
    );
    expectFailure(
      await api.call('POST', '/rest/banners/999999/move', { token: tokens.admin, json: { direction: 'up' } }),
      404,
      'BANNER_NOT_FOUND',
    );
    rows = await list();
    const last = rows.at(-1) as BannerView;
    expectFailure(
      await api.call('POST', `/rest/banners/${last.id}/move`, { token: tokens.admin, json: { direction: 'down' } }),
      409,
      'BANNER_AT_EDGE',
    );
    const reorders = await audits('banner.reorder');
    expect(reorders.map((a) => a.details)).toEqual([
      { direction: 'down', from: 1, to: 2 },
      { direction: 'up', from: 2, to: 1 },
    ]);

    const deleted = await api.call<{ payload: { rows: BannerView[] } }>('DELETE', `/rest/banners/${first.id}`, {
      token: tokens.admin,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.payload.rows.map((r) => r.position)).toEqual(deleted.body.payload.rows.map((_, i) => i + 1));
    expect(deleted.body.payload.rows.some((r) => r.id === first.id)).toBe(false);
    expect((await api.request(`/rest/${first.imageUrl}`)).status).toBe(404);
    expectFailure(
      await api.call('DELETE', `/rest/banners/${first.id}`, { token: tokens.admin }),
      404,
      'BANNER_NOT_FOUND',
    );
    expect((await audits('banner.delete')).some((a) => a.target_id === String(first.id))).toBe(true);
  });

  it('edits fields and the image, deactivates and activates, all audited', async () => {
    const made = (await create({ title: 'Before edit' })).body.payload as BannerView;
    const edited = await send(
      'PUT',
      `/rest/banners/${made.id}`,
      tokens.admin,
      fields({ title: 'After edit', language: 'fr', endsOn: '2026-12-31', position: '1' }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.payload).toMatchObject({
      title: 'After edit',
      language: 'fr',
      endsOn: '2026-12-31',
      position: 1,
    });
    expect(edited.body.payload.imageUrl).toBe(made.imageUrl);

    const newImage = await send('PUT', `/rest/banners/${made.id}`, tokens.admin, fields({ title: 'After edit' }), {
      bytes: JPEG_BYTES,
    });
    expect(newImage.body.payload.imageMime).toBe('image/jpeg');
    expect(newImage.body.payload.imageUrl).not.toBe(made.imageUrl);
    expect((await api.request(`/rest/${made.imageUrl}`)).status).toBe(404);
    expectFailure(await send('PUT', '/rest/banners/999999', tokens.admin, fields()), 404, 'BANNER_NOT_FOUND');

    const off = await api.call<{ payload: BannerView }>('POST', `/rest/banners/${made.id}/status`, {
      token: tokens.admin,
      json: { active: false },
    });
    expect(off.body.payload).toMatchObject({ active: false, live: false });
    const on = await api.call<{ payload: BannerView }>('POST', `/rest/banners/${made.id}/status`, {
      token: tokens.admin,
      json: { active: true },
    });
    expect(on.body.payload.active).toBe(true);
    const updates = (await audits('banner.update')).filter((a) => a.target_id === String(made.id));
    expect(updates[0]?.details).toMatchObject({
      before: { title: 'Before edit', language: 'all' },
      after: { title: 'After edit', language: 'fr', position: 1 },
    });
    expect((await audits('banner.deactivate')).some((a) => a.target_id === String(made.id))).toBe(true);
    expect((await audits('banner.activate')).some((a) => a.target_id === String(made.id))).toBe(true);
  });
});

describe('what the wallet app gets', () => {
  it('lists today’s active banners for a language, in order, without a session', async () => {
    const fr = (await create({ title: 'Offre en français', language: 'fr' })).body.payload as BannerView;
    const en = (await create({ title: 'English only offer', language: 'en' })).body.payload as BannerView;
    const future = (await create({ title: 'Starts next month', startsOn: '2026-12-22' })).body.payload as BannerView;
    const past = (await create({ title: 'Ended last week', startsOn: '2026-11-01', endsOn: '2026-11-15' })).body
      .payload as BannerView;
    const lastDay = (await create({ title: 'Ends today', startsOn: '2026-11-01', endsOn: TODAY })).body
      .payload as BannerView;
    const off = (await create({ title: 'Switched off', active: 'false' })).body.payload as BannerView;
    expect(future.live).toBe(false);
    expect(past.live).toBe(false);
    expect(lastDay.live).toBe(true);

    const { rows, headers } = await active('?lang=fr');
    const ids = rows.map((r) => r.id);
    expect(ids).toContain(fr.id);
    expect(ids).toContain(lastDay.id);
    for (const hidden of [en.id, future.id, past.id, off.id]) expect(ids).not.toContain(hidden);
    expect(rows.every((r) => r.language === 'fr' || r.language === 'all')).toBe(true);
    expect(rows.map((r) => r.position)).toEqual([...rows.map((r) => r.position)].sort((a, b) => a - b));
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    const image = await api.request(`/rest/${rows.find((r) => r.id === fr.id)?.imageUrl}`);
    expect(image.status).toBe(200);

    expect((await active('?lang=en')).rows.map((r) => r.id)).toContain(en.id);
    expect((await active('?lang=en')).rows.map((r) => r.id)).not.toContain(fr.id);
    expect((await active()).rows.map((r) => r.id)).toEqual(expect.arrayContaining([fr.id, en.id]));
    expectFailure(await api.call('GET', '/rest/banners/active?lang=wo'), 400, 'VALIDATION_FAILED');

    const doc = await api.call<{ paths: Record<string, unknown> }>('GET', '/rest/openapi.json');
    expect(doc.body.paths['/banners/active']).toBeDefined();
    expect(doc.body.paths['/banners/{id}/image']).toBeDefined();
  });
});
