/**
 * The KYC review endpoints of contract/kyc.ts on top of the fake API, answering exactly the
 * contract's shapes and rules: review lists with their filters and paging, account details
 * with documents, decisions (audited, a reason required, approval refused while documents
 * are missing), multipart uploads checked by content and size, and document bytes served
 * only to groups that review the account. Accounts can be added (registrations do).
 */
import { groupIdTable, groupKeyForId, type GroupKey } from '../../../contract/groups';
import { HEADER } from '../../../contract/http';
import {
  ACCOUNT_KIND_OF_LIST,
  DEFAULT_MAX_DOCUMENT_BYTES,
  DOCUMENT_TYPES,
  type DocumentMimeType,
  type DocumentType,
  KYC_LIST_KINDS,
  KYC_REVIEWERS,
  KYC_STATUS_AFTER,
  type KycListKind,
  type KycStatus,
  kycDecisionSchema,
  kycLimits,
  limitsAfterApproval,
  mayReview,
  mayUploadDocuments,
  type ReviewedAccountKind,
  requiredDocumentsOf,
  sniffDocumentType,
} from '../../../contract/kyc';
import type {
  KycAccountDetail,
  KycDecisionView,
  KycDocumentView,
  KycIdentityView,
  KycListRow,
} from '../../../contract/api/kyc';
import { type FakeAnswer, type FakeApi, failure, type RecordedCall, success } from './fake-api';

export const CUSTOMER_DAILY_LIMIT = 200_000;

/** Real file signatures, so the fake sniffs content as the API does. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n%fake\n');

export interface FakeDocument {
  id: number;
  type: DocumentType;
  fileName: string;
  mimeType: DocumentMimeType;
  bytes: Uint8Array;
  uploadedBy: string | null;
  createdAt: string;
}

export interface FakeAccount {
  number: string;
  kind: ReviewedAccountKind;
  label: string;
  phone: string | null;
  region: string | null;
  status: string;
  kycStatus: KycStatus;
  createdAt: string;
  identity: KycIdentityView | null;
  /** Username of whoever registered it (may not approve it). */
  registeredByUsername: string | null;
  agentNumber: string | null;
  documents: FakeDocument[];
  decisions: KycDecisionView[];
}

const ids = groupIdTable({ usePrimary: true });

export const usernameOf = (call: RecordedCall) =>
  /^token-\d+-(.+)$/.exec(call.headers.get(HEADER.sessionToken) ?? '')?.[1] ?? '';

function identity(first: string, last: string, extra: Partial<KycIdentityView> = {}): KycIdentityView {
  return {
    firstName: first,
    lastName: last,
    birthDate: '1990-04-12',
    gender: 'female',
    nationalId: '2123419900123',
    email: null,
    street: 'Rue 10 x 13',
    city: 'Dakar',
    region: 'Dakar',
    businessName: null,
    businessCategory: null,
    ninea: null,
    companyName: null,
    contactPerson: null,
    commissionPlan: null,
    settlementBank: null,
    enrollingAgent: null,
    registeredBy: 'Mariama Ba',
    registeredAt: '2025-03-01T10:00:00.000Z',
    ...extra,
  };
}

let documentSeq = 100;
const doc = (type: DocumentType, mimeType: DocumentMimeType, createdAt = '2025-03-01T10:05:00.000Z'): FakeDocument => ({
  id: ++documentSeq,
  type,
  fileName: `${type}.${mimeType === 'application/pdf' ? 'pdf' : mimeType === 'image/png' ? 'png' : 'jpg'}`,
  mimeType,
  bytes: mimeType === 'application/pdf' ? PDF_BYTES : mimeType === 'image/png' ? PNG_BYTES : JPEG_BYTES,
  uploadedBy: 'Mariama Ba',
  createdAt,
});

export const REJECTION_REASON = 'The selfie is blurred and the ID photo cannot be compared.';

/** The accounts every test starts from. */
export function seedAccounts(): FakeAccount[] {
  return [
    {
      number: 'CUS-000001',
      kind: 'customer',
      label: 'Aminata Diallo',
      phone: '+221 77 111 22 33',
      region: 'Dakar',
      status: 'inactive',
      kycStatus: 'pending',
      createdAt: '2025-03-01T10:00:00.000Z',
      identity: identity('Aminata', 'Diallo'),
      registeredByUsername: 'zone-sales-manager',
      agentNumber: 'AGT-00001',
      documents: [
        doc('id_front', 'image/png'),
        doc('id_back', 'image/jpeg'),
        doc('selfie', 'image/jpeg'),
        doc('proof_of_address', 'application/pdf'),
      ],
      decisions: [],
    },
    {
      number: 'CUS-000002',
      kind: 'customer',
      label: 'Ibrahima Fall',
      phone: '+221 76 123 45 67',
      region: 'Thiès',
      status: 'inactive',
      kycStatus: 'rejected',
      createdAt: '2025-02-20T08:30:00.000Z',
      identity: identity('Ibrahima', 'Fall', {
        gender: 'male',
        nationalId: '1123419850042',
        city: 'Thiès',
        region: 'Thiès',
      }),
      registeredByUsername: 'admin',
      agentNumber: null,
      documents: [doc('id_front', 'image/jpeg'), doc('selfie', 'image/jpeg')],
      decisions: [
        {
          id: 1,
          decision: 'reject',
          reason: REJECTION_REASON,
          reviewer: 'Fatou Sow',
          reviewerUsername: 'kyc-admin',
          at: '2025-02-21T09:15:00.000Z',
        },
      ],
    },
    {
      number: 'CUS-000003',
      kind: 'customer',
      label: 'Ousmane Sarr',
      phone: '+221 70 555 66 77',
      region: 'Saint-Louis',
      status: 'active',
      kycStatus: 'approved',
      createdAt: '2025-01-05T12:00:00.000Z',
      identity: identity('Ousmane', 'Sarr', { gender: 'male', nationalId: '1123419800077', region: 'Saint-Louis' }),
      registeredByUsername: 'admin',
      agentNumber: null,
      documents: [doc('id_front', 'image/png'), doc('id_back', 'image/png'), doc('selfie', 'image/png')],
      decisions: [
        {
          id: 2,
          decision: 'approve',
          reason: null,
          reviewer: 'Fatou Sow',
          reviewerUsername: 'kyc-admin',
          at: '2025-01-06T09:00:00.000Z',
        },
      ],
    },
    {
      number: 'AGT-00001',
      kind: 'agent',
      label: 'Agent Cheikh Mbaye',
      phone: '+221 77 000 00 01',
      region: 'Dakar',
      status: 'inactive',
      kycStatus: 'pending',
      createdAt: '2025-02-01T09:00:00.000Z',
      identity: identity('Cheikh', 'Mbaye', {
        gender: 'male',
        nationalId: '1123419750001',
        commissionPlan: 'standard',
      }),
      registeredByUsername: 'admin',
      agentNumber: null,
      documents: [],
      decisions: [],
    },
    {
      number: 'MRC-00042',
      kind: 'merchant',
      label: 'Boutique Keur Massar',
      phone: '+221 78 222 33 44',
      region: 'Dakar',
      status: 'inactive',
      kycStatus: 'more_documents',
      createdAt: '2025-02-10T09:00:00.000Z',
      identity: identity('Ndèye', 'Guèye', { businessName: 'Boutique Keur Massar', businessCategory: 'grocery' }),
      registeredByUsername: 'zone-sales-manager',
      agentNumber: null,
      documents: [doc('id_front', 'image/jpeg')],
      decisions: [
        {
          id: 3,
          decision: 'more_documents',
          reason: 'Add the back of the ID card.',
          reviewer: 'Awa Ndiaye',
          reviewerUsername: 'admin',
          at: '2025-02-11T09:00:00.000Z',
        },
      ],
    },
  ];
}

const day = (iso: string) => iso.slice(0, 10);
const digits = (s: string) => s.replace(/\D/g, '');

export type FakeKyc = ReturnType<typeof installFakeKyc>;

export function installFakeKyc(api: FakeApi, options: { accounts?: FakeAccount[]; maxDocumentBytes?: number } = {}) {
  const accounts = new Map((options.accounts ?? seedAccounts()).map((a) => [a.number, a]));
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  let decisionSeq = 10;
  let clock = Date.parse('2025-03-04T09:00:00.000Z');
  const now = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };

  function caller(call: RecordedCall): { username: string; name: string; group: GroupKey } {
    const user = api.userNamed(usernameOf(call));
    return { username: user.username, name: user.name, group: groupKeyForId(user.groupId, ids) };
  }

  const forbidden = (message: string): FakeAnswer => ({ status: 403, body: failure('FORBIDDEN', message) });
  const notFound = (number: string): FakeAnswer => ({
    status: 404,
    body: failure('ACCOUNT_NOT_FOUND', `There is no customer, agent, merchant or partner account ${number}.`),
  });

  function documentView(d: FakeDocument): KycDocumentView {
    return {
      id: d.id,
      type: d.type,
      fileName: d.fileName,
      mimeType: d.mimeType,
      size: d.bytes.byteLength,
      sha256: 'f'.repeat(64),
      uploadedBy: d.uploadedBy,
      createdAt: d.createdAt,
      url: `kyc/documents/${d.id}/content`,
    };
  }

  const missingOf = (a: FakeAccount) =>
    requiredDocumentsOf(a.kind).filter((t) => !a.documents.some((d) => d.type === t));

  function detail(a: FakeAccount, who: { username: string; group: GroupKey }): KycAccountDetail {
    const canDecide = mayReview(who.group, a.kind) && a.status !== 'closed' && a.kycStatus !== 'approved';
    return {
      account: {
        number: a.number,
        kind: a.kind,
        label: a.label,
        phone: a.phone,
        region: a.region,
        status: a.status,
        kycStatus: a.kycStatus,
        pinStatus: 'not_set',
        createdAt: a.createdAt,
        activatedAt: a.status === 'active' ? a.createdAt : null,
        parent: null,
        limits: kycLimits(a, CUSTOMER_DAILY_LIMIT),
      },
      afterApproval: limitsAfterApproval(
        { ...a, activatedAt: a.status === 'active' ? a.createdAt : null },
        CUSTOMER_DAILY_LIMIT,
      ),
      identity: a.identity,
      student: null,
      documents: [...a.documents].reverse().map(documentView),
      requiredDocuments: [...requiredDocumentsOf(a.kind)],
      missingDocuments: missingOf(a),
      decisions: [...a.decisions].reverse(),
      permissions: {
        canDecide,
        canApprove: canDecide && missingOf(a).length === 0 && a.registeredByUsername !== who.username,
        canUpload: mayUploadDocuments(who.group, a.kind),
      },
    };
  }

  function row(a: FakeAccount): KycListRow {
    return {
      number: a.number,
      name: a.label,
      phone: a.phone,
      region: a.region,
      nationalId: a.identity?.nationalId ?? null,
      kycStatus: a.kycStatus,
      status: a.status,
      createdAt: a.createdAt,
      documents: a.documents.length,
      lastDecision: a.decisions.at(-1) ?? null,
    };
  }

  function matches(a: FakeAccount, q: URLSearchParams): boolean {
    const text = q.get('q')?.trim().toLowerCase();
    if (text) {
      const d = digits(text);
      const byPhone = /^[\d\s+]+$/.test(text) && d.length >= 4 && digits(a.phone ?? '').endsWith(d);
      const byId = a.identity?.nationalId === d;
      if (!byPhone && !byId && !a.label.toLowerCase().includes(text) && !a.number.toLowerCase().includes(text)) {
        return false;
      }
    }
    const status = q.get('kycStatus');
    if (status && a.kycStatus !== status) return false;
    const from = q.get('from');
    if (from && day(a.createdAt) < from) return false;
    const to = q.get('to');
    if (to && day(a.createdAt) > to) return false;
    const region = q.get('region');
    if (region && a.region?.toLowerCase() !== region.toLowerCase()) return false;
    const agent = q.get('agent');
    if (agent && a.agentNumber !== agent.toUpperCase()) return false;
    return true;
  }

  const SORTS: Record<string, (a: FakeAccount) => string> = {
    createdAt: (a) => a.createdAt,
    name: (a) => a.label.toLowerCase(),
    number: (a) => a.number,
    kycStatus: (a) => a.kycStatus,
    region: (a) => (a.region ?? '').toLowerCase(),
  };

  for (const kind of KYC_LIST_KINDS) {
    api.on('GET', `kyc/${kind}`, (call) => {
      const who = caller(call);
      if (!KYC_REVIEWERS[kind].includes(who.group)) return forbidden(`Your group does not review ${kind}.`);
      const page = Number(call.query.get('page') ?? 1);
      const pageSize = Number(call.query.get('pageSize') ?? 25);
      const key = SORTS[call.query.get('sort') ?? 'createdAt'] ?? SORTS.createdAt;
      const dir = call.query.get('dir') === 'asc' ? 1 : -1;
      const all = [...accounts.values()]
        .filter((a) => a.kind === ACCOUNT_KIND_OF_LIST[kind as KycListKind] && matches(a, call.query))
        .sort((x, y) => (key?.(x) ?? '').localeCompare(key?.(y) ?? '') * dir);
      const rows = all.slice((page - 1) * pageSize, page * pageSize).map(row);
      return { body: success({ rows, total: all.length, page, pageSize }) };
    });
  }

  const served = new Set<string>();
  /** Answers for one account's paths (the fake API matches exact paths). */
  function serve(a: FakeAccount) {
    if (served.has(a.number)) return;
    served.add(a.number);
    const base = `kyc/accounts/${a.number}`;
    api.on('GET', base, (call) => {
      const who = caller(call);
      if (!mayReview(who.group, a.kind)) return forbidden(`Your group does not review ${a.kind} accounts.`);
      return { body: success(detail(a, who)) };
    });
    api.on('POST', `${base}/decision`, (call) => {
      const who = caller(call);
      if (!mayReview(who.group, a.kind)) return forbidden(`Your group does not review ${a.kind} accounts.`);
      const parsed = kycDecisionSchema.safeParse(call.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return {
          status: 400,
          body: failure('VALIDATION_FAILED', `${issue?.path.join('.') || 'request'}: ${issue?.message}`),
        };
      }
      const { decision, reason } = parsed.data;
      // As the server: an approved account may not be approved again, but may still be rejected.
      if (decision === 'approve' && a.kycStatus === 'approved') {
        return { status: 409, body: failure('KYC_ALREADY_APPROVED', `The KYC of ${a.number} is already approved.`) };
      }
      if (decision === 'approve' && missingOf(a).length > 0) {
        return { status: 409, body: failure('DOCUMENTS_MISSING', 'A required document is not on file.') };
      }
      if (decision === 'approve' && a.registeredByUsername === who.username) {
        return { status: 403, body: failure('SELF_APPROVAL', 'You registered this account: you may not approve it.') };
      }
      a.decisions.push({
        id: ++decisionSeq,
        decision,
        reason: reason ?? null,
        reviewer: who.name,
        reviewerUsername: who.username,
        at: now(),
      });
      a.kycStatus = KYC_STATUS_AFTER[decision];
      if (decision === 'approve' && a.status === 'inactive') a.status = 'active';
      return { body: success(detail(a, who)) };
    });
    api.on('POST', `${base}/documents`, async (call) => {
      const who = caller(call);
      if (!mayReview(who.group, a.kind)) return forbidden(`Your group does not review ${a.kind} accounts.`);
      if (!mayUploadDocuments(who.group, a.kind)) {
        return forbidden('Your group may review this account but not add documents to it.');
      }
      const form = call.body instanceof FormData ? call.body : null;
      const type = form?.get('type');
      const file = form?.get('file');
      if (
        typeof type !== 'string' ||
        !(DOCUMENT_TYPES as readonly string[]).includes(type) ||
        !(file instanceof Blob)
      ) {
        return { status: 400, body: failure('VALIDATION_FAILED', 'type: Choose the document type') };
      }
      if (file.size > maxBytes) {
        return {
          status: 413,
          body: failure('DOCUMENT_TOO_LARGE', `A document may be at most ${Math.floor(maxBytes / 1024 / 1024)} MB.`),
        };
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const mimeType = sniffDocumentType(bytes);
      if (!mimeType) {
        return {
          status: 415,
          body: failure(
            'UNSUPPORTED_DOCUMENT_TYPE',
            'Only JPEG and PNG images and PDF files are accepted, and the file’s content must really be one of them.',
          ),
        };
      }
      const stored: FakeDocument = {
        id: ++documentSeq,
        type: type as DocumentType,
        fileName: (file as File).name || type,
        mimeType,
        bytes,
        uploadedBy: who.name,
        createdAt: now(),
      };
      a.documents.push(stored);
      if (a.kycStatus === 'more_documents') a.kycStatus = 'pending';
      serveDocument(a, stored);
      return { status: 201, body: success(documentView(stored)) };
    });
    for (const d of a.documents) serveDocument(a, d);
  }

  /** The bytes travel as base64 inside the fake's JSON; the fetch wrapper below unwraps them. */
  function serveDocument(a: FakeAccount, d: FakeDocument) {
    api.on('GET', `kyc/documents/${d.id}/content`, (call) => {
      const who = caller(call);
      if (!mayReview(who.group, a.kind)) return forbidden(`Your group does not review ${a.kind} accounts.`);
      return { body: { fakeDocument: true, mimeType: d.mimeType, base64: Buffer.from(d.bytes).toString('base64') } };
    });
  }

  for (const a of accounts.values()) serve(a);

  const jsonFetch = api.fetch;
  api.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await jsonFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (!/\/kyc\/documents\/\d+\/content$/.test(url.pathname) || !response.ok) return response;
    const body = (await response.json()) as { mimeType: string; base64: string };
    return new Response(Buffer.from(body.base64, 'base64'), {
      status: 200,
      headers: { 'content-type': body.mimeType },
    });
  }) as typeof globalThis.fetch;

  return {
    accounts,
    account(number: string): FakeAccount {
      const a = accounts.get(number);
      if (!a) throw new Error(`No fake account ${number}`);
      return a;
    },
    /** Adds an account (a registration) with its endpoints. */
    add(a: FakeAccount) {
      accounts.set(a.number, a);
      serve(a);
    },
    notFound,
    listCalls: (kind: KycListKind) => api.callsTo(`kyc/${kind}`, 'GET'),
    decisionCalls: (number: string) => api.callsTo(`kyc/accounts/${number}/decision`, 'POST'),
    uploadCalls: (number: string) => api.callsTo(`kyc/accounts/${number}/documents`, 'POST'),
  };
}
