import { z } from 'zod';
import { defineOperation } from './operation';

const nodeFields = z.object({
  number: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  region: z.string().nullable(),
  status: z.string(),
  role: z.enum(['head', 'master', 'location']),
  /** Integer XOF. */
  balance: z.number().int(),
  /** This account and everything below it. */
  subtreeBalance: z.number().int(),
  /** Money received and sent over the last 30 days. */
  credits30d: z.number().int(),
  debits30d: z.number().int(),
  lastActivityAt: z.string().nullable(),
});

/**
 * A chain is three levels deep (head, master, location). The schema spells the levels out:
 * the OpenAPI generator cannot follow a recursive (z.lazy) schema.
 */
const locationNode = nodeFields.extend({ children: z.array(z.object({})).max(0) });
const masterNode = nodeFields.extend({ children: z.array(locationNode) });
const headNode = nodeFields.extend({ children: z.array(masterNode) });
const networkNode = z.union([headNode, masterNode, locationNode]).meta({ id: 'NetworkNode' });

/** One account of a chain as the API sends it (a location's children are always empty). */
export type NetworkNodeAnswer = z.output<typeof networkNode>;
export type NetworkRole = NetworkNodeAnswer['role'];
/** The same account read as a tree, whatever its level: what the server builds and the page walks. */
export type NetworkNode = z.output<typeof nodeFields> & { children: NetworkNode[] };

export const getNetworkTree = defineOperation({
  method: 'get',
  path: '/network/tree',
  tags: ['Network'],
  summary: 'The merchant chains the caller may see: its own subtree, or every chain for administrators',
  answers: {
    200: {
      schema: z.object({ roots: z.array(networkNode) }).meta({ id: 'NetworkTree' }),
      description: 'Chains, head first',
    },
  },
  errors: { 401: 'No live session', 403: 'Not a merchant chain user or administrator' },
});
