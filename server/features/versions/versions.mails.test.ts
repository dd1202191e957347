import { expect, test } from 'vitest';
import { newVersionEmail } from './versions.mails';

test("a new version's mail names the company, the document and when, links the document, and escapes the title", () => {
  const mail = newVersionEmail({
    to: 'ann@fund.example',
    recipientName: 'Ann',
    companyName: 'Acme',
    title: 'Deck <img src=x>.pdf',
    updatedAt: new Date('2026-11-25T14:05:00.000Z'),
    documentUrl: 'https://rr.example.com/data-room/r1/documents/d1',
    messageId: '<v@x>',
  });
  expect(mail.subject).toBe('Acme updated Deck <img src=x>.pdf');
  expect(mail.text).toContain('Acme updated "Deck <img src=x>.pdf" on Wed, 25 Nov 2026, 14:05 UTC.');
  expect(mail.text).toContain('https://rr.example.com/data-room/r1/documents/d1');
  expect(mail.html).not.toContain('<img src=x>');
  expect(mail.html).toContain('Deck &#60;img src=x&#62;.pdf');
});
