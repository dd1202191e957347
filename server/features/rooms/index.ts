/**
 * The rooms module's public file: data rooms, their members and sections, the NDA gate and the
 * readability rule (readability.ts). Other modules and app.ts import only this file
 * (docs/decisions/0063-room-content-as-four-modules.md).
 */

export {
  findGroupsOfAddresses,
  listAddressesBroughtBy,
  listGroups,
  placeInvestorFromLink,
} from './groups.repository';
export { groupsRoutes } from './groups.routes';
export {
  endInvestorAccessAt,
  groupsHiddenFrom,
  investorAccessOfRoom,
  investorEmailsOfGroup,
  inviteeAccessOf,
  placeInvestor,
  requirePreviewAudience,
  requireRoomGroup,
} from './groups.service';
export {
  activeRoomNames,
  addEditor,
  addInvestor,
  companyNamesFor,
  createFounderRoom,
  investorStandingIn,
  isMemberOfRoom,
  listInvestors,
  listManagers,
  removeEditor,
  removeInvestor,
} from './members.service';
export type { AcceptanceWithVersion as NdaAcceptanceRecord } from './nda.repository';
export { ndaRoutes } from './nda.routes';
export { listNdaAcceptancesSince } from './nda.service';
export {
  audienceAccessOf,
  findReadableRoom,
  hiddenDocumentIdsOf,
  hiddenSectionsOf,
  hidesDocuments,
  type InvitedRoom,
  invitedRoomHeading,
  MANAGERS_ACCESS,
  type ReadableRoom,
  type ReaderAccess,
  type RoomReader,
  type RoomReading,
  readerSectionsOf,
  requireInvitedRoom,
  requireReadableRoom,
  roomReadingOf,
} from './readability';
export type { InvestorDirectory, RoomInvitations } from './room-invitations';
export type { RoomPeople, RoomPerson } from './room-people';
export type { RoomUploads } from './room-uploads';
export {
  listNdaAcceptancePage,
  type NdaAcceptanceCursor,
  type NdaAcceptancesScope,
} from './rooms.exports';
export type { DataRoom, ManagedRoom, ManagerRole, RoomSections } from './rooms.repository';
export {
  findDataRoomById,
  findMemberRole,
  findRoomOwner,
  listRoomIdsEditedBy,
  listRoomManagers,
  lockRoomRow,
  managesAnyRoom,
} from './rooms.repository';
export { roomsRoutes } from './rooms.routes';
export {
  dataRoomViewOf,
  findManagedRoom,
  parsedSectionsOf,
  requireExternalLink,
  requireManagedRoom,
  requireRoomOwner,
  roomSectionsFor,
  sectionsMarkdownOf,
  sectionsPayloadOf,
  typedSectionsOf,
  writeWithSectionsEdit,
} from './rooms.service';
export type { SectionRenames } from './section-renames';
export type { InvitationLinks, RoomActivity, RoomEvent, RoomUser, RoomVisitor } from './visitors';
