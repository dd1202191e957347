import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, test, vi } from 'vitest';
import {
  adminKeys,
  alertsKeys,
  apiTokensKeys,
  authKeys,
  brandKeys,
  dataRoomKeys,
  documentsKeys,
  engagementKeys,
  groupsKeys,
  invalidate,
  invalidatedBy,
  investorDashboardKeys,
  invitationsKeys,
  managerSearchKeys,
  notificationsKeys,
  questionsKeys,
  readingAnalyticsKeys,
  roomsKeys,
  searchKeys,
  sectionsKeys,
  shareLinksKeys,
  siteKeys,
  viewerKeys,
  webhooksKeys,
} from './query-keys';

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
    adminKeys.ndaAcceptances(),
  ],
  alerts: [alertsKeys.settings()],
  apiTokens: [apiTokensKeys.list()],
  brand: [
    brandKeys.settings(),
    brandKeys.of({ kind: 'member', roomId: 'room-1' }),
    brandKeys.of({ kind: 'share', token: 'token-1' }),
  ],
  auth: [authKeys.currentUser(), authKeys.secondFactor(), authKeys.passkeys(), authKeys.sessions()],
  dataRoom: [
    dataRoomKeys.room(member),
    dataRoomKeys.sections(member),
    dataRoomKeys.documents(member),
    dataRoomKeys.room(invite),
    dataRoomKeys.invitationLink('token-1'),
  ],
  documents: [documentsKeys.mine(), documentsKeys.versions('document-1')],
  engagement: [
    engagementKeys.hotInvestors(),
    engagementKeys.hotInvestors({ group: 'group-1' }),
    engagementKeys.hotInvestors({ shareLink: 'link-1' }),
    engagementKeys.hotInvestors({}, 5),
    engagementKeys.keyDocuments(),
  ],
  groups: [groupsKeys.mine()],
  shareLinks: [shareLinksKeys.mine(), shareLinksKeys.state('token-1')],
  investorDashboard: [investorDashboardKeys.accessibleRooms()],
  invitations: [invitationsKeys.mine()],
  notifications: [
    notificationsKeys.settings(),
    notificationsKeys.investorMessages(),
    notificationsKeys.unsubscribe('token-1'),
  ],
  questions: [
    questionsKeys.mine('room-1'),
    questionsKeys.ofDocument('doc-1'),
    questionsKeys.faq(member),
    questionsKeys.faq(member, 'cap table'),
    questionsKeys.faq(invite),
    questionsKeys.inbox(),
    questionsKeys.inbox({ state: 'open', groupId: 'group-1', page: 2 }),
    questionsKeys.settings(),
    questionsKeys.byPage(),
  ],
  readingAnalytics: [
    readingAnalyticsKeys.room(),
    readingAnalyticsKeys.room({ group: 'group-1' }),
    readingAnalyticsKeys.room({ shareLink: 'link-1' }),
    readingAnalyticsKeys.room({ group: 'group-1', shareLink: 'link-1' }),
    readingAnalyticsKeys.document('doc-1', null),
    readingAnalyticsKeys.document('doc-1', 'user-1'),
    readingAnalyticsKeys.investor('user-1'),
  ],
  managerSearch: [
    managerSearchKeys.results('churn'),
    managerSearchKeys.results('cap table'),
    managerSearchKeys.analytics(),
    managerSearchKeys.settings(),
  ],
  rooms: [roomsKeys.mine(), roomsKeys.nda()],
  search: [
    searchKeys.results(member, 'churn'),
    searchKeys.results(invite, 'churn'),
    searchKeys.notice(member),
    searchKeys.notice(invite),
    searchKeys.answer('room-1', 'What is the burn?'),
  ],
  sections: [sectionsKeys.mine()],
  site: [siteKeys.info()],
  viewer: [
    viewerKeys.preview('doc-1'),
    viewerKeys.text('doc-1'),
    viewerKeys.content('doc-1'),
    viewerKeys.words('doc-1', 3),
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
  engagement: engagementKeys.all,
  groups: groupsKeys.all,
  investorDashboard: investorDashboardKeys.all,
  invitations: invitationsKeys.all,
  managerSearch: managerSearchKeys.all,
  notifications: notificationsKeys.all,
  questions: questionsKeys.all,
  readingAnalytics: readingAnalyticsKeys.all,
  rooms: roomsKeys.all,
  search: searchKeys.all,
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

type Key = readonly unknown[];
const uploadedDocumentStale = [
  ...keysByFeature.documents,
  sectionsKeys.mine(),
  ...keysByFeature.dataRoom,
  ...keysByFeature.admin,
];
const documentRulesStale = [...keysByFeature.documents, ...keysByFeature.dataRoom];
const invitationListsStale = [invitationsKeys.mine(), adminKeys.invitations()];
const invitationsAndGroupsStale = [...invitationListsStale, groupsKeys.mine()];

/**
 * Each change the app makes (every entry of invalidatedBy), the keys it names for one example, and
 * every query of a full cache those keys leave stale.
 */
const staleAfter: Record<keyof typeof invalidatedBy, [keys: readonly Key[], stale: readonly Key[]]> = {
  documentUploaded: [invalidatedBy.documentUploaded(), uploadedDocumentStale],
  documentRenamed: [invalidatedBy.documentRenamed(), uploadedDocumentStale],
  documentsDeleted: [invalidatedBy.documentsDeleted(), uploadedDocumentStale],
  previewRetried: [invalidatedBy.previewRetried(), keysByFeature.documents],
  documentVersionsChanged: [
    invalidatedBy.documentVersionsChanged(),
    [...keysByFeature.documents, ...keysByFeature.dataRoom, ...keysByFeature.admin],
  ],
  keyDocumentsChanged: [invalidatedBy.keyDocumentsChanged(), keysByFeature.engagement],
  documentDownloadPolicySet: [invalidatedBy.documentDownloadPolicySet(), documentRulesStale],
  roomDownloadDefaultSet: [invalidatedBy.roomDownloadDefaultSet(), documentRulesStale],
  watermarkSet: [invalidatedBy.watermarkSet(), documentRulesStale],
  sectionsSaved: [
    invalidatedBy.sectionsSaved(),
    [
      ...keysByFeature.documents,
      groupsKeys.mine(),
      ...keysByFeature.dataRoom,
      ...keysByFeature.admin,
      roomsKeys.mine(),
      roomsKeys.nda(),
      investorDashboardKeys.accessibleRooms(),
    ],
  ],
  companyProfileSaved: [
    invalidatedBy.companyProfileSaved(),
    [
      sectionsKeys.mine(),
      ...keysByFeature.dataRoom,
      investorDashboardKeys.accessibleRooms(),
      ...keysByFeature.admin,
    ],
  ],
  roomStatusSet: [invalidatedBy.roomStatusSet(), [...keysByFeature.dataRoom, ...keysByFeature.admin]],
  ndaSettingsSaved: [invalidatedBy.ndaSettingsSaved(), keysByFeature.dataRoom],
  ndaAccepted: [
    invalidatedBy.ndaAccepted(member),
    [
      dataRoomKeys.room(member),
      dataRoomKeys.sections(member),
      dataRoomKeys.documents(member),
      ...keysByFeature.viewer,
    ],
  ],
  invitationCreated: [invalidatedBy.invitationCreated(), invitationsAndGroupsStale],
  invitationsBulkCreated: [invalidatedBy.invitationsBulkCreated(), invitationsAndGroupsStale],
  invitationDeleted: [invalidatedBy.invitationDeleted(), invitationsAndGroupsStale],
  groupsChanged: [invalidatedBy.groupsChanged(), [groupsKeys.mine(), ...keysByFeature.dataRoom]],
  shareLinksChanged: [invalidatedBy.shareLinksChanged(), [...keysByFeature.shareLinks, groupsKeys.mine()]],
  invitationResent: [invalidatedBy.invitationResent(), invitationListsStale],
  invitationLinkCopied: [invalidatedBy.invitationLinkCopied(), invitationListsStale],
  invitationAcceptRefused: [
    invalidatedBy.invitationAcceptRefused('token-1'),
    [dataRoomKeys.room(invite), dataRoomKeys.invitationLink('token-1')],
  ],
  editorInvited: [invalidatedBy.editorInvited(), [adminKeys.team()]],
  editorRemoved: [invalidatedBy.editorRemoved(), [adminKeys.team()]],
  apiTokensChanged: [invalidatedBy.apiTokensChanged(), [apiTokensKeys.list()]],
  brandChanged: [invalidatedBy.brandChanged(), keysByFeature.brand],
  passkeysChanged: [invalidatedBy.passkeysChanged(), [authKeys.passkeys()]],
  sessionsEnded: [invalidatedBy.sessionsEnded(), [authKeys.sessions()]],
  investorMessageSent: [invalidatedBy.investorMessageSent(), [notificationsKeys.investorMessages()]],
  unsubscribed: [invalidatedBy.unsubscribed(), [notificationsKeys.settings()]],
  questionAsked: [invalidatedBy.questionAsked(), keysByFeature.questions],
  answersSeen: [
    invalidatedBy.answersSeen('room-1'),
    [questionsKeys.mine('room-1'), questionsKeys.ofDocument('doc-1')],
  ],
  questionAnswered: [invalidatedBy.questionAnswered(), keysByFeature.questions],
  questionSettingsSaved: [invalidatedBy.questionSettingsSaved(), keysByFeature.questions],
  searchSettingsSaved: [invalidatedBy.searchSettingsSaved(), [managerSearchKeys.analytics()]],
  webhookEndpointsChanged: [invalidatedBy.webhookEndpointsChanged(), [webhooksKeys.endpoints()]],
  webhookTestSent: [invalidatedBy.webhookTestSent('endpoint-1'), [webhooksKeys.deliveries('endpoint-1')]],
  alertsChanged: [invalidatedBy.alertsChanged(), [alertsKeys.settings()]],
};

test.each(Object.keys(invalidatedBy) as (keyof typeof invalidatedBy)[])(
  '%s leaves exactly what shows it stale',
  async (change) => {
    const [keys, stale] = staleAfter[change];
    const client = cacheWithEveryKey();
    for (const queryKey of keys) await client.invalidateQueries({ queryKey, refetchType: 'none' });
    const invalidated = invalidatedKeys(client)
      .map((key) => JSON.stringify(key))
      .sort();
    expect(invalidated).toEqual(stale.map((key) => JSON.stringify(key)).sort());
  },
);

test('invalidate resolves once what is on screen has been read again', async () => {
  const client = new QueryClient();
  let reads = 0;
  const onScreen = new QueryObserver(client, { queryKey: documentsKeys.mine(), queryFn: () => ++reads });
  const unsubscribe = onScreen.subscribe(() => {});
  await vi.waitFor(() => expect(client.getQueryData(documentsKeys.mine())).toBe(1));
  await invalidate(client, invalidatedBy.documentUploaded());
  expect(client.getQueryData(documentsKeys.mine())).toBe(2);
  unsubscribe();
});

test('a first read still in flight when a write invalidates it is read again, not kept', async () => {
  const client = new QueryClient();
  // The list's first read answers from before the upload, and only after the upload has finished.
  let answerFirstRead: (rows: string[]) => void = () => {};
  let reads = 0;
  const onScreen = new QueryObserver(client, {
    queryKey: documentsKeys.mine(),
    queryFn: () => {
      reads += 1;
      return reads === 1 ? new Promise<string[]>((resolve) => (answerFirstRead = resolve)) : ['Memo.pdf'];
    },
  });
  const unsubscribe = onScreen.subscribe(() => {});
  await vi.waitFor(() => expect(reads).toBe(1));
  const invalidated = invalidate(client, invalidatedBy.documentUploaded());
  answerFirstRead([]);
  await invalidated;
  expect(client.getQueryData(documentsKeys.mine())).toEqual(['Memo.pdf']);
  unsubscribe();
});
