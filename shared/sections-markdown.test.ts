import type { Nodes, Paragraph } from 'mdast';
import { describe, expect, test } from 'vitest';
import { apiPath } from './contracts/api-route';
import { documentRoutes } from './contracts/documents';
import {
  addDocumentsToSection,
  addDocumentToSection,
  findStrayLinkProblems,
  parseSectionsMarkdown,
  removeDocumentLinks,
  SECTIONS_LIMITS,
  setCompanyInformation,
  starterSectionsMarkdown,
  uploadedDocumentPath,
} from './sections-markdown';

const UPLOAD_ID = '0d1f4b8e-8a0b-4d1c-9d5e-2f1f6a0c3b7a';

const SEED = `# Company Information
name: Acme Robotics
stage: Seed
description: Robots for warehouses

## Financial information
- [Financial model](https://docs.google.com/spreadsheets/d/abc/edit)
- [Cap table.xlsx](${uploadedDocumentPath(UPLOAD_ID)})

## Legal documents
- [Certificate of incorporation](https://example.com/coi.pdf)
`;

describe('the seed format', () => {
  const parsed = parseSectionsMarkdown(SEED);

  test('reads the company block', () => {
    expect(parsed.company).toEqual({
      name: 'Acme Robotics',
      stage: 'Seed',
      description: 'Robots for warehouses',
    });
  });

  test('each ## heading is a section, numbered 1..n, with the default description and an inferred icon', () => {
    expect(
      parsed.sections.map(({ id, name, description, icon }) => ({ id, name, description, icon })),
    ).toEqual([
      {
        id: 1,
        name: 'Financial information',
        description: 'Financial information documentation and files',
        icon: 'chart-line',
      },
      {
        id: 2,
        name: 'Legal documents',
        description: 'Legal documents documentation and files',
        icon: 'gavel',
      },
    ]);
  });

  test('each list link is a document; our download path marks an upload', () => {
    expect(parsed.sections[0]?.documents).toEqual([
      {
        title: 'Financial model',
        url: 'https://docs.google.com/spreadsheets/d/abc/edit',
        isUploaded: false,
        documentId: null,
        fileType: 'google-sheets',
        line: 7,
      },
      {
        title: 'Cap table.xlsx',
        url: apiPath(documentRoutes.download, { params: { id: UPLOAD_ID } }),
        isUploaded: true,
        documentId: UPLOAD_ID,
        fileType: 'excel',
        line: 8,
      },
    ]);
    expect(parsed.problems).toEqual([]);
  });
});

test('without a company block the defaults apply', () => {
  expect(parseSectionsMarkdown('## Team\n').company).toEqual({
    name: 'Your Company',
    stage: 'Series A',
    description: 'Secure document sharing for investors and stakeholders',
  });
});

test('a heading containing "Company Information" is never a section', () => {
  const parsed = parseSectionsMarkdown('## Company Information\nname: X\n\n## Team\n');
  expect(parsed.sections.map((section) => section.name)).toEqual(['Team']);
  expect(parsed.company.name).toBe('X');
});

test('a paragraph under a section is its description; {icon=...} sets the icon', () => {
  const parsed = parseSectionsMarkdown(
    '## Legal {icon=gavel}\nContracts and *filings*.\n\nA second paragraph.\n\n## Culture {icon=users}\n## Misc {icon=rocket}\n## Product roadmap\n## Business plan\n## Cooking\n',
  );
  expect(parsed.sections.map(({ name, description, icon }) => ({ name, description, icon }))).toEqual([
    { name: 'Legal', description: 'Contracts and filings.', icon: 'gavel' },
    { name: 'Culture', description: 'Culture documentation and files', icon: 'users' },
    { name: 'Misc', description: 'Misc documentation and files', icon: 'chart-line' },
    { name: 'Product roadmap', description: 'Product roadmap documentation and files', icon: 'laptop-code' },
    { name: 'Business plan', description: 'Business plan documentation and files', icon: 'cogs' },
    { name: 'Cooking', description: 'Cooking documentation and files', icon: 'chart-line' },
  ]);
});

test('real markdown: escaped brackets, link titles, parentheses inside URLs, emphasis in titles', () => {
  const parsed = parseSectionsMarkdown(
    [
      '## Docs',
      '- [Deck \\[v2\\]](https://example.com/deck.pdf)',
      '- [Wiki](https://en.wikipedia.org/wiki/Cap_(finance) "A title")',
      '- [**Bold** memo](<https://example.com/a b.docx>)',
      '- not a link',
      '',
    ].join('\n'),
  );
  expect(parsed.sections[0]?.documents.map(({ title, url, fileType }) => ({ title, url, fileType }))).toEqual(
    [
      { title: 'Deck [v2]', url: 'https://example.com/deck.pdf', fileType: 'pdf' },
      { title: 'Wiki', url: 'https://en.wikipedia.org/wiki/Cap_(finance)', fileType: 'file' },
      { title: 'Bold memo', url: 'https://example.com/a b.docx', fileType: 'word' },
    ],
  );
});

describe('links that may not be saved are problems naming their line', () => {
  test.each([
    ['javascript:alert(1)', /uses "javascript:"/],
    ['data:text/html;base64,PHNjcmlwdD4=', /uses "data:"/],
    ['vbscript:msgbox', /uses "vbscript:"/],
    ['file:///etc/passwd', /uses "file:"/],
    ['/relative/path', /is not a full web address/],
    ['../../etc/passwd', /is not a full web address/],
    ['//evil.example/x', /is not a full web address/],
  ])('%s', (url, reason) => {
    const parsed = parseSectionsMarkdown(`## Docs\n\n- [Bad](${url})\n`);
    expect(parsed.sections[0]?.documents).toEqual([]);
    expect(parsed.problems).toEqual([{ line: 3, message: expect.stringMatching(reason) }]);
    expect(parsed.problems[0]?.message).toMatch(/^Line 3: the link of "Bad"/);
  });

  test('links outside document lists, reference definitions and images are checked too', () => {
    const parsed = parseSectionsMarkdown(
      '# Company Information\ndescription: [x](javascript:alert(1))\n\n## Docs\nSee [here](data:text/html,hi).\n\n[ref]: javascript:void(0)\n\n![logo](javascript:alert(1))\n',
    );
    expect(parsed.problems.map((problem) => problem.line)).toEqual([2, 5, 7, 9]);
  });

  test('raw HTML is plain text, never a link or markup', () => {
    const parsed = parseSectionsMarkdown(
      '## Docs <img src=x onerror=alert(1)>\nHello <script>alert(1)</script>\n',
    );
    expect(parsed.sections[0]?.name).toBe('Docs');
    expect(parsed.sections[0]?.description).toBe('Hello alert(1)');
  });
});

test('with the app origin, an absolute link to our download path is an upload; another host is not', () => {
  const markdown = `## Docs\n- [A](https://rooms.example.com/api/documents/${UPLOAD_ID}/download)\n- [B](https://evil.example/api/documents/${UPLOAD_ID}/download)\n`;
  const parsed = parseSectionsMarkdown(markdown, { appOrigin: 'https://rooms.example.com' });
  expect(parsed.sections[0]?.documents.map((document) => document.isUploaded)).toEqual([true, false]);
});

test('our download path with a query or a fragment is still that upload, so its room is checked', () => {
  const base = `https://rooms.example.com/api/documents/${UPLOAD_ID}/download`;
  const parsed = parseSectionsMarkdown(`## Docs\n- [A](${base}#page=2)\n- [B](${base}?x=1)\n`, {
    appOrigin: 'https://rooms.example.com',
  });
  expect(parsed.sections[0]?.documents.map((document) => document.documentId)).toEqual([
    UPLOAD_ID,
    UPLOAD_ID,
  ]);
});

test('the starter template parses cleanly with the company profile', () => {
  const parsed = parseSectionsMarkdown(
    starterSectionsMarkdown({ name: 'Nimbus Labs', stage: 'Seed', description: 'Clouds, tamed' }),
  );
  expect(parsed.company).toEqual({ name: 'Nimbus Labs', stage: 'Seed', description: 'Clouds, tamed' });
  expect(parsed.sections.map((section) => section.name)).toEqual([
    'Financial information',
    'Legal documents',
    'Team & organization',
  ]);
  expect(parsed.problems).toEqual([]);
});

describe('setting the Company Information block (ADR 38)', () => {
  const profile = {
    name: 'Acme *Robotics* [EU]',
    stage: 'Series B',
    description: 'Robots\nfor <b>warehouses</b> & more',
  };

  test('each field line is rewritten in place and every other byte is kept', () => {
    const markdown = `${SEED.replace('name: Acme Robotics', 'Name :  Acme Robotics ')}\n<!-- kept -->\n`;
    const updated = setCompanyInformation(markdown, profile);
    const unchanged = (text: string) =>
      text.split('\n').filter((line) => !/^\s*(name|stage|description)\s*:/i.test(line));
    expect(unchanged(updated)).toEqual(unchanged(markdown));
    expect(updated.split('\n').slice(0, 4)).toEqual([
      '# Company Information',
      'name: Acme \\*Robotics\\* \\[EU\\]',
      'stage: Series B',
      'description: Robots for \\<b\\>warehouses\\</b\\> \\& more',
    ]);
  });

  test('the written block parses back to exactly the profile (line breaks as spaces)', () => {
    const parsed = parseSectionsMarkdown(setCompanyInformation(SEED, profile));
    expect(parsed.company).toEqual({ ...profile, description: 'Robots for <b>warehouses</b> & more' });
    expect(parsed.companyFields.map(({ field, line }) => [field, line])).toEqual([
      ['name', 2],
      ['stage', 3],
      ['description', 4],
    ]);
  });

  test('missing fields are added after the block’s last field, an empty one as a bare key', () => {
    const markdown = '# Company Information\r\nstage: Seed\r\n\r\n## Legal\r\n';
    const updated = setCompanyInformation(markdown, { name: 'Acme', stage: 'Growth', description: '' });
    expect(updated).toBe(
      '# Company Information\r\nstage: Growth\r\nname: Acme\ndescription:\n\r\n## Legal\r\n',
    );
    expect(parseSectionsMarkdown(updated).companyFields.map(({ field, value }) => [field, value])).toEqual([
      ['stage', 'Growth'],
      ['name', 'Acme'],
      ['description', ''],
    ]);
  });

  test('a text without the block gets one at the top, the rest unchanged', () => {
    const markdown = '\n## Legal\n- [COI](https://x.example/c.pdf)\n';
    expect(setCompanyInformation(markdown, { name: 'Acme', stage: 'Seed', description: 'Robots' })).toBe(
      '# Company Information\nname: Acme\nstage: Seed\ndescription: Robots\n\n## Legal\n- [COI](https://x.example/c.pdf)\n',
    );
    expect(setCompanyInformation('', { name: 'Acme', stage: 'Seed', description: '' })).toBe(
      '# Company Information\nname: Acme\nstage: Seed\ndescription:\n',
    );
  });

  test('a Company Information heading written setext-style keeps its underline', () => {
    const markdown = 'Company Information\n===\n\n## Legal\n';
    const updated = setCompanyInformation(markdown, { name: 'Acme', stage: 'Seed', description: 'x' });
    expect(updated).toBe('Company Information\n===\nname: Acme\nstage: Seed\ndescription: x\n\n## Legal\n');
    expect(parseSectionsMarkdown(updated).company).toEqual({ name: 'Acme', stage: 'Seed', description: 'x' });
  });
});

describe('editing the markdown for uploads', () => {
  const url = uploadedDocumentPath(UPLOAD_ID);

  test('a document is added at the end of its section, the rest kept as written', () => {
    const markdown =
      '# Company Information\nname: A\n\n## Financial information\n- [Model](https://x.example/m.xlsx)\n\n## Legal\n- [COI](https://x.example/c.pdf)\n';
    const updated = addDocumentToSection(markdown, 'financial INFORMATION', 'Cap [table].xlsx', url);
    expect(updated).toBe(
      `# Company Information\nname: A\n\n## Financial information\n- [Model](https://x.example/m.xlsx)\n- [Cap \\[table\\].xlsx](${url})\n\n## Legal\n- [COI](https://x.example/c.pdf)\n`,
    );
    const parsed = parseSectionsMarkdown(updated);
    expect(parsed.sections[0]?.documents.map((d) => d.title)).toEqual(['Model', 'Cap [table].xlsx']);
  });

  test('a section that does not exist is created at the end', () => {
    expect(addDocumentToSection('## Legal\n', 'Team', 'Org chart.pdf', url)).toBe(
      `## Legal\n\n## Team\n- [Org chart.pdf](${url})\n`,
    );
    expect(addDocumentToSection('', 'Team', 'Org.pdf', url)).toBe(`## Team\n- [Org.pdf](${url})\n`);
  });

  test('the last section grows at its end; an icon suffix does not hide the name', () => {
    expect(addDocumentToSection('## Legal {icon=gavel}\nContracts.\n', 'Legal', 'NDA.pdf', url)).toBe(
      `## Legal {icon=gavel}\nContracts.\n- [NDA.pdf](${url})\n`,
    );
  });

  test('removing a document drops every list item linking to it', () => {
    const markdown = `## A\n- [One](${url})\n- [Two](https://x.example/2.pdf)\n\n## B\n- [One again](${url})\n`;
    expect(removeDocumentLinks(markdown, UPLOAD_ID)).toBe('## A\n- [Two](https://x.example/2.pdf)\n\n## B\n');
  });

  test('an absolute link to our own origin is the same document, and is removed too', () => {
    const markdown = `## A\n- [Absolute](https://app.example${url})\n- [Elsewhere](https://other.example${url})\n- [Upper](${url.replace(UPLOAD_ID, UPLOAD_ID.toUpperCase())})\n`;
    expect(removeDocumentLinks(markdown, UPLOAD_ID, { appOrigin: 'https://app.example' })).toBe(
      `## A\n- [Elsewhere](https://other.example${url})\n`,
    );
  });
});

describe('limits checked before parsing (ADR 26)', () => {
  const refusal = (markdown: string) => parseSectionsMarkdown(markdown).problems[0]?.message;

  test('lists nested past the limit are refused naming the line', () => {
    const deep = `## Team\n- a\n${'- '.repeat(SECTIONS_LIMITS.maxContainerNesting + 1)}too deep\n`;
    expect(refusal(deep)).toBe(
      `This text is too deeply nested on line 3: at most ${SECTIONS_LIMITS.maxContainerNesting} lists and quotes may sit inside each other.`,
    );
  });

  test('nesting built up by indentation over several lines counts as nesting', () => {
    const lines = Array.from(
      { length: SECTIONS_LIMITS.maxContainerNesting + 1 },
      (_, i) => `${'  '.repeat(i)}- level ${i + 1}`,
    );
    expect(refusal(lines.join('\n'))).toMatch(/^This text is too deeply nested on line 9:/);
    expect(parseSectionsMarkdown(lines.slice(0, -1).join('\n')).problems).toEqual([]);
  });

  test('quotes inside quotes past the limit are refused', () => {
    expect(refusal(`intro\n\n${'>'.repeat(SECTIONS_LIMITS.maxContainerNesting + 1)} deep`)).toMatch(
      /^This text is too deeply nested on line 3:/,
    );
  });

  test('square brackets nested past the limit are refused, escaped ones are text', () => {
    const depth = SECTIONS_LIMITS.maxBracketNesting + 1;
    expect(refusal(`${'['.repeat(depth)}a${']'.repeat(depth)}`)).toMatch(
      /^This text is too deeply nested on line 1: at most 8 square brackets/,
    );
    expect(parseSectionsMarkdown(`${'\\['.repeat(depth)}a`).problems).toEqual([]);
  });

  test('a paragraph with too many emphasis marks is refused, the same marks split by blank lines are not', () => {
    const marks = '*a'.repeat(SECTIONS_LIMITS.maxMarksPerParagraph + 1);
    expect(refusal(`# Company Information\n\n${marks}`)).toMatch(
      /^The paragraph on line 3 has too much markup/,
    );
    const split = Array.from({ length: 4 }, () => '*a'.repeat(SECTIONS_LIMITS.maxMarksPerParagraph / 4)).join(
      '\n\n',
    );
    expect(parseSectionsMarkdown(split).problems).toEqual([]);
  });

  // The second half parses every link the limit allows: a second or two, more on a loaded machine.
  test('more links than the limit are refused at the first one too many', () => {
    const items = Array.from(
      { length: SECTIONS_LIMITS.maxLinks + 1 },
      (_, i) => `- [Doc ${i}](https://files.example.com/${i}.pdf)`,
    );
    expect(refusal(`## Data\n${items.join('\n')}`)).toBe(
      `This text has too many links: line ${SECTIONS_LIMITS.maxLinks + 2} holds link 2,001, and the sections may have at most 2,000.`,
    );
    expect(
      parseSectionsMarkdown(`## Data\n${items.slice(1).join('\n')}`).sections[0]?.documents,
    ).toHaveLength(SECTIONS_LIMITS.maxLinks);
  }, 60_000);

  test('markup past the limit for the whole text is refused, even split into paragraphs', () => {
    const paragraphs = Array.from({ length: SECTIONS_LIMITS.maxMarks / 64 + 1 }, () => '*a'.repeat(64));
    expect(refusal(paragraphs.join('\n\n'))).toMatch(
      /^This text has too much markup: line \d+ brings the characters \* _ \[ \] ` to 20,001/,
    );
  });

  test('reference definitions count as links', () => {
    const definitions = Array.from(
      { length: SECTIONS_LIMITS.maxLinks + 1 },
      (_, i) => `[r${i}]: https://e.com/${i}`,
    );
    expect(refusal(definitions.join('\n'))).toMatch(/^This text has too many links: line 2001/);
  });

  test('many quotes one after another are refused past the limit of openings', () => {
    const quotes = Array.from({ length: SECTIONS_LIMITS.maxContainerOpenings + 1 }, () => '> a').join('\n\n');
    expect(refusal(quotes)).toMatch(
      /^This text has too many quotes and lists inside lists: line 1001 starts number 501/,
    );
  });

  test('a text longer than the limit is refused without parsing', () => {
    expect(refusal('a'.repeat(SECTIONS_LIMITS.maxLength + 1))).toMatch(
      /^This text is too long: 200,001 characters/,
    );
  });

  test('thematic breaks written with spaced stars are not lists', () => {
    expect(parseSectionsMarkdown('* * * * * * * * * *\n\n## Legal').problems).toEqual([]);
  });

  test('a link deeper than the call stack could recurse is still checked, without overflowing', () => {
    // Parsing would refuse such a text (the limits above); the walk over the tree must hold anyway.
    let node: Nodes = {
      type: 'link',
      url: 'javascript:alert(1)',
      children: [],
      position: { start: { line: 7, column: 1 }, end: { line: 7, column: 9 } },
    };
    for (let depth = 0; depth < 200_000; depth++) node = { type: 'emphasis', children: [node] } as Nodes;
    const root: Paragraph = { type: 'paragraph', children: [node as Paragraph['children'][number]] };
    expect(findStrayLinkProblems(root, undefined)).toEqual([
      { line: 7, message: 'Line 7: a link uses "javascript:", but only http and https links are allowed.' },
    ]);
  });
});

test('several links go to the end of their section in their order, with the section made when missing', () => {
  const url = (id: number) => apiPath(documentRoutes.download, { params: { id } });
  const links = [
    { title: 'One.pdf', url: url(1) },
    { title: 'Two [draft].pdf', url: url(2) },
  ];
  expect(addDocumentsToSection('## Legal\n- [NDA.pdf](/x)\n\n## Team\n', 'legal', links)).toBe(
    `## Legal\n- [NDA.pdf](/x)\n- [One.pdf](${url(1)})\n- [Two \\[draft\\].pdf](${url(2)})\n\n## Team\n`,
  );
  expect(addDocumentsToSection('## Legal\n', 'Financials', links)).toBe(
    `## Legal\n\n## Financials\n- [One.pdf](${url(1)})\n- [Two \\[draft\\].pdf](${url(2)})\n`,
  );
});
