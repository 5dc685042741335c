/**
 * The fuzzer reads the app's own OpenAPI document, so every operation registered in
 * server/app.ts — including ones added later — is fuzzed without editing the tests.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  example?: unknown;
  default?: unknown;
  description?: string;
};

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  security?: Record<string, unknown>[];
}

export interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** One operation of the document, ready for the fuzzer. */
export interface Operation {
  /** "POST /banners/{id}/move", as the document spells the path. */
  key: string;
  method: string;
  /** The path as in the document, without the server's /rest prefix. */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  headerParams: OpenApiParameter[];
  /** The request body's media type and schema, when the operation takes one. */
  body: { mediaType: string; schema: JsonSchema; required: boolean } | null;
  /** HTTP statuses the document declares for this operation. */
  statuses: Set<string>;
  /** Every way to call the operation needs the session (X-Session-Token); the XSRF pair alone is no session. */
  secured: boolean;
  /** Its success is not the { status, payload } envelope (the document itself, its HTML page). */
  unenveloped?: boolean;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const [mediaType] = Object.keys(content);
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        headerParams: params.filter((p) => p.in === 'header'),
        body: mediaType
          ? {
              mediaType,
              schema: content[mediaType]?.schema ?? {},
              required: op.requestBody?.required ?? false,
            }
          : null,
        statuses: new Set(Object.keys(op.responses ?? {})),
        secured: Boolean(op.security?.length) && (op.security ?? []).every((r) => 'session' in r),
      });
    }
  }
  // Reads first, against the seeded data; deletions last, so they take away as little as possible.
  const rank = (op: Operation) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(op.method);
  return operations.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

/** Follows `#/components/schemas/Name` references (the only kind the app's document uses). */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema) return {};
  if (!schema.$ref) return schema;
  if (depth > 20) throw new Error(`Reference loop at ${schema.$ref}`);
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components?.schemas?.[name];
  if (!target) throw new Error(`The document has no schema ${schema.$ref}`);
  return resolveSchema(doc, target, depth + 1);
}
