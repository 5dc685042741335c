import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_NAMESPACE_LABELS, auditActionLabel, auditNamespaceLabel } from './audit-actions';

describe('audit action labels', () => {
  it('labels every action in both languages, and every namespace an action uses', () => {
    for (const [action, label] of Object.entries(AUDIT_ACTION_LABELS)) {
      expect(label.en, action).not.toBe('');
      expect(label.fr, action).not.toBe('');
      expect(AUDIT_NAMESPACE_LABELS, action).toHaveProperty(action.split('.')[0] as string);
    }
  });

  it('shows the label in the language asked, and the code of an action this build does not know', () => {
    expect(auditActionLabel('bulk.approve', 'en')).toBe('Bulk batch approved');
    expect(auditActionLabel('bulk.approve', 'fr')).toBe('Lot groupé approuvé');
    expect(auditActionLabel('legacy.thing', 'fr')).toBe('legacy.thing');
    expect(auditNamespaceLabel('twoFactor', 'en')).toBe('two-factor');
  });
});
