import { Link } from 'react-router';
import { href } from '#shared/routes';
import { LegalDocument, type LegalSection } from '#web/features/legal/components/legal-document';
import { SupportContact } from '#web/features/legal/components/support-contact';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are and what this covers',
    content: (
      <>
        <p>
          Roundroom (&ldquo;we&rdquo;, &ldquo;us&rdquo;) runs invitation-only data rooms for startups raising
          money. Founders publish their company&rsquo;s fundraising documents in a data room and invite
          investors by e-mail; investors sign in with a magic link and read or download those documents.
        </p>
        <p>
          This policy covers the personal information we handle when you visit our website, create an account,
          or are invited to a data room. The documents inside a data room belong to the founder who uploaded
          them: the founder decides what goes in and who is invited, and we process that content on the
          founder&rsquo;s behalf.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <ul>
          <li>
            <strong>Account details:</strong> your name, e-mail address and, for founders, your company name
            and the company details you enter.
          </li>
          <li>
            <strong>Invitations:</strong> the e-mail address and, if the founder gives one, the name of each
            investor invited, who sent the invitation and when.
          </li>
          <li>
            <strong>Uploaded files and content:</strong> the documents founders upload, the links to documents
            kept on other services, and the text that organises the data room.
          </li>
          <li>
            <strong>The access log:</strong> each time a document is downloaded or an external link is
            clicked, we record who did it, which document, the time, the IP address and the browser&rsquo;s
            user agent.
          </li>
          <li>
            <strong>Sign-in records:</strong> magic-link requests and sign-in sessions, with their times and
            the browser&rsquo;s user agent, including refused attempts.
          </li>
          <li>
            <strong>Waitlist:</strong> the company name and contact e-mail address you give us.
          </li>
        </ul>
        <p>
          If you buy a paid plan, payment card details are handled by our payment processor; we never see or
          store your full card number.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    content: (
      <>
        <ul>
          <li>
            to run the service: send invitations and magic links, sign you in, and show you the rooms you may
            see;
          </li>
          <li>
            to enforce access, so that only people a founder invited can open that founder&rsquo;s documents;
          </li>
          <li>
            to show founders who accessed their data room (see <a href="#what-founders-see">section 4</a>);
          </li>
          <li>to keep the service secure, limit abuse and investigate incidents;</li>
          <li>to answer your questions when you contact support;</li>
          <li>to meet our legal obligations.</li>
        </ul>
        <p>
          We do not sell your personal information, we do not use it for advertising, and we do not read the
          documents in a data room except when a founder asks us to help with them or the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'what-founders-see',
    title: 'What founders see',
    content: (
      <p>
        If you are invited to a data room, its founder sees your name, your e-mail address, the status of your
        invitation, and the access log of their room: which documents you downloaded or opened, when, and from
        which IP address and browser. Founders see this only for their own data room, never for others.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          We use one cookie, and it is strictly necessary: a session cookie set when you sign in, which keeps
          you signed in for up to 7 days or until you log out. It cannot be read by scripts on the page and is
          not used to track you across other websites.
        </p>
        <p>
          Your browser&rsquo;s local storage keeps a copy of your name, e-mail address and role, so the app
          can show who is signed in. It holds no password or secret.
        </p>
        <p>We use no advertising trackers and no third-party tracking cookies.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <ul>
        <li>
          the founder of a data room you are invited to (see <a href="#what-founders-see">section 4</a>);
        </li>
        <li>
          service providers who host our servers and deliver our e-mail, under contracts that let them use the
          information only to provide their service to us;
        </li>
        <li>
          authorities, when the law requires it, or to protect the safety and rights of our users and of us;
        </li>
        <li>a buyer or successor, if Roundroom is sold or merged, under the terms of this policy.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>
          Account details are kept while your account is open. Uploaded files are kept until the founder
          deletes them or closes their account. Invitations expire after 7 days if they are not used, magic
          links after 15 minutes and sessions after 7 days; we keep their records for security.
        </p>
        <p>
          The access log is kept indefinitely, so that founders keep a complete record of who saw which
          document, during their raise and after it.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        We encrypt traffic in transit, store sign-in tokens only in hashed form, make magic links single-use
        and short-lived, check access on every request, and log every download. No system is perfectly secure;
        if we learn of a breach that affects your information, we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>
          You may ask us for a copy of your personal information, to correct it, or to delete it. California
          residents also have the right to know what we collect and why, and not to be treated differently for
          using these rights. We do not sell or share personal information for cross-context behavioral
          advertising, so there is nothing to opt out of.
        </p>
        <p>
          Where your information sits in a founder&rsquo;s data room, such as an access log entry, we may
          involve that founder in your request. We answer requests within 45 days. To make one, contact us as
          described in <a href="#contact">section 13</a>.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: <p>Roundroom is for professionals and is not meant for anyone under 18.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top of this page. If a change is significant, we
        will also tell account holders by e-mail before it takes effect.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        This policy is governed by the laws of the State of California. Any dispute about it is heard by the
        state and federal courts located in San Francisco County, California.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <>
        <SupportContact lead="For any question about this policy or your personal information, e-mail us at" />
        <p>
          See also our <Link to={href('terms')}>terms of use</Link>.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      intro={
        <p>
          What we collect when you use Roundroom, why, who sees it and how long we keep it. In short: we keep
          what a data room needs to work and to show founders who accessed their documents, and nothing for
          advertising.
        </p>
      }
      sections={sections}
    />
  );
}
