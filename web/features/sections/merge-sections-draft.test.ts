import { describe, expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { documentRoutes } from '#shared/contracts/documents';
import { mergeSectionsDraft } from './merge-sections-draft';

const base = [
  '## Financial information',
  'Revenue and burn.',
  '- [Model](https://x.example/m)',
  '',
  '## Legal',
  'Contracts.',
  '',
].join('\n');

describe('mergeSectionsDraft', () => {
  test("an upload's link added on the server and an edit elsewhere in the draft both survive", () => {
    const server = base.replace(
      '- [Model](https://x.example/m)',
      `- [Model](https://x.example/m)\n- [Deck.pdf](${apiPath(documentRoutes.download, { params: { id: 'd' } })})`,
    );
    const draft = base.replace('Contracts.', 'Contracts and the cap table.');
    expect(mergeSectionsDraft({ base, draft, server })).toEqual({
      clean: true,
      text: server.replace('Contracts.', 'Contracts and the cap table.'),
    });
  });

  test('the same line added on both sides counts once', () => {
    const withLink = base.replace(
      '## Legal',
      `- [Deck.pdf](${apiPath(documentRoutes.download, { params: { id: 'd' } })})\n\n## Legal`,
    );
    const draft = withLink.replace('Revenue and burn.', 'Revenue, burn and runway.');
    expect(mergeSectionsDraft({ base, draft, server: withLink })).toEqual({
      clean: true,
      text: draft,
    });
  });

  test('lines inserted at one place on both sides are all kept, the draft’s first', () => {
    const server = base.replace(
      'Contracts.',
      `Contracts.\n- [From upload](${apiPath(documentRoutes.download, { params: { id: 'u' } })})`,
    );
    const draft = base.replace('Contracts.', 'Contracts.\n- [Typed](https://x.example/t)');
    expect(mergeSectionsDraft({ base, draft, server })).toEqual({
      clean: true,
      text: base.replace(
        'Contracts.',
        `Contracts.\n- [Typed](https://x.example/t)\n- [From upload](${apiPath(documentRoutes.download, { params: { id: 'u' } })})`,
      ),
    });
  });

  test('one line changed differently on both sides is a conflict', () => {
    const server = base.replace('Contracts.', 'Signed contracts.');
    const draft = base.replace('Contracts.', 'All contracts.');
    expect(mergeSectionsDraft({ base, draft, server })).toEqual({ clean: false });
  });

  test('a link the server removed (a deleted file) stays removed when the draft did not touch it', () => {
    const server = base.replace('- [Model](https://x.example/m)\n', '');
    const draft = base.replace('## Legal', '## Legal and compliance');
    expect(mergeSectionsDraft({ base, draft, server })).toEqual({
      clean: true,
      text: server.replace('## Legal', '## Legal and compliance'),
    });
  });
});
