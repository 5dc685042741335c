import type { NetworkNodeAnswer } from '../../../contract/api/network';
import * as operations from '../../../contract/api/network';
import type { GroupKey } from '../../../contract/groups';
import { hasAdminMenu } from '../../../contract/groups';
import { forbiddenError } from '../../lib/api-error';
import { createRouter } from '../../http/openapi';
import { routeFor } from '../../http/operation-route';
import { requireSession } from '../../http/session';
import { loadNetworkTrees } from './tree';

const CHAIN_GROUPS: readonly GroupKey[] = ['merchantHead', 'merchantMaster', 'merchantLocation'];

export function networkRoutes() {
  const router = createRouter();
  router.use('/network/*', requireSession());
  router.openapi(routeFor(operations.getNetworkTree), async (c) => {
    const user = c.get('user');
    if (!CHAIN_GROUPS.includes(user.group) && !hasAdminMenu(user.group)) {
      throw forbiddenError('Only merchant chain users and administrators see the network.');
    }
    const { db, clock } = c.get('deps');
    const roots = await loadNetworkTrees(db, user, clock.now());
    // The tree is built three levels deep at most (tree.ts), which is what the schema spells out.
    const typed = roots as unknown as NetworkNodeAnswer[];
    return c.json({ status: true as const, payload: { roots: typed } }, 200);
  });
  return router;
}
