import { ApiRequestError } from '#web/lib/api-client';

/**
 * What to tell someone whose passkey step failed: the server's own sentence when it refused, otherwise
 * the browser's refusal in words (NotAllowedError is both "cancelled" and "no passkey here").
 */
export function passkeyFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'No passkey was given: the request was cancelled, or this device holds no passkey for Roundroom.';
  }
  if (error instanceof Error && /previously registered/i.test(error.message)) {
    return 'This device already holds a passkey for your account.';
  }
  return 'Your browser could not use a passkey here. Please try again.';
}
