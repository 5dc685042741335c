import { ApiClient } from '../lib/api-client';
import { summarise } from '../lib/stats';
import type { Measurement, Row } from './types';

/**
 * Sequential request latency against 127.0.0.1 (one request at a time, keep-alive): the time
 * from sending until the whole body has been read. A bounded loop: WARM_UP requests that
 * are not counted, then SAMPLES that are. Timing figures: reported, never asserted.
 */
const WARM_UP = 30;
const SAMPLES = 300;

interface Target {
  id: string;
  label: string;
  path: string;
  client: ApiClient;
}

async function time(target: Target): Promise<Row> {
  for (let i = 0; i < WARM_UP; i++) await target.client.get(target.path);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now();
    await target.client.get(target.path);
    samples.push(performance.now() - start);
  }
  const { p50, p95, p99, max, count } = summarise(samples);
  return { id: target.id, label: target.label, values: { p50, p95, p99, max, count }, detail: { path: target.path } };
}

export const apiLatency: Measurement = {
  id: 'api',
  title: `API latency, sequential (${WARM_UP} warm-up + ${SAMPLES} timed requests each)`,
  deterministic: false,
  columns: [
    { key: 'p50', label: 'p50', unit: 'ms' },
    { key: 'p95', label: 'p95', unit: 'ms' },
    { key: 'p99', label: 'p99', unit: 'ms' },
    { key: 'max', label: 'max', unit: 'ms' },
    { key: 'count', label: 'Count', unit: 'count' },
  ],
  async run({ baseUrl }) {
    const anonymous = new ApiClient(baseUrl);
    const admin = new ApiClient(baseUrl);
    await admin.login('admin');
    const aftu = new ApiClient(baseUrl);
    await aftu.login('aftu-master');
    if (aftu.profileId === undefined) throw new Error("aftu-master's sign-in returned no profile id");

    const membersPath = `/rest/members/merchant-partner/associated-members?brokerId=${aftu.profileId}`;
    // Make sure the timed request does real work: aftu-master has associated members.
    const members = (await aftu.get(membersPath)) as { payload?: { MemberDetailsList?: unknown[] } };
    if (!members.payload?.MemberDetailsList?.length) throw new Error('aftu-master has no associated members');

    const targets: Target[] = [
      { id: 'health', label: 'GET /rest/health', path: '/rest/health', client: anonymous },
      { id: 'auth-me', label: 'GET /rest/auth/me (admin)', path: '/rest/auth/me', client: admin },
      {
        id: 'associated-members',
        label: 'GET …/associated-members (aftu-master)',
        path: membersPath,
        client: aftu,
      },
    ];
    const rows: Row[] = [];
    for (const target of targets) rows.push(await time(target));
    return { rows, meta: { warmUp: WARM_UP, samples: SAMPLES } };
  },
};
