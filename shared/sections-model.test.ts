import { describe, expect, test } from 'vitest';
import {
  parseSectionsMarkdown,
  renameDocumentLinks,
  starterSectionsMarkdown,
  uploadedDocumentPath,
} from './sections-markdown';
import {
  applySectionsEdit,
  parseSectionsModel,
  type SectionsEdit,
  type SectionsModel,
  serializeSectionsModel,
} from './sections-model';

const DECK_ID = '0d1f4b8e-8a0b-4d1c-9d5e-2f1f6a0c3b7a';
const CAP_ID = '7c9e2a1b-3d4f-4a5b-8c6d-9e0f1a2b3c4d';

const SEED = `# Company Information
name: Acme Robotics
stage: Seed
description: Robots for warehouses

## Financial information
- [Financial model](https://docs.google.com/spreadsheets/d/abc/edit)
- [Cap table.xlsx](${uploadedDocumentPath(CAP_ID)})

## Legal documents
- [Certificate of incorporation](https://example.com/coi.pdf)
`;

/** What founders write: descriptions, icons, notes, sub-headings, quotes, nested lists, loose lists. */
const RICH = `# Company Information
name: Acme \\*Robotics\\*
stage: Seed

Some notes before the sections, with a [link](https://acme.example).

## Financials {icon=chart}
Revenue, projections and the *cap table*.
Second line of the description.

- [Deck](${uploadedDocumentPath(DECK_ID)} "the deck")
- see the [Model](https://example.com/model.xlsx) too
  with a continuation line
- a plain item without a link

* [Cap table](${uploadedDocumentPath(CAP_ID)})

### Notes
> A quote with a [link](https://example.com/q)

1. [Ordered](https://example.com/o.pdf)
2. [Second \\[v2\\]](https://example.com/p.pdf)
   - [nested](https://example.com/n.pdf)

Legal stuff
-----------

- [Loose one](https://example.com/l1.pdf)

- [Loose two](https://example.com/l2.pdf)

# A title in the middle
- [Not in a section](https://example.com/x.pdf)

## Team & organization {icon=users}
## Empty {icon=unknown-icon}
`;

const HOSTILE = [
  '',
  '\n\n\n',
  'no sections at all, just text',
  '## Only a heading',
  '## A\n- [x](https://e.com/x.pdf)', // no final line ending
  '## A\r\n- [x](https://e.com/x.pdf)\r\n## B\r\nText\r\n', // CRLF
  '## A\r- [x](https://e.com/x.pdf)\r## B\r', // lone CR
  '## A\n```\n## not a heading\n- [in code](https://e.com/c.pdf)\n', // unclosed fence
  '## A\n<script>\n## B\n', // an HTML block that runs to the end
  '## A\n- [bad](javascript:alert(1))\n- [good](https://e.com/g.pdf)\n',
  '## \n- [](https://e.com/untitled.pdf)\n##\n',
  '## A ##\n## B {icon=gavel} ###\n',
  '   ## Indented heading\n    - [code](https://e.com/c.pdf)\n',
  '## A\n- [x](<https://e.com/a b.pdf>)\n- <https://e.com/auto.pdf>\n',
  '## Company information\nname: x\n## Real\n- [y](https://e.com/y.pdf)\n',
  '\u0000## nul\n- [x](https://e.com/x.pdf)\u2028\n',
  '## A\n- [x](https://e.com/x.pdf)\n\n\n\n   \n## B\n',
];

const FIXTURES = [
  SEED,
  RICH,
  starterSectionsMarkdown({ name: 'Acme', stage: 'Seed', description: 'We make things' }),
  ...HOSTILE,
];

function modelOf(markdown: string): SectionsModel {
  const parsed = parseSectionsModel(markdown);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.model;
}

/** The room as the parser reads it: what investors see. */
function roomOf(markdown: string) {
  return parseSectionsMarkdown(markdown).sections.map((section) => ({
    name: section.name,
    documents: section.documents.map((document) => document.title),
  }));
}

const documentsOf = (model: SectionsModel, section: number) =>
  model.sections[section]?.blocks.filter((block) => block.kind === 'document').length;

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % Math.max(1, below);
  };
}

function randomEdit(model: SectionsModel, next: (below: number) => number): SectionsEdit {
  const sections = model.sections.length;
  const documentsIn = (section: number) =>
    model.sections[section]?.blocks.filter((block) => block.kind === 'document').length ?? 0;
  const names = ['Data', 'C# & *stars* [x] {icon=gavel} too', '  spaced   out  ', 'Légal', '<b>bold</b>'];
  switch (next(9)) {
    case 0:
      return { kind: 'addSection', name: names[next(names.length)] ?? 'Data' };
    case 1:
      return { kind: 'renameSection', section: next(sections), name: names[next(names.length)] ?? 'Data' };
    case 2:
      return { kind: 'moveSection', from: next(sections), to: next(sections) };
    case 3:
      return { kind: 'deleteSection', section: next(sections) };
    case 4: {
      const from = next(sections);
      const to = next(sections);
      return {
        kind: 'moveDocument',
        from: { section: from, index: next(documentsIn(from)) },
        to: { section: to, index: next(documentsIn(to) + 1) },
      };
    }
    case 5: {
      const to = next(sections);
      return {
        kind: 'placeDocument',
        title: '*Deck* [v2] \\ <b>&amp;',
        url: uploadedDocumentPath(DECK_ID),
        to: { section: to, index: next(documentsIn(to) + 1) },
      };
    }
    case 6: {
      const section = next(sections);
      return { kind: 'unplaceDocument', section, index: next(documentsIn(section)) };
    }
    case 7:
      return { kind: 'setSectionIcon', section: next(sections), icon: 'gavel' };
    default: {
      const section = next(sections);
      return {
        kind: 'renameDocument',
        section,
        index: next(documentsIn(section)),
        title: '*Deck* [v2] \\ <b>&amp;',
      };
    }
  }
}

describe('serialize(parse(text)) keeps every byte', () => {
  test.each(FIXTURES.map((text) => [JSON.stringify(text).slice(0, 60), text]))('%s', (_name, text) => {
    expect(serializeSectionsModel(modelOf(text))).toBe(text);
  });

  test('the model reads the same sections and documents as the room does', () => {
    for (const text of FIXTURES) {
      const model = modelOf(text);
      expect(
        model.sections.map((section) => ({
          name: section.name,
          documents: section.blocks.flatMap((block) => (block.kind === 'document' ? [block.title] : [])),
        })),
        text,
      ).toEqual(roomOf(text));
    }
  });

  test('a text past the parser’s limits is refused with its reason', () => {
    const parsed = parseSectionsModel('x'.repeat(1_000_000));
    expect(parsed).toEqual({ ok: false, message: expect.stringMatching(/too long/) });
  });
});

describe('parse(serialize(model)) = model after any edit', () => {
  test.each(FIXTURES.map((text, index) => [index, text]))(
    'fixture %i, 100 random edits',
    { timeout: 60_000 },
    (index, text) => {
      const next = random(1000 + Number(index));
      let model = modelOf(text as string);
      let accepted = 0;
      for (let step = 0; step < 100; step++) {
        const result = applySectionsEdit(model, randomEdit(model, next));
        if (!result.ok) continue;
        accepted++;
        model = result.model;
        const written = serializeSectionsModel(model);
        expect(modelOf(written)).toEqual(model);
        expect(roomOf(written).map((section) => section.documents)).toEqual(
          model.sections.map((section) =>
            section.blocks.flatMap((block) => (block.kind === 'document' ? [block.title] : [])),
          ),
        );
      }
      // Most edits go through, even on hostile texts: the check refuses only what would read differently.
      expect(accepted).toBeGreaterThan(10);
    },
  );

  test('on the founder’s own texts, every edit the editor offers is accepted', { timeout: 60_000 }, () => {
    for (const text of [SEED, RICH]) {
      const next = random(7);
      let model = modelOf(text);
      for (let step = 0; step < 100; step++) {
        const edit = randomEdit(model, next);
        const result = applySectionsEdit(model, edit);
        const valid =
          (edit.kind !== 'moveDocument' &&
            edit.kind !== 'renameDocument' &&
            edit.kind !== 'unplaceDocument') ||
          model.sections[edit.kind === 'moveDocument' ? edit.from.section : edit.section]?.blocks.some(
            (block) => block.kind === 'document',
          );
        // Within its section a document has one place fewer to go to (the editor clamps the end).
        const pastTheEnd =
          edit.kind === 'moveDocument' &&
          edit.from.section === edit.to.section &&
          edit.to.index >= (documentsOf(model, edit.to.section) ?? 0);
        if (model.sections.length === 0 && edit.kind !== 'addSection') continue;
        if (!valid || pastTheEnd) continue;
        expect(result, JSON.stringify(edit)).toMatchObject({ ok: true });
        if (result.ok) model = result.model;
      }
    }
  });
});

describe('each edit', () => {
  const apply = (text: string, edit: SectionsEdit) => {
    const result = applySectionsEdit(modelOf(text), edit);
    if (!result.ok) throw new Error(result.message);
    return serializeSectionsModel(result.model);
  };

  test('adds a section at the end, after a blank line, with the neutral folder icon', () => {
    expect(apply(SEED, { kind: 'addSection', name: 'Team' })).toBe(`${SEED}\n## Team {icon=folder}\n`);
    expect(apply('## A\n- [x](https://e.com/x.pdf)', { kind: 'addSection', name: 'B' })).toBe(
      '## A\n- [x](https://e.com/x.pdf)\n\n## B {icon=folder}\n',
    );
    expect(apply('', { kind: 'addSection', name: 'First' })).toBe('## First {icon=folder}\n');
    // Not the icon the name suggests ("Financials" would guess chart-line).
    expect(
      parseSectionsMarkdown(apply('', { kind: 'addSection', name: 'Financials' })).sections[0]?.icon,
    ).toBe('folder');
  });

  test('sets a section’s icon on its heading line and nothing else', () => {
    const written = apply(RICH, { kind: 'setSectionIcon', section: 0, icon: 'users' });
    expect(written).toBe(RICH.replace('## Financials {icon=chart}', '## Financials {icon=users}'));
    const crlf = SEED.replace(/\n/g, '\r\n');
    expect(apply(crlf, { kind: 'setSectionIcon', section: 1, icon: 'folder' })).toBe(
      crlf.replace('## Legal documents\r\n', '## Legal documents {icon=folder}\r\n'),
    );
    expect(
      applySectionsEdit(modelOf(SEED), {
        kind: 'setSectionIcon',
        section: 0,
        icon: 'rocket' as 'folder',
      }),
    ).toEqual({ ok: false, message: 'That icon is not one a section can have.' });
  });

  test('places an unplaced upload: one line added, every other byte kept', () => {
    const url = uploadedDocumentPath(DECK_ID);
    const atEnd = apply(SEED, {
      kind: 'placeDocument',
      title: 'Seed deck',
      url,
      to: { section: 0, index: 2 },
    });
    expect(atEnd).toBe(
      SEED.replace(
        `- [Cap table.xlsx](${uploadedDocumentPath(CAP_ID)})\n`,
        `- [Cap table.xlsx](${uploadedDocumentPath(CAP_ID)})\n- [Seed deck](${url})\n`,
      ),
    );
    const first = apply(SEED, { kind: 'placeDocument', title: 'A *b*', url, to: { section: 1, index: 0 } });
    expect(first).toBe(SEED.replace('## Legal documents\n', `## Legal documents\n- [A \\*b\\*](${url})\n`));
    expect(roomOf(first)[1]?.documents[0]).toBe('A *b*');
    const crlf = SEED.replace(/\n/g, '\r\n');
    expect(apply(crlf, { kind: 'placeDocument', title: 'Deck', url, to: { section: 1, index: 1 } })).toBe(
      crlf.replace(
        '(https://example.com/coi.pdf)\r\n',
        `(https://example.com/coi.pdf)\r\n- [Deck](${url})\r\n`,
      ),
    );
    expect(
      applySectionsEdit(modelOf(SEED), {
        kind: 'placeDocument',
        title: 'x',
        url: 'javascript:alert(1)',
        to: { section: 0, index: 0 },
      }),
    ).toEqual({ ok: false, message: 'That link cannot be placed in a section.' });
  });

  test('unplaces a document: only its lines go, and placing it back gives the same bytes', () => {
    const unplaced = apply(RICH, { kind: 'unplaceDocument', section: 0, index: 1 });
    expect(unplaced).toBe(
      RICH.replace('- see the [Model](https://example.com/model.xlsx) too\n  with a continuation line\n', ''),
    );
    // Tight lists (a loose list keeps its blank lines where they were, around the other items).
    for (const text of [SEED, SEED.replace(/\n/g, '\r\n')]) {
      const model = modelOf(text);
      model.sections.forEach((section, sectionIndex) => {
        section.blocks
          .filter((block) => block.kind === 'document')
          .forEach((document, index) => {
            if (!document.source.startsWith(`- [${document.title}](${document.url})`)) return;
            if (
              document.source.length !==
              `- [${document.title}](${document.url})`.length + 1 + (text.includes('\r') ? 1 : 0)
            )
              return;
            const out = apply(text, { kind: 'unplaceDocument', section: sectionIndex, index });
            const back = apply(out, {
              kind: 'placeDocument',
              title: document.title,
              url: document.url,
              to: { section: sectionIndex, index },
            });
            expect(back).toBe(text);
          });
      });
    }
  });

  test('renames a section and keeps its icon, its description and its documents', () => {
    const written = apply(RICH, { kind: 'renameSection', section: 0, name: 'Money' });
    expect(written).toBe(RICH.replace('## Financials {icon=chart}', '## Money {icon=chart}'));
  });

  test('a section name with markup reads back as written', () => {
    const written = apply(SEED, { kind: 'renameSection', section: 1, name: 'R&D *new* #1 {x}' });
    expect(roomOf(written)[1]?.name).toBe('R&D *new* #1 {x}');
    expect(
      applySectionsEdit(modelOf(SEED), { kind: 'renameSection', section: 1, name: 'X {icon=gavel}' }),
    ).toEqual({
      ok: false,
      message: 'A section name cannot end with {icon=…}.',
    });
  });

  test('moves a section with everything under it', () => {
    const written = apply(SEED, { kind: 'moveSection', from: 1, to: 0 });
    expect(roomOf(written).map((section) => section.name)).toEqual([
      'Legal documents',
      'Financial information',
    ]);
    expect(written).toContain(
      '## Legal documents\n- [Certificate of incorporation](https://example.com/coi.pdf)\n## Financial information',
    );
    expect(written.startsWith('# Company Information\nname: Acme Robotics')).toBe(true);
  });

  test('deletes a section and only that section', () => {
    const written = apply(SEED, { kind: 'deleteSection', section: 0 });
    expect(written).toBe(SEED.replace(/## Financial information\n[\s\S]*?\n\n/, ''));
  });

  test('moves a document within its section and to another, keeping its line as written', () => {
    const within = apply(SEED, {
      kind: 'moveDocument',
      from: { section: 0, index: 1 },
      to: { section: 0, index: 0 },
    });
    expect(roomOf(within)[0]?.documents).toEqual(['Cap table.xlsx', 'Financial model']);
    const across = apply(RICH, {
      kind: 'moveDocument',
      from: { section: 0, index: 1 },
      to: { section: 1, index: 0 },
    });
    expect(roomOf(across).map((section) => section.documents)).toEqual([
      ['Deck', 'Cap table', 'Ordered', 'Second [v2]'],
      ['Model', 'Loose one', 'Loose two'],
      [],
      [],
    ]);
    expect(across).toContain(
      '-----------\n\n- see the [Model](https://example.com/model.xlsx) too\n  with a continuation line\n- [Loose one]',
    );
    const intoEmpty = apply(RICH, {
      kind: 'moveDocument',
      from: { section: 0, index: 0 },
      to: { section: 3, index: 0 },
    });
    expect(
      intoEmpty.endsWith(
        `## Empty {icon=unknown-icon}\n- [Deck](${uploadedDocumentPath(DECK_ID)} "the deck")\n`,
      ),
    ).toBe(true);
  });

  test('a document moved under a description starts its own list, and the description stays', () => {
    const text = '## A\n- [x](https://e.com/x.pdf)\n\n## B\nThe description of B.\n';
    const written = apply(text, {
      kind: 'moveDocument',
      from: { section: 0, index: 0 },
      to: { section: 1, index: 0 },
    });
    expect(written).toBe('## A\n\n## B\nThe description of B.\n\n- [x](https://e.com/x.pdf)\n');
    expect(parseSectionsMarkdown(written).sections[1]?.description).toBe('The description of B.');
  });

  test('renames a document’s link text and nothing else on its line', () => {
    const written = apply(RICH, { kind: 'renameDocument', section: 0, index: 0, title: 'Seed *deck*' });
    expect(written).toBe(RICH.replace('- [Deck](', '- [Seed \\*deck\\*]('));
  });

  test('an edit the markdown around it would swallow is refused, and the text stays', () => {
    const text = '## A\n- [x](https://e.com/x.pdf)\n## B\n```\nunclosed fence\n';
    const result = applySectionsEdit(modelOf(text), { kind: 'moveSection', from: 1, to: 0 });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/Edit as markdown/) });
  });
});

describe('renameDocumentLinks (the server’s side of a rename)', () => {
  test('rewrites every link to the document and keeps everything else', () => {
    const text = `## A\n- [Old](${uploadedDocumentPath(DECK_ID)} "t")\n\nSee [again](https://rooms.example.com/api/documents/${DECK_ID}/download).\n- [Other](${uploadedDocumentPath(CAP_ID)})\n- <https://rooms.example.com/api/documents/${DECK_ID}/download>\n`;
    const renamed = renameDocumentLinks(text, DECK_ID, 'New <b>', { appOrigin: 'https://rooms.example.com' });
    expect(renamed).toBe(text.replace('[Old]', '[New \\<b\\>]').replace('[again]', '[New \\<b\\>]'));
  });

  test.each(['*Deck*', '[v2] \\ `x`', '<img src=x onerror=alert(1)>', '&amp; ~~x~~ ![i](j)', '   '])(
    'the title %s reads back as written',
    (title) => {
      const text = `## A\n- [Old](${uploadedDocumentPath(DECK_ID)})\n`;
      const renamed = renameDocumentLinks(text, DECK_ID, title);
      expect(parseSectionsMarkdown(renamed).sections[0]?.documents[0]?.title).toBe(
        title.trim() || uploadedDocumentPath(DECK_ID),
      );
    },
  );
});
