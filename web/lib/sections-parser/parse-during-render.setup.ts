import { parseSectionsMarkdown } from '#shared/sections-markdown';
import { parseDuringRenderWithoutWorkers } from './use-parsed-sections';

// jsdom has no Web Workers: component tests parse a room's sections during render instead.
parseDuringRenderWithoutWorkers(parseSectionsMarkdown);
