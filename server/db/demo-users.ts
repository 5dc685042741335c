import type { GroupKey } from '../../contract/groups';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoUser {
  username: string;
  name: string;
  group: GroupKey;
  /** Bank users: which demo bank they work for. */
  bankCode?: string;
}

/** One demo user per group (docs/product.md lists them). */
export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', name: 'Awa Ndiaye', group: 'admin' },
  { username: 'agent', name: 'Moussa Diop', group: 'agent' },
  { username: 'merchant', name: 'Boutique Keur Fatou', group: 'merchant' },
  { username: 'bank', name: 'Banque Islamique Teller', group: 'bank', bankCode: 'BIS' },
  { username: 'bank-bridge', name: 'Bridge Bank Teller', group: 'bank', bankCode: 'BBG' },
  { username: 'bank-checker', name: 'Banque Islamique Checker', group: 'bank', bankCode: 'BIS' },
  { username: 'bank-bridge-checker', name: 'Bridge Bank Checker', group: 'bank', bankCode: 'BBG' },
  { username: 'report-admin', name: 'Ibrahima Sarr', group: 'reportAdmin' },
  { username: 'kyc-admin', name: 'Fatou Sow', group: 'kycAdmin' },
  { username: 'support', name: 'Cheikh Fall', group: 'supportSupervisor' },
  { username: 'zone-sales-manager', name: 'Mariama Ba', group: 'zoneSalesManager' },
  { username: 'edk-master', name: 'EDK Distribution', group: 'edkMaster' },
  { username: 'lowprice-master', name: 'Low Price Master', group: 'lowPriceMaster' },
  { username: 'tefess-master', name: 'Tefess Master', group: 'tefessMaster' },
  { username: 'djoloff-master', name: 'Djoloff Master', group: 'djoloffMaster' },
  { username: 'ddd-report-admin', name: 'Dakar Dem Dikk Reports', group: 'dddReportAdmin' },
  { username: 'orange-topup-report', name: 'Orange Topup Reports', group: 'orangeTopupReport' },
  { username: 'adfinance-report', name: 'Ad-Finance Reports', group: 'adFinanceReport' },
  { username: 'gerant-lowprice', name: 'Ousmane Gueye', group: 'gerantLowPrice' },
  { username: 'gerant-tefess', name: 'Aminata Faye', group: 'gerantTefess' },
  { username: 'gerant-djoloff', name: 'Modou Mbaye', group: 'gerantDjoloff' },
  { username: 'merchant-head', name: 'Sen Distribution Head', group: 'merchantHead' },
  { username: 'merchant-master', name: 'Sen Distribution Thiès', group: 'merchantMaster' },
  { username: 'merchant-location', name: 'Sen Distribution Mbour', group: 'merchantLocation' },
  { username: 'network-supervisor', name: 'Abdoulaye Kane', group: 'networkSupervisor' },
  { username: 'aftu-master', name: 'AFTU Master', group: 'aftuMaster' },
  { username: 'gie-aftu', name: 'GIE AFTU', group: 'gieAftu' },
  { username: 'transvie', name: 'Transvie Assurances', group: 'transvie' },
  { username: 'bbg-bank', name: 'Bridge Bank Group', group: 'bbgBank', bankCode: 'BBG' },
  { username: 'bis-bank', name: 'Banque Islamique du Sénégal', group: 'bisBank', bankCode: 'BIS' },
  { username: 'rapido-manager', name: 'Rapido Manager', group: 'rapidoManager' },
  { username: 'support-plus', name: 'Khady Diallo', group: 'supportPlus' },
  { username: 'aquatech', name: 'Aquatech', group: 'aquatech' },
  { username: 'seoh-admin', name: 'SEOH Admin', group: 'seohAdmin' },
  { username: 'flexeau-admin', name: 'FlexEau Admin', group: 'flexeauAdmin' },
  { username: '221771234567', name: 'Pape Sy', group: 'agent' },
];
