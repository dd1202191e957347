import { ApiRequestError, fieldOfError } from '#web/lib/api-client';

/**
 * Where an invitation error belongs and how it reads there: a 400 names its field ("email: must be a
 * valid e-mail address" becomes "Email address must be a valid e-mail address." beside the address), and
 * the refusals about the address itself (already in the room, a pending co-founder invitation) sit
 * beside the address too. Anything else (the daily limit, the mail not sent) belongs to the whole form.
 */
export function placeInvitationError(
  error: Error,
  labels: Record<string, string>,
): { field: string | null; sentence: string } {
  const field = fieldOfError(error);
  if (field && labels[field]) {
    const reason = error.message.startsWith(`${field}: `)
      ? error.message.slice(field.length + 2)
      : error.message;
    const sentence = `${labels[field]} ${reason}`;
    return { field, sentence: /[.!?]$/.test(sentence) ? sentence : `${sentence}.` };
  }
  const aboutTheAddress =
    error instanceof ApiRequestError &&
    (error.code === 'already_member' || error.code === 'invitation_pending' || field === 'email');
  return { field: aboutTheAddress ? 'email' : null, sentence: error.message };
}
