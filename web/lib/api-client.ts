import type { z } from 'zod';
import { apiErrorSchema } from '#shared/contracts/api-error';

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

export interface ApiRequestInit {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The one way the web app calls the API: same-origin, the session cookie included, JSON in and out,
 * and the answer checked against the shared contract so a drifted server fails loudly here.
 */
export async function apiRequest<T>(
  path: string,
  responseSchema: z.ZodType<T>,
  init: ApiRequestInit = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) {
    body = init.body;
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: init.signal,
  });
  const text = await response.text();
  if (!response.ok) throw failedResponse(response.status, response.statusText, text);
  return responseSchema.parse((text ? safeJson(text) : undefined) ?? null);
}

/**
 * A multipart upload with progress, which fetch cannot report: XMLHttpRequest, with the same cookie,
 * errors and contract check as apiRequest. `onProgress` receives the fraction of the body sent, 0 to 1.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  responseSchema: z.ZodType<T>,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
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
        resolve(responseSchema.parse(safeJson(request.responseText)));
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
