import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateGroupRequest,
  groupRoutes,
  type InvestorAccessRequest,
  type MoveInvestorRequest,
  type SectionVisibilityRequest,
  type UpdateGroupRequest,
} from '#shared/contracts/groups';
import { api } from '#web/lib/api-client';
import { groupsKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

export const roomGroupsQuery = queryOptions({
  queryKey: groupsKeys.mine(),
  queryFn: ({ signal }) => api(groupRoutes.list, { signal }),
});

/** The room's groups, where each investor is, and each section's groups: GET /api/my-data-room/groups. */
export function useRoomGroups() {
  return useQuery(roomGroupsQuery);
}

function useGroupsMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => invalidate(queryClient, invalidatedBy.groupsChanged()),
  });
}

/** POST /api/my-data-room/groups. */
export function useCreateGroup() {
  return useGroupsMutation((request: CreateGroupRequest) => api(groupRoutes.create, { body: request }));
}

/** POST /api/my-data-room/groups/:id: a new name, or view-only on or off. */
export function useUpdateGroup() {
  return useGroupsMutation(({ id, ...request }: UpdateGroupRequest & { id: string }) =>
    api(groupRoutes.update, { params: { id }, body: request }),
  );
}

/** DELETE /api/my-data-room/groups/:id: its people go to "All investors". */
export function useRemoveGroup() {
  return useGroupsMutation((id: string) => api(groupRoutes.remove, { params: { id } }));
}

/** POST /api/my-data-room/investor-groups. */
export function useMoveInvestor() {
  return useGroupsMutation((request: MoveInvestorRequest) =>
    api(groupRoutes.moveInvestor, { body: request }),
  );
}

/** POST /api/my-data-room/investor-access: when an investor's access ends, or "Extend". */
export function useSetInvestorAccess() {
  return useGroupsMutation((request: InvestorAccessRequest) =>
    api(groupRoutes.setInvestorAccess, { body: request }),
  );
}

/** POST /api/my-data-room/section-visibility: "Visible to". */
export function useSetSectionVisibility() {
  return useGroupsMutation((request: SectionVisibilityRequest) =>
    api(groupRoutes.setSectionVisibility, { body: request }),
  );
}
