import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { adminKeys } from '#web/features/admin/api/admin-keys';
import { apiTokensKeys } from '#web/features/api-tokens/api/api-tokens-keys';
import { authKeys } from '#web/features/auth/api/auth-keys';
import { dataRoomKeys } from '#web/features/data-room/api/data-room-keys';
import { documentsKeys } from '#web/features/documents/api/documents-keys';
import { investorDashboardKeys } from '#web/features/investor-dashboard/api/investor-dashboard-keys';
import { invitationsKeys } from '#web/features/invitations/api/invitations-keys';
import { notificationsKeys } from '#web/features/notifications/api/notifications-keys';
import { roomsKeys } from '#web/features/rooms/api/rooms-keys';
import { sectionsKeys } from '#web/features/sections/api/sections-keys';
import { siteKeys } from '#web/features/site/api/site-keys';
import { viewerKeys } from '#web/features/viewer/api/viewer-keys';
import { webhooksKeys } from '#web/features/webhooks/api/webhooks-keys';

const member = { kind: 'member', roomId: 'room-1' } as const;
const invite = { kind: 'invite', token: 'token-1' } as const;

/** Every key each feature's queries use, by feature. */
const keysByFeature = {
  admin: [
    adminKeys.users(),
    adminKeys.invitations(),
    adminKeys.sections(),
    adminKeys.recentDocuments(),
    adminKeys.recentAccess(),
    adminKeys.team(),
  ],
  apiTokens: [apiTokensKeys.list()],
  auth: [authKeys.currentUser()],
  dataRoom: [
    dataRoomKeys.room(member),
    dataRoomKeys.sections(member),
    dataRoomKeys.documents(member),
    dataRoomKeys.room(invite),
  ],
  documents: [documentsKeys.mine()],
  investorDashboard: [investorDashboardKeys.accessibleRooms()],
  invitations: [invitationsKeys.mine()],
  notifications: [
    notificationsKeys.settings(),
    notificationsKeys.investorMessages(),
    notificationsKeys.unsubscribe('token-1'),
  ],
  rooms: [roomsKeys.mine()],
  sections: [sectionsKeys.mine()],
  site: [siteKeys.info()],
  viewer: [
    viewerKeys.preview('doc-1'),
    viewerKeys.text('doc-1'),
    viewerKeys.content('doc-1'),
    viewerKeys.preview('doc-2'),
  ],
  webhooks: [
    webhooksKeys.endpoints(),
    webhooksKeys.deliveries('endpoint-1'),
    webhooksKeys.deliveries('endpoint-2'),
  ],
};
const roots = {
  admin: adminKeys.all,
  apiTokens: apiTokensKeys.all,
  auth: authKeys.all,
  dataRoom: dataRoomKeys.all,
  documents: documentsKeys.all,
  investorDashboard: investorDashboardKeys.all,
  invitations: invitationsKeys.all,
  notifications: notificationsKeys.all,
  rooms: roomsKeys.all,
  sections: sectionsKeys.all,
  site: siteKeys.all,
  viewer: viewerKeys.all,
  webhooks: webhooksKeys.all,
};

function cacheWithEveryKey(): QueryClient {
  const client = new QueryClient();
  for (const keys of Object.values(keysByFeature)) for (const key of keys) client.setQueryData(key, 'data');
  return client;
}

function invalidatedKeys(client: QueryClient) {
  return client
    .getQueryCache()
    .findAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);
}

test('no two queries share a key', () => {
  const all = Object.values(keysByFeature).flatMap((keys) => keys.map((key) => JSON.stringify(key)));
  expect(new Set(all).size).toBe(all.length);
});

test.each(Object.keys(roots) as (keyof typeof roots)[])(
  "invalidating %s's root invalidates exactly that feature's queries",
  async (feature) => {
    const client = cacheWithEveryKey();
    await client.invalidateQueries({ queryKey: roots[feature], refetchType: 'none' });
    const invalidated = invalidatedKeys(client)
      .map((key) => JSON.stringify(key))
      .sort();
    expect(invalidated).toEqual(keysByFeature[feature].map((key) => JSON.stringify(key)).sort());
  },
);

test("a room's keys are apart from another source's", async () => {
  const client = cacheWithEveryKey();
  await client.invalidateQueries({ queryKey: dataRoomKeys.source(invite), refetchType: 'none' });
  expect(invalidatedKeys(client)).toEqual([dataRoomKeys.room(invite)]);
});
