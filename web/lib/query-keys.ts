import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Every kind of server data the web app caches, with its TanStack Query keys, and what each change the
 * app makes leaves stale (docs/decisions/0065-query-keys-and-api-routes.md). Features read and write
 * through these: a feature that changes something never imports another feature to refresh what that
 * one shows. Every `useQuery`, `setQueryData` and `invalidateQueries` uses a key from here; one query
 * per endpoint. A key's first element names its kind, so invalidating a kind's `all` reaches exactly
 * that kind's queries.
 */

/** Where a view reads its room from: as a signed-in owner or member, or by an invitation link. */
export type RoomSource = { kind: 'member'; roomId: string } | { kind: 'invite'; token: string };

/** The room's dashboard and its team: the owner's reads under /api/admin. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  invitations: () => [...adminKeys.all, 'invitations'] as const,
  sections: () => [...adminKeys.all, 'sections'] as const,
  recentDocuments: () => [...adminKeys.all, 'recent-documents'] as const,
  recentAccess: () => [...adminKeys.all, 'recent-access'] as const,
  team: () => [...adminKeys.all, 'team'] as const,
  passkeyRequirement: () => [...adminKeys.all, 'passkey-requirement'] as const,
  ndaAcceptances: () => [...adminKeys.all, 'nda-acceptances'] as const,
};

/** The room's API tokens. */
export const apiTokensKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokensKeys.all, 'list'] as const,
};

/** Who is signed in, and what they manage of their own sign-in: passkeys and sessions. */
export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'me'] as const,
  /** Whether this tab's session waits for its passkey (docs/decisions/0062-passkeys-and-second-factor.md). */
  secondFactor: () => [...authKeys.all, 'second-factor'] as const,
  passkeys: () => [...authKeys.all, 'passkeys'] as const,
  sessions: () => [...authKeys.all, 'sessions'] as const,
};

/**
 * A room as its readers see it, per source (a member's room id or an invitation token): the room, its
 * sections and its documents. `all` is what a change to any room's content invalidates.
 */
export const dataRoomKeys = {
  all: ['data-room'] as const,
  source: (source: RoomSource) =>
    source.kind === 'member'
      ? ([...dataRoomKeys.all, 'member', source.roomId] as const)
      : ([...dataRoomKeys.all, 'invite', source.token] as const),
  room: (source: RoomSource) => [...dataRoomKeys.source(source), 'room'] as const,
  sections: (source: RoomSource) => [...dataRoomKeys.source(source), 'sections'] as const,
  documents: (source: RoomSource) => [...dataRoomKeys.source(source), 'documents'] as const,
  /** The founder's room as one audience reads it ("Preview as": all, group:<id>, investor:<address>). */
  preview: (as: string) => [...dataRoomKeys.all, 'preview', as] as const,
  /** What an invitation link can still do (ADR 55), asked when it no longer opens the room. */
  invitationLink: (token: string) => [...dataRoomKeys.all, 'invitation-link', token] as const,
};

/** The founder's uploaded documents, as the console lists them. */
export const documentsKeys = {
  all: ['documents'] as const,
  mine: () => [...documentsKeys.all, 'mine'] as const,
  /** One document's versions, as its managers see them (docs/decisions/0069-document-versions.md). */
  versions: (documentId: string) => [...documentsKeys.all, 'versions', documentId] as const,
};

/** The room's investor groups, who is in each, and each section's groups (ADR 68). */
export const groupsKeys = {
  all: ['groups'] as const,
  mine: () => [...groupsKeys.all, 'mine'] as const,
};

/** The room's share links, their readers and the readers waiting for approval (ADR 71). */
export const shareLinksKeys = {
  all: ['share-links'] as const,
  mine: () => [...shareLinksKeys.all, 'mine'] as const,
  /** What a share link allows, as its public page asks before any proof. */
  state: (token: string) => [...shareLinksKeys.all, 'state', token] as const,
};

/**
 * A room's brand (docs/decisions/0094-the-founders-brand.md): the console's settings, and the brand as
 * each way in shows it (a reader's room, an invitation, a share link).
 */
export const brandKeys = {
  all: ['brand'] as const,
  settings: () => [...brandKeys.all, 'settings'] as const,
  of: (source: { kind: 'member'; roomId: string } | { kind: 'invite' | 'share'; token: string }) =>
    source.kind === 'member'
      ? ([...brandKeys.all, 'member', source.roomId] as const)
      : ([...brandKeys.all, source.kind, source.token] as const),
};

/** The rooms an investor may read. */
export const investorDashboardKeys = {
  all: ['investor-dashboard'] as const,
  accessibleRooms: () => [...investorDashboardKeys.all, 'accessible-rooms'] as const,
};

/** The founder's invitations, as /configure lists them. */
export const invitationsKeys = {
  all: ['invitations'] as const,
  mine: () => [...invitationsKeys.all, 'mine'] as const,
};

/** Notifications: the founder's setting, "Notify investors", an unsubscribe link. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationsKeys.all, 'settings'] as const,
  investorMessages: () => [...notificationsKeys.all, 'investor-messages'] as const,
  unsubscribe: (token: string) => [...notificationsKeys.all, 'unsubscribe', token] as const,
};

/** Whose reading the room's analytics count: one group's readers, one share link's, or both. */
export interface RoomAnalyticsFilter {
  group?: string | null;
  shareLink?: string | null;
}

/** Which questions the founder's inbox shows: by state, document, group and firm, and its page. */
export interface QuestionInboxFilter {
  state?: 'open' | 'answered' | 'published' | null;
  documentId?: string | null;
  groupId?: string | null;
  firm?: string | null;
  page?: number;
}

/**
 * Questions and answers (docs/product-rules.md#questions): a reader's own in a room, one document's
 * in the viewer, a room's FAQ (per source and search), and the founder's inbox and setting.
 */
export const questionsKeys = {
  all: ['questions'] as const,
  mine: (roomId: string) => [...questionsKeys.all, 'mine', roomId] as const,
  /** Every document's questions in the viewer. */
  documents: () => [...questionsKeys.all, 'document'] as const,
  ofDocument: (documentId: string) => [...questionsKeys.documents(), documentId] as const,
  faq: (source: RoomSource, search = '') =>
    [
      ...questionsKeys.all,
      'faq',
      source.kind,
      source.kind === 'member' ? source.roomId : source.token,
      search,
    ] as const,
  inbox: ({
    state = null,
    documentId = null,
    groupId = null,
    firm = null,
    page = 1,
  }: QuestionInboxFilter = {}) =>
    [...questionsKeys.all, 'inbox', state, documentId, groupId, firm, page] as const,
  settings: () => [...questionsKeys.all, 'settings'] as const,
  /** Questions per document and page, for the console's analytics. */
  byPage: () => [...questionsKeys.all, 'by-page'] as const,
  /** What an answer mail's unsubscribe link would stop (ADR 92). */
  answerMailsUnsubscribe: (token: string) => [...questionsKeys.all, 'unsubscribe', token] as const,
};

/** The founder's reading analytics: the room, one document (for one reader or all), one investor. */
export const readingAnalyticsKeys = {
  all: ['reading-analytics'] as const,
  /** The room's, over every reader or those of one group, one share link, or both (null: every reader). */
  room: ({ group = null, shareLink = null }: RoomAnalyticsFilter = {}) =>
    [...readingAnalyticsKeys.all, 'room', group, shareLink] as const,
  /** version: null for the current one (docs/decisions/0077-reading-analytics-by-version.md). */
  document: (documentId: string, reader: string | null, version: number | null = null) =>
    [...readingAnalyticsKeys.all, 'document', documentId, reader, version] as const,
  investor: (userId: string) => [...readingAnalyticsKeys.all, 'investor', userId] as const,
  /** "Links": the room's document links side by side (docs/decisions/0095-document-links.md). */
  links: () => [...readingAnalyticsKeys.all, 'links'] as const,
};

/**
 * The engagement score (docs/decisions/0089-engagement-score.md): "Hot investors" over every investor or
 * those of one group, one share link, or both; and the room's key documents.
 */
export const engagementKeys = {
  all: ['engagement'] as const,
  hotInvestors: ({ group = null, shareLink = null }: RoomAnalyticsFilter = {}, limit: number | null = null) =>
    [...engagementKeys.all, 'hot-investors', group, shareLink, limit] as const,
  keyDocuments: () => [...engagementKeys.all, 'key-documents'] as const,
};

/**
 * The room's search as its managers see it: the console's search inside every page (per query), what
 * investors searched for (Analytics) and whether the founders see their words.
 */
export const managerSearchKeys = {
  all: ['manager-search'] as const,
  results: (query: string) => [...managerSearchKeys.all, 'results', query] as const,
  analytics: () => [...managerSearchKeys.all, 'analytics'] as const,
  settings: () => [...managerSearchKeys.all, 'settings'] as const,
};

/** The founder's own room and its NDA setting. */
export const roomsKeys = {
  all: ['rooms'] as const,
  mine: () => [...roomsKeys.all, 'mine'] as const,
  nda: () => [...roomsKeys.all, 'mine', 'nda'] as const,
};

/**
 * Search inside every page, as a room's reader searches (per source: a member's room or an invitation)
 * and "Ask the room"'s passages for a question (docs/decisions/0088-search-inside-every-page.md).
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (source: RoomSource, q: string) =>
    [
      ...searchKeys.all,
      'results',
      source.kind,
      source.kind === 'member' ? source.roomId : source.token,
      q,
    ] as const,
  /** Whether the founders see the words searched for: the line under the box. */
  notice: (source: RoomSource) =>
    [
      ...searchKeys.all,
      'notice',
      source.kind,
      source.kind === 'member' ? source.roomId : source.token,
    ] as const,
  answer: (roomId: string, question: string) => [...searchKeys.all, 'answer', roomId, question] as const,
};

/** The founder's sections markdown and its version. */
export const sectionsKeys = {
  all: ['sections'] as const,
  mine: () => [...sectionsKeys.all, 'mine'] as const,
};

/** The installation's public facts. */
export const siteKeys = {
  all: ['site'] as const,
  info: () => [...siteKeys.all, 'info'] as const,
};

/**
 * Reading one document: its preview state, its text, its text or table content, a page's words. Text and content are
 * per file: a replaced file (`replacedAt`, docs/decisions/0069-document-versions.md) is read afresh.
 */
export const viewerKeys = {
  all: ['viewer'] as const,
  document: (documentId: string) => [...viewerKeys.all, documentId] as const,
  preview: (documentId: string) => [...viewerKeys.document(documentId), 'preview'] as const,
  text: (documentId: string, replacedAt: string | null = null) =>
    [...viewerKeys.document(documentId), 'text', replacedAt] as const,
  content: (documentId: string, replacedAt: string | null = null) =>
    [...viewerKeys.document(documentId), 'content', replacedAt] as const,
  /** One page's words and their boxes, where a search's words are highlighted. */
  words: (documentId: string, page: number, replacedAt: string | null = null) =>
    [...viewerKeys.document(documentId), 'words', page, replacedAt] as const,
};

/** Alerts: the room's settings, its Slack and Teams targets and how each last delivery went (ADR 90). */
export const alertsKeys = {
  all: ['alerts'] as const,
  settings: () => [...alertsKeys.all, 'settings'] as const,
};

/** Webhooks: the room's endpoints, and each endpoint's delivery log. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhooksKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string) => [...webhooksKeys.all, 'deliveries', endpointId] as const,
};

/**
 * A document uploaded, renamed or deleted: the file lists, the sections markdown (the server adds,
 * renames or removes its links in the same write, ADR 59), the views built from it and the owner's
 * dashboard.
 */
const documentAndItsLinks = () => [documentsKeys.all, sectionsKeys.all, dataRoomKeys.all, adminKeys.all];

/** Anything that changes a room's download or watermark rules: the file lists and the room's views. */
const documentRules = () => [documentsKeys.all, dataRoomKeys.all];

/** Every list of invitations: /configure's and the owner's dashboard's. */
const invitationLists = () => [invitationsKeys.all, adminKeys.invitations()];

/**
 * What each change the app makes leaves stale, stated once. The mutation that makes the change passes
 * the list to `invalidate`; what it already knows (the answer of its own request) it writes into the
 * cache itself with `setQueryData`.
 */
export const invalidatedBy = {
  /** The brand saved: the settings and every way in that shows it. */
  brandChanged: () => [brandKeys.all],
  documentUploaded: documentAndItsLinks,
  documentRenamed: documentAndItsLinks,
  documentsDeleted: documentAndItsLinks,
  /** A failed preview prepared again: the list shows it being prepared. */
  previewRetried: () => [documentsKeys.all],
  /**
   * A file replaced, a version restored or deleted: the lists and histories, the rooms' views ("Updated")
   * and the owner's dashboard; the links stay as they were.
   */
  documentVersionsChanged: () => [documentsKeys.all, dataRoomKeys.all, adminKeys.all],
  /** A document marked key or not: the key documents, and every score (ADR 89). */
  keyDocumentsChanged: () => [engagementKeys.all],
  /** One document's "Allow download": its list, and the founder's preview of the room. */
  documentDownloadPolicySet: documentRules,
  /** The room's "Allow downloads" default: every file that follows the room changes with it. */
  roomDownloadDefaultSet: documentRules,
  /** The watermark: files that cannot carry one become view only for investors. */
  watermarkSet: documentRules,
  /**
   * The sections saved: the file list's section names, the views and the owner's dashboard all come
   * from the markdown; its Company Information block is the profile too (ADR 38).
   */
  sectionsSaved: () => [
    documentsKeys.all,
    groupsKeys.all,
    dataRoomKeys.all,
    adminKeys.all,
    roomsKeys.mine(),
    investorDashboardKeys.accessibleRooms(),
  ],
  /**
   * The company profile saved: the views, the owner's dashboard, the investors' list of rooms and the
   * starter sections (which carry the name until the founder saves their own).
   */
  companyProfileSaved: () => [
    sectionsKeys.all,
    dataRoomKeys.all,
    investorDashboardKeys.accessibleRooms(),
    adminKeys.all,
  ],
  /** The room opened or closed: the preview's banner and the owner's dashboard say whether it is open. */
  roomStatusSet: () => [dataRoomKeys.all, adminKeys.all],
  /** The NDA switch or text saved: the room's views ask for it, or stop asking. */
  ndaSettingsSaved: () => [dataRoomKeys.all],
  /** The room's NDA accepted: the room and every document refused until now are read again. */
  ndaAccepted: (source: RoomSource) => [dataRoomKeys.source(source), viewerKeys.all],
  invitationCreated: () => [...invitationLists(), groupsKeys.all],
  invitationsBulkCreated: () => [...invitationLists(), groupsKeys.all],
  invitationDeleted: () => [...invitationLists(), groupsKeys.all],
  /**
   * A group added, renamed or removed, an investor moved or their access ended or extended, a section's
   * groups chosen: the groups, and the founder's own view of the room.
   */
  groupsChanged: () => [groupsKeys.all, dataRoomKeys.all],
  /**
   * A share link made or changed, or a waiting reader let in or refused: the links, and the groups (a
   * reader let in is an investor of the link's group).
   */
  shareLinksChanged: () => [shareLinksKeys.all, groupsKeys.all],
  invitationResent: invitationLists,
  invitationLinkCopied: invitationLists,
  /**
   * An invitation link refused on accepting (accepted elsewhere, withdrawn or expired meanwhile): what
   * it shows and what it can still do are read again, and the page says which.
   */
  invitationAcceptRefused: (token: string) => [
    dataRoomKeys.invitationLink(token),
    dataRoomKeys.source({ kind: 'invite', token }),
  ],
  editorInvited: () => [adminKeys.team()],
  editorRemoved: () => [adminKeys.team()],
  apiTokensChanged: () => [apiTokensKeys.list()],
  passkeysChanged: () => [authKeys.passkeys()],
  sessionsEnded: () => [authKeys.sessions()],
  investorMessageSent: () => [notificationsKeys.investorMessages()],
  /** An unsubscribe link used: the founder's setting changed with it. */
  unsubscribed: () => [notificationsKeys.settings()],
  /** A reader asked: their questions, the document's, and (for a founder asking in their own room) the inbox. */
  questionAsked: () => [questionsKeys.all],
  /** A reader saw their answers: their questions (the badges) and the document's. */
  answersSeen: (roomId: string) => [questionsKeys.mine(roomId), questionsKeys.documents()],
  /**
   * A question answered, published, edited or withdrawn: the inbox, the FAQs and every reader's list the
   * founder may be looking at in their own room.
   */
  questionAnswered: () => [questionsKeys.all],
  /** Questions turned on or off: the setting, and every place that offers "Ask a question". */
  questionSettingsSaved: () => [questionsKeys.all],
  /** "Show me the words investors search for" flipped: Analytics says whether the words are kept. */
  searchSettingsSaved: () => [managerSearchKeys.analytics()],
  webhookEndpointsChanged: () => [webhooksKeys.endpoints()],
  /** Alert settings saved, a target added, changed, removed or tested: the settings and their statuses. */
  alertsChanged: () => [alertsKeys.settings()],
  /** A test event queued: the endpoint's delivery log shows how it went. */
  webhookTestSent: (endpointId: string) => [webhooksKeys.deliveries(endpointId)],
} satisfies Record<string, (...args: never[]) => readonly QueryKey[]>;

/**
 * Invalidates each key (and every key under it); resolves once the active ones are read again. A read
 * still in flight began before the write and may answer from before it; while a query has no data yet
 * (its first load), TanStack Query joins that read instead of starting another, so a file uploaded while
 * the list first loaded stayed missing from it. Such reads are cancelled first, then read again.
 */
export async function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
