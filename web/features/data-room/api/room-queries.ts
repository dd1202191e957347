import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { documentListSchema } from '#shared/contracts/documents';
import {
  dataRoomResponseSchema,
  invitedDataRoomResponseSchema,
  sectionsContentSchema,
} from '#shared/contracts/rooms';
import { apiRequest } from '#web/lib/api-client';
import { dataRoomKeys, type RoomSource } from '#web/lib/query-keys';

function basePath(source: RoomSource): string {
  return source.kind === 'member'
    ? `/api/data-room/${encodeURIComponent(source.roomId)}`
    : `/api/data-room/invite/${encodeURIComponent(source.token)}`;
}

/**
 * The URL that logs a click on an external document and redirects to it
 * (docs/product-rules.md#documents-and-the-access-log).
 */
export function clickUrl(source: RoomSource, url: string): string {
  return `${basePath(source)}/click?url=${encodeURIComponent(url)}`;
}

/** Where the NDA of the room is accepted, as a member or by the invitation (docs/decisions/0045-nda-before-entry.md). */
export function ndaAcceptancePath(source: RoomSource): string {
  return `${basePath(source)}/nda/acceptances`;
}

const invitedDocumentsSchema = z.object({ documents: documentListSchema });

function roomQuery(source: RoomSource) {
  return queryOptions({
    queryKey: dataRoomKeys.room(source),
    queryFn: async ({ signal }) => {
      if (source.kind === 'member') {
        const { dataRoom } = await apiRequest(basePath(source), dataRoomResponseSchema, { signal });
        return { dataRoom, invitedEmail: null as string | null };
      }
      return apiRequest(basePath(source), invitedDataRoomResponseSchema, { signal });
    },
  });
}

function sectionsQuery(source: RoomSource) {
  return queryOptions({
    queryKey: dataRoomKeys.sections(source),
    queryFn: ({ signal }) => apiRequest(`${basePath(source)}/sections`, sectionsContentSchema, { signal }),
  });
}

function documentsQuery(source: RoomSource) {
  return queryOptions({
    queryKey: dataRoomKeys.documents(source),
    queryFn: async ({ signal }) =>
      source.kind === 'member'
        ? apiRequest(`${basePath(source)}/documents`, documentListSchema, { signal })
        : (await apiRequest(`${basePath(source)}/documents`, invitedDocumentsSchema, { signal })).documents,
  });
}

/** The room, its sections markdown and its uploaded documents, read in parallel. */
export function useRoomContent(source: RoomSource | null) {
  const enabled = source !== null;
  const placeholder: RoomSource = { kind: 'member', roomId: '' };
  const room = useQuery({ ...roomQuery(source ?? placeholder), enabled });
  const sections = useQuery({ ...sectionsQuery(source ?? placeholder), enabled });
  const documents = useQuery({ ...documentsQuery(source ?? placeholder), enabled });
  const queries = [room, sections, documents];
  const error = queries.find((query) => query.isError)?.error ?? null;
  const data =
    room.data && sections.data && documents.data
      ? {
          dataRoom: room.data.dataRoom,
          invitedEmail: room.data.invitedEmail,
          markdown: sections.data.content,
          documents: documents.data,
        }
      : null;
  return {
    data,
    error,
    isPending: !error && !data,
    refetch: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}
