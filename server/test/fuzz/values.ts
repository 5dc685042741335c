import fc from 'fast-check';
import { type JsonSchema, type OpenApiDocument, resolveSchema } from './openapi';

/**
 * Value arbitraries: what a schema allows (so requests get past validation into the
 * handlers), and what it does not (wrong types, missing and extra fields, huge and hostile
 * strings).
 */

export interface ValueContext {
  doc: OpenApiDocument;
  /** Values seen in the API's own answers under this field name (real ids, numbers, codes). */
  known(name: string): readonly unknown[];
  /** Values seen in the API's answers under any name that this pattern accepts. */
  matching?(pattern: RegExp): readonly unknown[];
}

/** Strings that have broken parsers, databases and encoders before. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '2147483648',
  '9223372036854775808',
  '0x10',
  '1.5',
  '__proto__',
  'constructor',
  'toString',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\\',
  '"',
  "'",
  '<script>alert(1)</script>',
  '$' + '{7*7}',
  '{{7*7}}',
  '%s%s%s%n',
  '../../etc/passwd',
  '\r\n',
  '\t',
  '\u202e',
  '\ufeff',
  '\ud800',
  'a\udfffb',
  '\u{1f600}',
  'Ñdèyé Fàll',
  'İstanbul',
  'ß',
  '\u0301',
  '😀'.repeat(40),
  '\u0000'.repeat(10),
] as const;

/** Replaces unpaired surrogates so a string can be percent-encoded (like String#toWellFormed). */
export function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

export const encode = (value: string) => encodeURIComponent(wellFormed(value));

/** Any string: unicode, control characters, hostile classics, and long ones. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 100, maxLength: 600 }) },
);

/** Strings a number parser has to think about. */
export const numericString: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double().map(String),
  fc.constantFrom(
    '2147483647',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '1e3',
    '1e-7',
    '+1',
    ' 1',
    '01',
    '1_000',
  ),
);

/** Many bytes once in a while: a field's limit, the body limit, the database's. */
export const hugeString: fc.Arbitrary<string> = fc
  .record({
    char: fc.constantFrom('a', '9', 'é', '😀', '\u0000', ' ', '%'),
    length: fc.constantFrom(1_000, 10_000, 100_000, 1_000_000),
  })
  .map(({ char, length }) => char.repeat(length));

/** A JSON value of any shape, nested garbage included. */
export const garbageJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, '', [], {}, [[]], [{}]) },
  { weight: 2, arbitrary: anyString },
  { weight: 1, arbitrary: numericString.map((s) => Number(s)).filter((n) => Number.isFinite(n)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 50, max: 3_000 })
      .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  },
);

const DAY = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/;
const NAME_LIKE = [
  'Aïssatou',
  'Moussa',
  'Ndèye',
  'Cheikh',
  'Fatou',
  "N'Diaye",
  'Ba',
  'Sow',
  'Mame Diarra',
  'Thiéyacine',
];

/** Zod renders a flagged regex as "source/flags"; split it back. */
function regexOf(pattern: string): RegExp | null {
  const flagged = /^(.*\$)\/([a-z]*)$/.exec(pattern);
  try {
    return flagged ? new RegExp(flagged[1] as string, (flagged[2] as string).replace('g', '')) : new RegExp(pattern);
  } catch {
    return null;
  }
}

function dayString(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

function patternString(pattern: string, schema: JsonSchema): fc.Arbitrary<string> {
  if (DAY.test(pattern)) return dayString();
  if (pattern.includes('\\p{L}')) return fc.constantFrom(...NAME_LIKE);
  const regex = regexOf(pattern);
  if (regex) {
    try {
      const matching = fc.stringMatching(regex);
      const max = schema.maxLength;
      return max === undefined ? matching : matching.map((s) => s.slice(0, max));
    } catch {
      // A construct stringMatching does not speak: fall through to plain strings.
    }
  }
  return plainString(schema);
}

function plainString(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  return fc.oneof(
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABC-0123456789'), minLength, maxLength }),
  );
}

/** Field names that say what a good value looks like. */
function hinted(name: string | undefined): fc.Arbitrary<string> | null {
  if (!name) return null;
  if (/phone|counterparty/i.test(name)) {
    return fc.oneof(
      fc.tuple(fc.constantFrom('70', '75', '76', '77', '78'), fc.integer({ min: 0, max: 9_999_999 })).map(
        ([prefix, n]) =>
          `+221 ${prefix} ${String(n)
            .padStart(7, '0')
            .replace(/(\d{3})(\d{2})(\d{2})/, '$1 $2 $3')}`,
      ),
      fc.string({ unit: fc.constantFrom(...'0123456789 +-'), maxLength: 24 }),
    );
  }
  if (/email/i.test(name)) return fc.emailAddress();
  // Senegal's national identity number (CNI): 13 digits, 1 or 2 first.
  if (/nationalId/i.test(name)) return fc.stringMatching(/^[12]\d{12}$/);
  return null;
}

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
  const exclusiveMax = schema.exclusiveMaximum === true ? 1 : 0;
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
  const max = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : schema.maximum;
  const lo = Math.max(Number.MIN_SAFE_INTEGER, (min ?? -1_000_000) + exclusiveMin);
  const hi = Math.min(Number.MAX_SAFE_INTEGER, (max ?? 1_000_000) - exclusiveMax);
  if (lo > hi) return fc.constant(lo);
  // Small values reach real rows; the range's edges reach the limits.
  return fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 50) }), fc.integer({ min: lo, max: hi }));
}

function merged(doc: OpenApiDocument, schemas: JsonSchema[]): JsonSchema {
  const out: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const part of schemas.map((s) => resolveSchema(doc, s))) {
    Object.assign(out.properties as object, part.properties ?? {});
    out.required?.push(...(part.required ?? []));
  }
  return out;
}

/** A value the schema accepts, or nearly: the API's own validation decides. */
export function validValue(
  ctx: ValueContext,
  input: JsonSchema | undefined,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveSchema(ctx.doc, input);
  let arb = shapeOf(ctx, schema, depth);
  const extras: unknown[] = [];
  if (schema.example !== undefined) extras.push(schema.example);
  if (name) extras.push(...ctx.known(name).filter((v) => fits(schema, v)));
  const regex = schema.pattern ? regexOf(schema.pattern) : null;
  if (regex && ctx.matching) extras.push(...ctx.matching(regex).filter((v) => !extras.includes(v)));
  if (extras.length)
    arb = fc.oneof({ weight: 3, arbitrary: arb }, { weight: 2, arbitrary: fc.constantFrom(...extras) });
  if (schema.nullable) arb = fc.option(arb, { freq: 6, nil: null });
  return arb;
}

/** Whether a seen value has the schema's type (and enum, length, uuid form). */
export function fits(schema: JsonSchema, value: unknown): boolean {
  if (schema.enum) return schema.enum.includes(value);
  if (schema.type === 'integer') return Number.isInteger(value);
  if (schema.type === 'number') return typeof value === 'number';
  if (schema.type === 'string') {
    if (typeof value !== 'string') return false;
    if (schema.format === 'uuid') return /^[0-9a-f-]{36}$/i.test(value);
    return value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  }
  if (schema.type === 'boolean') return typeof value === 'boolean';
  return value === null || typeof value !== 'object';
}

function shapeOf(ctx: ValueContext, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(ctx, s, undefined, depth)));
  if (schema.allOf?.length) return shapeOf(ctx, merged(ctx.doc, schema.allOf), depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (depth > 6) return fc.constant(null);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      if (schema.format === 'date') return dayString();
      if (schema.pattern) return patternString(schema.pattern, schema);
      return plainString(schema);
    case 'integer':
      return integerArb(schema);
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 5));
      return fc.array(validValue(ctx, schema.items, undefined, depth + 1), { minLength, maxLength });
    }
    default:
      if (schema.type === 'object' || schema.properties || schema.additionalProperties)
        return objectOf(ctx, schema, depth);
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(ctx: ValueContext, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    const resolved = resolveSchema(ctx.doc, property);
    const hint = resolved.type === 'string' && !resolved.enum && !resolved.pattern ? hinted(key) : null;
    model[key] = hint
      ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: validValue(ctx, property, key, depth + 1) })
      : validValue(ctx, property, key, depth + 1);
  }
  const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
  const additional = schema.additionalProperties;
  if (additional && typeof additional === 'object') {
    const values = fc.dictionary(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
      validValue(ctx, additional, undefined, depth + 1),
      { maxKeys: 6 },
    );
    return fc.tuple(record, values).map(([known, free]) => ({ ...free, ...known }));
  }
  return record;
}

/** What to do to a valid-shaped value to make it (probably) invalid. */
export type Mutation =
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; value: unknown }
  | { kind: 'wrongType'; at: number; value: unknown }
  | { kind: 'huge'; at: number; value: string }
  | { kind: 'wrapInArray' };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'id', 'status', 'isAdmin', ''),
        fc.string({ maxLength: 10 }),
      ),
      value: garbageJson,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('wrongType' as const), at: fc.nat(), value: garbageJson }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('huge' as const), at: fc.nat(), value: hugeString }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrapInArray' as const }) },
);

type Slot = { parent: Record<string, unknown> | unknown[]; key: string | number };

function slotsOf(value: unknown, out: Slot[] = []): Slot[] {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      out.push({ parent: value, key: index });
      slotsOf(item, out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push({ parent: value as Record<string, unknown>, key });
      slotsOf(item, out);
    }
  }
  return out;
}

/** Applies a mutation to a copy of a value; a value with no slot is replaced outright. */
export function mutate(value: unknown, mutation: Mutation): unknown {
  if (mutation.kind === 'wrapInArray') return [value];
  const copy = structuredClone(value);
  const slots = slotsOf(copy);
  const slot = slots[mutation.at % Math.max(1, slots.length)];
  if (!slot)
    return mutation.kind === 'extra' ? { [mutation.key]: mutation.value } : 'value' in mutation ? mutation.value : copy;
  const { parent, key } = slot;
  switch (mutation.kind) {
    case 'drop':
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
      break;
    case 'extra': {
      const target = Array.isArray(parent) ? parent[key as number] : parent[key as string];
      const host = target && typeof target === 'object' && !Array.isArray(target) ? target : parent;
      if (Array.isArray(host)) host.push(mutation.value);
      // defineProperty, so "__proto__" becomes an own key as JSON.parse would make it.
      else
        Object.defineProperty(host, mutation.key, {
          value: mutation.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      break;
    }
    case 'wrongType':
    case 'huge':
      if (Array.isArray(parent)) parent[key as number] = mutation.value;
      else parent[key as string] = mutation.value;
      break;
  }
  return copy;
}
