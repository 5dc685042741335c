/**
 * The icons the navigation may name, as lucide-react export names. The contract holds names
 * only (no components), so the API can read the same tables; the dashboard's icon map
 * (src/registry/icons.ts) is typed against this list, so every name here has its component.
 */
const KNOWN_ICON_NAMES = [
  'ArrowDownToLine',
  'ArrowLeftRight',
  'ArrowRightLeft',
  'ArrowUpFromLine',
  'BanknoteArrowDown',
  'BanknoteArrowUp',
  'BanknoteX',
  'Boxes',
  'Building',
  'Bus',
  'Car',
  'ChartColumn',
  'ChartPie',
  'CircleDollarSign',
  'ClipboardCheck',
  'Coins',
  'CreditCard',
  'Droplet',
  'Droplets',
  'FileChartColumn',
  'FileMinus',
  'FilePlus',
  'FileSearch',
  'FileText',
  'FileUp',
  'FileX',
  'GraduationCap',
  'Handshake',
  'HandCoins',
  'HeartPulse',
  'Image',
  'KeyRound',
  'Landmark',
  'Layers',
  'LifeBuoy',
  'ListTree',
  'Network',
  'Percent',
  'QrCode',
  'Receipt',
  'ReceiptText',
  'Scale',
  'ScrollText',
  'School',
  'Send',
  'Settings',
  'ShieldCheck',
  'ShieldEllipsis',
  'Shuffle',
  'Sigma',
  'Smartphone',
  'Store',
  'TicketPercent',
  'Tv',
  'Undo2',
  'Unlink',
  'UserCheck',
  'UserCog',
  'UserPlus',
  'Users',
  'UserX',
  'Wallet',
  'WalletCards',
  'Zap',
] as const;

export type KnownIconName = (typeof KNOWN_ICON_NAMES)[number];

const KNOWN = new Set<string>(KNOWN_ICON_NAMES);

export function isKnownIconName(name: string): name is KnownIconName {
  return KNOWN.has(name);
}
