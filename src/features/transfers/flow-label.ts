import { findTransferFlow, type TransferFlowDef } from '../../../contract/transfers';
import type { Language } from '../../i18n';
import { ROUTES } from '../../../contract/navigation/routes';

const ROUTE_TITLES: Readonly<Record<string, { title: Record<Language, string> } | undefined>> = ROUTES;

/**
 * A flow's name in lists: its menu title, which tells the admin's cash-in from the agent's
 * (both are "Cash In" in the contract), or the contract's title when no route names it.
 */
export function flowLabel(flow: TransferFlowDef, lang: Language): string {
  return ROUTE_TITLES[flow.path]?.title[lang] ?? flow.title[lang];
}

export function flowLabelOf(flowId: string, lang: Language): string {
  const flow = findTransferFlow(flowId);
  return flow ? flowLabel(flow, lang) : flowId;
}
