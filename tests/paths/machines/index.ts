/** Every machine with a generated-path graph, in the order `npm run paths` prints them. */
import type { MachineGraph } from '../graph-adapter';
import { approvalsGraph } from './approvals';
import { bulkGraph } from './bulk';
import { accordionGraph, membersGraph, menuGraph } from './core';
import { kycReviewGraph, transferFlowGraph } from './features';
import { askGraph, chargebackListGraph, migrationDecisionsGraph, migrationGraph, onboardGraph } from './queues';
import { registrationGraph } from './registration';
import { sessionGraph } from './session';
import { idleGraph, twoFactorGraph } from './session-extras';

export const GRAPHS = [
  sessionGraph,
  menuGraph,
  accordionGraph,
  membersGraph,
  kycReviewGraph,
  transferFlowGraph,
  registrationGraph,
  twoFactorGraph,
  idleGraph,
  approvalsGraph,
  bulkGraph,
  chargebackListGraph,
  migrationDecisionsGraph,
  askGraph,
  onboardGraph,
  migrationGraph,
] as unknown as MachineGraph[];
