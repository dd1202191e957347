import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddAlertTargetRequest,
  alertRoutes,
  type SaveAlertSettingsRequest,
  type UpdateAlertTargetRequest,
} from '#shared/contracts/alerts';
import { api } from '#web/lib/api-client';
import { alertsKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

export const alertSettingsQuery = queryOptions({
  queryKey: alertsKeys.settings(),
  queryFn: ({ signal }) => api(alertRoutes.settings, { signal }),
  // A delivery is made in the background: a failing Slack shows without reloading the page.
  refetchInterval: 30_000,
});

/** The room's alerts: GET /api/my-data-room/alerts. */
export function useAlertSettings() {
  return useQuery(alertSettingsQuery);
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => invalidate(queryClient, invalidatedBy.alertsChanged());
}

/** POST /api/my-data-room/alerts: N days, the threshold, what is mailed. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveAlertSettingsRequest) => api(alertRoutes.saveSettings, { body: request }),
    onSuccess: (saved) => queryClient.setQueryData(alertsKeys.settings(), saved),
  });
}

/** POST /api/my-data-room/alerts/targets: a Slack or Teams incoming webhook. */
export function useAddAlertTarget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (request: AddAlertTargetRequest) => api(alertRoutes.addTarget, { body: request }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/alerts/targets/:id: its triggers, or on/off. */
export function useUpdateAlertTarget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...request }: UpdateAlertTargetRequest & { id: string }) =>
      api(alertRoutes.updateTarget, { params: { id }, body: request }),
    onSuccess: refresh,
  });
}

/** DELETE /api/my-data-room/alerts/targets/:id. */
export function useRemoveAlertTarget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api(alertRoutes.removeTarget, { params: { id } }),
    onSuccess: refresh,
  });
}

/** POST /api/my-data-room/alerts/targets/:id/test: one attempt now, and what the service answered. */
export function useTestAlertTarget() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api(alertRoutes.testTarget, { params: { id } }),
    onSuccess: refresh,
  });
}
