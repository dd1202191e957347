import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SESSION_COOKIE } from '#server/plugins/auth';
import { isApiPath } from '#server/plugins/matched-route';
import { hashToken } from '#server/security/tokens';
import { adminRoutes } from '#shared/contracts/admin';
import { alertRoutes } from '#shared/contracts/alerts';
import { apiPath, type QueryValues } from '#shared/contracts/api-route';
import { type ApiTokenScope, apiTokenRoutes } from '#shared/contracts/api-tokens';
import { authRoutes } from '#shared/contracts/auth';
import { brandRoutes } from '#shared/contracts/brand';
import { documentRoutes } from '#shared/contracts/documents';
import { engagementRoutes } from '#shared/contracts/engagement';
import { exportRoutes } from '#shared/contracts/exports';
import { groupRoutes } from '#shared/contracts/groups';
import { invitationRoutes } from '#shared/contracts/invitations';
import { ndaRoutes } from '#shared/contracts/nda';
import { notificationRoutes } from '#shared/contracts/notifications';
import { passkeyRoutes } from '#shared/contracts/passkeys';
import { previewRoutes } from '#shared/contracts/previews';
import { questionRoutes } from '#shared/contracts/questions';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import { searchRoutes } from '#shared/contracts/search';
import { shareLinkRoutes } from '#shared/contracts/share-links';
import { teamRoutes } from '#shared/contracts/team';
import { webhookRoutes } from '#shared/contracts/webhooks';
import {
  aBrowser,
  countRows,
  createApiToken,
  createFounder,
  invite,
  inviteEditor,
  linkIn,
  requestMagicLinkToken,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { storeFailedPreview, storeReadyPreview } from '#tests/support/previews';
import { recipientsOf } from '#tests/support/smtp-server';
import { SoftwareAuthenticator } from '#tests/support/software-authenticator';
import { startTestApp, type TestApp, type TestResponse } from '#tests/support/test-app';
import { SAMPLE_FILES } from '#tests/support/uploads';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/support/webhook-receiver';
import { zipOf } from '#tests/support/zips';

/**
 * The authorization matrix: every /api route the server registers, and the MCP endpoint /mcp, called by every kind of caller
 * against one data room (the "room") seeded with canary strings, and the status each caller gets.
 *
 * A new route fails the first test until it has a row here and a way to call it in CALLS below.
 *
 * Columns, the callers:
 *   nobody    no session at all
 *   outsider  an investor signed in, a member of another founder's room only
 *   member    an investor invited to the room, signed in
 *   revoked   an investor who signed in, then the founder deleted their invitation
 *   founder   another founder, owner of a different room
 *   owner     the room's owner
 *   editor    a co-founder the owner invited as an editor of the room, signed in: the same console as
 *             the owner, but not the owner-only actions (the team); docs/decisions/0047-room-editors.md
 *   ex-editor an editor the owner removed: their session lives on, but reaches nothing of the room
 *   invite    a visitor with a valid invite token to the room (no session)
 *   inv-exp   a visitor whose invite token expired (expires_at in the past)
 *   inv-del   a visitor whose invitation the founder deleted before it was used
 *   ses-exp   the owner's session after it expired (expires_at in the past)
 *   ses-end   the owner's session after POST /api/auth/logout
 *   impostor  the session of someone who signed up with an investor's e-mail (sign-up proves no
 *             mailbox) before the investor was invited and first signed in with a magic link: that
 *             sign-in ends it (docs/decisions/0020-sign-up-sessions.md)
 *   copied    the holder of an invitation link the owner copied (POST /api/invites/:id/link) for the
 *             address of an existing account (another room's founder) and opened: that room's reads as
 *             the address would, nothing else of the account (docs/decisions/0074-a-proof-of-one-room.md)
 *   code      a share-link reader whose address already has an account (another room's founder), let in
 *             by the code: likewise that room only (ADR 74)
 *
 * How each caller presents itself: signed-in callers send `Authorization: Bearer <session token>`;
 * the three visitors send their invite token in the :token routes' path and, everywhere else, as a
 * Bearer token (an invitation must never work as a session). On :token routes, callers who hold no
 * invitation to the room present a well-formed token nobody issued; the member and the revoked investor
 * present their own invitation's token, spent when they signed in.
 *
 * Routes that name a resource address the room's own: its id, its uploaded document, the visitor's
 * pending invitation, one of its external links. Founder routes without an id act on the caller's own
 * room, so another founder gets 200 there, about their room and nothing of ours.
 *
 * Every cell also checks that a caller who may not read the room sees none of its canaries (in the body
 * or any header; members see none of the other invitees'), that nobody but the room's managers (its
 * owner and editor) changes the room,
 * that a refused call writes nothing, and that a 404 is the same as for an id that does not exist.
 */
const MATRIX = `
route                                         nobody outsider member revoked founder owner editor ex-editor invite inv-exp inv-del ses-exp ses-end impostor copied code

# Public: the same answer for everyone.
GET    /api/health                            200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
GET    /api/site                              200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
GET    /api/openapi.json                      200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
GET    /api/auth/session                      200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/auth/logout                       204    204      204    204     204     204   204    204       204    204     204     204     204     204    204    204
POST   /api/auth/magic-link                   200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/auth/verify                       200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/auth/verify-code                  400    400      400    400     400     400   400    400       400    400     400     400     400     400    400    400
POST   /api/complete-account-setup            201    201      201    201     201     201   201    201       201    201     201     201     201     201    201    201
POST   /api/upgrade-with-promo                201    201      201    201     201     201   201    201       201    201     201     201     201     201    201    201
POST   /api/validate-promo-code               200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/waitlist                          200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
# The unsubscribe link in a founder's notification mail: the token is the credential, whoever sends it.
GET    /api/notifications/unsubscribe          200    200    200    200    200    200    200    200    200    200    200    200    200    200    200    200
POST   /api/notifications/unsubscribe          200    200    200    200    200    200    200    200    200    200    200    200    200    200    200    200
# The unsubscribe link in an asker's answer mail (ADR 92): likewise.
GET    /api/questions/unsubscribe              200    200    200    200    200    200    200    200    200    200    200    200    200    200    200    200
POST   /api/questions/unsubscribe              200    200    200    200    200    200    200    200    200    200    200    200    200    200    200    200

# Anyone signed in, about themselves.
GET    /api/auth/me                           401    200      200    200     200     200   200    200       401    401     401     401     401     401    200    200
GET    /api/my-accessible-data-rooms          401    200      200    200     200     200   200    200       401    401     401     401     401     401    200    200

# Passkeys, recovery codes and sessions: anyone signed in, about their own (ADR 62). The second-factor
# routes answer only a session waiting for its passkey, which none of these callers holds; signing in
# with a passkey is open to anyone holding one.
GET    /api/auth/passkeys                     401    200      200    200     200     200   200    200       401    401     401     401     401     401    401    401
POST   /api/auth/passkeys/options             401    200      200    200     200     200   200    200       401    401     401     401     401     401    401    401
POST   /api/auth/passkeys                     401    201      201    201     201     201   201    201       401    401     401     401     401     401    401    401
DELETE /api/auth/passkeys/:id                 401    204      204    204     204     204   204    204       401    401     401     401     401     401    401    401
POST   /api/auth/recovery-codes               401    200      200    200     200     200   200    200       401    401     401     401     401     401    401    401
GET    /api/auth/sessions                     401    200      200    200     200     200   200    200       401    401     401     401     401     401    401    401
DELETE /api/auth/sessions/:id                 401    204      204    204     204     204   204    204       401    401     401     401     401     401    401    401
POST   /api/auth/sessions/end-others          401    204      204    204     204     204   204    204       401    401     401     401     401     401    401    401
POST   /api/auth/second-factor/options        401    401      401    401     401     401   401    401       401    401     401     401     401     401    401    401
POST   /api/auth/second-factor/passkey        401    401      401    401     401     401   401    401       401    401     401     401     401     401    401    401
POST   /api/auth/second-factor/recovery-code  401    401      401    401     401     401   401    401       401    401     401     401     401     401    401    401
POST   /api/auth/passkey-sign-in/options      200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/auth/passkey-sign-in              200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200

# Reading the room by its id: owner, editor and members; anyone else 404, as for a room that does not exist.
GET    /api/data-room/:id                     401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/data-room/:id/sections            401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/data-room/:id/documents           401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/data-room/:id/click               401    404      302    404     404     302   302    404       401    401     401     401     401     401    302    302
GET    /api/documents/:id/download            401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/data-room/:id/download-all        401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/preview             401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/pages/:page         401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/thumbnails/:page    401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/pages/:page/words   401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/text                401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/preview/content     401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200

# Reading in the viewer: a view is opened as a download is authorised (the owner's and the editor's own
# reading is not recorded: 200 with no view); a report only on one's own view.
POST   /api/documents/:id/views               401    404      201    404     404     200   200    404       401    401     401     401     401     401    201    201
POST   /api/views/:viewId/reports             401    404      204    404     404     404   404    404       401    401     401     401     401     401    204    204

# The invited view: only a usable invite token opens it; a session does not stand in for one.
GET    /api/data-room/invite/:token           404    404      404    404     404     404   404    404       200    404     404     404     404     404    404    404
GET    /api/data-room/invite/:token/sections  404    404      404    404     404     404   404    404       200    404     404     404     404     404    404    404
GET    /api/data-room/invite/:token/documents 404    404      404    404     404     404   404    404       200    404     404     404     404     404    404    404
GET    /api/data-room/invite/:token/click     404    404      404    404     404     404   404    404       302    404     404     404     404     404    404    404
# An invitation's link (ADR 55): its holder may learn what it can still do (the member's and the revoked
# investor's own links: accepted, withdrawn), and only a pending one signs in, once.
GET    /api/data-room/invite/:token/state     404    404      200    200     404     404   404    404       200    200     200     404     404     404    200    404
POST   /api/data-room/invite/:token/accept    404    404      409    410     404     404   404    404       200    410     410     404     404     404    409    404

# The console: the room's managers (its owner and editors; 403 for investors and a removed editor), each
# on the room they manage.
GET    /api/my-data-room                      401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/data-rooms                        401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/status               401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/download-policy      401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/watermark            401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/my-data-room/nda                  401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/nda                  401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/nda-acceptances             401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/sections/content                  401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/sections/markdown                 401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/sections/update                   401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/invites                           401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/invites                           401    403      403    403     201     201   201    403       401    401     401     401     401     401    401    401
POST   /api/invitations                       401    403      403    403     201     201   201    403       401    401     401     401     401     401    401    401
POST   /api/invites/bulk                      401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/upload                            401    403      403    403     201     201   201    403       401    401     401     401     401     401    401    401
POST   /api/upload/archive                    401    403      403    403     201     201   201    403       401    401     401     401     401     401    401    401
GET    /api/my-documents                      401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/users                       401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/invitations                 401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/sections                    401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/recent-documents            401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/recent-access               401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/analytics                   401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/my-data-room/notifications         401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/notifications         401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/investor-messages     401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/investor-messages     401    403    403    403    202    202    202    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/api-tokens           401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/api-tokens           401    403      403    403     201     201   201    403       401    401     401     401     401     401    401    401
GET    /api/my-data-room/webhooks              401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/webhooks              401    403    403    403    201    201    201    403    401    401    401    401    401    401    401    401
# Alerts (docs/decisions/0090-alerts-within-a-minute.md): the room's managers; another founder reads and
# writes their own room's, and reaches no target of this room.
GET    /api/my-data-room/alerts                401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/alerts                401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/alerts/targets        401    403    403    403    201    201    201    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/alerts/targets/:id    401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
DELETE /api/my-data-room/alerts/targets/:id    401    403    403    403    404    204    204    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/alerts/targets/:id/test 401  403    403    403    404    200    200    403    401    401    401    401    401    401    401    401

# The console, on the room's own invitation or document: another founder gets 404 (not theirs, and
# not confirmed to exist).
DELETE /api/invites/:id                       401    403      403    403     404     204   204    403       401    401     401     401     401     401    401    401
POST   /api/invites/:id/resend                401    403      403    403     404     201   201    403       401    401     401     401     401     401    401    401
POST   /api/invites/:id/link                  401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
DELETE /api/documents/:id                     401    403      403    403     404     204   204    403       401    401     401     401     401     401    401    401
POST   /api/documents/:id/preview/retry       401    403      403    403     404     202   202    403       401    401     401     401     401     401    401    401
POST   /api/documents/:id/download-policy     401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/documents/:id/title               401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
# Versions (docs/decisions/0069-document-versions.md): the room's managers only; investors never
# reach a version, not even the current one by its number.
POST   /api/documents/:id/versions            401    403      403    403     404     201   201    403       401    401     401     401     401     401    401    401
GET    /api/documents/:id/versions            401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/documents/:id/versions/:number/restore 401 403    403    403     404     201   201    403       401    401     401     401     401     401    401    401
DELETE /api/documents/:id/versions/:number    401    403      403    403     404     204   204    403       401    401     401     401     401     401    401    401
GET    /api/documents/:id/versions/:number/download 401 403   403    403     404     200   200    403       401    401     401     401     401     401    401    401
DELETE /api/my-data-room/api-tokens/:id       401    403      403    403     404     204   204    403       401    401     401     401     401     401    401    401
# Investor groups (ADR 68): the room's managers only; another founder reaches no group of this room.
GET    /api/my-data-room/groups               401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/my-data-room/preview              401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/groups               401    403      403    403     201     201   201    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/groups/:id           401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
DELETE /api/my-data-room/groups/:id           401    403      403    403     404     204   204    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/investor-groups      401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/investor-access      401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/section-visibility   401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
# Share links (ADR 71): the room's managers only; another founder reaches no link or reader of this room.
GET    /api/my-data-room/share-links          401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/share-links          401    403      403    403     404     201   201    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/share-links/:id      401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/my-data-room/share-links/:id/address 401 403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/my-data-room/share-links/:id/readers 401 403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/share-links/:id/new-address 401 403  403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/share-link-readers/:id 401  403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
# Document links (ADR 95): a share link of one document of the room; another founder names no document of theirs.
POST   /api/my-data-room/document-links       401    403      403    403     404     201   201    403       401    401     401     401     401     401    401    401
# A share link's holder, whoever they are: what it allows, a code by mail, and the proof (a wrong code here).
GET    /api/share/:token                      200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/share/:token/code                 200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
POST   /api/share/:token/verify               400    400      400    400     400     400   400    400       400    400     400     400     400     400    400    400
GET    /api/admin/analytics/documents/:documentId 401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/analytics/investors/:userId 401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/analytics/links             401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/exports/access-log.csv      401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/exports/documents.csv       401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/exports/investors.csv       401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/exports/nda-acceptances.csv 401    403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
GET    /api/admin/nda-acceptances/:id/record.pdf 401 403      403    403     404     200   200    403       401    401     401     401     401     401    401    401
POST   /api/my-data-room/webhooks/:id          401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
DELETE /api/my-data-room/webhooks/:id          401    403    403    403    404    204    204    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/webhooks/:id/rotate-secret 401 403   403    403    404    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/webhooks/:id/test     401    403    403    403    404    202    202    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/webhooks/:id/deliveries 401  403    403    403    404    200    200    403    401    401    401    401    401    401    401    401

# Questions (docs/decisions/0073-questions-and-answers.md): the room's readers ask and read by the
# readability rule (the founders answer; they do not ask: 403); the room's managers answer, each on the
# room they manage (another founder reaches no question of this room).
POST   /api/data-room/:id/questions           401    404    201    404    404    403    403    404    401    401    401    401    401    401    201    201
GET    /api/data-room/:id/questions           401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
POST   /api/data-room/:id/questions/seen      401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
GET    /api/data-room/:id/faq                 401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
GET    /api/documents/:id/questions           401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
GET    /api/data-room/invite/:token/faq       404    404    404    404    404    404    404    404    200    404    404    404    404    404    404    404
GET    /api/my-data-room/questions            401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/questions/by-page    401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/question-settings    401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/question-settings    401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/questions/:id/reply  401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/questions/:id/publish 401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/questions/:id/published 401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
DELETE /api/my-data-room/questions/:id/published 401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
GET    /api/admin/exports/questions.csv       401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
# The engagement score (docs/decisions/0089-engagement-score.md): the ranked list and its CRM exports, and
# the key documents, on the room the caller manages; marking one of the room's documents key.
GET    /api/admin/engagement                  401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/admin/exports/engagement.csv      401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/admin/exports/engagement.json     401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/key-documents        401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/documents/:id/key                 401    403    403    403    404    200    200    403    401    401    401    401    401    401    401    401
# Search (docs/decisions/0088-search-inside-every-page.md): the room's readers search and ask by the
# readability rule (the founders search from the console; they do not send questions: 403); the console's
# search, the search log and its setting, each on the room the caller manages.
GET    /api/data-room/:id/search              401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
GET    /api/data-room/:id/search/notice       401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
GET    /api/data-room/:id/ask                 401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
POST   /api/data-room/:id/ask                 401    404    201    404    404    403    403    404    401    401    401    401    401    401    201    201
GET    /api/data-room/invite/:token/search    404    404    404    404    404    404    404    404    200    404    404    404    404    404    404    404
GET    /api/data-room/invite/:token/search/notice 404 404    404    404    404    404    404    404    200    404    404    404    404    404    404    404
GET    /api/my-data-room/search               401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/searches             401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/mcp-calls            401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/search-settings      401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/search-settings      401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/my-data-room/passkey-requirement  401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/passkey-requirement  401    403    403    403    200    200    403    403    401    401    401    401    401    401    401    401

# The team: every manager reads it; only the owner invites and removes editors (an editor gets 403).
GET    /api/admin/team                        401    403      403    403     200     200   200    403       401    401     401     401     401     401    401    401
POST   /api/admin/team                        401    403      403    403     201     201   403    403       401    401     401     401     401     401    401    401
DELETE /api/admin/team/:id                    401    403      403    403     404     204   403    403       401    401     401     401     401     401    401    401

# Accepting the room's NDA: its members (signed in) or an invitation's holder (invited view). The room's
# NDA is off here, so there is nothing to accept (409; its managers never have anything to accept); the
# NDA pass below has it on.
POST   /api/data-room/:id/nda/acceptances     401    404      409    404     404     409   409    404       401    401     401     401     401     401    409    409
POST   /api/data-room/invite/:token/nda/acceptances 404 404   404    404     404     404   404    404       409    404     404     404     404     404    404    404

# The MCP server (docs/decisions/0091-mcp-server.md): API tokens only (TOKEN_MATRIX); no session of any
# kind, no invitation's token, nothing without one gets past the door.
POST   /mcp                                   401    401      401    401     401     401   401    401       401    401     401     401     401     401    401    401
GET    /mcp                                   401    401      401    401     401     401   401    401       401    401     401     401     401     401    401    401
DELETE /mcp                                   401    401      401    401     401     401   401    401       401    401     401     401     401     401    401    401
# The room's brand (ADR 94): its managers' settings; the brand for each way a reader sees the room (a
# share link's page names the room, for whoever holds the link); its images by their hash, for anyone.
GET    /api/my-data-room/brand                401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/brand                401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/brand/logo           401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
DELETE /api/my-data-room/brand/logo           401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
POST   /api/my-data-room/brand/banner         401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
DELETE /api/my-data-room/brand/banner         401    403    403    403    200    200    200    403    401    401    401    401    401    401    401    401
GET    /api/data-room/:id/brand               401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/data-room/invite/:token/brand     404    404      404    404     404     404   404    404       200    404     404     404     404     404    404    404
GET    /api/share/:token/brand                200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
GET    /api/brand/:id/:file                   200    200      200    200     200     200   200    200       200    200     200     200     200     200    200    200
`;

/**
 * The same callers with the room's NDA on and a text the member and the visitor have not accepted
 * (docs/decisions/0045-nda-before-entry.md): every read of the room, and of anything in it, refuses them
 * with 403 nda_required, showing only the agreement and the company's name; the room's managers (owner
 * and editors) are never asked; everyone else gets what they get without an NDA.
 */
const NDA_MATRIX = `
route                                         nobody outsider member revoked founder owner editor ex-editor invite inv-exp inv-del ses-exp ses-end impostor copied code
GET    /api/data-room/:id                      401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/sections             401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/documents            401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/click                401    404    403    404    404    302    302    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/download             401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/download-all         401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/preview              401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/pages/:page          401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/thumbnails/:page     401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/pages/:page/words    401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/text                 401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/preview/content      401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
POST   /api/documents/:id/views                401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
POST   /api/views/:viewId/reports              401    404    403    404    404    404    404    404    401    401    401    401    401    401    404    404
GET    /api/data-room/invite/:token            404    404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
GET    /api/data-room/invite/:token/sections   404    404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
GET    /api/data-room/invite/:token/documents  404    404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
GET    /api/data-room/invite/:token/click      404    404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
POST   /api/data-room/:id/questions           401    404    403    404    404    403    403    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/questions           401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
POST   /api/data-room/:id/questions/seen      401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/faq                 401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/documents/:id/questions           401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/invite/:token/faq       404    404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
GET    /api/data-room/:id/search              401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/search/notice       401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
GET    /api/data-room/:id/ask                 401    404    403    404    404    200    200    404    401    401    401    401    401    401    403    403
POST   /api/data-room/:id/ask                 401    404    403    404    404    403    403    404    401    401    401    401    401    401    403    403
GET    /api/data-room/invite/:token/search    404    404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
GET    /api/data-room/invite/:token/search/notice 404 404    404    404    404    404    404    404    403    404    404    404    404    404    404    404
# The brand shows nothing of the room's content: its readers see it before the NDA, as its prompt names the company.
GET    /api/data-room/:id/brand                401    404    200    404    404    200    200    404    401    401    401    401    401    401    200    200
GET    /api/data-room/invite/:token/brand      404    404    404    404    404    404    404    404    200    404    404    404    404    404    404    404
`;

/**
 * The group dimension (docs/decisions/0068-investor-groups.md, docs/product-rules.md#groups): every
 * read of the room, and of anything in it, by readers whose group sees none of the room's sections (both
 * are shown to the room's default group only), and by an investor whose access ended. A section shown
 * to other groups, its document and its link answer exactly as ones that do not exist (the same status
 * and body), Download all of the deck's section (by its number) included; the room itself and what is
 * left of it they still read. An investor past the end of their access gets what a stranger to the
 * room gets.
 *
 * Columns, the callers (all made for this pass, in the room's group "Outside" but the last):
 *   grp-hidden   an investor member, signed in
 *   inv-hidden   a visitor with a valid invite token (no session): the invited view
 *   link-hidden  a reader who came by a share link of the group (its readers are members of it, ADR 71)
 *   expired      an investor member of the default group whose access ended (its end is in the past)
 */
const GROUP_MATRIX = `
route                                         grp-hidden inv-hidden link-hidden expired
GET    /api/data-room/:id                      200        401        200         404
GET    /api/data-room/:id/sections             200        401        200         404
GET    /api/data-room/:id/documents            200        401        200         404
GET    /api/data-room/:id/click                404        401        404         404
GET    /api/documents/:id/download             404        401        404         404
GET    /api/data-room/:id/download-all         404        401        404         404
GET    /api/documents/:id/preview              404        401        404         404
GET    /api/documents/:id/pages/:page          404        401        404         404
GET    /api/documents/:id/thumbnails/:page     404        401        404         404
GET    /api/documents/:id/pages/:page/words    404        401        404         404
GET    /api/documents/:id/text                 404        401        404         404
GET    /api/documents/:id/preview/content      404        401        404         404
POST   /api/documents/:id/views                404        401        404         404
POST   /api/views/:viewId/reports              404        401        404         404
GET    /api/data-room/invite/:token            404        200        404         404
GET    /api/data-room/invite/:token/sections   404        200        404         404
GET    /api/data-room/invite/:token/documents  404        200        404         404
GET    /api/data-room/invite/:token/click      404        404        404         404
POST   /api/data-room/:id/questions           404        401        404        404       
GET    /api/data-room/:id/questions           200        401        200        404       
POST   /api/data-room/:id/questions/seen      200        401        200        404       
GET    /api/data-room/:id/faq                 200        401        200        404       
GET    /api/documents/:id/questions           404        401        404        404       
GET    /api/data-room/invite/:token/faq       404        200        404        404       
GET    /api/data-room/:id/search              200        401        200        404
GET    /api/data-room/:id/search/notice       200        401        200        404
GET    /api/data-room/:id/ask                 200        401        200        404
POST   /api/data-room/:id/ask                 201        401        201        404
GET    /api/data-room/invite/:token/search    404        200        404        404
GET    /api/data-room/invite/:token/search/notice 404    200        404        404
GET    /api/data-room/:id/brand               200        401        200        404
GET    /api/data-room/invite/:token/brand     404        200        404        404
`;

/**
 * The same callers on the room's view-only document (its "Allow download" off, docs/decisions/
 * 0043-view-only-documents.md): the member may read it in the viewer, page images and a video's stream
 * included, but the download route refuses them with 403 view_only (they know the document, so 404
 * would lie); the owner still downloads it. Everyone else gets what they get for any document.
 */
const VIEW_ONLY_MATRIX = `
route                                         nobody outsider member revoked founder owner editor ex-editor invite inv-exp inv-del ses-exp ses-end impostor copied code
GET    /api/documents/:id/download            401    404      403    404     404     200   200    404       401    401     401     401     401     401    403    403
GET    /api/documents/:id/preview             401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/pages/:page         401    404      200    404     404     200   200    404       401    401     401     401     401     401    200    200
GET    /api/documents/:id/preview/content     401    404      206    404     404     206   206    404       401    401     401     401     401     401    206    206
POST   /api/documents/:id/views               401    404      201    404     404     200   200    404       401    401     401     401     401     401    201    201
`;

/**
 * API tokens (docs/decisions/0051-api-tokens-and-openapi.md), every route against each scope: a token
 * calls only the routes of its scopes (403 api_token_scope_missing on another scope's, 403
 * api_token_not_allowed on a cookie-only one), and there answers as the manager who made it; the public
 * routes answer it as anyone; a revoked or expired token gets 401 everywhere else.
 *
 * Columns, the tokens (each sent as `Authorization: Bearer rr_...`):
 *   tok-read      the owner's token with analytics:read (analytics and the access log)
 *   tok-docs      the owner's token with documents:write
 *   tok-invites   the owner's token with invitations:write
 *   tok-sections  the owner's token with sections:write
 *   tok-questions the owner's token with questions:write (the inbox and its answers)
 *   tok-editor    the editor's token with every scope: the editor's answers
 *   tok-other     another founder's token with every scope, on their own room: never ours
 *   tok-revoked   the owner's token with every scope, revoked
 *   tok-expired   the owner's token with every scope, past its expiry
 */
const TOKEN_MATRIX = `
route                                              tok-read     tok-docs     tok-invites  tok-sections tok-questions tok-editor   tok-other    tok-revoked  tok-expired
GET    /api/health                                  200          200          200          200          200          200          200          200          200
GET    /api/site                                    200          200          200          200          200          200          200          200          200
GET    /api/openapi.json                            200          200          200          200          200          200          200          200          200
GET    /api/auth/session                            403          403          403          403          403          403          403          401          401
POST   /api/auth/logout                             403          403          403          403          403          403          403          401          401
POST   /api/auth/magic-link                         403          403          403          403          403          403          403          401          401
POST   /api/auth/verify                             403          403          403          403          403          403          403          401          401
POST   /api/auth/verify-code                        403          403          403          403          403          403          403          401          401
POST   /api/complete-account-setup                  403          403          403          403          403          403          403          401          401
POST   /api/upgrade-with-promo                      403          403          403          403          403          403          403          401          401
POST   /api/validate-promo-code                     403          403          403          403          403          403          403          401          401
POST   /api/waitlist                                403          403          403          403          403          403          403          401          401
GET    /api/notifications/unsubscribe               403          403          403          403          403          403          403          401          401
POST   /api/notifications/unsubscribe               403          403          403          403          403          403          403          401          401
GET    /api/questions/unsubscribe                   403          403          403          403          403          403          403          401          401
POST   /api/questions/unsubscribe                   403          403          403          403          403          403          403          401          401
GET    /api/auth/me                                 403          403          403          403          403          403          403          401          401
GET    /api/my-accessible-data-rooms                403          403          403          403          403          403          403          401          401
GET    /api/auth/passkeys                           403          403          403          403          403          403          403          401          401
POST   /api/auth/passkeys/options                   403          403          403          403          403          403          403          401          401
POST   /api/auth/passkeys                           403          403          403          403          403          403          403          401          401
DELETE /api/auth/passkeys/:id                       403          403          403          403          403          403          403          401          401
POST   /api/auth/recovery-codes                     403          403          403          403          403          403          403          401          401
GET    /api/auth/sessions                           403          403          403          403          403          403          403          401          401
DELETE /api/auth/sessions/:id                       403          403          403          403          403          403          403          401          401
POST   /api/auth/sessions/end-others                403          403          403          403          403          403          403          401          401
POST   /api/auth/second-factor/options              403          403          403          403          403          403          403          401          401
POST   /api/auth/second-factor/passkey              403          403          403          403          403          403          403          401          401
POST   /api/auth/second-factor/recovery-code        403          403          403          403          403          403          403          401          401
POST   /api/auth/passkey-sign-in/options            403          403          403          403          403          403          403          401          401
POST   /api/auth/passkey-sign-in                    403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id                           403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/sections                  403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/documents                 403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/click                     403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/download                  403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/download-all              403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/preview                   403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/pages/:page               403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/thumbnails/:page          403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/pages/:page/words         403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/text                      403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/preview/content           403          403          403          403          403          403          403          401          401
POST   /api/documents/:id/views                     403          403          403          403          403          403          403          401          401
POST   /api/views/:viewId/reports                   403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token                 403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/sections        403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/documents       403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/click           403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/state           403          403          403          403          403          403          403          401          401
POST   /api/data-room/invite/:token/accept          403          403          403          403          403          403          403          401          401
GET    /api/my-data-room                            200          200          200          200          200          200          200          401          401
POST   /api/data-rooms                              403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/status                     403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/download-policy            403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/watermark                  403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/nda                        403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/nda                        403          403          403          403          403          403          403          401          401
GET    /api/admin/nda-acceptances                   200          403          403          403          403          200          200          401          401
GET    /api/sections/content                        403          403          403          200          403          200          200          401          401
GET    /api/sections/markdown                       403          403          403          200          403          200          200          401          401
POST   /api/sections/update                         403          403          403          200          403          200          200          401          401
GET    /api/invites                                 403          403          200          403          403          200          200          401          401
POST   /api/invites                                 403          403          201          403          403          201          201          401          401
POST   /api/invitations                             403          403          201          403          403          201          201          401          401
POST   /api/invites/bulk                            403          403          200          403          403          200          200          401          401
POST   /api/upload                                  403          201          403          403          403          201          201          401          401
POST   /api/upload/archive                          403          201          403          403          403          201          201          401          401
GET    /api/my-documents                            403          200          403          403          403          200          200          401          401
GET    /api/admin/users                             200          403          403          403          403          200          200          401          401
GET    /api/admin/invitations                       403          403          200          403          403          200          200          401          401
GET    /api/admin/sections                          403          403          403          200          403          200          200          401          401
GET    /api/admin/recent-documents                  200          403          403          403          403          200          200          401          401
GET    /api/admin/recent-access                     200          403          403          403          403          200          200          401          401
GET    /api/admin/analytics                         200          403          403          403          403          200          200          401          401
GET    /api/my-data-room/notifications              403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/notifications              403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/investor-messages          403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/investor-messages          403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/api-tokens                 403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/api-tokens                 403          403          403          403          403          403          403          401          401
DELETE /api/invites/:id                             403          403          204          403          403          204          404          401          401
POST   /api/invites/:id/resend                      403          403          201          403          403          201          404          401          401
POST   /api/invites/:id/link                        403          403          200          403          403          200          404          401          401
DELETE /api/documents/:id                           403          204          403          403          403          204          404          401          401
POST   /api/documents/:id/preview/retry             403          202          403          403          403          202          404          401          401
POST   /api/documents/:id/download-policy           403          200          403          403          403          200          404          401          401
POST   /api/documents/:id/title                     403          200          403          403          403          200          404          401          401
POST   /api/documents/:id/versions                  403          201          403          403          403          201          404          401          401
GET    /api/documents/:id/versions                  403          200          403          403          403          200          404          401          401
POST   /api/documents/:id/versions/:number/restore  403          201          403          403          403          201          404          401          401
DELETE /api/documents/:id/versions/:number          403          204          403          403          403          204          404          401          401
GET    /api/documents/:id/versions/:number/download 403          200          403          403          403          200          404          401          401
DELETE /api/my-data-room/api-tokens/:id             403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/groups                     403          403          200          403          403          200          200          401          401
GET    /api/my-data-room/preview                    403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/groups                     403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/groups/:id                 403          403          403          403          403          403          403          401          401
DELETE /api/my-data-room/groups/:id                 403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/investor-groups            403          403          200          403          403          200          404          401          401
POST   /api/my-data-room/investor-access            403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/section-visibility         403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/share-links                403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/share-links                403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/share-links/:id            403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/share-links/:id/address    403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/share-links/:id/readers    403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/share-links/:id/new-address 403         403          403          403          403          403          403          401          401
POST   /api/my-data-room/share-link-readers/:id     403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/document-links             403          403          403          403          403          403          403          401          401
GET    /api/share/:token                            403          403          403          403          403          403          403          401          401
POST   /api/share/:token/code                       403          403          403          403          403          403          403          401          401
POST   /api/share/:token/verify                     403          403          403          403          403          403          403          401          401
GET    /api/admin/analytics/documents/:documentId   200          403          403          403          403          200          404          401          401
GET    /api/admin/analytics/investors/:userId       200          403          403          403          403          200          404          401          401
GET    /api/admin/analytics/links                   200          403          403          403          403          200          200          401          401
GET    /api/admin/exports/access-log.csv            200          403          403          403          403          200          404          401          401
GET    /api/admin/exports/documents.csv             200          403          403          403          403          200          404          401          401
GET    /api/admin/exports/investors.csv             200          403          403          403          403          200          404          401          401
GET    /api/admin/exports/nda-acceptances.csv       200          403          403          403          403          200          404          401          401
GET    /api/admin/nda-acceptances/:id/record.pdf    200          403          403          403          403          200          404          401          401
GET    /api/admin/team                              403          403          403          403          403          403          403          401          401
POST   /api/admin/team                              403          403          403          403          403          403          403          401          401
DELETE /api/admin/team/:id                          403          403          403          403          403          403          403          401          401
POST   /api/data-room/:id/nda/acceptances           403          403          403          403          403          403          403          401          401
POST   /api/data-room/invite/:token/nda/acceptances 403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/webhooks                   403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/webhooks                   403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/webhooks/:id               403          403          403          403          403          403          403          401          401
DELETE /api/my-data-room/webhooks/:id               403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/webhooks/:id/rotate-secret 403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/webhooks/:id/test          403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/webhooks/:id/deliveries    403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/alerts                     403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/alerts                     403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/alerts/targets             403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/alerts/targets/:id         403          403          403          403          403          403          403          401          401
DELETE /api/my-data-room/alerts/targets/:id         403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/alerts/targets/:id/test    403          403          403          403          403          403          403          401          401

POST   /api/data-room/:id/questions                 403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/questions                 403          403          403          403          403          403          403          401          401
POST   /api/data-room/:id/questions/seen            403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/faq                       403          403          403          403          403          403          403          401          401
GET    /api/documents/:id/questions                 403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/faq             403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/questions                  403          403          403          403          200          200          200          401          401
GET    /api/my-data-room/questions/by-page          403          403          403          403          200          200          200          401          401
GET    /api/my-data-room/question-settings          403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/question-settings          403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/questions/:id/reply        403          403          403          403          200          200          404          401          401
POST   /api/my-data-room/questions/:id/publish      403          403          403          403          200          200          404          401          401
POST   /api/my-data-room/questions/:id/published    403          403          403          403          200          200          404          401          401
DELETE /api/my-data-room/questions/:id/published    403          403          403          403          200          200          404          401          401
GET    /api/admin/exports/questions.csv             200          403          403          403          403          200          404          401          401
GET    /api/admin/engagement                        200          403          403          403          403          200          200          401          401
GET    /api/admin/exports/engagement.csv            200          403          403          403          403          200          200          401          401
GET    /api/admin/exports/engagement.json           200          403          403          403          403          200          200          401          401
GET    /api/my-data-room/key-documents              403          200          403          403          403          200          200          401          401
POST   /api/documents/:id/key                       403          200          403          403          403          200          404          401          401
GET    /api/data-room/:id/search                    403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/search/notice             403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/ask                       403          403          403          403          403          403          403          401          401
POST   /api/data-room/:id/ask                       403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/search          403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/search/notice   403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/search                     403          200          403          403          403          200          200          401          401
GET    /api/my-data-room/searches                   200          403          403          403          403          200          200          401          401
GET    /api/my-data-room/mcp-calls                  200          403          403          403          403          200          200          401          401
GET    /api/my-data-room/search-settings            403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/search-settings            403          403          403          403          403          403          403          401          401
POST   /mcp                                         200          200          200          200          200          200          200          401          401
GET    /mcp                                         405          405          405          405          405          405          405          401          401
DELETE /mcp                                         405          405          405          405          405          405          405          401          401
GET    /api/my-data-room/passkey-requirement        403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/passkey-requirement        403          403          403          403          403          403          403          401          401
GET    /api/my-data-room/brand                      403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/brand                      403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/brand/logo                 403          403          403          403          403          403          403          401          401
DELETE /api/my-data-room/brand/logo                 403          403          403          403          403          403          403          401          401
POST   /api/my-data-room/brand/banner               403          403          403          403          403          403          403          401          401
DELETE /api/my-data-room/brand/banner               403          403          403          403          403          403          403          401          401
GET    /api/data-room/:id/brand                     403          403          403          403          403          403          403          401          401
GET    /api/data-room/invite/:token/brand           403          403          403          403          403          403          403          401          401
GET    /api/share/:token/brand                      403          403          403          403          403          403          403          401          401
GET    /api/brand/:id/:file                         403          403          403          403          403          403          403          401          401
`;

const TOKEN_CALLER_KEYS = [
  'tok-read',
  'tok-docs',
  'tok-invites',
  'tok-sections',
  'tok-questions',
  'tok-editor',
  'tok-other',
  'tok-revoked',
  'tok-expired',
] as const;
type TokenCallerKey = (typeof TOKEN_CALLER_KEYS)[number];
/** The token callers whose token works (the others hold a revoked or an expired one). */
type LiveTokenKey = Exclude<TokenCallerKey, 'tok-revoked' | 'tok-expired'>;
const ALL_SCOPES: ApiTokenScope[] = [
  'analytics:read',
  'documents:write',
  'invitations:write',
  'sections:write',
  'questions:write',
];

const TOKEN_CALLER_NAMES: Record<TokenCallerKey, string> = {
  'tok-read': 'an API token with analytics:read',
  'tok-docs': 'an API token with documents:write',
  'tok-invites': 'an API token with invitations:write',
  'tok-sections': 'an API token with sections:write',
  'tok-questions': 'an API token with questions:write',
  'tok-editor': "the editor's API token with every scope",
  'tok-other': "another founder's API token with every scope",
  'tok-revoked': 'a revoked API token',
  'tok-expired': 'an expired API token',
};
/** The tokens that act for the room: what they are allowed, they may see all of. */
const ROOM_TOKENS = new Set<string>([
  'tok-read',
  'tok-docs',
  'tok-invites',
  'tok-sections',
  'tok-questions',
  'tok-editor',
]);

const GROUP_CALLER_KEYS = ['grp-hidden', 'inv-hidden', 'link-hidden', 'expired'] as const;
type GroupCallerKey = (typeof GROUP_CALLER_KEYS)[number];

const GROUP_CALLER_NAMES: Record<GroupCallerKey, string> = {
  'grp-hidden': "a member whose group sees none of the room's sections",
  'inv-hidden': "a visitor with a valid invite token whose group sees none of the room's sections",
  'link-hidden': "a share link's reader whose group sees none of the room's sections",
  expired: 'a member whose access ended',
};

const CALLER_KEYS = [
  'nobody',
  'outsider',
  'member',
  'revoked',
  'founder',
  'owner',
  'editor',
  'ex-editor',
  'invite',
  'inv-exp',
  'inv-del',
  'ses-exp',
  'ses-end',
  'impostor',
  'copied',
  'code',
] as const;
type CallerKey = (typeof CALLER_KEYS)[number];

const CALLER_NAMES: Record<CallerKey, string> = {
  nobody: 'no session',
  outsider: 'an investor without access',
  member: 'an investor with access',
  revoked: 'an investor whose access was revoked',
  founder: 'another founder',
  owner: "the room's owner",
  editor: "the room's editor (a co-founder)",
  'ex-editor': 'an editor the owner removed',
  invite: 'a visitor with a valid invite token',
  'inv-exp': 'a visitor with an expired invite token',
  'inv-del': 'a visitor whose invitation was deleted',
  'ses-exp': "the owner's expired session",
  'ses-end': "the owner's logged-out session",
  impostor: "an impostor who signed up with an investor's e-mail",
  copied: "the holder of a copied invitation link for an existing account's address",
  code: 'a share-code reader with an existing account',
};

interface Row<Key extends string = CallerKey> {
  route: string;
  method: string;
  url: string;
  expected: Record<Key, number>;
}

function parseMatrix<Key extends string = CallerKey>(
  table: string,
  keys: readonly Key[] = CALLER_KEYS as unknown as readonly Key[],
): Row<Key>[] {
  const lines = table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const [header, ...rows] = lines;
  const columns = header?.split(/\s+/).slice(1);
  if (JSON.stringify(columns) !== JSON.stringify(keys))
    throw new Error(`the matrix's columns must be ${keys.join(' ')}`);
  return rows.map((line) => {
    const [method = '', url = '', ...statuses] = line.split(/\s+/);
    if (statuses.length !== keys.length || statuses.some((status) => !/^\d{3}$/.test(status)))
      throw new Error(`matrix row "${line}" needs one status per caller`);
    const expected = Object.fromEntries(keys.map((key, index) => [key, Number(statuses[index])]));
    return { route: `${method} ${url}`, method, url, expected: expected as Record<Key, number> };
  });
}

const ROWS = parseMatrix(MATRIX);
const TOKEN_ROWS = parseMatrix(TOKEN_MATRIX, TOKEN_CALLER_KEYS);
const VIEW_ONLY_ROWS = parseMatrix(VIEW_ONLY_MATRIX);
const NDA_ROWS = parseMatrix(NDA_MATRIX);
const GROUP_ROWS = parseMatrix(GROUP_MATRIX, GROUP_CALLER_KEYS);

// ---------------------------------------------------------------------------------------------------
// The world: one room full of canaries, and one of each caller.

interface Caller {
  key: CallerKey | TokenCallerKey | GroupCallerKey;
  /** Sent as `Authorization: Bearer` (a session token, or a visitor's invite token), if any. */
  bearer?: string;
  /** The token this caller presents on :token routes. */
  inviteToken: string;
  /**
   * A new session in the same state as this caller's, for the cells that end one (logout): ending the
   * caller's own would change what every later cell tests, and could hide a bug there.
   */
  anotherSession?: () => Promise<string>;
  /** The caller's own e-mail and name: seeing them is not a leak. */
  ownCanaries: string[];
  /** An API token of the room in a cell where it is allowed: its writes take effect, like a manager's. */
  actsForRoom?: boolean;
}

interface World {
  roomId: string;
  /** The member's user id: the investor the founder's analytics are about. */
  memberUserId: string;
  documentId: string;
  /** An image of the room, for the content route (the document above is read page by page). */
  imageDocumentId: string;
  /** A deck and a video of the room whose owner turned "Allow download" off. */
  viewOnlyDocumentId: string;
  viewOnlyVideoId: string;
  /** The visitor's pending invitation: what outsiders try to delete. */
  pendingInvitationId: string;
  /** The editor's place on the team: what everyone but the owner tries to remove. */
  editorMemberId: string;
  externalUrl: string;
  /** The NDA's text (off in the main matrix) and the member's acceptance of it. */
  ndaText: string;
  ndaAcceptanceId: string;
  /** What a member who has not accepted the NDA may see of the room: the agreement and whose it is. */
  ndaPromptCanaries: string[];
  /** What anyone holding an open share link may see before the proof: whose room it is (ADR 71). */
  shareGateCanaries: string[];
  profile: Record<string, unknown>;
  markdown: string;
  canaries: string[];
  /** The canaries that name the room's investors and invitees: even members never see each other's. */
  inviteeCanaries: string[];
  /** Canaries of rows the owner deleted: no route shows them to anyone, the owner included. */
  retiredCanaries: string[];
  /** A founder with no tie to the room: public cells sign in and send links as them. */
  bystanderEmail: string;
  /** The unsubscribe token of a notification mail about another room (the public unsubscribe cells). */
  bystanderUnsubscribeToken: string;
  /** The unsubscribe token of an answer mail to an investor of another room. */
  bystanderAnswersToken: string;
  /** The room's webhook endpoint, delivering to a receiver in this test (ADR 52). */
  webhookEndpointId: string;
  /** The room's Slack alert target, posting to the same receiver (ADR 90). */
  alertTargetId: string;
  owner: SignedIn;
  callers: Record<CallerKey, Caller>;
  /** The API-token callers of the token matrix. */
  tokenCallers: Record<TokenCallerKey, Caller>;
  /** New working tokens for the token callers that hold one (the token pass mints its own: see there). */
  mintLiveTokens: () => Promise<Record<LiveTokenKey, string>>;
  /** The owner's analytics:read token: what everyone but the room's managers tries to revoke. */
  apiTokenId: string;
  /** A share link of the room asking for approval, its secret, and a reader waiting at it (ADR 71). */
  shareLink: PendingShareReader;
  /** The member's question about the deck's first page, published to the FAQ (ADR 73). */
  questionId: string;
}

const PROMO_CODE = 'MATRIX100';
const pdfWith = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\ntrailer\n%%EOF\n`);

function pngForm(fileName: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([SAMPLE_FILES.png]), fileName);
  return data;
}

function pdfForm(fileName: string, text: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([pdfWith(text)]), fileName);
  return data;
}

/** A small PNG, as a logo or banner's form (the brand's routes, ADR 94). */
async function brandImageForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#2557e2' } })
    .png()
    .toBuffer();
  const data = new FormData();
  data.append('file', new Blob([png]), 'logo.png');
  return data;
}

/** The path of the room's logo as it is now: the owner uploads it first (the same bytes, the same path). */
async function currentLogoPath(): Promise<string> {
  const uploaded = await expectStatus(
    t.call(brandRoutes.uploadLogo, { form: await brandImageForm(), as: w.owner }),
    200,
  );
  const logoUrl = (uploaded.json as { logoUrl: string | null }).logoUrl;
  if (!logoUrl) throw new Error('the logo was not kept');
  return logoUrl;
}

function zipForm(fileName: string, files: Record<string, Buffer>): FormData {
  const data = new FormData();
  data.append('file', new Blob([zipOf(files)]), fileName);
  return data;
}

function mp4Form(fileName: string): FormData {
  const data = new FormData();
  const bytes = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    crypto.randomBytes(256),
  ]);
  data.append('file', new Blob([bytes]), fileName);
  return data;
}

/** Uploads a file to the owner's room and turns its "Allow download" off. */
async function uploadedViewOnly(owner: SignedIn, form: FormData): Promise<string> {
  const uploaded = await expectStatus(t.call(documentRoutes.upload, { form, as: owner }), 201);
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  await expectStatus(
    t.call(documentRoutes.setDownloadPolicy, {
      params: { id: documentId },
      body: { policy: 'view_only' },
      as: owner,
    }),
    200,
  );
  return documentId;
}

/** A well-formed token that no invitation ever had. */
const unissuedToken = () => crypto.randomBytes(32).toString('base64url');

let t: TestApp;
let w: World;
let receiver: WebhookReceiver;
const registeredRoutes: string[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await startTestApp({
    // Every cell of the owner and the editor that invites sends from the one room; webhooks go to the
    // receiver on 127.0.0.1.
    environment: {
      PROMO_CODES: PROMO_CODE,
      INVITATIONS_PER_DAY: '1000',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
    onRoute: (route) => {
      for (const method of [route.method].flat()) registeredRoutes.push(`${method} ${route.url}`);
    },
  });
  w = await buildWorld();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function expectStatus(response: Promise<TestResponse>, status: number): Promise<TestResponse> {
  const answered = await response;
  expect(answered.status, answered.text).toBe(status);
  return answered;
}

async function invitationIdOf(founder: SignedIn, email: string): Promise<string> {
  const list = (await t.call(invitationRoutes.mine, { as: founder })).json;
  const found = list.find((invitation) => invitation.email === email);
  if (!found) throw new Error(`no invitation for ${email}`);
  return found.id;
}

async function buildWorld(): Promise<World> {
  const tag = crypto.randomBytes(4).toString('hex');
  const canaries: string[] = [];
  const canary = (label: string) => {
    const value = `cnry-${label}-${tag}`;
    canaries.push(value);
    return value;
  };
  const ownerEmail = `${canary('owner')}@example.com`;
  const companyName = canary('company');
  await createFounder(t, { email: ownerEmail, companyName });
  // Founders sign in once with a link, as they do to come back: that ends the sign-up's session.
  const owner = await signInWithMagicLink(t, ownerEmail);
  const profile = {
    name: companyName,
    description: `We make ${canary('description')}.`,
    stage: 'Seed',
    foundedYear: 2020,
    website: `https://${canary('website')}.example`,
  };
  await expectStatus(t.call(roomRoutes.saveProfile, { rawBody: profile, as: owner }), 200);
  const room = (await t.call(roomRoutes.mine, { as: owner })).json;

  const uploaded = await expectStatus(
    t.call(documentRoutes.upload, {
      form: pdfForm(`${canary('doctitle')}.pdf`, canary('filecontent')),
      as: owner,
    }),
    201,
  );
  const documentId = (uploaded.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, documentId, { kind: 'pages', pages: 2, texts: [canary('pagetext'), ''] });
  const uploadedImage = await expectStatus(
    t.call(documentRoutes.upload, { form: pngForm(`${canary('imagetitle')}.png`), as: owner }),
    201,
  );
  const imageDocumentId = (uploadedImage.json as { document: { id: string } }).document.id;
  await storeReadyPreview(t, imageDocumentId, { kind: 'image', width: 640, height: 480 });
  const viewOnlyDocumentId = await uploadedViewOnly(
    owner,
    pdfForm(`${canary('viewonlytitle')}.pdf`, canary('viewonlycontent')),
  );
  await storeReadyPreview(t, viewOnlyDocumentId, { kind: 'pages', pages: 1 });
  const viewOnlyVideoId = await uploadedViewOnly(owner, mp4Form('Walkthrough.mp4'));
  await storeReadyPreview(t, viewOnlyVideoId, { kind: 'video' });
  const externalUrl = `https://${canary('link')}.example/deck`;
  const markdown = [
    '# Company Information',
    `name: ${profile.name}`,
    '',
    `## ${canary('section-one')}`,
    `- [${canary('uploadlink')}](${apiPath(documentRoutes.download, { params: { id: documentId } })})`,
    // Linked, as investors meet documents: in a room with more than one group (the group pass makes one,
    // and the groups cells add throwaways), a document linked in no section is for managers only.
    `- [Photo](${apiPath(documentRoutes.download, { params: { id: imageDocumentId } })})`,
    `- [Model, view only](${apiPath(documentRoutes.download, { params: { id: viewOnlyDocumentId } })})`,
    `- [Walkthrough](${apiPath(documentRoutes.download, { params: { id: viewOnlyVideoId } })})`,
    '',
    `## ${canary('section-two')}`,
    `- [${canary('linktitle')}](${externalUrl})`,
    '',
  ].join('\n');
  await expectStatus(t.call(roomRoutes.saveSections, { body: { content: markdown }, as: owner }), 200);

  // The NDA: the member accepts a first text, then the owner turns it off (the NDA pass turns it on again
  // with a new text).
  const ndaText = `# Confidentiality\n\nKeep ${canary('ndatext')} to yourself.`;
  await expectStatus(
    t.call(ndaRoutes.saveSettings, { body: { isRequired: true, text: ndaText }, as: owner }),
    200,
  );

  // The FAQ's published wording and answer are the room's content; what the member asked is theirs.
  const faqQuestion = `What is ${canary('faq-question')}?`;
  const faqAnswer = `It is ${canary('faq-answer')}.`;

  // Investors: one with access, one whose access the founder revoked after they signed in.
  const firstInviteeCanary = canaries.length;
  const memberEmail = `${canary('member')}@example.com`;
  const memberName = `Ivy ${canary('member-name')}`;
  const memberInviteToken = await invite(t, owner, memberEmail, memberName);
  const member = await signInWithMagicLink(t, memberEmail);
  const ndaVersionId = (
    (await t.call(ndaRoutes.settings, { as: owner })).json as {
      version: { id: string };
    }
  ).version.id;
  const accepted = await expectStatus(
    t.call(ndaRoutes.accept, {
      params: { id: room.id },
      body: { versionId: ndaVersionId, signerName: memberName, agree: true },
      as: member,
    }),
    201,
  );
  await expectStatus(
    t.call(ndaRoutes.saveSettings, { body: { isRequired: false, text: ndaText }, as: owner }),
    200,
  );
  // The member asks about the deck's first page; the owner publishes it under their own wording.
  const askedText = `Asked by the member: ${canary('asked')}`;
  const asked = await expectStatus(
    t.call(questionRoutes.ask, {
      params: { id: room.id },
      body: { about: { kind: 'document', documentId, page: 1 }, text: askedText },
      as: member,
    }),
    201,
  );
  const questionId = (asked.json as { id: string }).id;
  await expectStatus(
    t.call(questionRoutes.publish, {
      params: { id: questionId },
      body: { question: faqQuestion, answer: faqAnswer },
      as: owner,
    }),
    200,
  );
  const revokedEmail = `${canary('revoked')}@example.com`;
  const revokedName = `Rex ${canary('revoked-name')}`;
  const revokedInviteToken = await invite(t, owner, revokedEmail, revokedName);
  const revoked = await signInWithMagicLink(t, revokedEmail);
  await expectStatus(
    t.call(invitationRoutes.remove, { params: { id: await invitationIdOf(owner, revokedEmail) }, as: owner }),
    204,
  );

  // Co-founders: one the owner invited as an editor, and one the owner removed after they signed in.
  const editorEmail = `${canary('editor')}@example.com`;
  const editorName = `Edda ${canary('editor-name')}`;
  const { memberId: editorMemberId } = await inviteEditor(t, owner, editorEmail, editorName);
  const editor = await signInWithMagicLink(t, editorEmail);
  const exEditorEmail = `${canary('exeditor')}@example.com`;
  const exEditorName = `Xander ${canary('exeditor-name')}`;
  const exEditorInvitation = await inviteEditor(t, owner, exEditorEmail, exEditorName);
  const exEditor = await signInWithMagicLink(t, exEditorEmail);
  // A warm cache first: the removal must be seen by the ex-editor's very next request.
  await expectStatus(t.call(roomRoutes.mine, { as: exEditor }), 200);
  await expectStatus(
    t.call(teamRoutes.removeEditor, { params: { id: exEditorInvitation.memberId }, as: owner }),
    204,
  );

  // Visitors: a pending invitation, an expired one, and one the founder deleted before it was used.
  const visitorEmail = `${canary('visitor')}@example.com`;
  const visitorName = `Vera ${canary('visitor-name')}`;
  const visitorToken = await invite(t, owner, visitorEmail, visitorName);
  const expiredEmail = `${canary('expired')}@example.com`;
  const expiredToken = await invite(t, owner, expiredEmail, `Eli ${canary('expired-name')}`);
  await t.app.database.db
    .updateTable('invitations')
    .set({ expires_at: Date.now() - 60_000 })
    .where('email', '=', expiredEmail)
    .execute();
  const deletedEmail = `${canary('deleted')}@example.com`;
  const deletedName = `Dee ${canary('deleted-name')}`;
  const deletedToken = await invite(t, owner, deletedEmail, deletedName);
  await expectStatus(
    t.call(invitationRoutes.remove, { params: { id: await invitationIdOf(owner, deletedEmail) }, as: owner }),
    204,
  );

  // An impostor signs up with an investor's e-mail (sign-up proves no mailbox); the owner then invites
  // that e-mail, and the investor signs in with the link sent to them.
  const impostorSession = async (investorEmail: string, investorName: string) => {
    const impostor = await createFounder(t, { email: investorEmail });
    await invite(t, owner, investorEmail, investorName);
    await signInWithMagicLink(t, investorEmail);
    return impostor.token;
  };
  const squattedEmail = `${canary('squatted')}@example.com`;
  const squattedName = `Sam ${canary('squatted-name')}`;
  const impostorToken = await impostorSession(squattedEmail, squattedName);

  // Another founder, with an investor of their own: the outsider.
  const otherFounder = await signInWithMagicLink(t, (await createFounder(t)).user.email);
  const outsiderEmail = uniqueEmail('outsider');
  await invite(t, otherFounder, outsiderEmail, 'Olga Outsider');
  const outsider = await signInWithMagicLink(t, outsiderEmail);
  const bystander = await createFounder(t);
  // The bystander's room has an investor whose first visit mails the bystander an unsubscribe link.
  const bystanderSession = await signInWithMagicLink(t, bystander.user.email);
  const bystanderInvestorEmail = uniqueEmail('bystander-investor');
  await invite(t, bystanderSession, bystanderInvestorEmail, 'Bea Bystander');
  const bystanderInvestor = await signInWithMagicLink(t, bystanderInvestorEmail);
  const bystanderRoom = (await t.call(roomRoutes.mine, { as: bystanderSession })).json;
  await expectStatus(
    t.call(roomRoutes.room, { params: { id: bystanderRoom.id }, as: bystanderInvestor }),
    200,
  );
  const firstVisitMail = await t.smtp.waitForMessage(
    (mail) =>
      (mail.subject ?? '').startsWith('Bea Bystander opened') &&
      (mail.text ?? '').includes('/unsubscribe?token='),
  );
  const bystanderUnsubscribeToken =
    new URL(linkIn(firstVisitMail, `${t.config.appUrl}/unsubscribe?token=`)).searchParams.get('token') ?? '';
  // The bystander's investor asks; the answer mails them the unsubscribe link of answer mails (ADR 92).
  const bystanderQuestion = await expectStatus(
    t.call(questionRoutes.ask, {
      params: { id: bystanderRoom.id },
      body: { about: { kind: 'room' }, text: 'Round size?' },
      as: bystanderInvestor,
    }),
    201,
  );
  await expectStatus(
    t.call(questionRoutes.reply, {
      params: { id: (bystanderQuestion.json as { id: string }).id },
      body: { answer: 'Two million.' },
      as: bystanderSession,
    }),
    200,
  );
  const answerMail = await t.smtp.waitForMessage(
    (mail) =>
      recipientsOf(mail).includes(bystanderInvestorEmail) && (mail.text ?? '').includes('Two million.'),
  );
  const bystanderAnswersToken =
    new URL(linkIn(answerMail, `${t.config.appUrl}/unsubscribe/answers?token=`)).searchParams.get('token') ??
    '';

  // Two more sessions of the owner: one expired, one logged out.
  const expiredOwnerSession = async () => {
    const session = await signInWithMagicLink(t, ownerEmail);
    await t.app.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 60_000 })
      .where('token_hash', '=', hashToken(session.token))
      .execute();
    return session.token;
  };
  const loggedOutOwnerSession = async () => {
    const session = await signInWithMagicLink(t, ownerEmail);
    await expectStatus(t.call(authRoutes.logout, { as: session }), 204);
    return session.token;
  };

  const signedIn = (session: SignedIn, email: string, ownCanaries: string[] = []): Omit<Caller, 'key'> => ({
    bearer: session.token,
    inviteToken: unissuedToken(),
    anotherSession: async () => (await signInWithMagicLink(t, email)).token,
    ownCanaries,
  });
  const visitor = (token: string, ownCanaries: string[] = []): Omit<Caller, 'key'> => ({
    bearer: token,
    inviteToken: token,
    ownCanaries,
  });
  // The two holders of a proof of one room (ADR 74), each for the address of another room's founder: an
  // invitation link the owner copied and opened, and a share link's code.
  const copiedLinkHolder = async () => {
    const victim = await createFounder(t);
    const invited = await expectStatus(
      t.call(invitationRoutes.create, { body: { email: victim.user.email }, as: owner }),
      201,
    );
    const invitationId = (invited.json as { invitation: { id: string } }).invitation.id;
    const copied = await expectStatus(
      t.call(invitationRoutes.copyLink, { params: { id: invitationId }, as: owner }),
      200,
    );
    const token = new URL((copied.json as { link: string }).link).searchParams.get('invite') ?? '';
    const opened = await expectStatus(
      t.call(authRoutes.acceptInvitation, { params: { token }, headers: { origin: t.config.appUrl } }),
      200,
    );
    return {
      session: (opened.json as { token: string }).token,
      inviteToken: token,
      email: victim.user.email,
    };
  };
  const copied = await copiedLinkHolder();
  const roomShareLink = await expectStatus(
    t.call(shareLinkRoutes.create, { body: { name: 'Matrix link', groupId: room.id }, as: owner }),
    201,
  );
  const roomShareToken = ((url: string) => url.slice(url.lastIndexOf('/') + 1))(
    (roomShareLink.json as { url: string }).url,
  );
  const shareCodeReader = async () => {
    const { user } = await createFounder(t);
    return { session: await shareLinkEntry(roomShareToken, user.email), email: user.email };
  };
  const codeReader = await shareCodeReader();

  const callers: Record<CallerKey, Omit<Caller, 'key'>> = {
    nobody: { inviteToken: unissuedToken(), ownCanaries: [] },
    outsider: signedIn(outsider, outsiderEmail),
    member: {
      ...signedIn(member, memberEmail, [memberEmail, memberName, askedText]),
      inviteToken: memberInviteToken,
    },
    revoked: {
      ...signedIn(revoked, revokedEmail, [revokedEmail, revokedName]),
      inviteToken: revokedInviteToken,
    },
    founder: signedIn(otherFounder, otherFounder.user.email),
    owner: signedIn(owner, ownerEmail),
    editor: signedIn(editor, editorEmail, [editorEmail, editorName]),
    'ex-editor': signedIn(exEditor, exEditorEmail, [exEditorEmail, exEditorName]),
    invite: visitor(visitorToken, [visitorEmail, visitorName]),
    // Their own address is theirs to see: an invitation link's state names it.
    'inv-exp': visitor(expiredToken, [expiredEmail]),
    'inv-del': visitor(deletedToken, [deletedEmail, deletedName]),
    'ses-exp': {
      bearer: await expiredOwnerSession(),
      inviteToken: unissuedToken(),
      anotherSession: expiredOwnerSession,
      ownCanaries: [],
    },
    'ses-end': {
      bearer: await loggedOutOwnerSession(),
      inviteToken: unissuedToken(),
      anotherSession: loggedOutOwnerSession,
      ownCanaries: [],
    },
    impostor: {
      bearer: impostorToken,
      inviteToken: unissuedToken(),
      anotherSession: () => impostorSession(uniqueEmail('squatted'), 'Sam Squatted'),
      ownCanaries: [squattedEmail],
    },
    copied: {
      bearer: copied.session,
      inviteToken: copied.inviteToken,
      anotherSession: async () => (await copiedLinkHolder()).session,
      ownCanaries: [copied.email],
    },
    code: {
      bearer: codeReader.session,
      inviteToken: unissuedToken(),
      anotherSession: async () => (await shareCodeReader()).session,
      ownCanaries: [codeReader.email],
    },
  };

  // API tokens: four of the owner's, one scope each; the editor's and another founder's with every scope;
  // and the owner's revoked and expired ones.
  const ownerToken = (scopes: ApiTokenScope[], name = 'Matrix token') =>
    createApiToken(t, owner, { name, scopes });
  const readTokenName = `Sync ${canary('tokenname')}`;
  const readToken = await ownerToken(['analytics:read'], readTokenName);
  const revokedToken = await ownerToken(ALL_SCOPES);
  await expectStatus(t.call(apiTokenRoutes.revoke, { params: { id: revokedToken.id }, as: owner }), 204);
  const expiredApiToken = await ownerToken(ALL_SCOPES);
  await t.app.database.db
    .updateTable('api_tokens')
    .set({ expires_at: Date.now() - 60_000 })
    .where('id', '=', expiredApiToken.id)
    .execute();
  const mintLiveTokens = async (): Promise<Record<LiveTokenKey, string>> => ({
    'tok-read': (await ownerToken(['analytics:read'], readTokenName)).secret,
    'tok-docs': (await ownerToken(['documents:write'])).secret,
    'tok-invites': (await ownerToken(['invitations:write'])).secret,
    'tok-sections': (await ownerToken(['sections:write'])).secret,
    'tok-questions': (await ownerToken(['questions:write'])).secret,
    'tok-editor': (await createApiToken(t, editor, { scopes: ALL_SCOPES })).secret,
    'tok-other': (await createApiToken(t, otherFounder, { scopes: ALL_SCOPES })).secret,
  });
  const tokenSecrets: Record<TokenCallerKey, string> = {
    ...(await mintLiveTokens()),
    'tok-revoked': revokedToken.secret,
    'tok-expired': expiredApiToken.secret,
  };

  const webhook = await expectStatus(
    t.call(webhookRoutes.addEndpoint, {
      body: { url: `${receiver.url}/world`, events: ['document.uploaded'] },
      as: owner,
    }),
    201,
  );

  const alertTarget = await expectStatus(
    t.call(alertRoutes.addTarget, {
      body: { kind: 'slack', url: `${receiver.url}/alerts-world`, triggers: ['first_visit'] },
      as: owner,
    }),
    201,
  );

  return {
    alertTargetId: (alertTarget.json as { id: string }).id,
    tokenCallers: Object.fromEntries(
      TOKEN_CALLER_KEYS.map((key) => [
        key,
        { key, bearer: tokenSecrets[key], inviteToken: unissuedToken(), ownCanaries: [] } as Caller,
      ]),
    ) as Record<TokenCallerKey, Caller>,
    mintLiveTokens,
    apiTokenId: readToken.id,
    shareLink: await pendingShareReader(owner),
    questionId,
    webhookEndpointId: (webhook.json as { endpoint: { id: string } }).endpoint.id,
    roomId: room.id,
    memberUserId: member.user.id,
    documentId,
    imageDocumentId,
    viewOnlyDocumentId,
    viewOnlyVideoId,
    pendingInvitationId: await invitationIdOf(owner, visitorEmail),
    editorMemberId,
    externalUrl,
    ndaText,
    ndaAcceptanceId: (accepted.json as { acceptance: { id: string } }).acceptance.id,
    ndaPromptCanaries: canaries.filter((value) => companyName.includes(value) || ndaText.includes(value)),
    shareGateCanaries: canaries.filter((value) => companyName.includes(value)),
    profile,
    markdown,
    canaries,
    inviteeCanaries: canaries.slice(firstInviteeCanary),
    retiredCanaries: canaries.filter((value) =>
      [revokedEmail, revokedName, deletedEmail, deletedName, exEditorEmail, exEditorName].some((retired) =>
        retired.includes(value),
      ),
    ),
    bystanderEmail: bystander.user.email,
    bystanderUnsubscribeToken,
    bystanderAnswersToken,
    owner,
    callers: Object.fromEntries(CALLER_KEYS.map((key) => [key, { key, ...callers[key] }])) as Record<
      CallerKey,
      Caller
    >,
  };
}

// ---------------------------------------------------------------------------------------------------
// How each route is called. Writes that the owner is allowed act on throwaway resources or write what
// is already there, so every cell leaves the room as the next one expects it.

interface Call {
  /** The concrete path; defaults to the route's own when it has no parameters. */
  path?: string;
  json?: unknown;
  form?: FormData;
  /** A session to send instead of the caller's own (a throwaway one, for logout). */
  session?: string;
  /** Headers besides the caller's credentials (a Range). */
  headers?: Record<string, string>;
}
type Plan = (caller: Caller) => Call | Promise<Call>;

const NEUTRAL_PROFILE = { name: 'Plain Company', description: 'Widgets.', stage: 'Seed', website: '' };
const NEUTRAL_MARKDOWN = '# Company Information\nname: Plain Company\n\n## Overview\n';
/** The room's owner and its editor manage it: their writes act on throwaway resources or change nothing. */
const managesRoom = (caller: Caller) =>
  caller.key === 'owner' || caller.key === 'editor' || caller.actsForRoom === true;
const newFounder = () => ({ name: 'Nia New', email: uniqueEmail('signup'), companyName: 'Fresh Co' });

async function throwawayInvitation(): Promise<string> {
  const created = await expectStatus(
    t.call(invitationRoutes.create, { body: { email: uniqueEmail('throwaway') }, as: w.owner }),
    201,
  );
  return (created.json as { invitation: { id: string } }).invitation.id;
}

async function throwawayWebhookEndpoint(): Promise<string> {
  const created = await expectStatus(
    t.call(webhookRoutes.addEndpoint, {
      body: { url: `${receiver.url}/throwaway-${crypto.randomUUID()}`, events: ['nda.accepted'] },
      as: w.owner,
    }),
    201,
  );
  return (created.json as { endpoint: { id: string } }).endpoint.id;
}

async function throwawayAlertTarget(): Promise<string> {
  const created = await expectStatus(
    t.call(alertRoutes.addTarget, {
      body: {
        kind: 'teams',
        url: `${receiver.url}/throwaway-${crypto.randomUUID()}`,
        triggers: ['downloaded'],
      },
      as: w.owner,
    }),
    201,
  );
  return (created.json as { id: string }).id;
}

async function throwawayEditorInvitation(): Promise<string> {
  return (await inviteEditor(t, w.owner, uniqueEmail('throwaway-cofounder'))).memberId;
}

async function throwawayGroup(): Promise<string> {
  const created = await expectStatus(
    t.call(groupRoutes.create, { body: { name: `Throwaway ${crypto.randomUUID()}` }, as: w.owner }),
    201,
  );
  return (created.json as { id: string }).id;
}

/** A throwaway question of the member's, stored as asked (open) or already published. */
async function throwawayQuestion(state: 'open' | 'published' = 'open'): Promise<string> {
  const id = crypto.randomUUID();
  const now = Date.now();
  const published = state === 'published';
  await t.app.database.db
    .insertInto('questions')
    .values({
      id,
      room_id: w.roomId,
      asker_id: w.memberUserId,
      subject_kind: 'room',
      text: 'Throwaway question',
      state,
      answer: published ? 'Throwaway answer' : null,
      published_question: published ? 'Throwaway question' : null,
      created_at: now,
      answered_at: published ? now : null,
      published_at: published ? now : null,
      answer_changed_at: published ? now : null,
    })
    .execute();
  return id;
}

interface PendingShareReader {
  id: string;
  token: string;
  readerId: string;
}

/** A share link of the room that asks for approval, and a reader who proved an address and waits at it. */
async function pendingShareReader(owner: SignedIn): Promise<PendingShareReader> {
  const made = await expectStatus(
    t.call(shareLinkRoutes.create, {
      body: {
        name: `Matrix link ${crypto.randomUUID()}`,
        groupId: (await roomIdOf(owner)) ?? '',
        requiresApproval: true,
      },
      as: owner,
    }),
    201,
  );
  const { link, url } = made.json as { link: { id: string }; url: string };
  const token = url.slice(url.lastIndexOf('/') + 1);
  const email = uniqueEmail('share-reader');
  const browser = aBrowser();
  await expectStatus(
    t.call(shareLinkRoutes.requestCode, { params: { token }, body: { email }, headers: browser }),
    200,
  );
  const mail = await t.smtp.waitForMessage(
    (m) => recipientsOf(m).includes(email) && /is your (?:Roundroom )?code/.test(m.subject ?? ''),
  );
  const code = (mail.subject ?? '').slice(0, 6);
  await expectStatus(
    t.call(shareLinkRoutes.verify, {
      params: { token },
      body: { email, code },
      headers: { origin: t.config.appUrl, ...browser },
    }),
    200,
  );
  const listed = await expectStatus(t.call(shareLinkRoutes.list, { as: owner }), 200);
  const links = (listed.json as { links: { id: string; readers: { id: string }[] }[] }).links;
  const readerId = links.find((each) => each.id === link.id)?.readers[0]?.id ?? '';
  return { id: link.id, token, readerId };
}

async function roomIdOf(owner: SignedIn): Promise<string | undefined> {
  const room = await t.call(roomRoutes.mine, { as: owner });
  return room.json.id;
}

async function memberEmail(): Promise<string> {
  const row = await t.app.database.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', w.memberUserId)
    .executeTakeFirstOrThrow();
  return row.email;
}

async function throwawayDocument(): Promise<string> {
  const uploaded = await expectStatus(
    t.call(documentRoutes.upload, { form: pdfForm('Throwaway.pdf', 'throwaway'), as: w.owner }),
    201,
  );
  return (uploaded.json as { document: { id: string } }).document.id;
}

/**
 * A throwaway video: videos have nothing to prepare, so a new version of it, or a restore, is current at
 * once and nothing changes after the cell (docs/decisions/0069-document-versions.md).
 */
async function throwawayVideo(): Promise<string> {
  const uploaded = await expectStatus(
    t.call(documentRoutes.upload, { form: mp4Form('Throwaway.mp4'), as: w.owner }),
    201,
  );
  return (uploaded.json as { document: { id: string } }).document.id;
}

/** A throwaway video whose file was replaced by another: it has a version 1 that is not current. */
async function replacedThrowawayDocument(): Promise<string> {
  const documentId = await throwawayVideo();
  await expectStatus(
    t.call(documentRoutes.replaceFile, {
      params: { id: documentId },
      form: mp4Form('Replaced.mp4'),
      as: w.owner,
    }),
    201,
  );
  return documentId;
}

async function throwawayFailedDocument(): Promise<string> {
  const documentId = await throwawayDocument();
  await storeFailedPreview(t, documentId, 'corrupt');
  return documentId;
}

/** A new view of the room's document, opened by this caller. */
async function viewOf(caller: Caller): Promise<string> {
  const opened = await expectStatus(
    t.call(readingRoutes.openView, {
      params: { id: w.documentId },
      headers: { authorization: `Bearer ${caller.bearer}` },
    }),
    201,
  );
  return (opened.json as { viewId: string }).viewId;
}

/** A new view of the room's document, opened by the member (each report cell reports on its own). */
async function memberView(): Promise<string> {
  const opened = await expectStatus(
    t.call(readingRoutes.openView, {
      params: { id: w.documentId },
      headers: { authorization: `Bearer ${w.callers.member.bearer}` },
    }),
    201,
  );
  return (opened.json as { viewId: string }).viewId;
}

const rpId = () => new URL(t.config.appUrl).hostname;
const origin = () => new URL(t.config.appUrl).origin;

/** The caller's own registration options, or (for a caller who cannot ask) a real challenge of someone else's. */
async function registrationOptions(caller: Caller): Promise<{ challenge: string }> {
  const own = await t.call(passkeyRoutes.registrationOptions, {
    headers: caller.bearer ? { authorization: `Bearer ${caller.bearer}` } : {},
  });
  if (own.status === 200) return own.json;
  const others = await t.call(passkeyRoutes.registrationOptions, { as: w.owner });
  return others.json;
}

/** A passkey the caller registers now, when they can: its id. */
async function ownPasskey(caller: Caller): Promise<string | undefined> {
  if (!caller.bearer) return undefined;
  const auth = { authorization: `Bearer ${caller.bearer}` };
  const options = await t.call(passkeyRoutes.registrationOptions, { headers: auth });
  if (options.status !== 200) return undefined;
  const authenticator = new SoftwareAuthenticator(rpId(), origin());
  const added = await expectStatus(
    t.call(passkeyRoutes.add, {
      rawBody: { response: authenticator.register(options.json) },
      headers: auth,
    }),
    201,
  );
  return (added.json as { passkey: { id: string } }).passkey.id;
}

async function signInOptions(): Promise<{ challenge: string }> {
  return (await expectStatus(t.call(passkeyRoutes.signInOptions), 200)).json as {
    challenge: string;
  };
}

/** Someone outside the room holding a passkey, which signs in whoever presents it. */
let bystanderAuthenticator: SoftwareAuthenticator | undefined;
async function bystanderPasskey(): Promise<SoftwareAuthenticator> {
  if (bystanderAuthenticator) return bystanderAuthenticator;
  const holder = await createFounder(t);
  const authenticator = new SoftwareAuthenticator(rpId(), origin());
  const options = await t.call(passkeyRoutes.registrationOptions, { as: holder });
  await expectStatus(
    t.call(passkeyRoutes.add, {
      rawBody: { response: authenticator.register(options.json) },
      as: holder,
    }),
    201,
  );
  bystanderAuthenticator = authenticator;
  return authenticator;
}

async function sessionIdOf(token: string): Promise<string> {
  const row = await t.app.database.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The routes an invitation's token opens, each named by that token alone. */
type InvitedRoute =
  | typeof roomRoutes.invitedRoom
  | typeof roomRoutes.invitedSections
  | typeof roomRoutes.invitedClick
  | typeof documentRoutes.inInvitedRoom
  | typeof questionRoutes.invitedFaq
  | typeof searchRoutes.invitedSearch
  | typeof searchRoutes.invitedNotice
  | typeof authRoutes.invitationLinkState
  | typeof brandRoutes.ofInvitation;

const invitedView = (route: InvitedRoute, query?: QueryValues) => (caller: Caller) => ({
  path: apiPath(route, { params: { token: caller.inviteToken }, query }),
});

const CALLS: Record<string, Plan> = {
  'GET /api/health': () => ({}),
  'GET /api/site': () => ({}),
  'GET /api/openapi.json': () => ({}),
  'GET /api/my-data-room/api-tokens': () => ({}),
  'POST /api/my-data-room/api-tokens': () => ({
    json: { name: 'Throwaway token', scopes: ['analytics:read'] },
  }),
  'DELETE /api/my-data-room/api-tokens/:id': async (caller) => ({
    path: apiPath(apiTokenRoutes.revoke, {
      params: {
        id: managesRoom(caller)
          ? (await createApiToken(t, w.owner, { scopes: ['analytics:read'] })).id
          : w.apiTokenId,
      },
    }),
  }),
  // Managers change nothing of the room's access: a throwaway group, the member moved to the group they
  // are in, a section shown to every group as it was.
  'GET /api/my-data-room/groups': () => ({}),
  'GET /api/my-data-room/preview': () => ({}),
  'POST /api/my-data-room/groups': () => ({ json: { name: `Throwaway ${crypto.randomUUID()}` } }),
  'POST /api/my-data-room/groups/:id': () => ({
    path: apiPath(groupRoutes.update, { params: { id: w.roomId } }),
    json: { isViewOnly: false },
  }),
  'DELETE /api/my-data-room/groups/:id': async (caller) => ({
    path: apiPath(groupRoutes.update, {
      params: { id: managesRoom(caller) ? await throwawayGroup() : w.roomId },
    }),
  }),
  'POST /api/my-data-room/investor-groups': async () => ({
    json: { email: await memberEmail(), groupId: w.roomId },
  }),
  'POST /api/my-data-room/investor-access': async () => ({
    json: { email: await memberEmail(), accessExpiresAt: null },
  }),
  'POST /api/my-data-room/section-visibility': () => ({
    json: { section: /^## (.+)$/m.exec(w.markdown)?.[1], visibleTo: null },
  }),
  // Managers change nothing of the room's access: a throwaway link (of the room's default group, which
  // another founder's room does not hold), the room's link left open, a throwaway waiting reader refused.
  'GET /api/my-data-room/share-links': () => ({}),
  // Names are unique in a room (ADR 76): each manager's throwaway link has its own.
  'POST /api/my-data-room/share-links': () => ({
    json: { name: `Throwaway link ${crypto.randomUUID()}`, groupId: w.roomId },
  }),
  // A throwaway link to the room's document: another founder's room holds no such document (404).
  'POST /api/my-data-room/document-links': () => ({
    json: { name: `Throwaway document link ${crypto.randomUUID()}`, documentId: w.documentId },
  }),
  'GET /api/my-data-room/share-links/:id/address': () => ({
    path: apiPath(shareLinkRoutes.address, { params: { id: w.shareLink.id } }),
  }),
  'GET /api/my-data-room/share-links/:id/readers': () => ({
    path: apiPath(shareLinkRoutes.readers, { params: { id: w.shareLink.id } }),
  }),
  // A new address stops the old one: managers renew a throwaway link's, never the room's link.
  'POST /api/my-data-room/share-links/:id/new-address': async (caller) => ({
    path: apiPath(shareLinkRoutes.newAddress, {
      params: { id: managesRoom(caller) ? (await pendingShareReader(w.owner)).id : w.shareLink.id },
    }),
  }),
  'POST /api/my-data-room/share-links/:id': () => ({
    path: apiPath(shareLinkRoutes.update, { params: { id: w.shareLink.id } }),
    json: { isDisabled: false },
  }),
  'POST /api/my-data-room/share-link-readers/:id': async (caller) => ({
    path: apiPath(shareLinkRoutes.decide, {
      params: {
        id: managesRoom(caller) ? (await pendingShareReader(w.owner)).readerId : w.shareLink.readerId,
      },
    }),
    json: { decision: 'refuse' },
  }),
  'GET /api/share/:token': () => ({
    path: apiPath(shareLinkRoutes.state, { params: { token: w.shareLink.token } }),
  }),
  'POST /api/share/:token/code': () => ({
    path: apiPath(shareLinkRoutes.requestCode, { params: { token: w.shareLink.token } }),
    json: { email: uniqueEmail('share-code') },
  }),
  'POST /api/share/:token/verify': () => ({
    path: apiPath(shareLinkRoutes.verify, { params: { token: w.shareLink.token } }),
    json: { email: uniqueEmail('share-guess'), code: '123456' },
  }),
  // Questions (ADR 73): the member asks about the deck's first page; managers answer throwaway questions
  // (the world's keeps its published wording) and write the setting as it is (on).
  'POST /api/data-room/:id/questions': () => ({
    path: apiPath(questionRoutes.mine, { params: { id: w.roomId } }),
    json: { about: { kind: 'document', documentId: w.documentId, page: 1 }, text: 'Matrix question' },
  }),
  'GET /api/data-room/:id/questions': () => ({
    path: apiPath(questionRoutes.mine, { params: { id: w.roomId } }),
  }),
  'POST /api/data-room/:id/questions/seen': () => ({
    path: apiPath(questionRoutes.markSeen, { params: { id: w.roomId } }),
    json: {},
  }),
  'GET /api/data-room/:id/faq': () => ({ path: apiPath(questionRoutes.faq, { params: { id: w.roomId } }) }),
  'GET /api/documents/:id/questions': () => ({
    path: apiPath(questionRoutes.ofDocument, { params: { id: w.documentId } }),
  }),
  'GET /api/data-room/invite/:token/faq': invitedView(questionRoutes.invitedFaq),
  'GET /api/my-data-room/brand': () => ({}),
  'POST /api/my-data-room/brand': () => ({ json: { accentColor: null, showsRoundroom: true } }),
  'POST /api/my-data-room/brand/logo': async () => ({ form: await brandImageForm() }),
  'DELETE /api/my-data-room/brand/logo': () => ({}),
  'POST /api/my-data-room/brand/banner': async () => ({ form: await brandImageForm() }),
  'DELETE /api/my-data-room/brand/banner': () => ({}),
  'GET /api/data-room/:id/brand': () => ({ path: apiPath(brandRoutes.ofRoom, { params: { id: w.roomId } }) }),
  'GET /api/data-room/invite/:token/brand': invitedView(brandRoutes.ofInvitation),
  'GET /api/share/:token/brand': () => ({
    path: apiPath(brandRoutes.ofShareLink, { params: { token: w.shareLink.token } }),
  }),
  'GET /api/brand/:id/:file': async () => ({ path: await currentLogoPath() }),
  // Search (ADR 88): a word of the deck; the member's question about the room goes to the inbox.
  'GET /api/data-room/:id/search': () => ({
    path: apiPath(searchRoutes.search, { params: { id: w.roomId }, query: { q: 'deck' } }),
  }),
  'GET /api/data-room/:id/search/notice': () => ({
    path: apiPath(searchRoutes.notice, { params: { id: w.roomId } }),
  }),
  'GET /api/data-room/:id/ask': () => ({
    path: apiPath(searchRoutes.ask, { params: { id: w.roomId }, query: { q: 'What is in the deck?' } }),
  }),
  'POST /api/data-room/:id/ask': () => ({
    path: apiPath(searchRoutes.askFounders, { params: { id: w.roomId } }),
    json: { question: 'Matrix question about the room' },
  }),
  'GET /api/data-room/invite/:token/search': invitedView(searchRoutes.invitedSearch, { q: 'deck' }),
  'GET /api/data-room/invite/:token/search/notice': invitedView(searchRoutes.invitedNotice),
  'GET /api/my-data-room/search': () => ({
    path: apiPath(searchRoutes.managerSearch, { query: { q: 'deck' } }),
  }),
  'GET /api/my-data-room/searches': () => ({}),
  'GET /api/my-data-room/search-settings': () => ({}),
  'POST /api/my-data-room/search-settings': () => ({ json: { areQueriesVisible: true } }),
  'GET /api/my-data-room/passkey-requirement': () => ({}),
  // Off: turning it on would sign the matrix's editor out of the rows after this one.
  'POST /api/my-data-room/passkey-requirement': () => ({ json: { isRequiredOfCofounders: false } }),
  'GET /api/my-data-room/questions': () => ({}),
  'GET /api/my-data-room/questions/by-page': () => ({}),
  'GET /api/my-data-room/question-settings': () => ({}),
  'POST /api/my-data-room/question-settings': () => ({ json: { isEnabled: true } }),
  'POST /api/my-data-room/questions/:id/reply': async (caller) => ({
    path: apiPath(questionRoutes.reply, {
      params: { id: managesRoom(caller) ? await throwawayQuestion() : w.questionId },
    }),
    json: { answer: 'A private answer.' },
  }),
  'POST /api/my-data-room/questions/:id/publish': async (caller) => ({
    path: apiPath(questionRoutes.publish, {
      params: { id: managesRoom(caller) ? await throwawayQuestion() : w.questionId },
    }),
    json: { question: 'Throwaway wording?', answer: 'A published answer.' },
  }),
  'POST /api/my-data-room/questions/:id/published': async (caller) => ({
    path: apiPath(questionRoutes.editPublished, {
      params: { id: managesRoom(caller) ? await throwawayQuestion('published') : w.questionId },
    }),
    json: { question: 'Edited wording?', answer: 'An edited answer.' },
  }),
  'DELETE /api/my-data-room/questions/:id/published': async (caller) => ({
    path: apiPath(questionRoutes.editPublished, {
      params: { id: managesRoom(caller) ? await throwawayQuestion('published') : w.questionId },
    }),
  }),
  'GET /api/admin/exports/questions.csv': () => ({
    path: apiPath(exportRoutes.questions, { query: { investor: w.memberUserId } }),
  }),
  'GET /api/admin/engagement': () => ({ path: apiPath(engagementRoutes.hotInvestors) }),
  'GET /api/admin/exports/engagement.csv': () => ({ path: apiPath(engagementRoutes.exportCsv) }),
  'GET /api/admin/exports/engagement.json': () => ({ path: apiPath(engagementRoutes.exportJson) }),
  'GET /api/my-data-room/key-documents': () => ({}),
  'POST /api/documents/:id/key': () => ({
    path: apiPath(engagementRoutes.markKeyDocument, { params: { id: w.documentId } }),
    json: { isKey: true },
  }),
  'GET /api/auth/session': () => ({}),
  'POST /api/auth/logout': async (caller) =>
    caller.anotherSession ? { session: await caller.anotherSession() } : {},
  'POST /api/auth/magic-link': () => ({ json: { email: w.bystanderEmail } }),
  'POST /api/auth/verify': async () => ({
    json: { token: await requestMagicLinkToken(t, w.bystanderEmail) },
  }),
  // A code typed by anyone (a wrong one: no browser here asked for it), counted for a fresh address.
  'POST /api/auth/verify-code': () => ({ json: { email: uniqueEmail('typed'), code: '123456' } }),
  'POST /api/complete-account-setup': () => ({ json: newFounder() }),
  'POST /api/upgrade-with-promo': () => ({ json: { ...newFounder(), promoCode: PROMO_CODE } }),
  'POST /api/validate-promo-code': () => ({ json: { code: PROMO_CODE } }),
  'POST /api/waitlist': () => ({ json: { companyName: 'Queued Co', contactEmail: uniqueEmail('waitlist') } }),
  'GET /api/notifications/unsubscribe': () => ({
    path: apiPath(notificationRoutes.unsubscribeDetails, { query: { token: w.bystanderUnsubscribeToken } }),
  }),
  'POST /api/notifications/unsubscribe': () => ({ json: { token: w.bystanderUnsubscribeToken } }),
  'GET /api/questions/unsubscribe': () => ({
    path: apiPath(questionRoutes.answerMailsUnsubscribeDetails, {
      query: { token: w.bystanderAnswersToken },
    }),
  }),
  'POST /api/questions/unsubscribe': () => ({ json: { token: w.bystanderAnswersToken } }),

  'GET /api/auth/me': () => ({}),
  'GET /api/my-accessible-data-rooms': () => ({}),

  'GET /api/auth/passkeys': () => ({}),
  'POST /api/auth/passkeys/options': () => ({}),
  'POST /api/auth/passkeys': async (caller) => ({
    json: {
      response: new SoftwareAuthenticator(rpId(), origin()).register(await registrationOptions(caller)),
    },
  }),
  'DELETE /api/auth/passkeys/:id': async (caller) => ({
    path: apiPath(passkeyRoutes.remove, {
      params: { id: (await ownPasskey(caller)) ?? crypto.randomUUID() },
    }),
  }),
  // Codes are for a passkey's holder: the caller gets one first, where they can.
  'POST /api/auth/recovery-codes': async (caller) => {
    await ownPasskey(caller);
    return {};
  },
  'GET /api/auth/sessions': () => ({}),
  'DELETE /api/auth/sessions/:id': async (caller) => ({
    path: apiPath(passkeyRoutes.endSession, {
      params: {
        id: caller.anotherSession ? await sessionIdOf(await caller.anotherSession()) : crypto.randomUUID(),
      },
    }),
  }),
  'POST /api/auth/sessions/end-others': () => ({}),
  'POST /api/auth/second-factor/options': () => ({}),
  'POST /api/auth/second-factor/passkey': async () => ({
    json: { response: new SoftwareAuthenticator(rpId(), origin()).authenticate(await signInOptions()) },
  }),
  'POST /api/auth/second-factor/recovery-code': () => ({ json: { code: 'ABCDE-FGHJK' } }),
  'POST /api/auth/passkey-sign-in/options': () => ({}),
  'POST /api/auth/passkey-sign-in': async () => ({
    json: { response: (await bystanderPasskey()).authenticate(await signInOptions()) },
  }),

  'GET /api/data-room/:id': () => ({ path: apiPath(roomRoutes.room, { params: { id: w.roomId } }) }),
  'GET /api/data-room/:id/sections': () => ({
    path: apiPath(roomRoutes.sections, { params: { id: w.roomId } }),
  }),
  'GET /api/data-room/:id/documents': () => ({
    path: apiPath(documentRoutes.inRoom, { params: { id: w.roomId } }),
  }),
  'GET /api/data-room/:id/click': () => ({
    path: apiPath(roomRoutes.click, { params: { id: w.roomId }, query: { url: w.externalUrl } }),
  }),
  'GET /api/documents/:id/download': () => ({
    path: apiPath(documentRoutes.download, { params: { id: w.documentId } }),
  }),
  'GET /api/data-room/:id/download-all': () => ({
    path: apiPath(documentRoutes.downloadAll, { params: { id: w.roomId } }),
  }),
  'GET /api/documents/:id/preview': () => ({
    path: apiPath(previewRoutes.preview, { params: { id: w.documentId } }),
  }),
  'GET /api/documents/:id/pages/:page': () => ({
    path: apiPath(previewRoutes.page, { params: { id: w.documentId, page: '2' }, query: { width: '1600' } }),
  }),
  'GET /api/documents/:id/thumbnails/:page': () => ({
    path: apiPath(previewRoutes.thumbnail, { params: { id: w.documentId, page: '1' } }),
  }),
  'GET /api/documents/:id/pages/:page/words': () => ({
    path: apiPath(previewRoutes.words, { params: { id: w.documentId, page: '1' } }),
  }),
  'GET /api/documents/:id/text': () => ({
    path: apiPath(previewRoutes.text, { params: { id: w.documentId } }),
  }),
  'GET /api/documents/:id/preview/content': () => ({
    path: apiPath(previewRoutes.content, { params: { id: w.imageDocumentId } }),
  }),
  'POST /api/documents/:id/views': () => ({
    path: apiPath(readingRoutes.openView, { params: { id: w.documentId } }),
  }),
  // The holders of a proof of one room report on a view of their own: they read that room (ADR 74).
  'POST /api/views/:viewId/reports': async (caller) => ({
    path: apiPath(readingRoutes.report, {
      params: {
        viewId: caller.key === 'copied' || caller.key === 'code' ? await viewOf(caller) : await memberView(),
      },
    }),
    json: { pages: [{ page: 1, seconds: 1 }] },
  }),

  'GET /api/data-room/invite/:token': invitedView(roomRoutes.invitedRoom),
  'GET /api/data-room/invite/:token/sections': invitedView(roomRoutes.invitedSections),
  'GET /api/data-room/invite/:token/documents': invitedView(documentRoutes.inInvitedRoom),
  'GET /api/data-room/invite/:token/click': (caller) =>
    invitedView(roomRoutes.invitedClick, { url: w.externalUrl })(caller),
  'GET /api/data-room/invite/:token/state': invitedView(authRoutes.invitationLinkState),
  // The visitor accepts a fresh invitation to a room of its own (accepting joins that room, which would
  // change ours, and spend the visitor's link for the rows after it).
  'POST /api/data-room/invite/:token/accept': async (caller) => ({
    path: apiPath(authRoutes.acceptInvitation, {
      params: {
        token:
          caller.key === 'invite'
            ? await invite(t, await createFounder(t), uniqueEmail('accepting'), 'Acey Accepting')
            : caller.inviteToken,
      },
    }),
  }),

  'GET /api/my-data-room': () => ({}),
  // The MCP server (ADR 91): a tool that names the room's document, as an assistant calls it; a stream and
  // a session's end, which a server that keeps no session answers 405.
  'POST /mcp': () => ({
    headers: { accept: 'application/json, text/event-stream' },
    json: {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'document_page_analytics', arguments: { documentId: w.documentId } },
    },
  }),
  'GET /mcp': () => ({ headers: { accept: 'text/event-stream' } }),
  'GET /api/my-data-room/mcp-calls': () => ({}),
  'DELETE /mcp': () => ({}),
  'POST /api/data-rooms': (caller) => ({ json: managesRoom(caller) ? w.profile : NEUTRAL_PROFILE }),
  'POST /api/my-data-room/status': () => ({ json: { isActive: true } }),
  'POST /api/my-data-room/download-policy': () => ({ json: { isDownloadAllowed: true } }),
  // Off, as it was: the rows after it read the room's documents unwatermarked.
  'POST /api/my-data-room/watermark': () => ({ json: { isWatermarkEnabled: false } }),
  'GET /api/my-data-room/nda': () => ({}),
  // The owner writes what is already there (off, with the world's text); another founder, their own room.
  'POST /api/my-data-room/nda': (caller) => ({
    json: { isRequired: false, text: managesRoom(caller) ? w.ndaText : '' },
  }),
  'GET /api/admin/nda-acceptances': () => ({}),
  'GET /api/admin/nda-acceptances/:id/record.pdf': () => ({
    path: apiPath(ndaRoutes.record, { params: { id: w.ndaAcceptanceId } }),
  }),
  'GET /api/admin/exports/nda-acceptances.csv': () => ({
    path: apiPath(exportRoutes['nda-acceptances'], { query: { investor: w.memberUserId } }),
  }),
  'POST /api/data-room/:id/nda/acceptances': () => ({
    path: apiPath(ndaRoutes.accept, { params: { id: w.roomId } }),
    json: { versionId: 'any', signerName: 'Pat Caller', agree: true },
  }),
  'POST /api/data-room/invite/:token/nda/acceptances': (caller) => ({
    path: apiPath(ndaRoutes.acceptByInvitation, { params: { token: caller.inviteToken } }),
    json: { versionId: 'any', signerName: 'Pat Caller', agree: true },
  }),
  'GET /api/my-data-room/notifications': () => ({}),
  'POST /api/my-data-room/notifications': () => ({
    json: { founderNotifications: 'first_visits_and_hourly' },
  }),
  'GET /api/my-data-room/investor-messages': () => ({}),
  // One message an hour per room: every cell starts with the hour free, so each allowed call is a 202.
  'POST /api/my-data-room/investor-messages': async () => {
    await t.app.database.db
      .updateTable('room_notification_settings')
      .set({ investors_notified_at: null })
      .execute();
    return { json: { message: 'Our Q3 update is in the room.' } };
  },
  // A new URL each time: a room refuses the same URL twice.
  'GET /api/my-data-room/webhooks': () => ({}),
  'POST /api/my-data-room/webhooks': () => ({
    json: { url: `${receiver.url}/${crypto.randomUUID()}`, events: ['document.uploaded'] },
  }),
  // The managers write what is already there, rotate the secret, send a test event, read the log.
  'POST /api/my-data-room/webhooks/:id': () => ({
    path: apiPath(webhookRoutes.updateEndpoint, { params: { id: w.webhookEndpointId } }),
    json: { events: ['document.uploaded'] },
  }),
  'DELETE /api/my-data-room/webhooks/:id': async (caller) => ({
    path: apiPath(webhookRoutes.updateEndpoint, {
      params: { id: managesRoom(caller) ? await throwawayWebhookEndpoint() : w.webhookEndpointId },
    }),
  }),
  'POST /api/my-data-room/webhooks/:id/rotate-secret': () => ({
    path: apiPath(webhookRoutes.rotateSecret, { params: { id: w.webhookEndpointId } }),
  }),
  'POST /api/my-data-room/webhooks/:id/test': () => ({
    path: apiPath(webhookRoutes.sendTest, { params: { id: w.webhookEndpointId } }),
  }),
  'GET /api/my-data-room/webhooks/:id/deliveries': () => ({
    path: apiPath(webhookRoutes.deliveries, { params: { id: w.webhookEndpointId } }),
  }),
  // Alerts: the managers write what is already there, add a new URL each time, test the room's target.
  'GET /api/my-data-room/alerts': () => ({}),
  'POST /api/my-data-room/alerts': () => ({ json: { returnAfterDays: 7 } }),
  'POST /api/my-data-room/alerts/targets': () => ({
    json: { kind: 'slack', url: `${receiver.url}/${crypto.randomUUID()}`, triggers: ['first_visit'] },
  }),
  'POST /api/my-data-room/alerts/targets/:id': () => ({
    path: apiPath(alertRoutes.updateTarget, { params: { id: w.alertTargetId } }),
    json: { triggers: ['first_visit'] },
  }),
  'DELETE /api/my-data-room/alerts/targets/:id': async (caller) => ({
    path: apiPath(alertRoutes.removeTarget, {
      params: { id: managesRoom(caller) ? await throwawayAlertTarget() : w.alertTargetId },
    }),
  }),
  'POST /api/my-data-room/alerts/targets/:id/test': () => ({
    path: apiPath(alertRoutes.testTarget, { params: { id: w.alertTargetId } }),
  }),
  'GET /api/sections/content': () => ({}),
  'GET /api/sections/markdown': () => ({}),
  'POST /api/sections/update': (caller) => ({
    json: { content: managesRoom(caller) ? w.markdown : NEUTRAL_MARKDOWN },
  }),
  'GET /api/invites': () => ({}),
  'POST /api/invites': () => ({ json: { email: uniqueEmail('invitee'), name: 'Tess Throwaway' } }),
  'POST /api/invitations': () => ({ json: { email: uniqueEmail('invitee') } }),
  'POST /api/invites/bulk': () => ({ json: { addresses: `${uniqueEmail('bulk')}\nnot-an-address` } }),
  'POST /api/upload': () => ({ form: pdfForm('Throwaway.pdf', 'throwaway') }),
  'POST /api/upload/archive': () => ({
    form: zipForm('Throwaway.zip', { 'Throwaway/Throwaway.pdf': pdfWith('throwaway') }),
  }),
  'GET /api/my-documents': () => ({}),
  'GET /api/admin/users': () => ({}),
  'GET /api/admin/invitations': () => ({}),
  'GET /api/admin/sections': () => ({}),
  'GET /api/admin/recent-documents': () => ({}),
  'GET /api/admin/recent-access': () => ({}),
  'GET /api/admin/analytics': () => ({}),
  'GET /api/admin/analytics/documents/:documentId': () => ({
    path: apiPath(readingRoutes.document, { params: { documentId: w.documentId } }),
  }),
  'GET /api/admin/analytics/investors/:userId': () => ({
    path: apiPath(readingRoutes.investor, { params: { userId: w.memberUserId } }),
  }),
  'GET /api/admin/analytics/links': () => ({}),
  // Filtered by the room's investor: another founder's room has no such investor (404).
  'GET /api/admin/exports/access-log.csv': () => ({
    path: apiPath(exportRoutes['access-log'], { query: { investor: w.memberUserId } }),
  }),
  'GET /api/admin/exports/documents.csv': () => ({
    path: apiPath(exportRoutes.documents, { query: { investor: w.memberUserId } }),
  }),
  'GET /api/admin/exports/investors.csv': () => ({
    path: apiPath(exportRoutes.investors, { query: { investor: w.memberUserId } }),
  }),

  'GET /api/admin/team': () => ({}),
  'POST /api/admin/team': () => ({ json: { email: uniqueEmail('cofounder'), name: 'Cory Cofounder' } }),
  'DELETE /api/admin/team/:id': async (caller) => ({
    path: apiPath(teamRoutes.removeEditor, {
      params: { id: caller.key === 'owner' ? await throwawayEditorInvitation() : w.editorMemberId },
    }),
  }),

  'DELETE /api/invites/:id': async (caller) => ({
    path: apiPath(invitationRoutes.remove, {
      params: { id: managesRoom(caller) ? await throwawayInvitation() : w.pendingInvitationId },
    }),
  }),
  'POST /api/invites/:id/resend': async (caller) => ({
    path: apiPath(invitationRoutes.resend, {
      params: { id: managesRoom(caller) ? await throwawayInvitation() : w.pendingInvitationId },
    }),
  }),
  'POST /api/invites/:id/link': async (caller) => ({
    path: apiPath(invitationRoutes.copyLink, {
      params: { id: managesRoom(caller) ? await throwawayInvitation() : w.pendingInvitationId },
    }),
  }),
  'DELETE /api/documents/:id': async (caller) => ({
    path: apiPath(documentRoutes.remove, {
      params: { id: managesRoom(caller) ? await throwawayDocument() : w.documentId },
    }),
  }),
  'POST /api/documents/:id/preview/retry': async (caller) => ({
    path: apiPath(previewRoutes.retry, {
      params: { id: managesRoom(caller) ? await throwawayFailedDocument() : w.documentId },
    }),
  }),
  // Managers rename a throwaway document: the world's keeps the title its canaries are checked against.
  'POST /api/documents/:id/title': async (caller) => ({
    path: apiPath(documentRoutes.rename, {
      params: { id: managesRoom(caller) ? await throwawayDocument() : w.documentId },
    }),
    json: { title: 'Renamed deck' },
  }),
  // Managers replace a throwaway video's file: the world's document keeps its canaries.
  'POST /api/documents/:id/versions': async (caller) => ({
    path: apiPath(documentRoutes.versions, {
      params: { id: managesRoom(caller) ? await throwawayVideo() : w.documentId },
    }),
    form: mp4Form('Replaced.mp4'),
  }),
  'GET /api/documents/:id/versions': () => ({
    path: apiPath(documentRoutes.versions, { params: { id: w.documentId } }),
  }),
  'POST /api/documents/:id/versions/:number/restore': async (caller) => ({
    path: apiPath(documentRoutes.restoreVersion, {
      params: { id: managesRoom(caller) ? await replacedThrowawayDocument() : w.documentId, number: '1' },
    }),
  }),
  'DELETE /api/documents/:id/versions/:number': async (caller) => ({
    path: apiPath(documentRoutes.removeVersion, {
      params: { id: managesRoom(caller) ? await replacedThrowawayDocument() : w.documentId, number: '1' },
    }),
  }),
  'GET /api/documents/:id/versions/:number/download': () => ({
    path: apiPath(documentRoutes.downloadVersion, { params: { id: w.documentId, number: '1' } }),
  }),
  // The owner writes what is already there: the world's document keeps following the room.
  'POST /api/documents/:id/download-policy': () => ({
    path: apiPath(documentRoutes.setDownloadPolicy, { params: { id: w.documentId } }),
    json: { policy: 'room' },
  }),
};

/** The view-only block's calls: the same routes, on the room's view-only deck and video. */
const VIEW_ONLY_CALLS: Record<string, Plan> = {
  'GET /api/documents/:id/download': () => ({
    path: apiPath(documentRoutes.download, { params: { id: w.viewOnlyDocumentId } }),
  }),
  'GET /api/documents/:id/preview': () => ({
    path: apiPath(previewRoutes.preview, { params: { id: w.viewOnlyDocumentId } }),
  }),
  'GET /api/documents/:id/pages/:page': () => ({
    path: apiPath(previewRoutes.page, {
      params: { id: w.viewOnlyDocumentId, page: '1' },
      query: { width: '1600' },
    }),
  }),
  'GET /api/documents/:id/preview/content': () => ({
    path: apiPath(previewRoutes.content, { params: { id: w.viewOnlyVideoId } }),
    headers: { range: 'bytes=0-99' },
  }),
  'POST /api/documents/:id/views': () => ({
    path: apiPath(readingRoutes.openView, { params: { id: w.viewOnlyDocumentId } }),
  }),
};

/** A view the member opened before the NDA pass turned the NDA on: its reports are refused until they accept. */
let viewBeforeNda = '';

/** The NDA pass's calls: the main matrix's, except a report, on the view opened before the NDA. */
const NDA_CALLS: Record<string, Plan> = {
  ...CALLS,
  'POST /api/views/:viewId/reports': () => ({
    path: apiPath(readingRoutes.report, { params: { viewId: viewBeforeNda } }),
    json: { pages: [{ page: 1, seconds: 1 }] },
  }),
};

/** A view of the deck the member opened for the group pass: its callers report on it, refused. */
let viewOfGroupPass = '';

/**
 * The group pass's calls: the main matrix's, except that the content route reads the room's deck (hidden
 * by its section; the image beside it is too, and a document linked in no section would be as well, the
 * room having more than one group), Download all asks for the deck's section by its number, and a report
 * is on the one view above (the member may open only so many a minute).
 */
const GROUP_CALLS: Record<string, Plan> = {
  ...CALLS,
  'POST /api/views/:viewId/reports': () => ({
    path: apiPath(readingRoutes.report, { params: { viewId: viewOfGroupPass } }),
    json: { pages: [{ page: 1, seconds: 1 }] },
  }),
  'GET /api/data-room/:id/download-all': () => ({
    path: apiPath(documentRoutes.downloadAll, { params: { id: w.roomId }, query: { section: '1' } }),
  }),
  'GET /api/documents/:id/preview/content': () => ({
    path: apiPath(previewRoutes.content, { params: { id: w.documentId } }),
  }),
};

type Via = 'bearer' | 'cookie' | 'cookie from our origin';

interface Prepared {
  method: string;
  path: string;
  json?: unknown;
  form?: FormData;
  headers: Record<string, string>;
}

/** Resolves a cell's request (creating its throwaway resources) before anything is measured. */
async function prepare(
  row: Pick<Row, 'route' | 'method' | 'url'>,
  caller: Caller,
  via: Via = 'bearer',
  calls: Record<string, Plan> = CALLS,
): Promise<Prepared> {
  const plan = calls[row.route];
  if (!plan) throw new Error(`no way to call ${row.route}: add it to CALLS`);
  const call = await plan(caller);
  if (!call.path && row.url.includes(':')) throw new Error(`${row.route} needs a concrete path`);
  const token = call.session ?? caller.bearer;
  const headers: Record<string, string> = { ...call.headers };
  if (token && via === 'bearer') headers.authorization = `Bearer ${token}`;
  if (token && via !== 'bearer') headers.cookie = `${SESSION_COOKIE}=${token}`;
  if (via === 'cookie from our origin') headers.origin = new URL(t.config.appUrl).origin;
  return { method: row.method, path: call.path ?? row.url, json: call.json, form: call.form, headers };
}

const send = (request: Prepared) =>
  t.request(request.method, request.path, {
    json: request.json,
    form: request.form,
    headers: request.headers,
    redirect: 'manual',
  });

/** The room's own rows, read at once. */
async function roomRows() {
  const db = t.app.database.db;
  const [room, sections, members, invitations, documents] = await Promise.all([
    db.selectFrom('data_rooms').selectAll().where('id', '=', w.roomId).executeTakeFirst(),
    db.selectFrom('room_sections').selectAll().where('room_id', '=', w.roomId).executeTakeFirst(),
    db.selectFrom('room_members').selectAll().where('room_id', '=', w.roomId).orderBy('user_id').execute(),
    db.selectFrom('invitations').selectAll().where('room_id', '=', w.roomId).orderBy('id').execute(),
    db.selectFrom('documents').selectAll().where('room_id', '=', w.roomId).orderBy('id').execute(),
  ]);
  return { room, sections, members, invitations, documents };
}

/** Everything a call could change: row counts, the room's own rows, and the files on disk. */
async function everything() {
  const uploads = path.join(t.config.dataDir, 'uploads');
  const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
  const [rows, room] = await Promise.all([countRows(t), roomRows()]);
  return {
    rows,
    room,
    files: [...list(uploads), ...list(path.join(uploads, 'tmp')).map((name) => `tmp/${name}`)],
  };
}

/**
 * What a caller must not see: the owner sees everything; members (and an invite token's holder, in the
 * invited view) read the room but not who else was invited; anyone else sees nothing of it. A caller's
 * own e-mail and name are never a leak.
 */
function forbiddenCanaries(caller: Caller, row: Row, ndaPass = false): string[] {
  if (managesRoom(caller)) return [];
  // A share link's page names whose room it is, for whoever holds the link; nothing else of it.
  if (row.route === 'GET /api/share/:token' || row.route === 'GET /api/share/:token/brand')
    return w.canaries.filter((canary) => !w.shareGateCanaries.includes(canary));
  // Before accepting the NDA, a member (or the visitor) sees the agreement and whose it is, nothing else.
  if (ndaPass)
    return w.canaries.filter(
      (canary) =>
        !w.ndaPromptCanaries.includes(canary) && !caller.ownCanaries.some((own) => own.includes(canary)),
    );
  const readsRoom =
    caller.key === 'member' ||
    caller.key === 'copied' ||
    caller.key === 'code' ||
    (caller.key === 'invite' && row.url.includes(':token'));
  return (readsRoom ? w.inviteeCanaries : w.canaries).filter(
    (canary) => !caller.ownCanaries.some((own) => own.includes(canary)),
  );
}

/** The forbidden canaries found in a response's headers or body. */
function leakedCanaries(response: TestResponse, caller: Caller, row: Row, ndaPass = false): string[] {
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  const seen = `${headers}\n\n${response.text}`.toLowerCase();
  return forbiddenCanaries(caller, row, ndaPass).filter((canary) => seen.includes(canary));
}

/** The same call about an id or token that does not exist: a refusal must not tell the two apart. */
function aboutNothing(request: Prepared, caller: Caller): Prepared {
  return {
    ...request,
    path: request.path
      .replace(w.roomId, crypto.randomUUID())
      .replace(w.documentId, crypto.randomUUID())
      .replace(w.imageDocumentId, crypto.randomUUID())
      .replace(w.viewOnlyDocumentId, crypto.randomUUID())
      .replace(w.viewOnlyVideoId, crypto.randomUUID())
      .replace(w.pendingInvitationId, crypto.randomUUID())
      .replace(w.editorMemberId, crypto.randomUUID())
      .replace(w.apiTokenId, crypto.randomUUID())
      .replace(w.shareLink.id, crypto.randomUUID())
      .replace(w.shareLink.readerId, crypto.randomUUID())
      .replace(w.webhookEndpointId, crypto.randomUUID())
      .replace(w.alertTargetId, crypto.randomUUID())
      .replace(w.questionId, crypto.randomUUID())
      .replace(caller.inviteToken, unissuedToken()),
  };
}

// ---------------------------------------------------------------------------------------------------

test('the matrix has a row, and CALLS a way to call it, for every /api route the server registers and /mcp', () => {
  const registered = new Set(registeredRoutes);
  // Fastify adds a HEAD beside every GET; a HEAD route of its own would still need a row.
  const isHeadOfGet = (route: string) => route.startsWith('HEAD ') && registered.has(`GET ${route.slice(5)}`);
  const apiRoutes = [...registered]
    .filter((route) => isApiPath(route.split(' ')[1] ?? '') && !isHeadOfGet(route))
    .sort();
  expect(apiRoutes.length).toBeGreaterThan(30);
  expect(ROWS.map((row) => row.route).sort()).toEqual(apiRoutes);
  expect(TOKEN_ROWS.map((row) => row.route).sort(), 'TOKEN_MATRIX has every route too').toEqual(apiRoutes);
  expect(Object.keys(CALLS).sort()).toEqual(apiRoutes);
});

test("every canary is the room's data: the owner's own reads show each one", async () => {
  let seen = '';
  for (const url of [
    apiPath(authRoutes.me),
    apiPath(roomRoutes.mine),
    apiPath(ndaRoutes.settings),
    apiPath(roomRoutes.mySections),
    apiPath(documentRoutes.mine),
    apiPath(invitationRoutes.mine),
    apiPath(adminRoutes.users),
    apiPath(teamRoutes.team),
    apiPath(apiTokenRoutes.list),
    apiPath(questionRoutes.inbox),
    apiPath(documentRoutes.download, { params: { id: w.documentId } }),
    apiPath(previewRoutes.text, { params: { id: w.documentId } }),
    apiPath(previewRoutes.preview, { params: { id: w.imageDocumentId } }),
    apiPath(documentRoutes.download, { params: { id: w.viewOnlyDocumentId } }),
  ]) {
    const response = await expectStatus(t.request('GET', url, { headers: w.owner.auth }), 200);
    seen += `${[...response.headers].join('\n')}\n${response.text}\n`;
  }
  const unseen = w.canaries.filter((canary) => !seen.includes(canary) && !w.retiredCanaries.includes(canary));
  expect(unseen).toEqual([]);
  expect(w.canaries.length - w.retiredCanaries.length).toBeGreaterThanOrEqual(16);
});

function cellTests(row: Row, calls: Record<string, Plan>) {
  for (const key of CALLER_KEYS) {
    const status = row.expected[key];
    test(`${CALLER_NAMES[key]} gets ${status}`, async () => {
      const caller = w.callers[key];
      const request = await prepare(row, caller, 'bearer', calls);
      // A refusal must write nothing at all; an allowed call by anyone but the room's managers must leave
      // the room as it was. (Measuring only what the cell asserts keeps the matrix fast on PostgreSQL.)
      const measure = status >= 400 ? everything : managesRoom(caller) ? undefined : roomRows;
      const before = await measure?.();
      const response = await send(request);
      expect(response.status, response.text).toBe(status);
      expect(leakedCanaries(response, caller, row, calls === NDA_CALLS), 'leaked').toEqual([]);
      const after = await measure?.();
      if (status >= 400) expect(after, 'a refused call writes nothing').toEqual(before);
      else if (measure) expect(after, "only the room's managers change the room").toEqual(before);
      if (status === 404 && row.url.includes('/:')) {
        const missing = await send(aboutNothing(request, caller));
        expect(missing.status).toBe(404);
        expect(response.json, 'the same answer as for something that does not exist').toEqual(missing.json);
      }
      if (status === 403 && calls === VIEW_ONLY_CALLS)
        expect(response.json).toMatchObject({ error: 'view_only' });
      // (The founders' refusal to ask questions in their own room is theirs, NDA or not.)
      if (status === 403 && calls === NDA_CALLS && !managesRoom(caller))
        expect(response.json).toMatchObject({
          error: 'nda_required',
          nda: { roomId: w.roomId, text: `${w.ndaText}\n\nRevised.` },
        });
    });
  }
}

for (const row of ROWS) describe(row.route, () => cellTests(row, CALLS));

describe('API tokens', () => {
  beforeAll(async () => {
    // The main pass's "end every other session" cells revoked the API tokens of the owner, the editor and
    // the other founder, as ending one's other sessions does: this pass mints working ones.
    for (const [key, secret] of Object.entries(await w.mintLiveTokens()))
      w.tokenCallers[key as LiveTokenKey].bearer = secret;
  });
  for (const row of TOKEN_ROWS)
    describe(row.route, () => {
      for (const key of TOKEN_CALLER_KEYS) {
        const status = row.expected[key];
        test(`${TOKEN_CALLER_NAMES[key]} gets ${status}`, async () => {
          const actsForRoom = ROOM_TOKENS.has(key) && status < 400;
          const caller = { ...w.tokenCallers[key], actsForRoom };
          const request = await prepare(row, caller);
          const measure = status >= 400 ? everything : actsForRoom ? undefined : roomRows;
          const before = await measure?.();
          const response = await send(request);
          expect(response.status, response.text).toBe(status);
          const seen = `${[...response.headers].join('\n')}\n${response.text}`.toLowerCase();
          const leaked = actsForRoom ? [] : w.canaries.filter((canary) => seen.includes(canary));
          expect(leaked, 'leaked').toEqual([]);
          const after = await measure?.();
          if (status >= 400) expect(after, 'a refused call writes nothing').toEqual(before);
          else if (measure)
            expect(after, 'a token of another room leaves this one as it was').toEqual(before);
          if (status === 404 && row.url.includes('/:')) {
            const missing = await send(aboutNothing(request, caller));
            expect(response.json, 'the same answer as for something that does not exist').toEqual(
              missing.json,
            );
          }
          if (status === 401) expect(response.json).toMatchObject({ error: 'api_token_invalid' });
          if (status === 403)
            expect((response.json as { error: string }).error).toMatch(
              /^api_token_(not_allowed|scope_missing)$/,
            );
        });
      }
    });
});

describe('on a view-only document', () => {
  for (const row of VIEW_ONLY_ROWS) describe(row.route, () => cellTests(row, VIEW_ONLY_CALLS));
});

describe("with the room's NDA on, before the member and the visitor accepted it", () => {
  beforeAll(async () => {
    viewBeforeNda = await memberView();
    await expectStatus(
      t.call(ndaRoutes.saveSettings, {
        body: { isRequired: true, text: `${w.ndaText}\n\nRevised.` },
        as: w.owner,
      }),
      200,
    );
  });
  afterAll(async () => {
    await expectStatus(
      t.call(ndaRoutes.saveSettings, { body: { isRequired: false, text: w.ndaText }, as: w.owner }),
      200,
    );
  });
  for (const row of NDA_ROWS) describe(row.route, () => cellTests(row, NDA_CALLS));
});

/** The room's sections, by name: the group pass shows each to the default group only. */
const sectionNames = () => [...w.markdown.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');

const showSectionsTo = async (visibleTo: string[] | null) => {
  for (const section of sectionNames())
    await expectStatus(
      t.call(groupRoutes.setSectionVisibility, { body: { section, visibleTo }, as: w.owner }),
      200,
    );
};

/** A reader who enters by a new share link of the group, proving their address with the mailed code. */
/** Enters the room by a share link's code, as a reader would; the session it answers with. */
async function shareLinkEntry(token: string, email: string): Promise<string> {
  const before = t.smtp.messages.length;
  const browser = aBrowser();
  await expectStatus(
    t.call(shareLinkRoutes.requestCode, { params: { token }, body: { email }, headers: browser }),
    200,
  );
  const mail = await t.smtp.waitForMessage(
    (m) =>
      t.smtp.messages.indexOf(m) >= before &&
      recipientsOf(m).includes(email) &&
      /is your (?:Roundroom )?code/.test(m.subject ?? ''),
  );
  const code = (mail.subject ?? '').slice(0, 6);
  const entered = await expectStatus(
    t.call(shareLinkRoutes.verify, {
      params: { token },
      body: { email, code },
      headers: { origin: t.config.appUrl, ...browser },
    }),
    200,
  );
  expect(entered.json).toMatchObject({ state: 'admitted' });
  return (entered.json as { token: string }).token;
}

async function shareLinkReader(groupId: string, email: string): Promise<string> {
  const made = await expectStatus(
    t.call(shareLinkRoutes.create, {
      body: { name: `Outside link ${crypto.randomUUID()}`, groupId },
      as: w.owner,
    }),
    201,
  );
  const url = (made.json as { url: string }).url;
  return shareLinkEntry(url.slice(url.lastIndexOf('/') + 1), email);
}

/** The group pass's callers: three readers in a group that sees no section, and a member whose access ended. */
async function groupCallersOf(): Promise<Record<GroupCallerKey, Caller>> {
  const { owner } = w;
  const post = (url: string, json: unknown) => t.request('POST', url, { json, headers: owner.auth });
  const outside = (
    await expectStatus(post(apiPath(groupRoutes.list), { name: `Outside ${crypto.randomUUID()}` }), 201)
  ).json as { id: string };
  const intoOutside = (email: string) =>
    expectStatus(post(apiPath(groupRoutes.moveInvestor), { email, groupId: outside.id }), 200);
  const hiddenEmail = uniqueEmail('hidden-member');
  const hiddenToken = await invite(t, owner, hiddenEmail, 'Hal Hidden');
  const hidden = await signInWithMagicLink(t, hiddenEmail);
  await intoOutside(hiddenEmail);
  const visitorEmail = uniqueEmail('hidden-visitor');
  const visitorToken = await invite(t, owner, visitorEmail, 'Hana Hidden');
  await intoOutside(visitorEmail);
  const linkReaderEmail = uniqueEmail('hidden-link-reader');
  const linkReaderToken = await shareLinkReader(outside.id, linkReaderEmail);
  // Access ends in the future through the console, then the clock passes it before they ever read.
  const expiredEmail = uniqueEmail('expired-member');
  const expiredToken = await invite(t, owner, expiredEmail, 'Ezra Expired');
  const expired = await signInWithMagicLink(t, expiredEmail);
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  await expectStatus(
    post(apiPath(groupRoutes.setInvestorAccess), { email: expiredEmail, accessExpiresAt: inAnHour }),
    200,
  );
  await t.app.database.db
    .updateTable('investor_access')
    .set({ access_expires_at: Date.now() - 60_000 })
    .where('room_id', '=', w.roomId)
    .where('email', '=', expiredEmail)
    .execute();
  return {
    'grp-hidden': { key: 'grp-hidden', bearer: hidden.token, inviteToken: hiddenToken, ownCanaries: [] },
    'inv-hidden': { key: 'inv-hidden', bearer: visitorToken, inviteToken: visitorToken, ownCanaries: [] },
    'link-hidden': {
      key: 'link-hidden',
      bearer: linkReaderToken,
      inviteToken: unissuedToken(),
      ownCanaries: [],
    },
    expired: { key: 'expired', bearer: expired.token, inviteToken: expiredToken, ownCanaries: [] },
  };
}

/** Whether this caller reads the room by this route: a member by its id, a visitor by their link. */
const readsRoomBy = (caller: Caller, row: Row<GroupCallerKey>) =>
  caller.key === 'inv-hidden'
    ? row.url.includes(':token')
    : caller.key !== 'expired' && !row.url.includes(':token');

/** The canaries of the room's sections: their names and links, and the deck that only they link. */
const sectionCanaries = () =>
  w.canaries.filter(
    (canary) =>
      w.markdown.slice(w.markdown.indexOf('\n## ')).includes(canary) ||
      // The FAQ's entry is about the deck's first page: hidden with it.
      ['doctitle', 'filecontent', 'pagetext', 'faq-question', 'faq-answer'].some((label) =>
        canary.startsWith(`cnry-${label}-`),
      ),
  );

/** The same call about a document, link or view that does not exist (the group reader's room does). */
function aboutNothingInRoom(request: Prepared): Prepared {
  return {
    ...request,
    path: request.path
      .replace(w.documentId, crypto.randomUUID())
      .replace(encodeURIComponent(w.externalUrl), encodeURIComponent('https://nowhere.example/deck'))
      .replace('download-all?section=1', 'download-all?section=99')
      .replace(/^\/api\/views\/[^/]+\/reports$/, () =>
        apiPath(readingRoutes.report, { params: { viewId: crypto.randomUUID() } }),
      ),
  };
}

describe("with the room's sections shown to its default group only, and an investor's access ended", () => {
  let groupCallers: Record<GroupCallerKey, Caller>;
  beforeAll(async () => {
    viewOfGroupPass = await memberView();
    await showSectionsTo([w.roomId]);
    groupCallers = await groupCallersOf();
  });
  afterAll(() => showSectionsTo(null));

  test('the group pass has a row for every read of the room, as the NDA pass does', () => {
    expect(GROUP_ROWS.map((row) => row.route)).toEqual(NDA_ROWS.map((row) => row.route));
  });

  for (const row of GROUP_ROWS)
    describe(row.route, () => {
      for (const key of GROUP_CALLER_KEYS) {
        const status = row.expected[key];
        test(`${GROUP_CALLER_NAMES[key]} gets ${status}`, async () => {
          const caller = groupCallers[key];
          const request = await prepare(row, caller, 'bearer', GROUP_CALLS);
          const measure = status >= 400 ? everything : roomRows;
          const before = await measure();
          const response = await send(request);
          expect(response.status, response.text).toBe(status);
          const forbidden = readsRoomBy(caller, row)
            ? [...w.inviteeCanaries, ...sectionCanaries()]
            : w.canaries;
          const seen = `${[...response.headers].join('\n')}\n${response.text}`.toLowerCase();
          expect(
            forbidden.filter((canary) => seen.includes(canary)),
            'leaked',
          ).toEqual([]);
          expect(await measure(), 'a group reader changes nothing of the room').toEqual(before);
          if (status !== 404) return;
          // A reader of the room is refused what their group may not see as something that does not
          // exist; anyone else (the expired member among them) as a stranger to the room.
          const same = readsRoomBy(caller, row)
            ? aboutNothingInRoom(request)
            : await prepare(row, w.callers.outsider, 'bearer', GROUP_CALLS);
          const answer = await send(same);
          expect({ status: response.status, body: response.json }).toEqual({
            status: answer.status,
            body: answer.json,
          });
        });
      }
    });
});

describe('cookie sessions: a write must come from our Origin (CSRF)', () => {
  const writes = ROWS.filter((row) => row.method !== 'GET');

  for (const row of writes) {
    test(`${row.route} with the owner's cookie and no Origin: 403, nothing written`, async () => {
      const request = await prepare(row, w.callers.owner, 'cookie');
      const before = await everything();
      const response = await send(request);
      expect(response.status, response.text).toBe(403);
      expect(response.json).toMatchObject({ error: 'forbidden_origin' });
      expect(await everything()).toEqual(before);
    });

    test(`${row.route} with the owner's cookie from our Origin: as with a Bearer token`, async () => {
      const response = await send(await prepare(row, w.callers.owner, 'cookie from our origin'));
      expect(response.status, response.text).toBe(row.expected.owner);
    });
  }
});
