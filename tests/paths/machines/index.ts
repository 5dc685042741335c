/** Every machine with a generated-path graph, in the order `npm run paths` prints them. */
import type { MachineGraph } from '../graph-adapter';
import { approvalsGraph } from './approvals';
import { bulkGraph } from './bulk';
import { accordionGraph, membersGraph, menuGraph } from './core';
import { feePreviewGraph, feesGraph, limitsGraph } from './fees';
import { kycReviewGraph, transferFlowGraph } from './features';
import { askGraph, chargebackListGraph, migrationDecisionsGraph, migrationGraph, onboardGraph } from './queues';
import { presenceGraph } from './presence';
import { registrationGraph } from './registration';
import { auditExportGraph, detailGraph, exportsGraph, loadGraph } from './reports';
import { sessionGraph } from './session';
import { headerSearchGraph, inboxCountGraph, paletteGraph } from './shell';
import { idleGraph, twoFactorGraph } from './session-extras';
import { bannersGraph, banksGraph, generateGraph, unlinkGraph } from './settings';
import { adminResetGraph, passwordFormGraph, usersGraph } from './users';
import { availabilityGraph, inboxGraph, uploadGraph } from './intake';

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
  banksGraph,
  bannersGraph,
  generateGraph,
  unlinkGraph,
  loadGraph,
  exportsGraph,
  auditExportGraph,
  detailGraph,
  feesGraph,
  limitsGraph,
  feePreviewGraph,
  usersGraph,
  adminResetGraph,
  passwordFormGraph,
  headerSearchGraph,
  paletteGraph,
  inboxCountGraph,
  availabilityGraph,
  uploadGraph,
  inboxGraph,
  chargebackListGraph,
  migrationDecisionsGraph,
  askGraph,
  onboardGraph,
  migrationGraph,
  presenceGraph,
] as unknown as MachineGraph[];
