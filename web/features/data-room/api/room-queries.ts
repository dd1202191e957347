import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { roomRoutes } from '#shared/contracts/rooms';
import { api } from '#web/lib/api-client';
import { dataRoomKeys, type RoomSource } from '#web/lib/query-keys';

/**
 * The URL that logs a click on an external document and redirects to it
 * (docs/product-rules.md#documents-and-the-access-log).
 */
export function clickUrl(source: RoomSource, url: string): string {
  return source.kind === 'member'
    ? apiPath(roomRoutes.click, { params: { id: source.roomId }, query: { url } })
    : apiPath(roomRoutes.invitedClick, { params: { token: source.token }, query: { url } });
}

function roomQuery(source: RoomSource) {
  return queryOptions({
    queryKey: dataRoomKeys.room(source),
    queryFn: async ({ signal }) => {
      if (source.kind === 'member') {
        const { dataRoom } = await api(roomRoutes.room, { params: { id: source.roomId }, signal });
        return { dataRoom, invitedEmail: null as string | null };
      }
      return api(roomRoutes.invitedRoom, { params: { token: source.token }, signal });
    },
  });
}

function sectionsQuery(source: RoomSource) {
  return queryOptions({
    queryKey: dataRoomKeys.sections(source),
    queryFn: ({ signal }) =>
      source.kind === 'member'
        ? api(roomRoutes.sections, { params: { id: source.roomId }, signal })
        : api(roomRoutes.invitedSections, { params: { token: source.token }, signal }),
  });
}

function documentsQuery(source: RoomSource) {
  return queryOptions({
    queryKey: dataRoomKeys.documents(source),
    queryFn: async ({ signal }) =>
      source.kind === 'member'
        ? api(documentRoutes.inRoom, { params: { id: source.roomId }, signal })
        : (await api(documentRoutes.inInvitedRoom, { params: { token: source.token }, signal })).documents,
  });
}

/** The room, its sections (parsed by the server) and its uploaded documents, read in parallel. */
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
          sections: sections.data.sections,
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
