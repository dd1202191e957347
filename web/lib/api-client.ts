import type { z } from 'zod';
import { apiErrorSchema } from '#shared/contracts/api-error';
import {
  type ApiRoute,
  apiPath,
  type JsonApiRoute,
  type PathParameters,
  type QueryValues,
  type UrlParts,
} from '#shared/contracts/api-route';

/** A non-OK answer from the API. `message` is the server's sentence when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The request field a 400 names (`field` in the error body), for showing the error beside it. */
export function fieldOfError(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const body = error.body as { field?: unknown } | null;
  return typeof body?.field === 'string' ? body.field : undefined;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides what a 401 means for the visitor (clear the stored user, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

type AnswerOf<Route extends JsonApiRoute> = z.output<Route['answer']>;
/** The body its route's contract takes; where the route declares none (a passkey's answer, shaped by the browser), any. */
type BodyOf<Route extends JsonApiRoute> = Route['body'] extends z.ZodType ? z.input<Route['body']> : unknown;

/** A call's parameters and query (UrlParts), its body where the route takes one, and an abort signal. */
export type ApiCall<Route extends JsonApiRoute> = UrlParts<Route['path']> & {
  body?: BodyOf<Route> | FormData;
  signal?: AbortSignal;
};

type ApiCallArgument<Route extends JsonApiRoute> = [PathParameters<Route['path']>] extends [never]
  ? [call?: ApiCall<Route>]
  : [call: ApiCall<Route>];

/**
 * The one way the web app calls the API: a route declared in shared/contracts (ADR 65), its URL built
 * from the call's parameters; same-origin, the session cookie included, JSON in and out, and the answer
 * checked against the route's contract so a drifted server fails loudly here.
 */
export async function api<Route extends JsonApiRoute>(
  route: Route,
  ...[call]: ApiCallArgument<Route>
): Promise<AnswerOf<Route>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (call?.body instanceof FormData) {
    body = call.body;
  } else if (call?.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.body);
  }
  const response = await fetch(urlOf(route, call), {
    method: route.method,
    headers,
    body,
    credentials: 'include',
    signal: call?.signal,
  });
  const text = await response.text();
  if (!response.ok) throw failedResponse(response.status, response.statusText, text);
  return route.answer.parse((text ? safeJson(text) : undefined) ?? null) as AnswerOf<Route>;
}

function urlOf(route: ApiRoute, call: { params?: unknown; query?: QueryValues } | undefined): string {
  return (apiPath as (route: ApiRoute, parts?: object) => string)(route, {
    params: call?.params,
    query: call?.query,
  });
}

/**
 * A multipart upload with progress, which fetch cannot report: XMLHttpRequest, with the same cookie,
 * errors and contract check as api(). `onProgress` receives the fraction of the body sent, 0 to 1.
 */
export function apiUpload<Route extends JsonApiRoute<string, z.ZodType, undefined>>(
  route: Route,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<AnswerOf<Route>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(route.method, urlOf(route, undefined));
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status < 200 || request.status >= 300) {
        reject(failedResponse(request.status, request.statusText, request.responseText));
        return;
      }
      try {
        resolve(route.answer.parse(safeJson(request.responseText)) as AnswerOf<Route>);
      } catch (error) {
        reject(error);
      }
    });
    // The connection broke (or the server closed it after refusing the body, as it does for a file
    // that is too large): there is no answer to read.
    request.addEventListener('error', () =>
      reject(new ApiRequestError(0, 'network_error', 'The connection to the server was lost.', null)),
    );
    request.send(body);
  });
}

function failedResponse(status: number, statusText: string, text: string): ApiRequestError {
  if (status === 401) onUnauthorized();
  const parsed: unknown = text ? safeJson(text) : undefined;
  const error = apiErrorSchema.safeParse(parsed);
  // Without a message from the server, '{status}: {body or status text}'.
  const message = error.success ? error.data.message : `${status}: ${text || statusText}`;
  return new ApiRequestError(status, error.success ? error.data.error : 'http_error', message, parsed);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
