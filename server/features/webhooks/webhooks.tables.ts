import type { Selectable } from 'kysely';
import type { EpochMs, Flag } from '#server/db/column-types';

/** A room's webhook endpoint (docs/decisions/0052-webhooks.md). */
export interface WebhookEndpointsTable {
  id: string;
  room_id: string;
  url: string;
  /** A JSON array of event types. */
  events: string;
  /** whsec_ followed by 32 random bytes in base64: deliveries are signed with it. */
  secret: string;
  /** The secret before the last rotation, also signing deliveries until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: EpochMs | null;
  is_enabled: Flag;
  disabled_at: EpochMs | null;
  disabled_reason: string | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since_at: EpochMs | null;
  created_by: string | null;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** One event for one endpoint: the delivery log's row, with its last attempt's outcome. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  room_id: string;
  /** The webhook-id header, the same on every attempt. */
  message_id: string;
  event_type: string;
  /** The body, exactly as it is signed and sent. */
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  duration_ms: number | null;
  created_at: EpochMs;
  first_attempt_at: EpochMs | null;
  last_attempt_at: EpochMs | null;
  next_attempt_at: EpochMs | null;
  finished_at: EpochMs | null;
}

/** The tables this module owns: its repositories see these and no others (docs/decisions/0085-modules-own-their-tables.md). */
export interface WebhooksTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
