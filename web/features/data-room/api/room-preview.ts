import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { groupRoutes } from '#shared/contracts/groups';
import { roomPreviewRoutes } from '#shared/contracts/room-preview';
import { api } from '#web/lib/api-client';
import { dataRoomKeys, groupsKeys } from '#web/lib/query-keys';

/**
 * The founder's room as one audience reads it, with the founder's marks:
 * GET /api/my-data-room/preview?as=... ("Preview as", docs/product-rules.md#preview). The previous
 * audience's room stays on screen while the next one loads.
 */
export function useRoomPreview(as: string) {
  return useQuery({
    queryKey: dataRoomKeys.preview(as),
    queryFn: ({ signal }) => api(roomPreviewRoutes.preview, { query: { as }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The room's groups and investors, whom the preview can be read as: GET /api/my-data-room/groups. */
export function useRoomAudiences() {
  return useQuery({
    queryKey: groupsKeys.mine(),
    queryFn: ({ signal }) => api(groupRoutes.list, { signal }),
  });
}
