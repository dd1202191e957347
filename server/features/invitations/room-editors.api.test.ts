import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminRoutes } from '#shared/contracts/admin';
import { apiPath } from '#shared/contracts/api-route';
import { authRoutes } from '#shared/contracts/auth';
import { documentRoutes } from '#shared/contracts/documents';
import { exportRoutes } from '#shared/contracts/exports';
import { invitationRoutes } from '#shared/contracts/invitations';
import { previewRoutes } from '#shared/contracts/previews';
import { readingRoutes } from '#shared/contracts/reading';
import { roomRoutes } from '#shared/contracts/rooms';
import type { Team } from '#shared/contracts/team';
import { teamRoutes } from '#shared/contracts/team';
import {
  createFounder,
  founderWithEditor,
  founderWithInvestor,
  invite,
  inviteEditor,
  mailTo,
  type SignedIn,
  signInWithMagicLink,
  uniqueEmail,
  uniquePdf,
  uploadFile,
} from '#tests/support/factories';
import { expectNothingWritten, expectRefusal, writtenState } from '#tests/support/refusals';
import { startTestApp, type TestApp } from '#tests/support/test-app';

// Co-founders as editors of a room (docs/decisions/0047-room-editors.md): the owner invites
// them; they sign in by magic link and get the owner's console, but not the owner-only actions; their
// own reading is not investor activity; removing them ends their access at once.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn, path: string) => t.request('GET', path, { headers: who.auth });
const post = (who: SignedIn, path: string, json?: unknown) =>
  t.request('POST', path, { json, headers: who.auth });
const remove = (who: SignedIn, path: string) => t.request('DELETE', path, { headers: who.auth });

async function roomIdOf(founder: SignedIn): Promise<string> {
  return ((await get(founder, apiPath(roomRoutes.mine))).json as { id: string }).id;
}

async function uploaded(who: SignedIn, name = 'Deck.pdf'): Promise<string> {
  const response = await uploadFile(t, who, { name, bytes: uniquePdf() });
  expect(response.status, response.text).toBe(201);
  return (response.json as { document: { id: string } }).document.id;
}

async function teamOf(who: SignedIn): Promise<Team> {
  const response = await get(who, apiPath(teamRoutes.team));
  expect(response.status, response.text).toBe(200);
  return response.json as Team;
}

const accessEventsOf = (roomId: string) =>
  t.app.database.db
    .selectFrom('access_events')
    .select(['user_id', 'action'])
    .where('room_id', '=', roomId)
    .execute();

describe('inviting a co-founder', () => {
  test('the owner invites by e-mail; a new address signs in by magic link and lands as the editor of the room', async () => {
    const owner = await createFounder(t, { companyName: 'Acme Editors' });
    const email = uniqueEmail('cofounder');
    const invited = await post(owner, apiPath(teamRoutes.team), { email, name: 'Cleo Cofounder' });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json).toMatchObject({
      message: `Invitation sent to ${email}`,
      member: { email, name: 'Cleo Cofounder', role: 'editor', status: 'pending' },
    });

    const mail = await mailTo(t, email, 'invited you to manage the Acme Editors data room');
    expect(mail.text).toContain(`${t.config.appUrl}/login?email=${encodeURIComponent(email)}`);
    expect((await teamOf(owner)).members.map(({ role, status }) => `${role}:${status}`)).toEqual([
      'owner:active',
      'editor:pending',
    ]);

    const editor = await signInWithMagicLink(t, email);
    const roomId = await roomIdOf(owner);
    expect(editor.user).toMatchObject({ role: 'investor', managedRoom: { id: roomId, role: 'editor' } });
    expect((await get(editor, apiPath(authRoutes.me))).json).toMatchObject({
      user: { managedRoom: { id: roomId, role: 'editor' } },
    });
    expect(owner.user.managedRoom).toEqual({ id: roomId, role: 'owner' });
    const team = await teamOf(editor);
    expect(team.canManageTeam).toBe(false);
    expect(team.members).toEqual([
      expect.objectContaining({
        id: owner.user.id,
        role: 'owner',
        status: 'active',
        email: owner.user.email,
      }),
      expect.objectContaining({ role: 'editor', status: 'active', email, name: 'Cleo Cofounder' }),
    ]);
    expect((await teamOf(owner)).canManageTeam).toBe(true);
    // Co-founders are the team, not investors: no investor list shows them.
    expect((await get(owner, apiPath(adminRoutes.users))).json).toEqual([]);
    expect((await get(owner, apiPath(invitationRoutes.mine))).json).toEqual([]);
  });

  test('inviting a pending co-founder again sends a new link and keeps one invitation', async () => {
    const owner = await createFounder(t);
    const email = uniqueEmail('cofounder');
    const first = await inviteEditor(t, owner, email);
    const second = await inviteEditor(t, owner, email, 'Named Later');
    expect(second.memberId).toBe(first.memberId);
    expect((await teamOf(owner)).members).toHaveLength(2);
  });

  test.each([
    ['not an e-mail', { email: 'not-an-email' }, 'email'],
    ['a missing e-mail', { name: 'No Address' }, 'email'],
    ['an unknown field', { email: 'a@b.co', role: 'owner' }, 'role'],
    ['a name too long', { email: 'a@b.co', name: 'x'.repeat(101) }, 'name'],
  ])('%s is refused with 400 naming the field, and nothing is written', async (_label, body, field) => {
    const owner = await createFounder(t);
    const before = await writtenState(t);
    expectRefusal(await post(owner, apiPath(teamRoutes.team), body), 400, {
      message: new RegExp(field),
      field,
    });
    await expectNothingWritten(t, before);
  });

  test("the owner's own address is refused with 400", async () => {
    const owner = await createFounder(t);
    const before = await writtenState(t);
    expectRefusal(await post(owner, apiPath(teamRoutes.team), { email: owner.user.email }), 400, {
      message: /cannot invite yourself/,
      field: 'email',
    });
    await expectNothingWritten(t, before);
  });

  test('an existing editor, an investor of the room, or an address with a pending investor invitation is refused with 409', async () => {
    const { founder: owner, editorEmail } = await founderWithEditor(t);
    const investorEmail = uniqueEmail('investor');
    await invite(t, owner, investorEmail);
    const pendingEmail = uniqueEmail('pending');
    await invite(t, owner, pendingEmail);
    await signInWithMagicLink(t, investorEmail);
    const before = await writtenState(t);
    expectRefusal(await post(owner, apiPath(teamRoutes.team), { email: editorEmail }), 409, {
      error: 'already_member',
      message: /already a co-founder of this data room/,
    });
    expectRefusal(await post(owner, apiPath(teamRoutes.team), { email: investorEmail }), 409, {
      error: 'already_member',
      message: /is an investor in this data room\. Delete their invitation first/,
    });
    expectRefusal(await post(owner, apiPath(teamRoutes.team), { email: pendingEmail }), 409, {
      error: 'invitation_pending',
      message: /pending investor invitation/,
    });
    // And the other way round: a co-founder is not invited as an investor.
    expectRefusal(await post(owner, apiPath(invitationRoutes.mine), { email: editorEmail }), 409, {
      error: 'already_member',
      message: /already has access to this data room/,
    });
    await expectNothingWritten(t, before);
  });

  test('someone who manages another data room (its founder, or its editor) is refused with 409', async () => {
    const owner = await createFounder(t);
    const otherFounder = await createFounder(t);
    const { editorEmail: otherEditor } = await founderWithEditor(t);
    const before = await writtenState(t);
    for (const email of [otherFounder.user.email, otherEditor]) {
      expectRefusal(await post(owner, apiPath(teamRoutes.team), { email }), 409, {
        error: 'manages_another_room',
        message: /already manages another data room/,
      });
    }
    await expectNothingWritten(t, before);
  });
});

describe('the console, for an editor', () => {
  test('an editor uploads, saves the sections, invites an investor, and reads the dashboard, analytics and exports', async () => {
    const { founder: owner, editor } = await founderWithEditor(t);
    const roomId = await roomIdOf(owner);
    expect(await roomIdOf(editor)).toBe(roomId);

    const documentId = await uploaded(editor, 'Editor Deck.pdf');
    expect(
      ((await get(owner, apiPath(documentRoutes.mine))).json as { id: string }[]).map(({ id }) => id),
    ).toContain(documentId);

    const sections = (await get(editor, apiPath(roomRoutes.sectionsMarkdown))).json as {
      content: string;
      version: string;
    };
    const content = `${sections.content}\n## Legal\n- [Editor Deck](${apiPath(documentRoutes.download, { params: { id: documentId } })})\n`;
    const saved = await post(editor, apiPath(roomRoutes.saveSections), {
      content,
      baseVersion: sections.version,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(((await get(owner, apiPath(roomRoutes.mySections))).json as { content: string }).content).toBe(
      content,
    );

    const investorEmail = uniqueEmail('investor');
    await invite(t, editor, investorEmail, 'Ivo Investor');
    expect((await get(owner, apiPath(invitationRoutes.mine))).json).toEqual([
      expect.objectContaining({ email: investorEmail, status: 'pending' }),
    ]);

    const profile = { name: 'Edited Co', description: 'Edited by a co-founder.', stage: 'Seed', website: '' };
    expect((await post(editor, apiPath(roomRoutes.saveProfile), profile)).json).toMatchObject({
      companyName: 'Edited Co',
    });
    expect(
      (await post(editor, apiPath(roomRoutes.setDownloadDefault), { isDownloadAllowed: false })).status,
    ).toBe(200);
    expect(
      (
        await post(editor, apiPath(documentRoutes.setDownloadPolicy, { params: { id: documentId } }), {
          policy: 'allowed',
        })
      ).status,
    ).toBe(200);

    for (const path of [
      apiPath(adminRoutes.users),
      apiPath(adminRoutes.invitations),
      apiPath(adminRoutes.sections),
      apiPath(adminRoutes.recentDocuments),
      apiPath(adminRoutes.recentAccess),
      apiPath(readingRoutes.room),
      apiPath(readingRoutes.document, { params: { documentId } }),
      apiPath(exportRoutes['access-log']),
      apiPath(exportRoutes.documents),
      apiPath(exportRoutes.investors),
    ]) {
      const response = await get(editor, path);
      expect(response.status, `${path}: ${response.text}`).toBe(200);
    }

    const removed = await remove(
      editor,
      apiPath(documentRoutes.remove, { params: { id: await uploaded(owner, 'Old.pdf') } }),
    );
    expect(removed.status, removed.text).toBe(204);
  });

  test('an editor is refused the owner-only actions with 403: inviting and removing co-founders', async () => {
    const { founder: owner, editor, memberId } = await founderWithEditor(t);
    const { memberId: pendingId } = await inviteEditor(t, owner, uniqueEmail('second'));
    const before = await writtenState(t);
    expectRefusal(await post(editor, apiPath(teamRoutes.team), { email: uniqueEmail('third') }), 403, {
      error: 'forbidden',
      message: /Only the owner of this data room can do this/,
    });
    for (const id of [memberId, pendingId]) {
      expectRefusal(await remove(editor, apiPath(teamRoutes.removeEditor, { params: { id } })), 403, {
        message: /Only the owner of this data room/,
      });
    }
    // A co-founder's invitation is not an investor's: the investors' delete does not find it.
    expectRefusal(
      await remove(editor, apiPath(invitationRoutes.remove, { params: { id: pendingId } })),
      404,
      {
        error: 'not_found',
        message: /./,
      },
    );
    await expectNothingWritten(t, before);
  });

  test("the owner's console and the editor's are the same room, whichever signed in first", async () => {
    const { founder: owner, editor } = await founderWithEditor(t);
    const again = await signInWithMagicLink(t, editor.user.email);
    expect(again.user.managedRoom).toEqual({ id: await roomIdOf(owner), role: 'editor' });
  });
});

describe('removing an editor', () => {
  test('ends their access at once: the next console request is refused, even after cached reads', async () => {
    const { founder: owner, editor, memberId } = await founderWithEditor(t);
    const roomId = await roomIdOf(owner);
    const documentId = await uploaded(owner);
    // Warm every cache an editor's request goes through.
    for (let round = 0; round < 2; round++) {
      expect((await get(editor, apiPath(roomRoutes.mine))).status).toBe(200);
      expect((await get(editor, apiPath(roomRoutes.room, { params: { id: roomId } }))).status).toBe(200);
      expect((await get(editor, apiPath(previewRoutes.preview, { params: { id: documentId } }))).status).toBe(
        200,
      );
    }

    const removed = await remove(owner, apiPath(teamRoutes.removeEditor, { params: { id: memberId } }));
    expect(removed.status, removed.text).toBe(204);

    expectRefusal(await get(editor, apiPath(roomRoutes.mine)), 403, {
      error: 'forbidden',
      message: /co-founders/,
    });
    expect((await get(editor, apiPath(roomRoutes.room, { params: { id: roomId } }))).status).toBe(404);
    expect((await get(editor, apiPath(previewRoutes.preview, { params: { id: documentId } }))).status).toBe(
      404,
    );
    expect((await uploadFile(t, editor, { name: 'Late.pdf', bytes: uniquePdf() })).status).toBe(403);
    // Their session lives on; it just reaches no room.
    expect((await get(editor, apiPath(authRoutes.me))).json).toMatchObject({ user: { managedRoom: null } });
    expect((await teamOf(owner)).members.map(({ role }) => role)).toEqual(['owner']);
    // Their sign-in link is not a way back in.
    const back = await signInWithMagicLink(t, editor.user.email);
    expect(back.user.managedRoom).toBeNull();
    expect((await get(back, apiPath(roomRoutes.mine))).status).toBe(403);
  });

  test('a co-founder invitation not yet accepted can be withdrawn: its sign-in then grants nothing', async () => {
    const owner = await createFounder(t);
    const email = uniqueEmail('withdrawn');
    const { memberId } = await inviteEditor(t, owner, email);
    expect((await remove(owner, apiPath(teamRoutes.removeEditor, { params: { id: memberId } }))).status).toBe(
      204,
    );
    expectRefusal(await t.call(authRoutes.requestMagicLink, { body: { email } }), 404, {
      error: 'no_invitation',
      message: /No invitation found/,
    });
  });

  test("another founder cannot remove this room's editor (404, as for nothing)", async () => {
    const { editor, memberId } = await founderWithEditor(t);
    const other = await createFounder(t);
    expectRefusal(await remove(other, apiPath(teamRoutes.removeEditor, { params: { id: memberId } })), 404, {
      error: 'not_found',
      message: /./,
    });
    expect((await get(editor, apiPath(roomRoutes.mine))).status).toBe(200);
  });
});

describe("an editor's own activity is not investor activity", () => {
  test("their downloads, views and clicks are in no log, analytics, export or investor list; an investor's are", async () => {
    const { founder: owner, editor } = await founderWithEditor(t);
    const roomId = await roomIdOf(owner);
    const documentId = await uploaded(owner);
    const link = 'https://example.com/model';
    const markdown = `## Finance\n- [Deck](${apiPath(documentRoutes.download, { params: { id: documentId } })})\n- [Model](${link})\n`;
    expect((await post(owner, apiPath(roomRoutes.saveSections), { content: markdown })).status).toBe(200);
    const investorEmail = uniqueEmail('investor');
    await invite(t, owner, investorEmail, 'Ines Investor');
    const investor = await signInWithMagicLink(t, investorEmail);

    expect((await get(editor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status).toBe(
      200,
    );
    expect(
      (await post(editor, apiPath(readingRoutes.openView, { params: { id: documentId } }))).json,
    ).toEqual({ viewId: null });
    const click = apiPath(roomRoutes.click, { params: { id: roomId }, query: { url: link } });
    expect((await t.request('GET', click, { headers: editor.auth, redirect: 'manual' })).status).toBe(302);
    expect(await accessEventsOf(roomId)).toEqual([]);

    expect(
      (await get(investor, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
    ).toBe(200);
    expect((await t.request('GET', click, { headers: investor.auth, redirect: 'manual' })).status).toBe(302);
    const events = await accessEventsOf(roomId);
    expect(events.map(({ user_id }) => user_id)).toEqual([investor.user.id, investor.user.id]);

    const recent = (await get(owner, apiPath(adminRoutes.recentAccess))).json as { userName: string }[];
    expect(recent.map(({ userName }) => userName)).toEqual(['Ines Investor', 'Ines Investor']);
    expect((await get(owner, apiPath(adminRoutes.users))).json).toEqual([
      expect.objectContaining({ id: investor.user.id }),
    ]);
    expectRefusal(
      await get(owner, apiPath(readingRoutes.investor, { params: { userId: editor.user.id } })),
      404,
      {
        error: 'not_found',
        message: /investor/,
      },
    );
    expectRefusal(
      await get(editor, apiPath(readingRoutes.investor, { params: { userId: owner.user.id } })),
      404,
      {
        error: 'not_found',
        message: /investor/,
      },
    );
    expect(
      (await get(editor, apiPath(readingRoutes.investor, { params: { userId: investor.user.id } }))).status,
    ).toBe(200);
    for (const kind of ['access-log', 'investors'] as const) {
      const csv = await get(editor, apiPath(exportRoutes[kind]));
      expect(csv.status).toBe(200);
      expect(csv.text).toContain(investorEmail);
      expect(csv.text).not.toContain(editor.user.email);
    }
    expectRefusal(
      await get(owner, apiPath(exportRoutes['access-log'], { query: { investor: editor.user.id } })),
      404,
      {
        message: /investor/,
      },
    );
  });
});

describe('an investor in one room and an editor of another', () => {
  test('reads the first room as an investor and manages the second, whichever invitation came first', async () => {
    for (const editorFirst of [false, true]) {
      const { founder: readRoomOwner } = await founderWithInvestor(t);
      const managedRoomOwner = await createFounder(t);
      const email = uniqueEmail('both');
      if (editorFirst) {
        await inviteEditor(t, managedRoomOwner, email);
        await signInWithMagicLink(t, email);
        await invite(t, readRoomOwner, email);
      } else {
        await invite(t, readRoomOwner, email);
        await signInWithMagicLink(t, email);
        await inviteEditor(t, managedRoomOwner, email);
      }
      const person = await signInWithMagicLink(t, email);
      const readRoomId = await roomIdOf(readRoomOwner);
      const managedRoomId = await roomIdOf(managedRoomOwner);
      expect(person.user.managedRoom).toEqual({ id: managedRoomId, role: 'editor' });
      expect(await roomIdOf(person)).toBe(managedRoomId);
      expect((await get(person, apiPath(roomRoutes.room, { params: { id: readRoomId } }))).status).toBe(200);
      const documentId = await uploaded(readRoomOwner);
      expect(
        (await get(person, apiPath(documentRoutes.download, { params: { id: documentId } }))).status,
      ).toBe(200);
      // In the room they read, they are an investor like any other: their download is logged.
      expect((await accessEventsOf(readRoomId)).map(({ user_id }) => user_id)).toEqual([person.user.id]);
      const { dataRooms } = (await get(person, apiPath(roomRoutes.accessible))).json as {
        dataRooms: { id: string }[];
      };
      expect(dataRooms.map(({ id }) => id).sort()).toEqual([managedRoomId, readRoomId].sort());
      // The room they read is not theirs to manage.
      expect((await get(person, apiPath(adminRoutes.users))).json).toEqual([]);
    }
  });
});
