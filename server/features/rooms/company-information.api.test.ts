import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { roomRoutes } from '#shared/contracts/rooms';
import { countRows, founderWithInvestor, type SignedIn } from '#tests/support/factories';
import { startTestApp, type TestApp } from '#tests/support/test-app';

/**
 * ADR 38: the company profile and the sections' Company Information block are one
 * set of fields. Saving either updates the other, and every reader answers the same name, stage and
 * description.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const readSections = async (founder: SignedIn) =>
  (await t.call(roomRoutes.sectionsMarkdown, { as: founder })).json;

const saveSections = (founder: SignedIn, json: { content: string; baseVersion?: string }) =>
  t.call(roomRoutes.saveSections, { body: json, as: founder });

const saveProfile = (founder: SignedIn, json: Record<string, unknown>) =>
  t.call(roomRoutes.saveProfile, { rawBody: json, as: founder });

/** The company as the founder's console, the investor's dashboard card and the room header read it. */
async function companyAsEveryoneReadsIt(founder: SignedIn, investor: SignedIn) {
  const mine = (await t.call(roomRoutes.mine, { as: founder })).json;
  const dashboard = (await t.call(roomRoutes.accessible, { as: investor })).json;
  const card = dashboard.dataRooms.find((room) => room.id === mine.id);
  const { dataRoom } = (await t.call(roomRoutes.room, { params: { id: mine.id }, as: investor })).json;
  const profile = { name: mine.companyName, stage: mine.stage, description: mine.description };
  expect({
    name: card?.companyName,
    stage: card?.fundingStage,
    description: card?.companyDescription,
  }).toEqual(profile);
  expect({ name: dataRoom.companyName, stage: dataRoom.stage, description: dataRoom.description }).toEqual(
    profile,
  );
  return profile;
}

describe('sections → profile', () => {
  test('a saved Company Information block sets the name, stage and description everyone reads', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    await saveProfile(founder, { name: 'Profile Co', stage: 'Series A', description: 'From the form' });
    const content =
      '# Company Information\nname: Markdown Co\nstage: seed\ndescription: From the *markdown*\n\n## Legal\n';
    const saved = await saveSections(founder, { content });
    expect(saved.status, saved.text).toBe(200);
    expect(await companyAsEveryoneReadsIt(founder, investor)).toEqual({
      name: 'Markdown Co',
      stage: 'Seed',
      description: 'From the markdown',
    });
    expect((await readSections(founder)).content).toBe(content);
  });

  test('fields the block does not set, and a text without the block, leave the profile as it is', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    await saveProfile(founder, { name: 'Kept Co', stage: 'Growth', description: 'Line one\nline two' });
    expect(
      (await saveSections(founder, { content: '# Company Information\nstage: Series C\n' })).status,
    ).toBe(200);
    expect(await companyAsEveryoneReadsIt(founder, investor)).toEqual({
      name: 'Kept Co',
      stage: 'Series C',
      description: 'Line one\nline two',
    });
    expect((await saveSections(founder, { content: '## Legal\n' })).status).toBe(200);
    expect((await companyAsEveryoneReadsIt(founder, investor)).stage).toBe('Series C');
  });

  test('the block’s one-line copy of a multi-line description keeps the profile’s line breaks', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    await saveProfile(founder, { name: 'Lines Co', description: 'First line\nSecond line' });
    const { content, version } = await readSections(founder);
    expect(content).toContain('description: First line Second line\n');
    expect(
      (await saveSections(founder, { content: `${content}\n## Team\n`, baseVersion: version })).status,
    ).toBe(200);
    expect((await companyAsEveryoneReadsIt(founder, investor)).description).toBe('First line\nSecond line');
  });

  test.each([
    [
      'an unknown stage',
      'name: Bad Co\nstage: Seedling',
      3,
      /^Line 3: the stage must be one of Pre-Seed, Seed/,
    ],
    ['an empty name', 'name:\nstage: Seed', 2, /^Line 2: Company name is required\.$/],
    ['a name too long', `name: ${'n'.repeat(201)}`, 2, /^Line 2: the name must be at most 200 characters/],
  ])('%s is a 400 naming the line, and nothing is written', async (_, block, line, message) => {
    const { founder, investor } = await founderWithInvestor(t);
    await saveProfile(founder, { name: 'Before Co', stage: 'Seed', description: 'Before' });
    const before = await readSections(founder);
    // The investor's first visit writes its own rows (the founder's first-visit mail): before counting.
    await companyAsEveryoneReadsIt(founder, investor);
    const rows = await countRows(t);
    const refused = await saveSections(founder, { content: `# Company Information\n${block}\n\n## Legal\n` });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_sections', field: 'content', line });
    expect((refused.json as { message: string }).message).toMatch(message);
    expect(await readSections(founder)).toEqual(before);
    expect(await companyAsEveryoneReadsIt(founder, investor)).toEqual({
      name: 'Before Co',
      stage: 'Seed',
      description: 'Before',
    });
    expect(await countRows(t)).toEqual(rows);
  });
});

describe('profile → sections', () => {
  test('a profile save rewrites the block in the stored text, keeping every other line, and changes its version', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    const content =
      '<!-- notes -->\n# Company Information\nname: Old Co\nstage: Seed\ndescription: Old\n\n## Legal {icon=gavel}\n- [COI](https://x.example/c.pdf)\n';
    const first = await saveSections(founder, { content });
    expect(first.status).toBe(200);
    const { version } = first.json as { version: string };
    const saved = await saveProfile(founder, {
      name: 'New [Co]',
      stage: 'Series B',
      description: 'New\nand better',
    });
    expect(saved.status, saved.text).toBe(200);
    const after = await readSections(founder);
    expect(after.content).toBe(
      '<!-- notes -->\n# Company Information\nname: New \\[Co\\]\nstage: Series B\ndescription: New and better\n\n## Legal {icon=gavel}\n- [COI](https://x.example/c.pdf)\n',
    );
    expect(after.version).not.toBe(version);
    // An open editor's draft based on the text before is refused with the new text, to rebase on.
    const stale = await saveSections(founder, { content: `${content}\n## Team\n`, baseVersion: version });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ content: after.content, version: after.version });
    expect(await companyAsEveryoneReadsIt(founder, investor)).toEqual({
      name: 'New [Co]',
      stage: 'Series B',
      description: 'New\nand better',
    });
    const room = (await t.call(roomRoutes.mine, { as: founder })).json;
    const readers = (await t.call(roomRoutes.sections, { params: { id: room.id }, as: investor })).json;
    expect(readers.content).toBe(after.content);
  });

  test('a stored text without the block gets one at the top', async () => {
    const { founder } = await founderWithInvestor(t);
    expect((await saveSections(founder, { content: '## Legal\n' })).status).toBe(200);
    expect((await saveProfile(founder, { name: 'Top Co', stage: 'Pre-Seed' })).status).toBe(200);
    expect((await readSections(founder)).content).toBe(
      '# Company Information\nname: Top Co\nstage: Pre-Seed\ndescription:\n\n## Legal\n',
    );
  });

  test('while no text is stored, the starter template shows the profile', async () => {
    const { founder, investor } = await founderWithInvestor(t);
    expect(
      (await saveProfile(founder, { name: 'Fresh Co', stage: 'Growth', description: 'Fresh' })).status,
    ).toBe(200);
    expect((await readSections(founder)).content).toMatch(
      /^# Company Information\nname: Fresh Co\nstage: Growth\ndescription: Fresh\n/,
    );
    expect(await companyAsEveryoneReadsIt(founder, investor)).toEqual({
      name: 'Fresh Co',
      stage: 'Growth',
      description: 'Fresh',
    });
  });

  test('a refused profile changes neither the profile nor the text', async () => {
    const { founder } = await founderWithInvestor(t);
    await saveSections(founder, { content: '# Company Information\nname: Same Co\n' });
    const before = await readSections(founder);
    expect((await saveProfile(founder, { name: 'Other', stage: 'Seedling' })).status).toBe(400);
    expect(await readSections(founder)).toEqual(before);
  });
});
