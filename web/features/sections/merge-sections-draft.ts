import { diff3Merge } from 'node-diff3';

export type SectionsMerge = { clean: true; text: string } | { clean: false };

/**
 * Rebases a sections draft onto text the server saved meanwhile: a three-way merge, line by line, of
 * the text the draft started from (`base`), the draft and the server's text. Changes to different lines
 * both survive; the same change made on both sides (an upload's link the console also put into the
 * draft) counts once. Where both sides inserted lines at one place and removed nothing, both
 * insertions are kept (the draft's first): nothing is lost and the founder sees both. Any other
 * overlap is a conflict for the founder to settle.
 */
export function mergeSectionsDraft({
  base,
  draft,
  server,
}: {
  base: string;
  draft: string;
  server: string;
}): SectionsMerge {
  const regions = diff3Merge(draft.split('\n'), base.split('\n'), server.split('\n'), {
    excludeFalseConflicts: true,
  });
  const lines: string[] = [];
  for (const region of regions) {
    if (region.ok) {
      lines.push(...region.ok);
    } else if (region.conflict && region.conflict.o.length === 0) {
      lines.push(...region.conflict.a, ...region.conflict.b);
    } else {
      return { clean: false };
    }
  }
  return { clean: true, text: lines.join('\n') };
}
