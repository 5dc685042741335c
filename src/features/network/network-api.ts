import type { getNetworkTree, NetworkNode, NetworkNodeAnswer } from '../../../contract/api/network';
import type { ApiClient } from '../../api/client';

/** A location's children are written as empty objects on the wire (the schema spells out three levels). */
const isNode = (child: object): child is NetworkNodeAnswer => 'number' in child;

function treeOf({ children, ...fields }: NetworkNodeAnswer): NetworkNode {
  const below: readonly object[] = children;
  return { ...fields, children: below.filter(isNode).map(treeOf) };
}

/** The network page's operation (contract/api/network.ts), read as a tree. */
export const networkApi = (api: ApiClient) => ({
  tree: async (signal?: AbortSignal) => ({
    roots: (await api.call<typeof getNetworkTree>('GET /network/tree', { signal })).roots.map(treeOf),
  }),
});
