/**
 * EMVCo merchant-presented QR payloads (EMV® QR Code Specification for Payment Systems,
 * Merchant-Presented Mode): a string of TLV data objects (two-digit id, two-digit length,
 * value) ending with a CRC. Wallet apps scan them; the server builds them for /generate-qr.
 * No dependencies, so the dashboard can read a payload back too.
 */

/** The merchant account template's globally unique identifier: this wallet's reverse domain. */
const WALLET_GUI = 'sn.kpay.wallet';
/** ISO 4217 numeric code of the franc CFA (XOF). */
const XOF_NUMERIC = '952';
const COUNTRY_CODE = 'SN';
/** The merchant account template this wallet uses (26 to 51 are free for payment networks). */
const MERCHANT_TEMPLATE_ID = '26';
/** MCC for a merchant whose business category is unknown: miscellaneous retail. */
export const DEFAULT_MCC = '5999';

const EMV_ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantAccount: MERCHANT_TEMPLATE_ID,
  mcc: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  crc: '63',
} as const;

/** Template sub-fields: 00 the GUI, 01 the merchant's account number, 02 the public QR code. */
const TEMPLATE_ID = { gui: '00', merchantId: '01', code: '02' } as const;

/** Static: the customer types the amount. Dynamic: the amount is in the code. */
const POINT_OF_INITIATION = { static: '11', dynamic: '12' } as const;

const NAME_MAX = 25;
const CITY_MAX = 15;

/** One data object: id, length on two digits, value. */
export function emvField(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`EMV id must be two digits: ${id}`);
  if (value.length === 0 || value.length > 99) throw new Error(`EMV field ${id} must hold 1 to 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR) over the
 * UTF-8 bytes, as four upper-case hex digits: what EMVCo requires for ID 63.
 */
export function crc16Ccitt(data: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(data)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Text an EMV field can carry everywhere: accents folded (Sénégal → Senegal), anything outside
 * printable ASCII dropped, spaces collapsed, cut to `max` characters.
 */
export function emvText(value: string, max: number): string {
  const folded = value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return folded.slice(0, max).trim();
}

export interface MerchantQrInput {
  /** The merchant's wallet account number (MRC-00005). */
  merchantId: string;
  /** The public code of this QR (printed under it); resolves to the merchant while linked. */
  code: string;
  merchantName: string;
  city: string;
  /** ISO 18245 merchant category code, four digits. */
  mcc?: string;
  /** Whole XOF; omitted for a static code whose amount the customer types. */
  amount?: number | null;
  gui?: string;
}

/** The full payload, CRC included. Throws on input no wallet could read. */
export function buildMerchantPayload(input: MerchantQrInput): string {
  const mcc = input.mcc ?? DEFAULT_MCC;
  if (!/^\d{4}$/.test(mcc)) throw new Error('The MCC must be four digits');
  const amount = input.amount ?? null;
  if (amount !== null && (!Number.isSafeInteger(amount) || amount <= 0 || String(amount).length > 13)) {
    throw new Error('The amount must be a positive whole number of at most 13 digits');
  }
  const name = emvText(input.merchantName, NAME_MAX) || input.merchantId;
  const city = emvText(input.city, CITY_MAX) || 'Dakar';
  const template =
    emvField(TEMPLATE_ID.gui, input.gui ?? WALLET_GUI) +
    emvField(TEMPLATE_ID.merchantId, input.merchantId) +
    emvField(TEMPLATE_ID.code, input.code);
  const body =
    emvField(EMV_ID.payloadFormat, '01') +
    emvField(EMV_ID.pointOfInitiation, amount === null ? POINT_OF_INITIATION.static : POINT_OF_INITIATION.dynamic) +
    emvField(EMV_ID.merchantAccount, template) +
    emvField(EMV_ID.mcc, mcc) +
    emvField(EMV_ID.currency, XOF_NUMERIC) +
    (amount === null ? '' : emvField(EMV_ID.amount, String(amount))) +
    emvField(EMV_ID.country, COUNTRY_CODE) +
    emvField(EMV_ID.merchantName, name) +
    emvField(EMV_ID.merchantCity, city);
  // The CRC covers everything before its value, its own id and length included.
  const head = `${body}${EMV_ID.crc}04`;
  return `${head}${crc16Ccitt(head)}`;
}

/** The data objects of a payload, in order; throws if it is not well formed. */
export function parseEmv(payload: string): Array<{ id: string; value: string }> {
  const out: Array<{ id: string; value: string }> = [];
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(payload.slice(i + 2, i + 4)) || i + 4 + length > payload.length) {
      throw new Error(`Malformed EMV data at position ${i}`);
    }
    out.push({ id, value: payload.slice(i + 4, i + 4 + length) });
    i += 4 + length;
  }
  return out;
}

/** True when the payload ends with ID 63 holding the CRC of everything before its value. */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== `${EMV_ID.crc}04`) return false;
  return crc16Ccitt(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}
