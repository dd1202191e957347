import type { VersionFiles } from '#server/features/documents/index';
import {
  allVersionStorageKeys,
  countRoomVersions,
  firstVersionOf,
  insertVersion,
  versionStorageKeysOf,
} from './versions.repository';

/** The documents module's VersionFiles, answered from this module's rows; app.ts wires it in. */
export const documentVersionFiles: VersionFiles = {
  recordFirstVersion: (trx, document) => insertVersion(trx, firstVersionOf(document)),
  storageKeysOf: versionStorageKeysOf,
  countRoomFiles: countRoomVersions,
  allStorageKeys: allVersionStorageKeys,
};
