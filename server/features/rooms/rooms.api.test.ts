import { afterAll, beforeAll, expect, test } from 'vitest';
import { invitationRoutes } from '#shared/contracts/invitations';
import { ndaRoutes } from '#shared/contracts/nda';
import { roomRoutes } from '#shared/contracts/rooms';
import {
  createFounder,
  founderWithInvestor,
  invite,
  signInWithMagicLink,
  uniqueEmail,
} from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const accessible = (auth: Record<string, string>) => t.call(roomRoutes.accessible, { headers: auth });

test('an investor sees the rooms they were invited to, with the card fields, and no others', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  await createFounder(t, { companyName: 'Someone Else Inc' });
  const room = await t.app.database.db
    .selectFrom('data_rooms')
    .selectAll()
    .where('owner_id', '=', founder.user.id)
    .executeTakeFirstOrThrow();
  await t.app.database.db
    .updateTable('data_rooms')
    .set({ description: 'Robots for warehouses', founded_year: 2021, website: 'https://acme.example' })
    .where('id', '=', room.id)
    .execute();

  const response = await accessible(investor.auth);
  expect(response.status).toBe(200);
  expect(response.json).toEqual({
    dataRooms: [
      {
        id: room.id,
        companyName: room.company_name,
        name: room.company_name,
        isNdaRequired: false,
        fundingStage: 'Series A',
        companyDescription: 'Robots for warehouses',
        foundedYear: 2021,
        website: 'https://acme.example',
      },
    ],
  });
});

test('before the investor accepts its NDA, a room’s card shows its name and "NDA required", nothing more', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const room = await t.app.database.db
    .selectFrom('data_rooms')
    .selectAll()
    .where('owner_id', '=', founder.user.id)
    .executeTakeFirstOrThrow();
  await t.app.database.db
    .updateTable('data_rooms')
    .set({ description: 'Robots for warehouses', founded_year: 2021, website: 'https://acme.example' })
    .where('id', '=', room.id)
    .execute();
  const nda = await t.call(ndaRoutes.saveSettings, {
    body: { isRequired: true, text: 'Keep it confidential.' },
    as: founder,
  });
  expect(nda.status, nda.text).toBe(200);

  expect((await accessible(investor.auth)).json).toEqual({
    dataRooms: [
      {
        id: room.id,
        companyName: room.company_name,
        name: room.company_name,
        isNdaRequired: true,
        fundingStage: null,
        companyDescription: null,
        foundedYear: null,
        website: null,
      },
    ],
  });

  const versionId = (nda.json as { version: { id: string } }).version.id;
  const accepted = await t.call(ndaRoutes.accept, {
    params: { id: room.id },
    body: { versionId, signerName: 'Ivy Investor', agree: true },
    as: investor,
  });
  expect(accepted.status, accepted.text).toBe(201);
  expect((await accessible(investor.auth)).json).toMatchObject({
    dataRooms: [
      {
        isNdaRequired: false,
        fundingStage: 'Series A',
        companyDescription: 'Robots for warehouses',
        foundedYear: 2021,
        website: 'https://acme.example',
      },
    ],
  });
});

test('an investor invited to two rooms sees both after signing in once more', async () => {
  const { investor, investorEmail } = await founderWithInvestor(t);
  const second = await createFounder(t, { companyName: 'Second Room Co' });
  await invite(t, second, investorEmail);
  // The new invitation is accepted at the next sign-in.
  const again = await signInWithMagicLink(t, investorEmail);
  expect(((await accessible(again.auth)).json as { dataRooms: unknown[] }).dataRooms).toHaveLength(2);
  expect(((await accessible(investor.auth)).json as { dataRooms: unknown[] }).dataRooms).toHaveLength(2);
});

test('an inactive room disappears from its investors’ dashboards', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  await t.app.database.db
    .updateTable('data_rooms')
    .set({ is_active: 0 })
    .where('owner_id', '=', founder.user.id)
    .execute();
  expect((await accessible(investor.auth)).json).toEqual({ dataRooms: [] });
});

test('an investor with no room gets the empty list', async () => {
  const founder = await createFounder(t);
  const email = uniqueEmail('lonely');
  await invite(t, founder, email);
  const investor = await signInWithMagicLink(t, email);
  const [invitation] = (await t.call(invitationRoutes.mine, { as: founder })).json;
  await t.call(invitationRoutes.remove, { params: { id: String(invitation?.id) }, as: founder });
  expect((await accessible(investor.auth)).json).toEqual({ dataRooms: [] });
});

test('without a session: 401', async () => {
  expect((await t.call(roomRoutes.accessible)).status).toBe(401);
});

test('GET /api/my-data-room answers the founder’s own room; an investor gets 403, nobody 401', async () => {
  const { founder, investor } = await founderWithInvestor(t);
  const mine = await t.call(roomRoutes.mine, { as: founder });
  expect(mine.status).toBe(200);
  expect(mine.json).toEqual({
    id: expect.any(String),
    companyName: expect.stringMatching(/^Company /),
    description: '',
    stage: 'Series A',
    foundedYear: null,
    website: '',
    isActive: true,
    isDownloadAllowed: true,
    isWatermarkEnabled: false,
    isNdaRequired: false,
  });
  expect((await t.call(roomRoutes.mine, { as: investor })).status).toBe(403);
  expect((await t.call(roomRoutes.mine)).status).toBe(401);
});
