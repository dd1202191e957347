import type { z } from 'zod';

/**
 * One API route as its callers see it: method, path with its `:parameters`, and the contracts of its
 * request body and its answer (docs/decisions/0065-query-keys-and-api-routes.md). Each contract file
 * declares the routes whose payloads it holds, beside them, in an object named `<area>Routes`; the web
 * app's client and the typed client of the public API build every URL from these declarations, and an
 * API test holds each declaration to a route the server registers with that method.
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

/** A route that answers JSON: the answer is checked against `answer`, the body typed by `body`. */
export interface JsonApiRoute<
  Path extends string = string,
  Answer extends z.ZodType = z.ZodType,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
> extends ApiRoute<Path> {
  readonly answer: Answer;
  readonly body: Body;
}

/** A route the browser opens or fetches itself: a file, an image, a CSV, a redirect. */
export function apiRoute<const Path extends string>(method: HttpMethod, path: Path): ApiRoute<Path>;
/** A route that answers JSON, with the contract of its answer and, where it takes one, of its body. */
export function apiRoute<
  const Path extends string,
  Answer extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
>(
  method: HttpMethod,
  path: Path,
  contracts: { answer: Answer; body?: Body },
): JsonApiRoute<Path, Answer, Body>;
export function apiRoute(
  method: HttpMethod,
  path: string,
  contracts?: { answer: z.ZodType; body?: z.ZodType },
): ApiRoute | JsonApiRoute {
  return contracts ? { method, path, answer: contracts.answer, body: contracts.body } : { method, path };
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
