import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

interface FaqEntry {
  question: string;
  answer: ReactNode;
}

// The access lifetime answer follows docs/product-rules.md#invitations, not an older wording of this FAQ: the
// invitation expires after 7 days only while unused; accepted access lasts until the founder revokes it.
const entries: FaqEntry[] = [
  {
    question: 'How do investors get access to a data room?',
    answer: (
      <>
        <p>
          By invitation only. The founder invites an investor by e-mail, and the invitation link in that
          e-mail is valid for 7 days.
        </p>
        <p>
          To sign in, the investor enters their e-mail address on the login page and receives a magic link,
          valid for 15 minutes. There are no passwords to create or remember.
        </p>
      </>
    ),
  },
  {
    question: 'How long does access last?',
    answer: (
      <>
        <p>
          An invitation is valid for 7 days until the investor first signs in. Once they have signed in, their
          access lasts until the founder revokes it: it does not run out on its own.
        </p>
        <p>
          Each sign-in session lasts 7 days. After that, the investor simply requests a new magic link from
          the login page, at any time, without needing a new invitation.
        </p>
      </>
    ),
  },
  {
    question: 'Who can download files?',
    answer: (
      <>
        <p>
          Only signed-in investors whom the founder has invited to that data room, and the founder. Every
          download is logged with its time, IP address and browser, and the founder sees it on their
          dashboard.
        </p>
        <p>
          Documents linked from another service, such as Google Drive or Dropbox, follow that service&rsquo;s
          own sharing permissions. Opening one is logged as a click.
        </p>
      </>
    ),
  },
  {
    question: "How do I remove an investor's access?",
    answer: (
      <>
        <p>
          As the founder, delete the investor&rsquo;s invitation in the Invites tab of the Configure page.
          Access ends at once, even if they are signed in at that moment.
        </p>
        <p>
          Files they have already downloaded stay on their device, and documents linked from other services
          keep that service&rsquo;s sharing settings, so change those there too if needed.
        </p>
      </>
    ),
  },
];

/** The support FAQ as native disclosures: keyboard accessible and searchable without any script. */
export function SupportFaq() {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {entries.map((entry) => (
        <details key={entry.question} className="group overflow-hidden first:rounded-t-xl last:rounded-b-xl">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 focus-visible:-outline-offset-2 sm:px-6 [&::-webkit-details-marker]:hidden">
            {entry.question}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="space-y-3 px-5 pb-5 text-slate-700 leading-7 sm:px-6">{entry.answer}</div>
        </details>
      ))}
    </div>
  );
}
