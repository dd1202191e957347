import { parseSectionsMarkdown } from '#shared/sections-markdown';
import type { SectionsParseReply, SectionsParseRequest } from './latest-sections-parse';

/**
 * The browser's sections parser, off the page's main thread (ADR 26): a text within the limits can
 * still take seconds to parse, and typing must not wait for it. One request at a time, answered with
 * its id; LatestSectionsParse decides which answers still matter.
 */

// The web project's types describe a window; this file runs in a dedicated worker's scope.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SectionsParseRequest>) => void) | null;
  postMessage: (reply: SectionsParseReply) => void;
};

scope.onmessage = ({ data }) => {
  scope.postMessage({
    id: data.id,
    parsed: parseSectionsMarkdown(data.markdown, { appOrigin: data.appOrigin }),
  });
};
