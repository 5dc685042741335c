import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_UPLOADERS,
  kycDecisionSchema,
  kycLimits,
  kycListQuerySchema,
  mayReview,
  mayUploadDocuments,
  sniffDocumentType,
} from './kyc';

describe('who reviews what (the menus of docs/product.md)', () => {
  it('follows the KYC review menus', () => {
    const reviews = (group: Parameters<typeof mayReview>[0]) =>
      ['customer', 'agent', 'merchant', 'partner'].filter((kind) => mayReview(group, kind));
    expect(reviews('admin')).toEqual(['customer', 'agent', 'merchant', 'partner']);
    expect(reviews('networkSupervisor')).toEqual(['customer', 'agent', 'merchant', 'partner']);
    expect(reviews('kycAdmin')).toEqual(['customer', 'merchant']);
    expect(reviews('zoneSalesManager')).toEqual(['customer', 'merchant']);
    expect(reviews('supportPlus')).toEqual(['customer', 'agent', 'merchant']);
    expect(reviews('agent')).toEqual([]);
    expect(reviews('bank')).toEqual([]);
    expect(mayReview('admin', 'system')).toBe(false);
  });

  it('lets uploaders add documents only to what they review', () => {
    expect(DOCUMENT_UPLOADERS).toEqual(['admin', 'networkSupervisor', 'zoneSalesManager']);
    expect(mayUploadDocuments('zoneSalesManager', 'customer')).toBe(true);
    expect(mayUploadDocuments('zoneSalesManager', 'agent')).toBe(false);
    expect(mayUploadDocuments('kycAdmin', 'customer')).toBe(false);
  });
});

describe('document types by content', () => {
  it('knows JPEG, PNG and PDF by their signatures and nothing else', () => {
    expect(sniffDocumentType(new Uint8Array([0xff, 0xd8, 0xff, 0xe1]))).toBe('image/jpeg');
    expect(sniffDocumentType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffDocumentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffDocumentType(new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBeNull();
    expect(sniffDocumentType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffDocumentType(new Uint8Array([0x89, 0x50]))).toBeNull();
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
  });
});

describe('decisions', () => {
  it('wants a reason of 5 to 500 characters (the one minimum) to reject or ask for documents', () => {
    expect(kycDecisionSchema.safeParse({ decision: 'approve' }).success).toBe(true);
    expect(kycDecisionSchema.safeParse({ decision: 'approve', reason: '' }).success).toBe(true);
    expect(kycDecisionSchema.safeParse({ decision: 'approve', reason: 'ok' }).success).toBe(false);
    for (const decision of ['reject', 'more_documents']) {
      expect(kycDecisionSchema.safeParse({ decision }).error?.issues[0]?.path).toEqual(['reason']);
      expect(kycDecisionSchema.safeParse({ decision, reason: '  abcd  ' }).success).toBe(false);
      // Four characters, six UTF-16 units: still too short (characters are counted).
      expect(kycDecisionSchema.safeParse({ decision, reason: '&&𐤕𐤕' }).success).toBe(false);
      expect(kycDecisionSchema.safeParse({ decision, reason: '😀😀😀😀😀' }).success).toBe(true);
      expect(kycDecisionSchema.safeParse({ decision, reason: 'Blurred photo.\nRetake it.' }).success).toBe(true);
      expect(kycDecisionSchema.safeParse({ decision, reason: 'x'.repeat(501) }).success).toBe(false);
    }
    expect(kycDecisionSchema.safeParse({ decision: 'escalate', reason: 'Because.' }).success).toBe(false);
  });
});

describe('limits that follow from KYC', () => {
  it('matches the money-movement rule: only approved, active customers transact', () => {
    expect(kycLimits({ kind: 'customer', status: 'active', kycStatus: 'approved' }, 2_000_000)).toMatchObject({
      canTransact: true,
      dailyLimit: 2_000_000,
    });
    for (const kycStatus of ['pending', 'rejected', 'more_documents']) {
      expect(kycLimits({ kind: 'customer', status: 'active', kycStatus }, 2_000_000)).toMatchObject({
        canTransact: false,
        dailyLimit: 0,
      });
    }
    expect(kycLimits({ kind: 'agent', status: 'active', kycStatus: 'pending' }, 2_000_000).canTransact).toBe(true);
    expect(kycLimits({ kind: 'agent', status: 'inactive', kycStatus: 'pending' }, 2_000_000).canTransact).toBe(false);
    const { explanation } = kycLimits({ kind: 'customer', status: 'active', kycStatus: 'pending' }, 1);
    expect(explanation.en.length && explanation.fr.length).toBeGreaterThan(0);
  });
});

describe('review list query', () => {
  it('has defaults and bounds', () => {
    expect(kycListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25, sort: 'createdAt', dir: 'desc' });
    expect(kycListQuerySchema.parse({ page: '3', pageSize: '200' })).toMatchObject({ page: 3, pageSize: 200 });
    expect(kycListQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false);
    expect(kycListQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(kycListQuerySchema.safeParse({ agent: 'AGT-00001' }).success).toBe(true);
  });
});
