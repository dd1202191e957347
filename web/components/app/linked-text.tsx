import { Fragment } from 'react';

/**
 * An https address in plain text, up to the first space or angle bracket; trailing punctuation that
 * ends a sentence is not part of it ("see https://acme.com/q3." links https://acme.com/q3).
 */
const HTTPS_ADDRESS = /https:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

export interface TextPart {
  text: string;
  /** Set where this part is an https address, to be shown as a link. */
  href?: string;
}

/** Plain text cut into its words and its https addresses, in order; nothing else is read as markup. */
export function linkedTextParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(HTTPS_ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!URL.canParse(address) || address.length <= 'https://'.length) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * Text people typed (a question, an answer), shown as they typed it: line breaks kept, https addresses
 * as links that open in a new tab without handing the room's page to the site they open (as the room
 * links its documents), and never anything of it read as HTML (docs/product-rules.md#questions).
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? 'break-words whitespace-pre-wrap'}>
      {linkedTextParts(text).map((part, index) => (
        // Parts have no identity but their place in the text.
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order, never reordered.
        <Fragment key={index}>
          {part.href ? (
            <a
              href={part.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="wrap-anywhere text-indigo-700 underline"
            >
              {part.text}
            </a>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </p>
  );
}
