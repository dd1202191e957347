import { z } from 'zod';

/**
 * Answers that are not JSON, for the routes' declarations (api-route.ts): their schemas only describe
 * them to the API's readers (the OpenAPI document); nothing is serialized through them.
 */

/** A response without a body (a redirect, 204, 304). */
export const noBody = z.void().describe('No body.');

/** Bytes sent as they are (a file, an image, a CSV, a PDF), described. */
export function fileAnswer(description: string): z.ZodUnknown {
  return z.unknown().describe(description);
}
