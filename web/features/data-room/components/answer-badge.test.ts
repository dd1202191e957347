import { expect, test } from 'vitest';
import { answerBadge } from './room-content-view';

test('a document’s badge counts the answers its reader has not seen', () => {
  expect(answerBadge(0)).toBeUndefined();
  expect(answerBadge(1)).toBe('New answer');
  expect(answerBadge(3)).toBe('3 new answers');
});
