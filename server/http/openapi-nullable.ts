/**
 * OpenAPI 3.0 gives `nullable` a meaning only beside a `type` ("null is one more value of this
 * type"). The zod generator writes it bare in three shapes; this rewrites each into the 3.0 form
 * with a type, so any client generator reads them the same way. 3.1 would say `type: 'null'`,
 * but the fuzzer (server/test/fuzz/) and the reference page read 3.0 schemas.
 */
type Schema = Record<string, unknown>;
type Components = Record<string, Schema>;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ nullable: true }` and nothing else: how the generator writes `z.null()` and the null of `z.unknown()`. */
const isBareNull = (value: unknown) => isSchema(value) && value.nullable === true && Object.keys(value).length === 1;

function typeOf(schema: unknown, components: Components): string | undefined {
  if (!isSchema(schema)) return undefined;
  if (typeof schema.$ref === 'string') return typeOf(components[schema.$ref.split('/').pop() ?? ''], components);
  return typeof schema.type === 'string' ? schema.type : undefined;
}

function rewrite(schema: Schema, components: Components) {
  // `x.nullable()` of a named schema: allOf [ref, { nullable }] → one allOf of the ref, typed and nullable.
  const all = schema.allOf;
  if (Array.isArray(all) && all.some(isBareNull)) {
    const rest = all.filter((s) => !isBareNull(s));
    const type = typeOf(rest[0], components);
    if (rest.length === 1 && type) Object.assign(schema, { type, nullable: true, allOf: rest });
  }
  // `z.union([a, b, z.null()])`: the null alternative is a null of the first alternative's type.
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (!Array.isArray(list) || !list.some(isBareNull)) continue;
    const type = list.map((s) => typeOf(s, components)).find(Boolean) ?? 'string';
    schema[key] = list.map((s) => (isBareNull(s) ? { type, nullable: true, enum: [null] } : s));
  }
  // `z.unknown()`: a schema with no type already admits any value, null included.
  if (schema.nullable === true && schema.type === undefined && !schema.allOf) delete schema.nullable;
}

function walk(value: unknown, components: Components) {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, components);
    return;
  }
  if (!isSchema(value)) return;
  rewrite(value, components);
  for (const child of Object.values(value)) walk(child, components);
}

export function withTypedNullables<T extends { components?: unknown; paths?: unknown }>(document: T): T {
  const components = ((document.components as { schemas?: Components } | undefined)?.schemas ?? {}) as Components;
  walk(document.components, components);
  walk(document.paths, components);
  return document;
}
