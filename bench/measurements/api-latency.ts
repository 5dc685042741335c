import { ApiClient } from '../lib/api-client';
import { summarise } from '../lib/stats';
import type { Measurement, Row } from './types';

/**
 * Sequential request latency against 127.0.0.1 (one request at a time, keep-alive): the time
 * from sending until the whole body has been read. A bounded loop: WARM_UP requests that
 * are not counted, then SAMPLES that are. The targets take turns, one request each, so a busy
 * moment of the machine weighs on all of them alike: each row's p50 and p95 are also given as
 * a multiple of the unsigned `/rest/health` of the same run, the fixed cost of a signed-in
 * request (decision 062). Timing figures: reported, never asserted.
 */
const WARM_UP = 30;
const SAMPLES = 300;

interface Target {
  id: string;
  label: string;
  path: string;
  client: ApiClient;
}

async function time(targets: readonly Target[]): Promise<Row[]> {
  for (const target of targets) for (let i = 0; i < WARM_UP; i++) await target.client.get(target.path);
  const samples = targets.map((): number[] => []);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [index, target] of targets.entries()) {
      const start = performance.now();
      await target.client.get(target.path);
      samples[index]?.push(performance.now() - start);
    }
  }
  const summaries = samples.map((taken) => summarise(taken));
  const floor = summaries[0];
  if (!floor) throw new Error('no target timed');
  const ratio = (value: number, of: number) => Math.round((value / of) * 100) / 100;
  return targets.map((target, index) => {
    const { p50, p95, p99, max, count } = summaries[index] ?? floor;
    return {
      id: target.id,
      label: target.label,
      values: { p50, p95, p99, max, count, p50Ratio: ratio(p50, floor.p50), p95Ratio: ratio(p95, floor.p95) },
      detail: { path: target.path },
    };
  });
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
    { key: 'p50Ratio', label: 'p50 ÷ health', unit: 'ratio' },
    { key: 'p95Ratio', label: 'p95 ÷ health', unit: 'ratio' },
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

    // The unsigned floor comes first: every ratio divides by it.
    const targets: Target[] = [
      { id: 'health', label: 'GET /rest/health', path: '/rest/health', client: anonymous },
      // Signed in, and its handler reads nothing: the fixed cost of a session alone.
      { id: 'auth-session', label: 'GET /rest/auth/session (admin)', path: '/rest/auth/session', client: admin },
      { id: 'auth-me', label: 'GET /rest/auth/me (admin)', path: '/rest/auth/me', client: admin },
      {
        id: 'associated-members',
        label: 'GET …/associated-members (aftu-master)',
        path: membersPath,
        client: aftu,
      },
    ];
    const rows = await time(targets);
    return { rows, meta: { warmUp: WARM_UP, samples: SAMPLES } };
  },
};
