import { expect, test } from 'vitest';
import { whenVisible } from './s3-storage';

/** What the AWS SDK throws for a HEAD answered 404. */
const notFound = () =>
  Object.assign(new Error('UnknownError'), { name: 'NotFound', $metadata: { httpStatusCode: 404 } });

test('a just-written object that answers 404 at first is asked again until it is seen', async () => {
  let asked = 0;
  const answer = await whenVisible(async () => {
    asked += 1;
    if (asked < 3) throw notFound();
    return { ContentLength: 12 };
  }, 1_000);
  expect(answer).toEqual({ ContentLength: 12 });
  expect(asked).toBe(3);
});

test('an object still unseen past the allowance fails with the 404', async () => {
  let asked = 0;
  const started = Date.now();
  await expect(
    whenVisible(async () => {
      asked += 1;
      throw notFound();
    }, 200),
  ).rejects.toMatchObject({ name: 'NotFound' });
  expect(asked).toBeGreaterThan(1);
  expect(Date.now() - started).toBeLessThan(1_000);
});

test('any other error is thrown at once, unasked again', async () => {
  let asked = 0;
  const denied = Object.assign(new Error('Access Denied'), {
    name: 'AccessDenied',
    $metadata: { httpStatusCode: 403 },
  });
  await expect(
    whenVisible(async () => {
      asked += 1;
      throw denied;
    }, 1_000),
  ).rejects.toBe(denied);
  expect(asked).toBe(1);
});
