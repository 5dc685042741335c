import { describe, expect, it } from 'vitest';
import { AUDIT_VIEWERS } from '../../../contract/audit';
import { BANK_MANAGERS } from '../../../contract/banks';
import { QR_MANAGERS } from '../../../contract/merchant-qr';
import { PAGES } from '../../registry/pages';

/** The API lets exactly the groups whose menu links to the page in. */
describe('who may open the banks, QR and audit pages', () => {
  const groupsOf = (path: string) => [...(PAGES.find((p) => p.path === path)?.groups ?? [])].sort();

  it('matches the API’s groups to the menus', () => {
    expect(groupsOf('/banks')).toEqual([...BANK_MANAGERS].sort());
    expect(groupsOf('/generate-qr')).toEqual([...QR_MANAGERS].sort());
    expect(groupsOf('/unlink-qr')).toEqual([...QR_MANAGERS].sort());
    expect(groupsOf('/audit-trail')).toEqual([...AUDIT_VIEWERS].sort());
  });

  it('titles the audit trail in both languages', () => {
    expect(PAGES.find((p) => p.path === '/audit-trail')?.title).toEqual({ en: 'Audit trail', fr: 'Journal d’audit' });
  });
});
