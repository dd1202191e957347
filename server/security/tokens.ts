import crypto from 'node:crypto';

/**
 * Secrets handed to people (magic links, sessions, invitations): 32 random bytes, base64url (43
 * characters). Only their SHA-256 is stored, so a copy of the database signs nobody in.
 */
export function generateToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  // The one-shot form: a session lookup hashes on every authenticated request.
  return crypto.hash('sha256', token, 'hex');
}
