import type { Selectable } from 'kysely';
import type { EpochMs } from '#server/db/column-types';

/** A user's WebAuthn credential (docs/decisions/0062-passkeys-and-second-factor.md). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator last reported. */
  counter: number;
  transports: string;
  name: string;
  created_at: EpochMs;
  last_used_at: EpochMs | null;
}

/** A WebAuthn challenge the server issued: short-lived and consumed once, on whichever node. */
export interface WebauthnChallengesTable {
  id: string;
  challenge: string;
  purpose: 'registration' | 'second_factor' | 'sign_in';
  user_id: string | null;
  session_id: string | null;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

/** A one-time recovery code of a user holding a passkey, stored hashed. */
export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: EpochMs;
  used_at: EpochMs | null;
}

/** A room whose owner requires a passkey of its co-founders (ADR 93): a row while it does. */
export interface RoomPasskeyRequirementsTable {
  room_id: string;
  required_by: string;
  created_at: EpochMs;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface PasskeysTables {
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  recovery_codes: RecoveryCodesTable;
  room_passkey_requirements: RoomPasskeyRequirementsTable;
}

export type PasskeyRow = Selectable<PasskeysTable>;
export type WebauthnChallengeRow = Selectable<WebauthnChallengesTable>;
export type RecoveryCodeRow = Selectable<RecoveryCodesTable>;
