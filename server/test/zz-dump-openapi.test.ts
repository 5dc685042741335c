import '@hono/zod-openapi';
import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { createTestApi } from './harness';
it('dumps', async () => {
  const api = await createTestApi();
  const text = await (await api.request('/rest/openapi.json')).text();
  writeFileSync(process.env.OPENAPI_OUT ?? '/tmp/openapi.json', text);
  await api.close();
}, 120_000);
