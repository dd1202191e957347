import { describe, expect, test } from 'vitest';
import { readBulkAddresses } from './bulk-addresses';

// A bulk invitation's list (docs/decisions/0060-invitation-links-resend-and-bulk.md): addresses one per
// line or comma; a name only from a CSV "name" column or as "Name <address>". Whatever else is typed is
// an entry of its own, which the service refuses by name.

const read = (text: string) => readBulkAddresses(text).map(({ text, name }) => [text, name ?? null]);

describe('pasted text', () => {
  test('a word beside an address is an entry of its own, never the address’s name', () => {
    expect(read('ana@angel.vc, not-an-email')).toEqual([
      ['ana@angel.vc', null],
      ['not-an-email', null],
    ]);
    expect(read('ana@angel.vc,Ana')).toEqual([
      ['ana@angel.vc', null],
      ['Ana', null],
    ]);
  });

  test('words with no address among them stay one entry, as typed', () => {
    expect(read('ana@angel.vc, Ana Lima\nbo@fund.example')).toEqual([
      ['ana@angel.vc', null],
      ['Ana Lima', null],
      ['bo@fund.example', null],
    ]);
  });

  test('"Name <address>" names the address', () => {
    expect(read('Ana Lima <ana@angel.vc>\nBo Berg <bo@fund.example>, cy@fund.example')).toEqual([
      ['ana@angel.vc', 'Ana Lima'],
      ['bo@fund.example', 'Bo Berg'],
      ['cy@fund.example', null],
    ]);
  });

  test('one per line, or separated by commas, semicolons, tabs or spaces', () => {
    expect(read('a@x.example\nb@x.example, c@x.example; d@x.example\te@x.example f@x.example')).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((local) => [`${local}@x.example`, null]),
    );
  });
});

describe('a CSV with a header', () => {
  test('the name comes from its name column; other columns give nothing', () => {
    expect(read('Email,Name,Fund\nana@angel.vc,Ana Lima,Angel\nbo@fund.example,,Fund')).toEqual([
      ['ana@angel.vc', 'Ana Lima'],
      ['bo@fund.example', null],
    ]);
    expect(read('email,fund\nana@angel.vc,not-a-name')).toEqual([['ana@angel.vc', null]]);
  });
});
