import type {
  ContextConfigDefault,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { noBody } from '#shared/contracts/answers';
import type { apiErrorSchema } from '#shared/contracts/api-error';
import type { ApiRoute, RouteContracts } from '#shared/contracts/api-route';
import { errorResponses } from './response-contracts';

/**
 * Registers a route declared in shared/contracts (docs/decisions/0080-routes-declared-once.md): its
 * method, path and schemas come from the declaration, and only what the server alone knows from here
 * (the handler, the route's config such as its rate limit, its hooks). The schema Fastify receives is
 * the one a route file used to write by hand: params, querystring, body, and a response for the
 * success status, each refusal (the shared error shape) and each answer of its own. The OpenAPI
 * document is generated from it as before (openapi.ts).
 */

type Declared = ApiRoute & RouteContracts;

type Contract<Route, Name extends string> = Route extends { [Key in Name]: infer Schema }
  ? Schema
  : undefined;
type SuccessStatusOf<Route> = Route extends { status: infer Status extends number } ? Status : 200;
type SuccessAnswerOf<Route> = Route extends { file: infer File }
  ? File
  : Route extends { answer: infer Answer }
    ? Answer
    : typeof noBody;
type RefusalsOf<Route> = Route extends { refusals: readonly (infer Status extends number)[] }
  ? Status
  : never;
type OwnAnswersOf<Route> = Route extends { answers: infer Answers } ? Answers : unknown;
type ResponsesOf<Route> = Omit<
  { [Status in SuccessStatusOf<Route>]: SuccessAnswerOf<Route> } & {
    [Status in RefusalsOf<Route>]: typeof apiErrorSchema;
  },
  keyof OwnAnswersOf<Route>
> &
  OwnAnswersOf<Route>;

/** The schema a route is registered with, as its type: what types the handler's request and reply. */
export type SchemaOf<Route> = {
  params: Contract<Route, 'params'>;
  querystring: Contract<Route, 'query'>;
  body: Contract<Route, 'body'>;
  response: ResponsesOf<Route>;
};

/** What the server gives a declared route: its handler, and any other route option but its schema. */
export type ServedRoute<Route> = Omit<
  RouteShorthandOptionsWithHandler<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<Route>,
    ZodTypeProvider
  >,
  'schema'
>;

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The Fastify schema of a declared route, the keys in the order the route files wrote them. */
export function routeSchema(route: Declared): FastifySchema {
  const response: Record<number, unknown> = {
    [route.status ?? 200]: route.file ?? route.answer ?? noBody,
    ...errorResponses(...(route.refusals ?? [])),
    ...route.answers,
  };
  return {
    ...(route.params && { params: route.params }),
    ...(route.query && { querystring: route.query }),
    ...(route.body && { body: route.body }),
    response,
  };
}

/** Registers `route` on `app` with the server's own options (`handler`, `config`, hooks). */
export function serveRoute<const Route extends Declared>(
  app: ZodApp,
  route: Route,
  options: ServedRoute<Route>,
): void {
  app.route({
    ...(options as unknown as Omit<RouteOptions, 'method' | 'url'>),
    method: route.method,
    url: route.path,
    schema: routeSchema(route),
  });
}
