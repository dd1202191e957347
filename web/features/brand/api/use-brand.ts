import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { brandRoutes, type SaveBrandRequest } from '#shared/contracts/brand';
import { api } from '#web/lib/api-client';
import { brandKeys, invalidate, invalidatedBy } from '#web/lib/query-keys';

/** Where a page reads its room's brand from: a reader's room, an invitation, a share link. */
export type BrandSource = { kind: 'member'; roomId: string } | { kind: 'invite' | 'share'; token: string };

function brandOf(source: BrandSource, signal: AbortSignal) {
  if (source.kind === 'member') return api(brandRoutes.ofRoom, { params: { id: source.roomId }, signal });
  if (source.kind === 'invite')
    return api(brandRoutes.ofInvitation, { params: { token: source.token }, signal });
  return api(brandRoutes.ofShareLink, { params: { token: source.token }, signal });
}

/**
 * The room's brand as this way in shows it (docs/decisions/0094-the-founders-brand.md). A refusal (a link
 * that does not name its room) is no brand: the page keeps Roundroom's look, and says nothing more.
 */
export function useRoomBrandOf(source: BrandSource | null) {
  return useQuery({
    queryKey: source ? brandKeys.of(source) : [...brandKeys.all, 'none'],
    queryFn: ({ signal }) => (source ? brandOf(source, signal) : null),
    enabled: source !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** The console's brand settings: GET /api/my-data-room/brand. */
export function useBrandSettings() {
  return useQuery({
    queryKey: brandKeys.settings(),
    queryFn: ({ signal }) => api(brandRoutes.settings, { signal }),
  });
}

function useBrandMutation<Input>(
  call: (input: Input) => ReturnType<typeof api<typeof brandRoutes.settings>>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (brand) => queryClient.setQueryData(brandKeys.settings(), brand),
    onSettled: () => invalidate(queryClient, invalidatedBy.brandChanged()),
  });
}

/** POST /api/my-data-room/brand: the colour and Roundroom's footer line. */
export function useSaveBrand() {
  return useBrandMutation((request: SaveBrandRequest) => api(brandRoutes.save, { body: request }));
}

/** The logo or the banner, sent as it is chosen (multipart: `file`), or taken off. */
export function useBrandImage(kind: 'logo' | 'banner') {
  const upload = useBrandMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api(kind === 'logo' ? brandRoutes.uploadLogo : brandRoutes.uploadBanner, { body: form });
  });
  const remove = useBrandMutation((_: undefined) =>
    api(kind === 'logo' ? brandRoutes.removeLogo : brandRoutes.removeBanner),
  );
  return { upload, remove };
}
