import { HttpError } from '#server/plugins/errors';
import type { ShareLink } from '#shared/contracts/share-links';
import type { StoredShareLink } from './share-links.repository';

/**
 * What a share link allows, decided in one place for the founder's list, the public page and the proof
 * (docs/decisions/0071-share-links.md; docs/product-rules.md#share-links).
 */

export type ShareLinkStateName = ShareLink['state'];

export function allowedDomainsOf(link: StoredShareLink): string[] | null {
  return link.allowedDomains === null ? null : (JSON.parse(link.allowedDomains) as string[]);
}

/** Disabled first, then expired, then full: the reason the founder can act on first. */
export function shareLinkStateOf(link: StoredShareLink, readerCount: number, now: Date): ShareLinkStateName {
  if (link.disabledAt !== null) return 'disabled';
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (link.maxReaders !== null && readerCount >= link.maxReaders) return 'full';
  return 'open';
}

/** The refusal, in words, of a link that lets no new reader in. */
export function closedLinkRefusal(state: Exclude<ShareLinkStateName, 'open'>): HttpError {
  switch (state) {
    case 'disabled':
      return new HttpError(
        410,
        'share_link_disabled',
        'The founder turned this link off. Ask them for another.',
      );
    case 'expired':
      return new HttpError(410, 'share_link_expired', 'This link has expired. Ask the founder for another.');
    default:
      return new HttpError(
        410,
        'share_link_full',
        'This link has let in as many readers as the founder allowed. Ask the founder for another.',
      );
  }
}

/** Whether the address's domain is one the link allows (any, when it names none). */
export function isDomainAllowed(link: StoredShareLink, email: string): boolean {
  const domains = allowedDomainsOf(link);
  if (domains === null) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domains.includes(domain);
}

/**
 * The refusal of an address the link's domains do not allow, at the proof: it names no domain (a link's
 * holder is not told whom it is for, ADR 74). The code request says nothing at all (no code is mailed).
 */
export function domainRefusal(): HttpError {
  return new HttpError(
    403,
    'domain_not_allowed',
    'This link is not for this address. Use the address the founder wrote to, or ask the founder.',
    { field: 'email' },
  );
}
