/**
 * Graphs of the settings pages' machines: banks, banners, the QR codes' generation and unlinking.
 * Guards that judge a whole form read the one value the variant typed; the runner types the
 * whole form that value stands for.
 */
import type { BankView } from '../../../contract/api/banks';
import type { BannerView } from '../../../contract/api/banners';
import type { QrCodeView, QrMerchant } from '../../../contract/api/qr-codes';
import { ApiRequestError } from '../../../src/api/client';
import { banksMachine } from '../../../src/features/banks/banks-machine';
import { bannersMachine } from '../../../src/features/banners/banners-machine';
import { generateMachine } from '../../../src/features/qr/generate-machine';
import { unlinkMachine } from '../../../src/features/qr/unlink-machine';
import type { MachineGraph } from '../graph-adapter';

const apiError = (status: number | undefined, code: string) => new ApiRequestError(code, status, code, false);
const noAnswer = () => new TypeError('Failed to fetch');

/** A bank as `GET banks` lists it. */
export function bankRow(id: number, code: string, name: string, active: boolean): BankView {
  return {
    id,
    code,
    name,
    bankGroup: null,
    bic: null,
    active,
    floatAccount: active
      ? { id: 100 + id, number: `BNK-${code}`, label: `${name} float`, balance: 1_500_000, status: 'active' }
      : null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: null,
  };
}

/** The banks the page lists: one active (edited, deactivated), one deactivated (reactivated). */
export const BANKS = [bankRow(1, 'CBAO', 'CBAO Groupe Attijariwafa', true), bankRow(2, 'BOA', 'Bank of Africa', false)];

/**
 * The bank's name as typed, each standing for a whole form: `valid` a form the contract takes
 * (on the add form the runner also types a code), `invalid` a name too short.
 */
export const BANK_TYPED = { valid: 'Banque Atlantique', invalid: 'B' } as const;

export const banksGraph: MachineGraph<typeof banksMachine> = {
  id: 'banks',
  machine: banksMachine,
  guardsBothWays: true,
  provide: {
    // A bank being edited starts valid (its own name); the add form starts empty.
    guards: { isValid: ({ context }) => context.values.name !== '' && context.values.name !== BANK_TYPED.invalid },
  },
  // The float accounts load once each time the form opens.
  filter: (snapshot, name) =>
    !(name === 'loadFloatChoices.done' || name === 'loadFloatChoices.error') || snapshot.context.floatChoices === null,
  variants: () => ({
    'loadBanks.done': [{ label: 'banks', output: BANKS }],
    'loadBanks.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'bank.edit': [{ label: BANKS[0]?.code ?? '', id: 1 }],
    'bank.switch': [
      { label: 'deactivate', id: 1, verb: 'deactivate' },
      { label: 'reactivate', id: 2, verb: 'activate' },
    ],
    'field.change': Object.entries(BANK_TYPED).map(([label, value]) => ({ label, name: 'name', value })),
    'loadFloatChoices.done': [{ label: 'floats', output: [] }],
    'loadFloatChoices.error': [{ label: 'no answer', error: noAnswer() }],
    'saveBank.done': [{ label: 'saved', output: BANKS[0] }],
    'saveBank.error': [
      { label: 'code taken', error: apiError(409, 'BANK_CODE_TAKEN') },
      { label: 'server error', error: apiError(500, 'SERVER_ERROR') },
    ],
    'switchBank.done': [{ label: 'switched', output: BANKS[0] }],
    'switchBank.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};

/** A banner as `GET banners` lists it, shown since November if active. */
export function bannerRow(id: number, title: string, active: boolean): BannerView {
  return {
    id,
    title,
    link: null,
    language: 'all',
    startsOn: '2026-11-01',
    endsOn: null,
    position: id,
    active,
    live: active,
    imageMime: 'image/png',
    imageSize: 1200,
    imageUrl: `banners/${id}/image?v=${String(id).repeat(64)}`,
    createdBy: 'Admin',
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: null,
  };
}

/** The banners the page lists: the first (active) is edited, moved down and deactivated, the second deleted. */
export const BANNERS = [bannerRow(1, 'Pay your bills', true), bannerRow(2, 'Student wallets', false)];

/**
 * The banner's title as typed, each standing for a whole form: `valid` one the contract takes
 * (on a new banner the runner also picks a PNG), `invalid` a title too short.
 */
export const BANNER_TYPED = { valid: 'Woyofal week', invalid: 'W' } as const;

/** The images a user picks, as the browser's check of their first bytes finds them. */
const pickedImage = (problem: 'type' | null) => ({
  file: { name: 'banner.png', size: 12 },
  mimeType: problem ? null : 'image/png',
  problem,
});

export const bannersGraph: MachineGraph<typeof bannersMachine> = {
  id: 'banners',
  machine: bannersMachine,
  guardsBothWays: true,
  provide: {
    // A banner being changed starts valid (its own title); a new one starts empty.
    guards: {
      editorValid: ({ context }) => context.values.title !== '' && context.values.title !== BANNER_TYPED.invalid,
    },
  },
  // The notice's Dismiss is on the list, and only while a notice is shown.
  filter: (snapshot, name) =>
    name !== 'notice.dismiss' || (snapshot.hasTag('list') && snapshot.context.notice !== null),
  // What a row's button started decides what its end shows.
  context: (context) => context.action?.kind ?? null,
  variants: () => ({
    'listBanners.done': [{ label: 'banners', output: BANNERS }],
    'listBanners.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'banner.new': [{ label: 'today', today: new Date(2026, 10, 29) }],
    'banner.edit': [{ label: 'first', id: 1 }],
    'banner.move': [{ label: 'first down', id: 1, direction: 'down' }],
    'banner.toggle': [{ label: 'first', id: 1 }],
    'banner.delete': [{ label: 'second', id: 2 }],
    'field.change': Object.entries(BANNER_TYPED).map(([label, value]) => ({ label, name: 'title', value })),
    'active.change': [{ label: 'inactive', active: false }],
    'image.pick': [
      { label: 'PNG', image: pickedImage(null) },
      { label: 'not an image', image: pickedImage('type') },
    ],
    'saveBanner.done': [{ label: 'saved', output: BANNERS[0] }],
    'saveBanner.error': [
      { label: 'image refused', error: apiError(415, 'UNSUPPORTED_BANNER_IMAGE') },
      { label: 'server error', error: apiError(500, 'SERVER_ERROR') },
    ],
    'runAction.done': [{ label: 'done', output: BANNERS }],
    'runAction.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};

/** A merchant as the QR pages find it; a pending KYC cannot be paid by QR. */
export function qrMerchant(number: string, name: string, kycStatus = 'approved'): QrMerchant {
  return { number, name, phone: '+221 76 105 12 34', city: 'Thiès', status: 'active', kycStatus, mcc: '5411' };
}

/** The merchants a search finds: one that can be paid, one whose KYC is pending. */
export const QR_MERCHANTS = [
  qrMerchant('MRC-00005', 'Boutique Ndiaye', 'approved'),
  qrMerchant('MRC-00006', 'Boutique Ndiaye Fils', 'pending'),
];

/** A code as the API answers it, linked to the first merchant. */
export function qrCode(code: string, over: Partial<QrCodeView> = {}): QrCodeView {
  return {
    code,
    status: 'linked',
    payload: `000201010211${code}`,
    amount: null,
    merchant: QR_MERCHANTS[0] as QrMerchant,
    createdAt: '2026-11-22T09:00:00.000Z',
    createdBy: 'Awa Ndiaye',
    unlinkedAt: null,
    unlinkedBy: null,
    unlinkReason: null,
    ...over,
  };
}

/** What is typed in the merchant search and the amount: one value for each outcome the form tells apart. */
export const QR_TYPED = {
  query: { 'a name': 'Ndiaye', 'one letter': 'N' },
  amount: { 'whole XOF': '5 000', 'not whole': '12.5' },
} as const;

export const generateGraph: MachineGraph<typeof generateMachine> = {
  id: 'generate',
  machine: generateMachine,
  guardsBothWays: true,
  filter: (snapshot, name) => {
    const { merchant, merchants } = snapshot.context;
    // Typing while a search runs is typing before it: left out.
    if ((name === 'query.change' || name === 'amount.change') && snapshot.matches({ editing: 'searching' })) {
      return false;
    }
    // The search field is there until a merchant is chosen; "Change" only once one is.
    if (name === 'query.change' || name === 'merchant.search') return merchant === null;
    if (name === 'merchant.clear') return merchant !== null;
    // A merchant is chosen from the list the last search found.
    if (name === 'merchant.choose') return merchant === null && merchants !== null && merchants.length > 1;
    // The code is downloaded or printed once it is shown, and another asked for once the
    // preview has ended and no download is on its way: the other orders show nothing more.
    const shown = snapshot.matches({ generated: { preview: 'ready' } });
    const downloading = snapshot.matches({ generated: { download: 'downloading' } });
    if (name === 'qr.download') return shown;
    if (name === 'qr.print') return shown && !downloading;
    if (name === 'qr.new') return !snapshot.matches({ generated: { preview: 'loading' } }) && !downloading;
    return true;
  },
  variants: () => ({
    'query.change': Object.entries(QR_TYPED.query).map(([label, value]) => ({ label, value })),
    'searchMerchants.done': [
      { label: 'two found', output: QR_MERCHANTS },
      { label: 'one payable', output: QR_MERCHANTS.slice(0, 1) },
    ],
    'searchMerchants.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'merchant.choose': [{ label: 'payable', number: QR_MERCHANTS[0]?.number }],
    'amount.change': Object.entries(QR_TYPED.amount).map(([label, value]) => ({ label, value })),
    'generateQr.done': [{ label: 'code', output: qrCode('QR7K2M9XQ4AB', { amount: 5000 }) }],
    'generateQr.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'loadPreview.done': [{ label: 'SVG', output: new Blob(['<svg/>'], { type: 'image/svg+xml' }) }],
    'loadPreview.error': [{ label: 'no answer', error: noAnswer() }],
    'qr.download': [{ label: 'PNG', format: 'png' }],
    'downloadImage.done': [{ label: 'saved' }],
    'downloadImage.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};

/** The linked code a merchant search finds, and the one it is unlinked by. */
export const LINKED_CODE = qrCode('QR7K2M9XQ4AB');

/** What is typed in the search and in the unlink's reason: one value for each outcome the page tells apart. */
export const UNLINK_TYPED = {
  query: { 'a merchant': 'Ndiaye', 'one letter': 'N' },
  reason: { 'a reason': 'Sticker lost at the counter', 'too short': 'Lost' },
} as const;

const codePage = (rows: QrCodeView[]) => ({ rows, total: rows.length, page: 1, pageSize: 100 });

export const unlinkGraph: MachineGraph<typeof unlinkMachine> = {
  id: 'unlink',
  machine: unlinkMachine,
  guardsBothWays: true,
  filter: (snapshot, name) => {
    // The search form is typed in between searches; the dialog covers it.
    if (name === 'query.change' || name === 'status.change') return snapshot.matches('idle');
    // "Try again" is shown only after a search failed.
    if (name === 'search.retry') return snapshot.context.loadError !== null;
    // A code's Unlink button is on its row, for a linked code only.
    if (name === 'unlink.start') return snapshot.context.result?.rows.some((r) => r.status === 'linked') === true;
    return true;
  },
  variants: () => ({
    'query.change': Object.entries(UNLINK_TYPED.query).map(([label, value]) => ({ label, value })),
    'status.change': [{ label: 'all', value: 'all' }],
    'findCodes.done': [
      { label: 'a linked code', output: codePage([LINKED_CODE]) },
      { label: 'nothing', output: codePage([]) },
    ],
    'findCodes.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
    'unlink.start': [{ label: 'linked', code: LINKED_CODE.code }],
    'reason.change': Object.entries(UNLINK_TYPED.reason).map(([label, value]) => ({ label, value })),
    'unlinkCode.done': [{ label: 'unlinked', output: { ...LINKED_CODE, status: 'unlinked' } }],
    'unlinkCode.error': [{ label: 'server error', error: apiError(500, 'SERVER_ERROR') }],
  }),
};
