import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type {
  ErrorStatus,
  JsonAnswer,
  OperationDefinition,
  RawAnswer,
  SuccessStatus,
} from '../../contract/api/operation';
import { errorResponse, jsonSuccess } from './envelope';
import type { AppEnv } from './env';

type JsonBody<S> = { content: { 'application/json': { schema: S } }; required: true };
type MultipartBody<S> = { content: { 'multipart/form-data': { schema: S } }; required: true };

type RequestOf<Op extends OperationDefinition> = (Op['params'] extends z.ZodType ? { params: Op['params'] } : {}) &
  (Op['query'] extends z.ZodType ? { query: Op['query'] } : {}) &
  (Op['body'] extends z.ZodType
    ? { body: JsonBody<Op['body']> }
    : Op['upload'] extends z.ZodType
      ? { body: MultipartBody<Op['upload']> }
      : {});

type SuccessOf<A> = A extends JsonAnswer
  ? ReturnType<typeof jsonSuccess<A['schema']>>
  : A extends RawAnswer
    ? { description: string; content: A['content'] }
    : never;

type ResponsesOf<Op extends OperationDefinition> = {
  [S in keyof Op['answers'] & SuccessStatus]: SuccessOf<Op['answers'][S]>;
} & { [S in keyof Op['errors'] & ErrorStatus]: ReturnType<typeof errorResponse> };

/** The route `createRoute` would give for the operation, typed from its schemas. */
export type RouteOf<Op extends OperationDefinition> = {
  method: Op['method'];
  path: Op['path'];
  request: RequestOf<Op>;
  responses: ResponsesOf<Op>;
  middleware?: MiddlewareHandler<AppEnv>[];
};

/** The error answers' descriptions name their codes; the status alone is no help to an integrator. */
function errorAnswers(errors: OperationDefinition['errors']) {
  return Object.fromEntries(
    Object.entries(errors).map(([status, description]) => [status, errorResponse(description ?? '')]),
  );
}

function successAnswers(answers: OperationDefinition['answers']) {
  return Object.fromEntries(
    Object.entries(answers).map(([status, answer]) => [
      status,
      'schema' in answer
        ? jsonSuccess(answer.schema as z.ZodType, answer.description)
        : ({ description: answer.description, content: answer.content } as RouteConfig['responses'][string]),
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
  const { params, query, body, upload } = operation;
  const request = {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body: { content: { 'application/json': { schema: body } }, required: true } } : {}),
    ...(upload ? { body: { content: { 'multipart/form-data': { schema: upload } }, required: true } } : {}),
  };
  return createRoute({
    method: operation.method,
    path: operation.path,
    tags: [...operation.tags],
    summary: operation.summary,
    // An open operation declares an empty list: every operation states its security (decision 022).
    security: operation.session === false ? [] : [{ session: [] }],
    ...(middleware ? { middleware } : {}),
    request,
    responses: { ...successAnswers(operation.answers), ...errorAnswers(operation.errors) },
  }) as unknown as ReturnType<typeof createRoute<Op['path'], RouteOf<Op>>>;
}
