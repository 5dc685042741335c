import { createRoute, z } from '@hono/zod-openapi';
import type { GroupKey } from '../../../contract/groups';
import { hasAdminMenu } from '../../../contract/groups';
import { errorResponse, jsonSuccess } from '../../http/envelope';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { requireSession } from '../../http/session';
import { loadNetworkTrees } from './tree';

const CHAIN_GROUPS: readonly GroupKey[] = ['merchantHead', 'merchantMaster', 'merchantLocation'];

const nodeFields = {
  number: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  status: z.string(),
  role: z.enum(['head', 'master', 'location']),
  balance: z.number().int(),
  subtreeBalance: z.number().int(),
  credits30d: z.number().int(),
  debits30d: z.number().int(),
  lastActivityAt: z.string().nullable(),
};
/**
 * A chain is three levels deep (head, master, location). The schema spells the levels out:
 * the OpenAPI generator cannot follow a recursive (z.lazy) schema.
 */
const locationNode = z.object({ ...nodeFields, children: z.array(z.object({})).max(0) });
const masterNode = z.object({ ...nodeFields, children: z.array(locationNode) });
const headNode = z.object({ ...nodeFields, children: z.array(masterNode) });
const node = z.union([headNode, masterNode, locationNode]).openapi('NetworkNode');

const treeRoute = createRoute({
  method: 'get',
  path: '/network/tree',
  tags: ['Network'],
  summary: 'The merchant chains the caller may see: its own subtree, or every chain for administrators',
  security: [{ session: [] }],
  responses: {
    200: jsonSuccess(z.object({ roots: z.array(node) }).openapi('NetworkTree'), 'Chains, head first'),
    401: errorResponse('No live session'),
    403: errorResponse('Not a merchant chain user or administrator'),
  },
});

export function networkRoutes() {
  const router = createRouter();
  router.use('/network/*', requireSession());
  router.openapi(treeRoute, async (c) => {
    const user = c.get('user');
    if (!CHAIN_GROUPS.includes(user.group) && !hasAdminMenu(user.group)) {
      throw forbiddenError('Only merchant chain users and administrators see the network.');
    }
    const { db, clock } = c.get('deps');
    const roots = await loadNetworkTrees(db, user, clock.now());
    // The tree is built three levels deep at most (tree.ts), which is what the schema spells out.
    const typed = roots as unknown as z.infer<typeof node>[];
    return c.json({ status: true as const, payload: { roots: typed } }, 200);
  });
  return router;
}
