import fc from 'fast-check';
import { HEADER } from '../../../contract/http';
import type { OpenApiParameter, Operation } from './openapi';
import { resolveSchema } from './openapi';
import {
  anyString,
  encode,
  garbageJson,
  hugeString,
  mutate,
  mutationArb,
  numericString,
  type ValueContext,
  validValue,
} from './values';

/** Who sends the request. */
type Identity =
  /** The user the operation is fuzzed as (one allowed to use it, admin when it can). */
  | { as: 'primary' }
  /** Another demo user, by its index in the list the test passes in. */
  | { as: 'other'; index: number }
  /** A given user (probing who may use an operation). */
  | { as: 'user'; username: string }
  | { as: 'none' }
  /** A session that was signed out. */
  | { as: 'revoked' }
  | { as: 'garbage'; token: string };

type XsrfMode = 'pair' | 'no-header' | 'no-cookie' | 'mismatch' | 'odd-cookie';

export interface FileSpec {
  name: string;
  type: string;
  /** The magic bytes the content starts with. */
  head: keyof typeof MAGIC;
  /** Random bytes after the head, or a size to fill (limits). */
  tail: Uint8Array | number;
}

type FormPart = { name: string; value: string } | { name: string; file: FileSpec };

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'form'; parts: FormPart[] };

/** Which part of a request a case garbles; the rest stays well-formed, so each defect is met on its own. */
type Focus = 'none' | 'identity' | 'path' | 'query' | 'body' | 'headers' | 'everything';

export interface FuzzCase {
  focus: Focus;
  identity: Identity;
  xsrf: XsrfMode;
  /** One percent-encoded (or deliberately raw) segment per path parameter, in order. */
  path: string[];
  /** The query string, without "?". */
  query: string;
  headers: Record<string, string>;
  body: Body;
}

const MAGIC = {
  none: [],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82],
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0],
  pdf: [...'%PDF-1.4\n'].map((ch) => ch.charCodeAt(0)),
  webp: [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20],
  gif: [...'GIF89a'].map((ch) => ch.charCodeAt(0)),
  exe: [0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0],
} as const;

export function fileBytes(file: FileSpec): Uint8Array<ArrayBuffer> {
  const head = MAGIC[file.head];
  const size = typeof file.tail === 'number' ? file.tail : head.length + file.tail.length;
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  if (typeof file.tail !== 'number') bytes.set(file.tail, head.length);
  return bytes;
}

/** Printable Latin-1: what a header value can carry (no CR, LF or NUL). */
const HEADER_CHARS = [
  '\t',
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
];
const headerValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: fc.constantFrom(...HEADER_CHARS), maxLength: 60 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', '0', '-1', 'null', 'undefined', 'dashboard', 'wap1', 'WAP1', 'Dashboard'),
  },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...HEADER_CHARS), minLength: 1_000, maxLength: 8_000 }) },
);
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,30}$/);

/** Leaves a header out (undefined) or sets it. */
const maybe = (weightOut: number, arb: fc.Arbitrary<string>) =>
  fc.oneof({ weight: weightOut, arbitrary: fc.constant(undefined) }, { weight: 10 - weightOut, arbitrary: arb });

const JSON_TYPE = 'application/json';
const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/vnd.api+json',
  'application/jsonx',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----fuzz',
  'application/octet-stream',
  'application/json, text/html',
  ';;;',
  '',
];
const contentType = fc.oneof(
  { weight: 14, arbitrary: fc.constant(JSON_TYPE) },
  { weight: 4, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: headerValue },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const idempotencyKey = (expected: boolean) =>
  expected
    ? fc.oneof(
        { weight: 8, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: headerValue },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : maybe(9, headerValue);

function headersArb(op: Operation, kind: Body['kind']): fc.Arbitrary<Record<string, string>> {
  const wantsKey = op.headerParams.some((p) => p.name.toLowerCase() === HEADER.idempotencyKey.toLowerCase());
  return fc
    .record({
      channel: fc.oneof(
        { weight: 6, arbitrary: fc.constant('dashboard') },
        { weight: 2, arbitrary: fc.constant('wap1') },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: headerValue },
      ),
      accept: fc.oneof(
        { weight: 6, arbitrary: fc.constant(JSON_TYPE) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constantFrom('*/*', 'text/html', 'text/csv', 'image/png', 'application/xml', '') },
        { weight: 1, arbitrary: headerValue },
      ),
      contentType: kind === 'form' ? maybe(9, fc.constantFrom('multipart/form-data', JSON_TYPE)) : contentType,
      idempotencyKey: idempotencyKey(wantsKey),
      acceptEncoding: maybe(8, fc.constantFrom('gzip', 'deflate', 'gzip, deflate, br', 'identity', 'x-garbage')),
      requestId: maybe(9, headerValue),
      extra: fc.option(fc.tuple(headerName, headerValue), { freq: 5 }),
    })
    .map((h) => {
      const out: Record<string, string> = {};
      const set = (name: string, value: string | undefined) => {
        if (value !== undefined) out[name] = value;
      };
      set(HEADER.channel, h.channel);
      set('accept', h.accept);
      if (kind !== 'none') set('content-type', h.contentType);
      set(HEADER.idempotencyKey, h.idempotencyKey);
      set('accept-encoding', h.acceptEncoding);
      set(HEADER.requestId, h.requestId);
      // Headers the app reads itself stay under the fields above.
      if (
        h.extra &&
        !/^(cookie|content-length|transfer-encoding|host|x-xsrf-token|x-session-token)$/i.test(h.extra[0])
      ) {
        set(h.extra[0], h.extra[1]);
      }
      return out;
    });
}

/** Segments that have confused routers and decoders. */
const RAW_SEGMENTS = [
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '%252F',
  '%u0041',
  ';',
  ';x=1',
  '%3B',
  '+',
  '%20',
  '%0A',
  '%0D%0A',
  '%5C',
  '~',
  '*',
];

const paramArbs = new WeakMap<ValueContext, Map<OpenApiParameter, fc.Arbitrary<unknown>>>();

/** A parameter's valid values, built once per context (chain() asks again for every case). */
function paramValue(ctx: ValueContext, param: OpenApiParameter): fc.Arbitrary<unknown> {
  const cache = paramArbs.get(ctx) ?? new Map<OpenApiParameter, fc.Arbitrary<unknown>>();
  paramArbs.set(ctx, cache);
  const arb = cache.get(param) ?? validValue(ctx, param.schema, param.name);
  cache.set(param, arb);
  return arb;
}

export const asText = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function pathSegment(ctx: ValueContext, param: OpenApiParameter): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 10, arbitrary: paramValue(ctx, param).map((v) => encode(asText(v))) },
    { weight: 3, arbitrary: anyString.map(encode) },
    { weight: 2, arbitrary: numericString.map(encode) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', '9', 'é', '%00'), fc.integer({ min: 300, max: 12_000 }))
        .map(([ch, n]) => (ch === '%00' ? ch.repeat(n / 3) : encode(ch.repeat(n)))),
    },
  );
}

type Pair = [string, string];

function queryArb(ctx: ValueContext, op: Operation): fc.Arbitrary<string> {
  const known = op.queryParams;
  const knownPair: fc.Arbitrary<Pair> = known.length
    ? fc.oneof(
        ...known.map((p) =>
          fc.tuple(
            fc.constant(p.name),
            fc.oneof(
              { weight: 4, arbitrary: paramValue(ctx, p).map(asText) },
              { weight: 1, arbitrary: anyString },
              { weight: 1, arbitrary: numericString },
            ),
          ),
        ),
      )
    : fc.tuple(anyString, anyString);
  const required = known
    .filter((p) => p.required)
    .map((p) =>
      fc.option(
        paramValue(ctx, p).map((v): Pair => [p.name, asText(v)]),
        { freq: 10, nil: undefined },
      ),
    );
  return fc
    .record({
      required: fc.tuple(...required),
      pairs: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: knownPair },
          {
            weight: 2,
            arbitrary: fc.tuple(fc.oneof(anyString, fc.constantFrom('a[]', 'a[b]', '__proto__', '')), anyString),
          },
        ),
        { maxLength: 6 },
      ),
      repeat: fc.boolean(),
      raw: fc.oneof(
        { weight: 8, arbitrary: fc.constant('') },
        {
          weight: 2,
          arbitrary: fc.constantFrom('&', '&&', '=', '%', '%zz', 'a=%', '=x', 'flag', ';', '%00=%00', '%E0%A4%A=1'),
        },
      ),
    })
    .map(({ required: req, pairs, repeat, raw }) => {
      const all = [...req.filter((p): p is Pair => p !== undefined), ...pairs];
      // Repeated keys: the same known name twice with two values.
      if (repeat && all[0]) all.push([all[0][0], all.at(-1)?.[1] ?? '']);
      const text = all.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
      return [text, raw].filter(Boolean).join('&');
    });
}

const NON_JSON = [
  '{',
  '{"a":',
  '}',
  'undefined',
  "{'a':1}",
  '{"a":1}x',
  '\ufeff{}',
  '[1,]',
  'NaN',
  '{"__proto__":',
  '\u0000',
  'true false',
  '{"a":1,"a":2}',
  '""',
  `${'['.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  'a=1&b=2',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
];

const nonJsonText = fc.oneof(fc.constantFrom(...NON_JSON), anyString, hugeString);

/** Hand-written multipart envelopes: a boundary the header does not name, none at all, cut short. */
const MULTIPART_GARBAGE = [
  '--fuzz\r\nContent-Disposition: form-data; name="type"\r\n\r\nselfie\r\n--fuzz--\r\n',
  '--other\r\nContent-Disposition: form-data; name="type"\r\n\r\nselfie\r\n--other--\r\n',
  '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
  '--fuzz\r\n\r\n',
  '--fuzz--',
  'not multipart at all',
  '',
];

const fileSpec: fc.Arbitrary<FileSpec> = fc.record({
  name: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('id.png', 'photo.jpg', 'document.pdf', 'banner.webp', 'a', '') },
    { weight: 2, arbitrary: anyString.map((s) => s.replace(/[\r\n"]/g, '')) },
    { weight: 1, arbitrary: fc.constant(`${'a'.repeat(400)}.png`) },
  ),
  type: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'image/webp', 'text/plain', '', 'image/svg+xml'),
  head: fc.constantFrom(...(Object.keys(MAGIC) as (keyof typeof MAGIC)[])),
  tail: fc.oneof(
    { weight: 12, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, 1_048_577, 5_300_000) },
  ),
});

function formArb(ctx: ValueContext, op: Operation): fc.Arbitrary<Body> {
  const schema = resolveSchema(ctx.doc, op.body?.schema);
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const partArb = (name: string, property: typeof schema): fc.Arbitrary<FormPart> => {
    if (resolveSchema(ctx.doc, property).format === 'binary') return fileSpec.map((file) => ({ name, file }));
    return fc
      .oneof(
        { weight: 5, arbitrary: validValue(ctx, property, name).map(asText) },
        { weight: 1, arbitrary: anyString },
        { weight: 1, arbitrary: hugeString },
      )
      .map((value) => ({ name, value }));
  };
  const fields = fc.tuple(
    ...properties.map(([name, property]) =>
      fc.option(partArb(name, property), { freq: required.has(name) ? 12 : 2, nil: undefined }),
    ),
  );
  const twist = fc.oneof(
    { weight: 8, arbitrary: fc.constant('none' as const) },
    { weight: 1, arbitrary: fc.constant('duplicate' as const) },
    { weight: 1, arbitrary: fc.constant('swap' as const) },
    { weight: 1, arbitrary: fc.tuple(anyString, anyString) },
  );
  return fc.tuple(fields, twist, fileSpec).map(([parts, how, spare]): Body => {
    const list = parts.filter((p): p is FormPart => p !== undefined);
    if (how === 'duplicate' && list[0]) list.push(list[0]);
    if (how === 'swap' && list[0]) {
      // A file where a value belongs, or a value where a file belongs.
      const [first] = list;
      list[0] = 'file' in first ? { name: first.name, value: first.file.name } : { name: first.name, file: spare };
    }
    if (Array.isArray(how)) list.push({ name: how[0], value: how[1] });
    return { kind: 'form', parts: list };
  });
}

function bodyArb(ctx: ValueContext, op: Operation): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ kind: 'none' });
  const text = nonJsonText.map((t): Body => ({ kind: 'text', text: t }));
  const garbage = garbageJson.map((value): Body => ({ kind: 'json', value }));
  if (op.method === 'GET' || op.method === 'HEAD') return none;
  if (!op.body) {
    return fc.oneof({ weight: 7, arbitrary: none }, { weight: 2, arbitrary: garbage }, { weight: 1, arbitrary: text });
  }
  if (op.body.mediaType === 'multipart/form-data') {
    return fc.oneof(
      { weight: 14, arbitrary: formArb(ctx, op) },
      { weight: 2, arbitrary: fc.constantFrom(...MULTIPART_GARBAGE).map((t): Body => ({ kind: 'text', text: t })) },
      { weight: 1, arbitrary: garbage },
      { weight: 1, arbitrary: none },
    );
  }
  const valid = validValue(ctx, op.body.schema);
  return fc.oneof(
    { weight: 7, arbitrary: valid.map((value): Body => ({ kind: 'json', value })) },
    {
      weight: 6,
      arbitrary: fc.tuple(valid, mutationArb).map(([value, m]): Body => ({ kind: 'json', value: mutate(value, m) })),
    },
    { weight: 1, arbitrary: fc.array(valid, { maxLength: 3 }).map((value): Body => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: garbage },
    { weight: 1, arbitrary: text },
    { weight: op.body.required ? 1 : 3, arbitrary: none },
  );
}

const identityArb = (others: number): fc.Arbitrary<Identity> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant<Identity>({ as: 'primary' }) },
    {
      weight: 4,
      arbitrary: fc.nat({ max: Math.max(0, others - 1) }).map((index): Identity => ({ as: 'other', index })),
    },
    { weight: 2, arbitrary: fc.constant<Identity>({ as: 'none' }) },
    { weight: 1, arbitrary: fc.constant<Identity>({ as: 'revoked' }) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(headerValue, fc.uuid(), fc.base64String({ minLength: 40, maxLength: 48 }))
        .map((token): Identity => ({ as: 'garbage', token })),
    },
  );

const xsrfArb: fc.Arbitrary<XsrfMode> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<XsrfMode>('pair') },
  { weight: 1, arbitrary: fc.constantFrom<XsrfMode>('no-header', 'no-cookie', 'mismatch', 'odd-cookie') },
);

/** A request the schema accepts in every part: the handlers, not the validators, answer it. */
function cleanParts(ctx: ValueContext, op: Operation, withOptionalQuery = true) {
  const value = (p: OpenApiParameter) => paramValue(ctx, p).map(asText);
  const optional = withOptionalQuery ? op.queryParams.filter((p) => !p.required) : [];
  const query = fc
    .record({
      required: fc.tuple(
        ...op.queryParams.filter((p) => p.required).map((p) => value(p).map((v): Pair => [p.name, v])),
      ),
      optional: optional.length
        ? fc.array(fc.oneof(...optional.map((p) => value(p).map((v): Pair => [p.name, v]))), { maxLength: 3 })
        : fc.constant([] as Pair[]),
    })
    .map(({ required, optional: rest }) => {
      const seen = new Set<string>();
      return [...required, ...rest]
        .filter(([k]) => !seen.has(k) && Boolean(seen.add(k)))
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join('&');
    });
  let body: fc.Arbitrary<Body> = fc.constant({ kind: 'none' });
  if (op.body && op.method !== 'GET') {
    if (op.body.mediaType === 'multipart/form-data') {
      const schema = resolveSchema(ctx.doc, op.body.schema);
      const required = new Set(schema.required ?? []);
      body = fc
        .tuple(
          ...Object.entries(schema.properties ?? {}).map(([name, property]) => {
            const part: fc.Arbitrary<FormPart> =
              resolveSchema(ctx.doc, property).format === 'binary'
                ? cleanFile.map((file) => ({ name, file }))
                : validValue(ctx, property, name).map((v) => ({ name, value: asText(v) }));
            return fc.option(part, { freq: required.has(name) ? 1000 : 2, nil: undefined });
          }),
        )
        .map((parts): Body => ({ kind: 'form', parts: parts.filter((p): p is FormPart => p !== undefined) }));
    } else {
      body = validValue(ctx, op.body.schema).map((v): Body => ({ kind: 'json', value: v }));
    }
  }
  return {
    path: fc.tuple(...op.pathParams.map((p) => value(p).map(encode))),
    query,
    body,
  };
}

/** A file whose type, name and first bytes agree. */
const cleanFile: fc.Arbitrary<FileSpec> = fc
  .tuple(
    fc.constantFrom(
      ['png', 'image/png', 'photo.png'] as const,
      ['jpeg', 'image/jpeg', 'photo.jpg'] as const,
      ['pdf', 'application/pdf', 'document.pdf'] as const,
      ['webp', 'image/webp', 'banner.webp'] as const,
    ),
    fc.uint8Array({ minLength: 1, maxLength: 200 }),
  )
  .map(([[head, type, name], tail]) => ({ head, type, name, tail }));

function cleanHeaders(op: Operation, kind: Body['kind']): fc.Arbitrary<Record<string, string>> {
  const wantsKey = op.headerParams.some((p) => p.name.toLowerCase() === HEADER.idempotencyKey.toLowerCase());
  return fc.tuple(fc.constantFrom('dashboard', 'wap1'), fc.uuid()).map(([channel, key]) => ({
    [HEADER.channel]: channel,
    accept: JSON_TYPE,
    ...(kind === 'json' ? { 'content-type': JSON_TYPE } : {}),
    ...(wantsKey ? { [HEADER.idempotencyKey]: key } : {}),
  }));
}

function focusArb(op: Operation): fc.Arbitrary<Focus> {
  const hasBody = op.method !== 'GET';
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<Focus>('none') },
    { weight: 3, arbitrary: fc.constant<Focus>('identity') },
    { weight: op.pathParams.length ? 3 : 0, arbitrary: fc.constant<Focus>('path') },
    { weight: 3, arbitrary: fc.constant<Focus>('query') },
    { weight: hasBody ? (op.body ? 6 : 2) : 0, arbitrary: fc.constant<Focus>('body') },
    { weight: 2, arbitrary: fc.constant<Focus>('headers') },
    { weight: 2, arbitrary: fc.constant<Focus>('everything') },
  );
}

/**
 * Every request the fuzzer sends to one operation: most are well-formed but one part (who
 * sends it, the path, the query, the body or the headers); some are garbage throughout.
 */
export function caseArb(ctx: ValueContext, op: Operation, otherUsers: number): fc.Arbitrary<FuzzCase> {
  // Every arbitrary is built once here: chain() below only picks among them.
  const clean = cleanParts(ctx, op);
  const fuzzed = {
    identity: identityArb(otherUsers),
    path: fc.tuple(...op.pathParams.map((p) => pathSegment(ctx, p))),
    query: queryArb(ctx, op),
    body: bodyArb(ctx, op),
  };
  const headers = byBodyKind((kind) => headersArb(op, kind));
  const cleanHeadersOf = byBodyKind((kind) => cleanHeaders(op, kind));
  const primary = fc.constant<Identity>({ as: 'primary' });
  const pair = fc.constant<XsrfMode>('pair');
  return focusArb(op).chain((focus) => {
    const pick = <T>(part: Focus, garbled: fc.Arbitrary<T>, wellFormed: fc.Arbitrary<T>) =>
      focus === part || focus === 'everything' ? garbled : wellFormed;
    return fc
      .record({
        identity: pick('identity', fuzzed.identity, primary),
        xsrf: pick('identity', xsrfArb, pair),
        path: pick('path', fuzzed.path, clean.path),
        query: pick('query', fuzzed.query, clean.query),
        body: pick('body', fuzzed.body, clean.body),
      })
      .chain((c) =>
        pick('headers', headers(c.body.kind), cleanHeadersOf(c.body.kind)).map(
          (h): FuzzCase => ({ ...c, focus, headers: h }),
        ),
      );
  });
}

/** Memoises an arbitrary per body kind (the headers that fit it). */
function byBodyKind<T>(build: (kind: Body['kind']) => fc.Arbitrary<T>): (kind: Body['kind']) => fc.Arbitrary<T> {
  const cache = new Map<Body['kind'], fc.Arbitrary<T>>();
  return (kind) => {
    const arb = cache.get(kind) ?? build(kind);
    cache.set(kind, arb);
    return arb;
  };
}

/**
 * One well-formed request with no optional query parameter (the widest list): to learn who
 * may use an operation, and which values exist.
 */
export function wellFormedCaseArb(ctx: ValueContext, op: Operation): fc.Arbitrary<FuzzCase> {
  const clean = cleanParts(ctx, op, false);
  return fc
    .record({ path: clean.path, query: clean.query, body: clean.body })
    .chain((c) =>
      cleanHeaders(op, c.body.kind).map(
        (headers): FuzzCase => ({ ...c, headers, focus: 'none', identity: { as: 'primary' }, xsrf: 'pair' }),
      ),
    );
}
