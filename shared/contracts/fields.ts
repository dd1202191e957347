import { z } from 'zod';

/**
 * An e-mail address as everyone stores and compares it: trimmed and lower case, so 'Ann@X.com ' and
 * 'ann@x.com' are one person. 254 characters is the SMTP limit.
 */
export const emailField = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ error: 'must be a valid e-mail address' }));

/** Required free text: trimmed, not empty, bounded. */
export function requiredText(max: number) {
  return z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);
}

/** ISO-8601 timestamps on the wire. */
export const isoDateTime = z.iso.datetime();
