/** The banners endpoints (contract/api/banners.ts) on the fake API: a small stateful server. */
import type { BannerView } from '../../../contract/api/banners';
import { type FakeApi, success } from './fake-api';

export function installFakeBanners(api: FakeApi, start: readonly BannerView[]) {
  let rows = start.map((b) => ({ ...b }));
  let nextId = Math.max(0, ...rows.map((b) => b.id)) + 1;
  const numbered = () => {
    rows = rows.map((row, i) => ({ ...row, position: i + 1 }));
    return { body: success({ rows }) };
  };
  const fieldsOf = (body: unknown) => {
    const form = body as FormData;
    return { title: String(form.get('title')), active: form.get('active') === 'true' };
  };
  api.on('GET', 'banners', () => ({ body: success({ rows }) }));
  api.on('POST', 'banners', (call) => {
    const created = { ...(start[0] as BannerView), id: nextId, position: rows.length + 1, ...fieldsOf(call.body) };
    nextId++;
    rows.push(created);
    return { status: 201, body: success(created) };
  });
  for (const { id } of start) {
    const at = () => rows.findIndex((r) => r.id === id);
    api.on('PUT', `banners/${id}`, (call) => {
      rows[at()] = { ...(rows[at()] as BannerView), ...fieldsOf(call.body) };
      return { body: success(rows[at()]) };
    });
    api.on('POST', `banners/${id}/status`, (call) => {
      rows[at()] = { ...(rows[at()] as BannerView), active: (call.body as { active: boolean }).active };
      return { body: success(rows[at()]) };
    });
    api.on('POST', `banners/${id}/move`, (call) => {
      const from = at();
      const to = (call.body as { direction: 'up' | 'down' }).direction === 'up' ? from - 1 : from + 1;
      const [moved] = rows.splice(from, 1);
      rows.splice(to, 0, moved as BannerView);
      return numbered();
    });
    api.on('DELETE', `banners/${id}`, () => {
      rows.splice(at(), 1);
      return numbered();
    });
  }
  return {
    /** Every change (not a read) the page sent to the banners endpoints. */
    writes: () => api.calls.filter((c) => c.method !== 'GET' && c.path.startsWith('banners')).length,
  };
}
