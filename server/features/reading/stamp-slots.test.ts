import { expect, test } from 'vitest';
import { HttpError } from '#server/plugins/errors';
import { STAMPS_AT_ONCE, STAMPS_AT_ONCE_PER_READER, takeStampSlot } from './watermark.service';

const refusal = (take: () => unknown) => {
  try {
    take();
  } catch (error) {
    return error instanceof HttpError ? { status: error.statusCode, code: error.code } : error;
  }
  return undefined;
};

test('a reader gets two stamps at once; the third is a 429 until one is given back', () => {
  const releases = Array.from({ length: STAMPS_AT_ONCE_PER_READER }, () => takeStampSlot('reader-a'));
  expect(refusal(() => takeStampSlot('reader-a'))).toEqual({ status: 429, code: 'watermark_busy' });
  releases[0]?.();
  // Giving a slot back twice frees it once.
  releases[0]?.();
  const again = takeStampSlot('reader-a');
  expect(refusal(() => takeStampSlot('reader-a'))).toEqual({ status: 429, code: 'watermark_busy' });
  for (const release of [again, ...releases]) release();
});

test('the process makes at most four at once, whoever asks', () => {
  const releases = Array.from({ length: STAMPS_AT_ONCE }, (_, index) => takeStampSlot(`reader-${index}`));
  expect(refusal(() => takeStampSlot('someone-else'))).toEqual({ status: 429, code: 'watermark_busy' });
  releases.at(-1)?.();
  const next = takeStampSlot('someone-else');
  for (const release of [next, ...releases]) release();
  // All given back: the next is made at once.
  takeStampSlot('someone-else')();
});
