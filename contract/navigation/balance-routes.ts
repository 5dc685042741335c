/**
 * Which balance the balance pages show, by route path (`GET balances/{balanceId}`), and which
 * bank the repartition pages show (`GET balances/repartition/{bankCode}`). The dashboard's page
 * registry reads the paths to give these pages their loader; the API reads them to know which
 * page a balance serves.
 */
import { matchPath } from './routes';

const GERANT_SLUGS = ['low-price', 'tefess', 'djoloff'] as const;

export const BALANCE_IDS: Readonly<Record<string, string>> = {
  '/balance-edk-distribution': 'edk-distribution',
  '/balance-edk-tefess': 'edk-tefess',
  '/balance-edk-low-price': 'edk-low-price',
  '/balance-edk-djoloff': 'edk-djoloff',
  ...Object.fromEntries(GERANT_SLUGS.map((slug) => [`/balance-gerant-${slug}`, `gerant-${slug}`])),
  '/balance-dakar-dem-dikk': 'dakar-dem-dikk',
  '/balance-aftu-partner/$memberId': 'aftu-partner',
  '/remaining-bank-bbg-balance': 'remaining-bank-bbg',
  '/remaining-bank-bis-balance': 'remaining-bank-bis',
};

export const REPARTITION_BANKS: Readonly<Record<string, 'BBG' | 'BIS'>> = {
  '/bbg-repartition': 'BBG',
  '/bis-repartition': 'BIS',
};

/** The balance a pathname shows, with the member of the AFTU page. */
export function balanceForPath(pathname: string): { balanceId: string; memberId?: string } | undefined {
  for (const [pattern, balanceId] of Object.entries(BALANCE_IDS)) {
    const params = matchPath(pattern, pathname);
    if (params) return params.memberId ? { balanceId, memberId: params.memberId } : { balanceId };
  }
  return undefined;
}

export function repartitionBankForPath(pathname: string): 'BBG' | 'BIS' | undefined {
  for (const [pattern, bank] of Object.entries(REPARTITION_BANKS)) if (matchPath(pattern, pathname)) return bank;
  return undefined;
}
