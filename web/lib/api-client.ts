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

/**
 * The one way the web app calls the API: same-origin, cookies included, JSON in and out, and the answer
 * checked against the shared contract so a drifted server fails loudly here rather than in a component.
 */
export async function apiRequest<T>(
  path: string,
  responseSchema: z.ZodType<T>,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
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
  const parsed: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(parsed);
    const message = error.success ? error.data.message : `${response.status}: ${text || response.statusText}`;
    throw new ApiRequestError(
      response.status,
      error.success ? error.data.error : 'http_error',
      message,
      parsed,
    );
  }
  return responseSchema.parse(parsed);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
