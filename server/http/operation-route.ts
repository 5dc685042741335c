import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type {
  Empty,
  ErrorStatus,
  JsonAnswer,
  OperationDefinition,
  RawAnswer,
  SuccessStatus,
} from '../../contract/api/operation';
import { errorResponse, jsonSuccess } from './envelope';
import { SESSION_IF_ANY } from './openapi-document';
import type { AppEnv } from './env';

type JsonBody<S, Required extends boolean> = { content: { 'application/json': { schema: S } }; required: Required };
type MultipartBody<S> = { content: { 'multipart/form-data': { schema: S } }; required: true };

type RequestOf<Op extends OperationDefinition> = (Op['params'] extends z.ZodType ? { params: Op['params'] } : Empty) &
  (Op['query'] extends z.ZodType ? { query: Op['query'] } : Empty) &
  (Op['headers'] extends z.ZodType ? { headers: Op['headers'] } : Empty) &
  (Op['body'] extends z.ZodType
    ? { body: JsonBody<Op['body'], Op['bodyRequired'] extends false ? false : true> }
    : Op['upload'] extends z.ZodType
      ? { body: MultipartBody<Op['upload']> }
      : Empty);

type SuccessOf<A> = A extends JsonAnswer
  ? ReturnType<typeof jsonSuccess<A['schema']>>
  : A extends RawAnswer
    ? A extends { content: infer C }
      ? { description: string; content: C }
      : { description: string }
    : never;

type ResponsesOf<Op extends OperationDefinition> = {
  [S in keyof Op['answers'] & SuccessStatus]: SuccessOf<Op['answers'][S]>;
} & { [S in keyof Op['errors'] & ErrorStatus]: ReturnType<typeof errorResponse> };

/** The route `createRoute` would give for the operation, typed from its schemas. */
type RouteOf<Op extends OperationDefinition> = {
  method: Op['method'];
  path: Op['path'];
  request: RequestOf<Op>;
  responses: ResponsesOf<Op>;
  middleware?: MiddlewareHandler<AppEnv>[];
};

/** The error answers' descriptions name their codes; the status alone is no help to an integrator. */
function errorAnswers({ errors, errorHeaders = {} }: OperationDefinition) {
  return Object.fromEntries(
    Object.entries(errors).map(([status, description]) => {
      const headers = errorHeaders[Number(status) as ErrorStatus];
      return [status, { ...errorResponse(description ?? ''), ...(headers ? { headers } : {}) }];
    }),
  );
}

/** Every operation says who may call it: the linted document names one that does not. */
const SECURITY = { true: [{ session: [] }], false: [], 'if-any': SESSION_IF_ANY };

function successAnswers(answers: OperationDefinition['answers']) {
  return Object.fromEntries(
    Object.entries(answers).map(([status, answer]) => [
      status,
      'schema' in answer
        ? jsonSuccess(answer.schema as z.ZodType, answer.description)
        : ({
            description: answer.description,
            ...(answer.content ? { content: answer.content } : {}),
          } as RouteConfig['responses'][string]),
    ]),
  );
}

/**
 * The Hono route of an operation defined in contract/api (docs/decisions/037-operations-defined-once.md).
 * `middleware` runs before the input is read (a body limit, a refusal by group).
 */
export function routeFor<const Op extends OperationDefinition>(
  operation: Op,
  middleware?: MiddlewareHandler<AppEnv>[],
): ReturnType<typeof createRoute<Op['path'], RouteOf<Op>>> {
  const { params, query, headers, body, upload } = operation;
  const request = {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(headers ? { headers } : {}),
    ...(body
      ? { body: { content: { 'application/json': { schema: body } }, required: operation.bodyRequired !== false } }
      : {}),
    ...(upload ? { body: { content: { 'multipart/form-data': { schema: upload } }, required: true } } : {}),
  };
  return createRoute({
    method: operation.method,
    path: operation.path,
    tags: [...operation.tags],
    summary: operation.summary,
    security: SECURITY[`${operation.session ?? true}`],
    ...(middleware ? { middleware } : {}),
    request,
    responses: { ...successAnswers(operation.answers), ...errorAnswers(operation) },
  }) as unknown as ReturnType<typeof createRoute<Op['path'], RouteOf<Op>>>;
}
