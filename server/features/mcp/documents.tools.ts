import { z } from 'zod';
import {
  documentDownloadPolicyRequestSchema,
  documentListItemSchema,
  documentRoutes,
  documentTitleRequestSchema,
  documentVersionsSchema,
} from '#shared/contracts/documents';
import { documentIdParamsSchema } from '#shared/contracts/path-params';
import { managerSearchResultsSchema, searchQuerySchema, searchRoutes } from '#shared/contracts/search';
import { roomTool } from './room-tool';

const documentId = documentIdParamsSchema.shape.id.describe(
  "The document's id, as list_documents or search_documents give it.",
);

/** The room's documents: what is there, what they say, their versions, their names and downloads. */
export const documentTools = [
  roomTool({
    name: 'list_documents',
    title: 'Documents',
    description:
      "Every document uploaded to the room: id, title, file type and size in bytes, section, last change, current version, whether its preview is ready, and whether investors may download it or only read it in the viewer ('room' follows the room's default).",
    route: documentRoutes.mine,
    input: z.object({}),
    output: z.object({ documents: z.array(documentListItemSchema) }),
    effect: 'reads',
    run: async (api) => ({ documents: await api.call(documentRoutes.mine) }),
  }),
  roomTool({
    name: 'search_documents',
    title: 'Search the documents',
    description:
      "Searches the text of every page of the room's documents, and the published questions and answers, as the founders' search does: the documents that match with their best pages and snippets (the matching words marked), which groups may read each, and the FAQ entries that match.",
    route: searchRoutes.managerSearch,
    input: z.object({ q: searchQuerySchema.shape.q.describe('The words to search for.') }),
    output: managerSearchResultsSchema,
    effect: 'reads',
    run: (api, { q }) => api.call(searchRoutes.managerSearch, { query: { q } }),
  }),
  roomTool({
    name: 'list_document_versions',
    title: "A document's versions",
    description:
      "A document's versions, newest first: each version's number, state (current, preparing, earlier), file, size, upload date and uploader, and who read that version and for how long.",
    route: documentRoutes.versions,
    input: z.object({ documentId }),
    output: documentVersionsSchema,
    effect: 'reads',
    run: (api, { documentId }) => api.call(documentRoutes.versions, { params: { id: documentId } }),
  }),
  roomTool({
    name: 'rename_document',
    title: 'Rename a document',
    description: 'Changes the title investors see for a document. Answers the document as it now is.',
    route: documentRoutes.rename,
    input: z.object({ documentId, ...documentTitleRequestSchema.shape }),
    output: documentListItemSchema,
    effect: 'changes',
    run: (api, { documentId, title }) =>
      api.call(documentRoutes.rename, { params: { id: documentId }, body: { title } }),
  }),
  roomTool({
    name: 'set_document_downloads',
    title: "Set a document's downloads",
    description:
      "Chooses whether investors may download a document: 'allowed', 'view_only' (read in the viewer only), or 'room' to follow the room's default. Answers the document as it now is.",
    route: documentRoutes.setDownloadPolicy,
    input: z.object({ documentId, ...documentDownloadPolicyRequestSchema.shape }),
    output: documentListItemSchema,
    effect: 'changes',
    run: (api, { documentId, policy }) =>
      api.call(documentRoutes.setDownloadPolicy, { params: { id: documentId }, body: { policy } }),
  }),
];
