import type { MailBrandStyle } from '#server/mail/layout';

/**
 * What an investor's mail from a room takes of its brand (docs/decisions/0094-the-founders-brand.md):
 * the sender's name, the logo, the colour and Roundroom's line, which each feature's mails hand to the
 * layout. The brand writes no mail of its own.
 */
export type MailBrand = MailBrandStyle;
