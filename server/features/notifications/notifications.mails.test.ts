import { expect, test } from 'vitest';
import {
  DIGEST_MAX_ENTRIES,
  DIGEST_MAX_INVESTORS,
  type DigestInvestor,
  describeDigestEntry,
  digestEmail,
  firstVisitEmail,
  formatReadingTime,
  investorMessageEmail,
} from './notifications.mails';

const footer = {
  choiceLabel: 'First visits and hourly digest',
  settingsUrl: 'https://rr.example.com/setup-data-room?tab=settings',
  unsubscribeUrl: 'https://rr.example.com/unsubscribe?token=abc',
};

test('reading time reads as a founder says it', () => {
  expect(formatReadingTime(0)).toBe('0 s');
  expect(formatReadingTime(44_600)).toBe('45 s');
  expect(formatReadingTime(60_000)).toBe('1 min');
  expect(formatReadingTime(252_000)).toBe('4 min 12 s');
  expect(formatReadingTime(3_600_000)).toBe('1 h');
  expect(formatReadingTime(3_900_000)).toBe('1 h 5 min');
});

test('a first-visit mail names the investor, when, the link into /admin, and its unsubscribe in text and headers', () => {
  const mail = firstVisitEmail({
    to: 'fran@acme.example',
    companyName: 'Acme',
    investorName: 'Ann Lee',
    investorEmail: 'ann@fund.example',
    visitedAt: new Date('2026-11-25T14:05:00Z'),
    viaInvitation: false,
    activityUrl: 'https://rr.example.com/admin/analytics/investors/u1',
    footer,
    messageId: '<notification-1@rr.example.com>',
  });
  expect(mail.subject).toBe('Ann Lee opened your data room');
  expect(mail.text).toBe(
    [
      'Ann Lee (ann@fund.example) opened the Acme data room for the first time, on Wed, 25 Nov 2026, 14:05 UTC.',
      '',
      'See what they read:',
      'https://rr.example.com/admin/analytics/investors/u1',
      '',
      '--',
      'You get these e-mails because your data room\'s notifications are set to "First visits and hourly digest".',
      'Change this: https://rr.example.com/setup-data-room?tab=settings',
      'Unsubscribe with one click: https://rr.example.com/unsubscribe?token=abc',
    ].join('\n'),
  );
  expect(mail.headers).toEqual({
    'List-Unsubscribe': '<https://rr.example.com/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
  expect(mail.html).toContain('href="https://rr.example.com/unsubscribe?token=abc"');
  expect(mail.html).toContain('max-width:520px');
});

test('the invited view and a nameless investor read naturally', () => {
  const mail = firstVisitEmail({
    to: 'fran@acme.example',
    companyName: 'Acme',
    investorName: '',
    investorEmail: 'ann@fund.example',
    visitedAt: new Date('2026-11-25T14:05:00Z'),
    viaInvitation: true,
    activityUrl: 'https://rr.example.com/admin',
    footer,
    messageId: '<n@x>',
  });
  expect(mail.subject).toBe('ann@fund.example opened your data room');
  expect(mail.text).toContain(
    'ann@fund.example opened the Acme data room for the first time through their invitation link',
  );
});

test('digest lines: reading time and views, downloads and clicks with counts', () => {
  expect(describeDigestEntry({ kind: 'viewed', title: 'Deck', readMs: 252_000, views: 1 })).toBe(
    'Read “Deck” for 4 min 12 s',
  );
  expect(describeDigestEntry({ kind: 'viewed', title: 'Deck', readMs: 30_000, views: 3 })).toBe(
    'Read “Deck” for 30 s, 3 views',
  );
  expect(describeDigestEntry({ kind: 'viewed', title: 'Deck', readMs: 0, views: 1 })).toBe('Opened “Deck”');
  expect(describeDigestEntry({ kind: 'downloaded', title: 'Model.xlsx', times: 1 })).toBe(
    'Downloaded “Model.xlsx”',
  );
  expect(describeDigestEntry({ kind: 'clicked', title: 'Demo', times: 2 })).toBe(
    'Opened the link “Demo” (2 times)',
  );
});

test('an hourly digest lists each investor with their lines, the hour, and the dashboard', () => {
  const mail = digestEmail({
    to: 'fran@acme.example',
    companyName: 'Acme',
    cadence: 'hourly',
    windowStart: new Date('2026-11-25T14:00:00Z'),
    windowEnd: new Date('2026-11-25T15:00:00Z'),
    investors: [
      {
        name: 'Ann Lee',
        email: 'ann@fund.example',
        isFirstVisit: true,
        entries: [
          { kind: 'viewed', title: 'Deck', readMs: 252_000, views: 2 },
          { kind: 'downloaded', title: 'Deck', times: 1 },
        ],
      },
      {
        name: '',
        email: 'bo@vc.example',
        isFirstVisit: false,
        entries: [{ kind: 'clicked', title: 'Demo', times: 1 }],
      },
    ],
    adminUrl: 'https://rr.example.com/admin',
    footer,
    messageId: '<n@x>',
  });
  expect(mail.subject).toBe('Acme data room: 2 investors were active');
  expect(mail.text).toContain(
    [
      'What investors did in the Acme data room, Wed, 25 Nov 2026, 14:00–15:00 UTC:',
      '',
      'Ann Lee (ann@fund.example) - first visit',
      '- Read “Deck” for 4 min 12 s, 2 views',
      '- Downloaded “Deck”',
      '',
      'bo@vc.example',
      '- Opened the link “Demo”',
      '',
      'Your dashboard:',
      'https://rr.example.com/admin',
    ].join('\n'),
  );
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
});

test('a daily digest names the day; long digests are cut with "and n more"', () => {
  const many: DigestInvestor[] = Array.from({ length: DIGEST_MAX_INVESTORS + 3 }, (_, index) => ({
    name: `Investor ${index}`,
    email: `i${index}@fund.example`,
    isFirstVisit: false,
    entries: Array.from({ length: DIGEST_MAX_ENTRIES + 2 }, (_, line) => ({
      kind: 'downloaded' as const,
      title: `File ${line}`,
      times: 1,
    })),
  }));
  const mail = digestEmail({
    to: 'fran@acme.example',
    companyName: 'Acme',
    cadence: 'daily',
    windowStart: new Date('2026-11-25T00:00:00Z'),
    windowEnd: new Date('2026-11-26T00:00:00Z'),
    investors: many,
    adminUrl: 'https://rr.example.com/admin',
    footer,
    messageId: '<n@x>',
  });
  expect(mail.text).toContain('What investors did in the Acme data room, Wed, 25 Nov 2026:');
  expect(mail.text).toContain('- and 2 more');
  expect(mail.text).toContain('And 3 more investors: see your dashboard.');
  expect(mail.text).not.toContain(`Investor ${DIGEST_MAX_INVESTORS}`);
});

test('names and titles from users are escaped in the HTML', () => {
  const mail = digestEmail({
    to: 'fran@acme.example',
    companyName: '<b>Acme</b>',
    cadence: 'hourly',
    windowStart: new Date('2026-11-25T14:00:00Z'),
    windowEnd: new Date('2026-11-25T15:00:00Z'),
    investors: [
      {
        name: '<img src=x onerror=alert(1)>',
        email: 'ann@fund.example',
        isFirstVisit: false,
        entries: [{ kind: 'downloaded', title: '"><script>alert(1)</script>', times: 1 }],
      },
    ],
    adminUrl: 'https://rr.example.com/admin',
    footer,
    messageId: '<n@x>',
  });
  expect(mail.html).not.toMatch(/<script|<img|<b>Acme/);
  expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
});

test("an investor message keeps the founder's words and line breaks, links the room and replies to the founder", () => {
  const mail = investorMessageEmail({
    to: 'ann@fund.example',
    recipientName: 'Ann',
    founderName: 'Fran Founder',
    founderEmail: 'fran@acme.example',
    companyName: 'Acme',
    message: 'We closed our lead.\n<b>Q3</b> is in the room.',
    roomUrl: 'https://rr.example.com/data-room/r1',
    messageId: '<m@x>',
  });
  expect(mail.subject).toBe('Fran Founder sent you a message about Acme');
  expect(mail.replyTo).toBe('fran@acme.example');
  expect(mail.text).toBe(
    [
      'Hello Ann,',
      '',
      'Fran Founder sent you a message about the Acme data room:',
      '',
      'We closed our lead.\n<b>Q3</b> is in the room.',
      '',
      'Open the data room:',
      'https://rr.example.com/data-room/r1',
      '',
      'You get this e-mail because you were invited to the Acme data room on Roundroom. Reply to write to Fran Founder.',
    ].join('\n'),
  );
  expect(mail.html).toContain('We closed our lead.<br>&#60;b&#62;Q3&#60;/b&#62; is in the room.');
});
