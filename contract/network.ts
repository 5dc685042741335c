/** The merchant network view (/network/head; docs/product.md): chains of head, masters and locations. */
export type NetworkRole = 'head' | 'master' | 'location';

export interface NetworkNode {
  number: string;
  name: string;
  phone: string | null;
  region: string | null;
  status: string;
  role: NetworkRole;
  /** Integer XOF. */
  balance: number;
  /** This account and everything below it. */
  subtreeBalance: number;
  /** Money received and sent over the last 30 days. */
  credits30d: number;
  debits30d: number;
  lastActivityAt: string | null;
  children: NetworkNode[];
}

/** GET /network/tree */
export interface NetworkTreeAnswer {
  roots: NetworkNode[];
}
