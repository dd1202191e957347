import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/contracts/api-error';

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
  init?: ApiRequestInit,
): Promise<T>;
export async function apiRequest<T>(
  path: string,
  responseSchema: z.ZodType<T>,
  init: ApiRequestInit & { nullOnUnauthorized: true },
): Promise<T | null>;
export async function apiRequest<T>(
  path: string,
  responseSchema: z.ZodType<T>,
  init: ApiRequestInit = {},
): Promise<T | null> {
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
  const parsed: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    const error = apiErrorSchema.safeParse(parsed);
    // Spec section 8: without a message from the server, '{status}: {body or status text}'.
    const message = error.success ? error.data.message : `${response.status}: ${text || response.statusText}`;
    throw new ApiRequestError(
      response.status,
      error.success ? error.data.error : 'http_error',
      message,
      parsed,
    );
  }
  return responseSchema.parse(parsed ?? null);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
