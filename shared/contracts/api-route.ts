import type { z } from 'zod';

/**
 * One API route, declared once (docs/decisions/0065-query-keys-and-api-routes.md,
 * docs/decisions/0080-routes-declared-once.md): method, path with its `:parameters`, and the contracts
 * the server registers it with. Each contract file declares the routes whose payloads it holds, beside
 * them, in an object named `<area>Routes`; the web app's client and the typed client of the public API
 * build every URL from these declarations, and the server registers each route from its declaration
 * (server/plugins/contract-routes.ts), so a path or schema is written nowhere else.
 */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** The names of a path's parameters: '/api/documents/:id/pages/:page' gives 'id' | 'page'. */
export type PathParameters<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParameters<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export interface ApiRoute<Path extends string = string> {
  readonly method: HttpMethod;
  readonly path: Path;
}

/** Statuses a route's guards and services refuse with, in the shared error shape (api-error.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 429 | 502;

/** The status of a route's answer when all goes well. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302;

/**
 * What a route takes and answers, as the server registers it. What the platform answers on any route of
 * a kind (500, a body parser's 400, 413 and 415, the Origin check's 403, a rate limit's 429, the API
 * token rules' 401 and 403) is declared once, by server/plugins/response-contracts.ts, not here.
 */
export interface RouteContracts {
  /** The path's parameters; a value that fails them is a 400 naming it. */
  readonly params?: z.ZodType;
  /** The query string. */
  readonly query?: z.ZodType;
  /** The JSON body; where a route declares one, the web app's client types its calls by it. */
  readonly body?: z.ZodType;
  /** The answer when all goes well, JSON, checked by this contract on the server and in the client. */
  readonly answer?: z.ZodType;
  /**
   * Or bytes that are not JSON (a file, an image, a CSV), sent as they are: a schema that only
   * describes them to the API's readers (`fileAnswer`). Where `answer` is given too, it is what a client
   * that reads the bytes as JSON gets (a table's preview).
   */
  readonly file?: z.ZodType;
  /** The status of that answer: 200 unless said. With neither answer nor file, it has no body (204, 302). */
  readonly status?: SuccessStatus;
  /** The statuses the route's guards and services refuse with, in the shared error shape. */
  readonly refusals?: readonly ErrorStatus[];
  /**
   * Other answers with a schema of their own (a 409 that says more, the NDA's 403, a 304, a second
   * success status); each replaces a refusal of the same status.
   */
  readonly answers?: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** A route that answers JSON: the answer is checked against `answer`, the body typed by `body`. */
export interface JsonApiRoute<
  Path extends string = string,
  Answer extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
> extends ApiRoute<Path> {
  readonly answer: Answer;
  readonly body: Body;
}

/**
 * A declared route: its method and path, and its contracts as they were given; where it answers JSON, a
 * JsonApiRoute (its `body` present, undefined when it takes none).
 */
export type DeclaredRoute<Path extends string, Contracts extends RouteContracts> = ApiRoute<Path> &
  Contracts &
  (Contracts extends { answer: z.ZodType }
    ? { readonly body: Contracts extends { body: infer Body } ? Body : undefined }
    : unknown);

/**
 * Declares a route. Without contracts, a route the browser opens or fetches itself whose server side is
 * registered elsewhere; with them, what the server registers (RouteContracts).
 */
export function apiRoute<const Path extends string>(method: HttpMethod, path: Path): ApiRoute<Path>;
export function apiRoute<const Path extends string, const Contracts extends RouteContracts>(
  method: HttpMethod,
  path: Path,
  contracts: Contracts,
): DeclaredRoute<Path, Contracts>;
export function apiRoute(method: HttpMethod, path: string, contracts?: RouteContracts): ApiRoute {
  if (!contracts) return { method, path };
  return contracts.answer ? { method, path, body: undefined, ...contracts } : { method, path, ...contracts };
}

/** A query string's values; undefined, null and '' leave the name out. */
export type QueryValues = Readonly<Record<string, string | number | null | undefined>>;

/** What a URL needs besides its route: its parameters (required where the path has any), and a query. */
export type UrlParts<Path extends string> = ([PathParameters<Path>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<PathParameters<Path>, string | number>> }) & { query?: QueryValues };

/** Whether a URL of this route needs parameters: then `parts` may not be left out. */
export type UrlPartsArgument<Path extends string> = [PathParameters<Path>] extends [never]
  ? [parts?: UrlParts<Path>]
  : [parts: UrlParts<Path>];

/**
 * The URL of a route: each `:parameter` replaced by its value, encoded, then the query's names and
 * values, encoded the same way, in the order given.
 */
export function apiPath<Path extends string>(
  route: ApiRoute<Path>,
  ...[parts]: UrlPartsArgument<Path>
): string {
  const params = (parts?.params ?? {}) as Record<string, string | number>;
  const path = route.path.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(parts?.query ?? {})
    .filter(
      (entry): entry is [string, string | number] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== '',
    )
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
