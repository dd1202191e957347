import { Link } from 'react-router';
import { href } from '#shared/routes';
import { LegalDocument, type LegalSection } from '#web/features/legal/components/legal-document';
import { SupportContact } from '#web/features/legal/components/support-contact';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    content: (
      <>
        <p>
          These terms are an agreement between you and Roundroom (&ldquo;we&rdquo;, &ldquo;us&rdquo;) for the
          use of our website and our data room service. By creating an account, accepting an invitation or
          otherwise using Roundroom, you agree to them. If you use Roundroom for a company, you agree for that
          company and confirm that you may.
        </p>
        <p>
          A <strong>founder</strong> is the person who creates a data room and administers it. An{' '}
          <strong>investor</strong> is a person a founder invites to read it.
        </p>
      </>
    ),
  },
  {
    id: 'the-service',
    title: 'The service',
    content: (
      <p>
        Roundroom lets founders publish their company&rsquo;s fundraising documents in a data room, organised
        in sections, either as uploaded files or as links to documents kept on other services, and invite
        investors by e-mail. Access is by invitation only. We may improve and change the service over time; if
        we remove something you rely on, we will tell you in advance where we reasonably can.
      </p>
    ),
  },
  {
    id: 'signing-in',
    title: 'Accounts and signing in',
    content: (
      <>
        <p>
          There are no passwords: you sign in with a magic link sent to your e-mail address, valid for 15
          minutes and usable once. A session lasts 7 days. Whoever controls your mailbox can sign in as you,
          so keep it secure and do not forward your magic links or invitations.
        </p>
        <p>
          You are responsible for what happens under your account. Tell us at once if you think someone else
          has used it (see <a href="#contact">section 15</a>).
        </p>
      </>
    ),
  },
  {
    id: 'founders',
    title: 'Founders: your data room and your content',
    content: (
      <>
        <p>
          You keep every right you have in what you upload. You give us the permission we need to store it,
          process it and show it to the people you invite, only to run the service for you.
        </p>
        <p>
          You are responsible for your content and for having the right to share it, including any information
          about third parties and any confidentiality obligations you owe them. You decide who is invited.
          Documents you link from other services are governed by those services&rsquo; own permissions, which
          we do not control.
        </p>
      </>
    ),
  },
  {
    id: 'investors',
    title: 'Investors: invited access',
    content: (
      <>
        <p>
          Use what you see in a data room only to evaluate a possible investment in that company, and respect
          any confidentiality terms the founder has set. Do not share your access with anyone else.
        </p>
        <p>
          Every download and every click on an external link is recorded with its time, your IP address and
          your browser&rsquo;s user agent, and shown to the founder of that data room. Our{' '}
          <Link to={href('privacy')}>privacy policy</Link> explains this in full.
        </p>
      </>
    ),
  },
  {
    id: 'revocation',
    title: 'Access and revocation',
    content: (
      <>
        <p>
          An invitation is valid for 7 days until it is first used. After that, access lasts until it is
          revoked.{' '}
          <strong>
            Access can be revoked at any time by the administrator of the data room, its founder
          </strong>
          , without notice and without giving a reason; it ends at once.
        </p>
        <p>
          We may also suspend or end access to protect the service or its users, or if these terms are broken.
          Files already downloaded remain the responsibility of the person who downloaded them.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>upload malware, or content that is unlawful or that you have no right to share;</li>
          <li>try to reach data rooms, documents or accounts you were not given access to;</li>
          <li>probe, scan or overload the service, or get around its access controls or rate limits;</li>
          <li>scrape the service, or resell or sublicense access to it;</li>
          <li>use Roundroom to mislead investors or to break securities or other laws.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'plans-and-fees',
    title: 'Plans and fees',
    content: (
      <p>
        Paid plans are billed monthly in advance at the prices shown when you subscribe, plus any applicable
        taxes. You may cancel at any time; the cancellation takes effect at the end of the month already paid.
        If you are not satisfied, ask for a refund within 30 days of your first payment and we will give you
        your money back. A promo code applies only as described when it is issued. We will give you at least
        30 days&rsquo; notice of a price change.
      </p>
    ),
  },
  {
    id: 'confidentiality',
    title: 'Confidentiality',
    content: (
      <p>
        We treat the content of your data room as confidential. Our staff access it only when needed to run or
        secure the service, when you ask us for help, or when the law requires it.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use',
    content: (
      <p>
        You may stop using Roundroom at any time, and founders may close their account. Before closing it,
        download any files you want to keep: once an account is closed, its data rooms stop being available.
        Sections 4, 5, 11, 12, 13 and 14 continue to apply after your use ends.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <p>
        Roundroom is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. We do not check the accuracy
        of documents in a data room or the identity or intentions of the people invited to it, and nothing on
        Roundroom is investment, legal or tax advice. To the extent the law allows, we disclaim all implied
        warranties, including merchantability and fitness for a particular purpose.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, we are not liable for indirect, incidental, special or consequential
        damages, or for lost profits, revenue or data. Our total liability for any claim about the service is
        limited to the greater of the amount you paid us in the 12 months before the claim and $100.
      </p>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    content: (
      <p>
        If a claim is brought against us because of content you uploaded or your breach of these terms, you
        agree to cover the reasonable costs and losses it causes us.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <p>
        These terms are governed by the laws of the State of California, without regard to its conflict of
        laws rules. Any dispute about them or about the service is heard exclusively by the state and federal
        courts located in San Francisco County, California, and you and we agree to their jurisdiction.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Changes and contact',
    content: (
      <>
        <p>
          When we change these terms we update the date at the top of this page, and we tell account holders
          by e-mail before a significant change takes effect. Continuing to use Roundroom after that means you
          accept the new terms.
        </p>
        <SupportContact lead="For any question about these terms, e-mail us at" />
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of use"
      intro={
        <p>
          The rules for using Roundroom, for founders who run a data room and for the investors they invite.
          We have kept them short and plain; please read them.
        </p>
      }
      sections={sections}
    />
  );
}
