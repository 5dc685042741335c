/**
 * Every code the API sends that a page shows (statuses, types, services, channels, kinds,
 * decisions, flows…) has a label in English and in French. The codes come from the contract's
 * own lists, so a code added there without its words fails here, not in front of a user.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_CHANNELS } from '../../contract/audit';
import { BATCH_STATUSES } from '../../contract/bulk';
import { CHANGE_KINDS, CHANGE_STATUSES } from '../../contract/change-requests';
import { CHARGEBACK_STATUSES } from '../../contract/chargebacks';
import { CHANNEL } from '../../contract/http';
import { INBOX_DECIDERS, INBOX_KINDS } from '../../contract/inbox';
import { DOCUMENT_TYPES, KYC_DECISIONS } from '../../contract/kyc-documents';
import {
  ACTIVATION_STATUSES,
  KYC_STATUSES,
  NETWORKS,
  SERVICES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '../../contract/ledger';
import { humanizeCode, labelOf } from '../../contract/report-values';
import { APPROVAL_STATUSES, TRANSFER_FLOW_IDS } from '../../contract/transfers';
import { MIGRATION_KINDS, MIGRATION_STATUSES } from '../../contract/wallet-migrations';
import { ALL_MESSAGES } from '../messages';

/** Each list of codes and where its labels live in the dashboard's strings. */
const CODE_LISTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['reports.values.status', [...TRANSACTION_STATUSES, ...ACTIVATION_STATUSES, ...APPROVAL_STATUSES]],
  ['reports.values.status', [...CHANGE_STATUSES, ...CHARGEBACK_STATUSES]],
  ['reports.values.types', TRANSACTION_TYPES],
  ['reports.values.services', SERVICES],
  ['reports.values.networks', NETWORKS],
  ['reports.values.kyc', KYC_STATUSES],
  ['reports.values.channels', [...Object.values(CHANNEL), ...AUDIT_CHANNELS]],
  ['reports.values.documents', DOCUMENT_TYPES],
  ['kyc.outcome', KYC_DECISIONS],
  ['bulk.batch.status', BATCH_STATUSES],
  ['approvals.inbox.kinds', INBOX_KINDS],
  ['approvals.inbox.waitsFor', INBOX_DECIDERS],
  ['approvals.inbox.change', CHANGE_KINDS],
  ['approvals.inbox.walletChange', MIGRATION_KINDS],
  ['fees.flows', TRANSFER_FLOW_IDS],
  ['migration.form.kinds', MIGRATION_KINDS],
  ['migration.history.status', MIGRATION_STATUSES],
];

function lookup(messages: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], messages);
}

describe('labels of the codes a user sees', () => {
  for (const [path, codes] of CODE_LISTS) {
    for (const lang of ['en', 'fr'] as const) {
      it(`${path}: every code in ${lang}`, () => {
        const missing = codes.filter((code) => {
          const label = lookup(ALL_MESSAGES[lang], `${path}.${code}`);
          return typeof label !== 'string' || label.trim() === '' || label === code;
        });
        expect(missing).toEqual([]);
      });
    }
  }

  it('says an unknown code in readable words, never the raw code or a crash', () => {
    expect(labelOf('channels', 'sms_gateway', 'fr')).toBe('Sms gateway');
    expect(labelOf('status', 'on-hold', 'en')).toBe('On hold');
    expect(humanizeCode('')).toBe('');
  });

  it('names the WAP channel in words in both languages', () => {
    expect(labelOf('channels', CHANNEL.wap, 'en')).not.toBe('WAP');
    expect(labelOf('channels', CHANNEL.wap, 'fr')).not.toBe(labelOf('channels', CHANNEL.wap, 'en'));
  });
});
