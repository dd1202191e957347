import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CreateDocumentLinkRequest,
  type CreateShareLinkRequest,
  type ShareReaderDecision,
  type ShareVerifyRequest,
  shareLinkRoutes,
  type UpdateShareLinkRequest,
} from '#shared/contracts/share-links';
import { adoptSignedInUser } from '#web/features/auth/api/auth-hooks';
import { api } from '#web/lib/api-client';
import { invalidate, invalidatedBy, shareLinksKeys } from '#web/lib/query-keys';

export const shareLinksQuery = queryOptions({
  queryKey: shareLinksKeys.mine(),
  queryFn: ({ signal }) => api(shareLinkRoutes.list, { signal }),
});

/** The room's share links with their readers: GET /api/my-data-room/share-links. */
export function useShareLinks() {
  return useQuery(shareLinksQuery);
}

function useShareLinksMutation<Input, Answer>(call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => invalidate(queryClient, invalidatedBy.shareLinksChanged()),
  });
}

/** POST /api/my-data-room/share-links: answers the link with its address. */
export function useCreateShareLink() {
  return useShareLinksMutation((request: CreateShareLinkRequest) =>
    api(shareLinkRoutes.create, { body: request }),
  );
}

/** POST /api/my-data-room/document-links ("Share this document"): answers the link with its address. */
export function useCreateDocumentLink() {
  return useShareLinksMutation((request: CreateDocumentLinkRequest) =>
    api(shareLinkRoutes.createForDocument, { body: request }),
  );
}

/** POST /api/my-data-room/share-links/:id: a new name, domains, approval, expiry, maximum, off or on. */
export function useUpdateShareLink() {
  return useShareLinksMutation(({ id, ...request }: UpdateShareLinkRequest & { id: string }) =>
    api(shareLinkRoutes.update, { params: { id }, body: request }),
  );
}

/**
 * GET /api/my-data-room/share-links/:id/address: the link's address, read when the founder copies it
 * (ADR 76), never kept in the query cache.
 */
export function useShareLinkAddress() {
  return useMutation({
    mutationFn: (id: string) => api(shareLinkRoutes.address, { params: { id } }),
  });
}

/**
 * GET /api/my-data-room/share-links/:id/readers: the page of a link's readers after `after` (a page's
 * `moreReaders`), asked for by "Show more readers" and kept by the list that asked.
 */
export function useMoreShareLinkReaders() {
  return useMutation({
    mutationFn: ({ id, after }: { id: string; after: string }) =>
      api(shareLinkRoutes.readers, { params: { id }, query: { after } }),
  });
}

/** POST /api/my-data-room/share-links/:id/new-address: a new address; the old one stops letting anyone in. */
export function useRenewShareLinkAddress() {
  return useShareLinksMutation((id: string) => api(shareLinkRoutes.newAddress, { params: { id } }));
}

/** POST /api/my-data-room/share-link-readers/:id: let a waiting reader in, or refuse them. */
export function useDecideShareReader() {
  return useShareLinksMutation(({ id, decision }: ShareReaderDecision & { id: string }) =>
    api(shareLinkRoutes.decide, { params: { id }, body: { decision } }),
  );
}

/** What the link allows, before any proof: GET /api/share/:token. */
export function useShareLinkState(token: string) {
  return useQuery({
    queryKey: shareLinksKeys.state(token),
    queryFn: ({ signal }) => api(shareLinkRoutes.state, { params: { token }, signal }),
    retry: false,
  });
}

/** A six-digit code by mail: POST /api/share/:token/code. */
export function useRequestShareCode(token: string) {
  return useMutation({
    mutationFn: (email: string) => api(shareLinkRoutes.requestCode, { params: { token }, body: { email } }),
  });
}

/**
 * The proof (the code, or the magic link's proof): let in, this device is signed in as the reader, with
 * nothing of whoever was signed in before left in the cache; or the reader waits for the founder.
 */
export function useVerifyShareCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ShareVerifyRequest) =>
      api(shareLinkRoutes.verify, { params: { token }, body: request }),
    onSuccess: (entry) => {
      if (entry.state === 'admitted') adoptSignedInUser(queryClient, entry.user);
    },
  });
}
