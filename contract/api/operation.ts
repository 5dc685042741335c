import type { z } from 'zod';

/**
 * One API operation, defined once (docs/decisions/037-operations-defined-once.md): the server
 * builds its route and its OpenAPI entry from this object, and the dashboard takes the types of
 * what it sends and reads from it. The dashboard imports these modules with `import type` only,
 * so zod never reaches its bundles through them.
 *
 * Which pages an operation serves is the endpoint access table (navigation/endpoint-access.ts),
 * keyed by this operation's `METHOD path` and checked against every defined operation.
 */

type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** A JSON answer: the payload inside the `{ status: true, payload }` envelope. */
export interface JsonAnswer {
  description: string;
  schema: z.ZodType;
}

/** How the dashboard reads an answer that is not JSON (a file, an event stream). */
type RawReading = 'blob' | 'stream' | 'text';

/**
 * A file or stream answer; `content` is its OpenAPI media map (types and their schemas), left
 * out where the document names no media type.
 */
export interface RawAnswer {
  description: string;
  content?: Record<string, { schema: unknown }>;
  read: RawReading;
}

export type SuccessStatus = 200 | 201 | 202;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503;

export interface OperationDefinition {
  method: HttpMethod;
  /** As the OpenAPI document writes it: `/banks/{id}`. */
  path: `/${string}`;
  summary: string;
  tags: readonly string[];
  /**
   * False for the few operations open without a session (sign-in, health, the wallet app's reads);
   * `'if-any'` for one that takes the session when there is one and works without it (logout; an
   * export's download, whose signed link stands in for the session).
   */
  session?: boolean | 'if-any';
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the operation reads (a transfer's Idempotency-Key). */
  headers?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** False when the JSON body may be left out (an approval without a note). */
  bodyRequired?: false;
  /** A multipart body (a file and its fields); the dashboard sends a FormData. */
  upload?: z.ZodObject;
  answers: Partial<Record<SuccessStatus, JsonAnswer | RawAnswer>>;
  /** Each refusal's status and the error codes it carries, for integrators to read. */
  errors: Partial<Record<ErrorStatus, string>>;
  /** Headers a refusal carries besides its body, for integrators (the wait a throttle asks for). */
  errorHeaders?: Partial<
    Record<ErrorStatus, Record<string, { description: string; schema: { type: 'integer' | 'string' } }>>
  >;
}

/** Keeps the literal method, path and schemas, so both sides are typed from them. */
export const defineOperation = <const Op extends OperationDefinition>(operation: Op): Op => operation;

/** How a request and the access table name an operation: `GET /banks/{id}`. */
export type OperationKey<Op extends OperationDefinition> = `${Uppercase<Op['method']>} ${Op['path']}`;

/** A part of a request the operation does not have. */
export type Empty = Record<never, never>;

/**
 * What a path or query schema accepts, as the dashboard writes it: a coerced field (`unknown` to
 * zod, which reads it from a string) is typed as the value it becomes.
 */
type Wire<S extends z.ZodType> = {
  [K in keyof z.input<S>]: unknown extends z.input<S>[K] ? z.output<S>[K & keyof z.output<S>] : z.input<S>[K];
};

type Part<Name extends string, S> = S extends z.ZodType
  ? Empty extends z.input<S>
    ? { [N in Name]?: Wire<S> }
    : { [N in Name]: Wire<S> }
  : Empty;

type BodyPart<Op extends OperationDefinition> = Op['body'] extends z.ZodType
  ? Op['bodyRequired'] extends false
    ? { body?: z.input<Op['body']> }
    : { body: z.input<Op['body']> }
  : Op['upload'] extends z.ZodType
    ? { body: FormData }
    : Empty;

type Answers<Op extends OperationDefinition> = Op['answers'][keyof Op['answers']];

type Reading<Op extends OperationDefinition> = Extract<Answers<Op>, RawAnswer>['read'];

type ReadPart<Op extends OperationDefinition> = [Reading<Op>] extends [never] ? Empty : { read: Reading<Op> };

/** What a call of the operation sends: its path parameters, query and body, each as it has them. */
export type OperationInput<Op extends OperationDefinition> = Part<'params', Op['params']> &
  Part<'query', Op['query']> &
  BodyPart<Op> &
  ReadPart<Op>;

interface RawResult {
  blob: Blob;
  stream: ReadableStream<Uint8Array>;
  text: string;
}

type Result<A> = A extends JsonAnswer ? z.output<A['schema']> : A extends RawAnswer ? RawResult[A['read']] : never;

/** What a successful call answers: the payload of any of its success statuses. */
export type OperationOutput<Op extends OperationDefinition> = Result<Answers<Op>>;

/** Whether the call sends nothing at all (then its input may be left out). */
export type TakesNothing<Op extends OperationDefinition> = Empty extends OperationInput<Op> ? true : false;
