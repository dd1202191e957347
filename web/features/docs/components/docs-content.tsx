import { Link } from 'react-router';
import { href } from '#shared/routes';
import {
  apiCallExample,
  documentExample,
  fullExample,
  minimalExample,
  sectionExample,
  skeletonExample,
} from '#web/features/docs/docs-examples';
import { maxUploadSize, uploadExtensions, uploadedFileTypes } from '#web/features/docs/docs-topics';
import { CodeBlock } from './code-block';
import { BulletList, Callout, Cell, Code, NumberedList, Paragraph, Subheading, Table } from './prose';
import { SectionIconTable } from './section-icon-table';

/**
 * The body of each documentation topic. Every fact here is a product rule (docs/product-rules.md): change the
 * text when the rule changes.
 */

function TopicLink({ id, children }: { id: string; children: string }) {
  return (
    <a
      href={`#${id}`}
      className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
    >
      {children}
    </a>
  );
}

export function OverviewTopic() {
  return (
    <>
      <Paragraph>
        Roundroom is an invitation-only data room for startups raising money. You describe your company,
        organise your documents into sections written in a short markdown text, upload files or link documents
        you already keep elsewhere, and invite investors by e-mail. Investors sign in without a password,
        through a magic link, and see only the data rooms they were invited to.
      </Paragraph>
      <Subheading>How it works</Subheading>
      <NumberedList>
        <li>Create your account and fill in your company: name, funding stage and a one-line description.</li>
        <li>
          Write your sections file: one <Code>## heading</Code> per section and one{' '}
          <Code>- [Title](link)</Code> line per document (
          <TopicLink id="file-structure">File structure</TopicLink>).
        </li>
        <li>
          Upload files (up to {maxUploadSize} each) or link documents on Google Drive, Dropbox, OneDrive or
          Box (<TopicLink id="adding-documents">Adding documents</TopicLink>).
        </li>
        <li>
          Invite investors by e-mail (<TopicLink id="invitation-system">Invitation system</TopicLink>).
        </li>
        <li>
          Follow who opened what, and when, in the admin dashboard (
          <TopicLink id="access-tracking">Access tracking</TopicLink>).
        </li>
      </NumberedList>
      <Paragraph>
        Want to see what investors see first? Browse the{' '}
        <Link
          to={href('demo')}
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          demo data room
        </Link>
        .
      </Paragraph>
    </>
  );
}

export function InvitationSystemTopic() {
  return (
    <>
      <Paragraph>
        Access is by invitation only: an e-mail address you have not invited cannot sign in. You invite
        investors from the Invites tab of your configuration page, or with the Send Invitation form of the
        admin dashboard. The e-mail address is required; a name is optional.
      </Paragraph>
      <Subheading>The life of an invitation</Subheading>
      <NumberedList>
        <li>
          <strong className="font-semibold text-slate-900">You invite an investor by e-mail.</strong> They
          receive an invitation link, valid for{' '}
          <strong className="font-semibold text-slate-900">7 days</strong> until their first sign-in. The link
          opens your data room read-only, without signing in; external links work there, and uploaded files
          ask the investor to sign in, with their e-mail address filled in.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">They sign in with a magic link.</strong> They enter
          their e-mail address on the{' '}
          <Link
            to={href('login')}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
          >
            login page
          </Link>{' '}
          and receive a magic link, valid for{' '}
          <strong className="font-semibold text-slate-900">15 minutes</strong> and usable once.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">The magic link starts a session</strong> that lasts{' '}
          <strong className="font-semibold text-slate-900">7 days</strong>. When it ends, they simply sign in
          again.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">After the first sign-in</strong> they can request a
          new magic link at any time, without a new invitation.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Access lasts until you revoke it</strong> by
          deleting the invitation.
        </li>
      </NumberedList>
      <Subheading>Invitation status</Subheading>
      <Table caption="Invitation status" head={['Status', 'Meaning']}>
        <tr>
          <Cell className="font-medium text-slate-900">Pending</Cell>
          <Cell>Sent, not used yet, and less than 7 days old.</Cell>
        </tr>
        <tr>
          <Cell className="font-medium text-slate-900">Accepted</Cell>
          <Cell>The investor has signed in. Their access no longer expires.</Cell>
        </tr>
        <tr>
          <Cell className="font-medium text-slate-900">Expired</Cell>
          <Cell>7 days passed without a sign-in. Invite the address again to give access.</Cell>
        </tr>
      </Table>
      <Callout title="Resending an invitation">
        <p>
          To send a fresh link, delete the invitation and create it again, or invite the same e-mail address
          again. Either way the investor gets a new link valid for 7 days.
        </p>
      </Callout>
    </>
  );
}

export function FileStructureTopic() {
  return (
    <>
      <Paragraph>
        Your data room is described by one markdown text, the sections file (<Code>sections.md</Code>). You
        edit it in the Sections tab of your configuration page. It has two parts: a{' '}
        <Code># Company Information</Code> block, then one <Code>##</Code> heading per section with its
        documents beneath it.
      </Paragraph>
      <CodeBlock label="sections.md" code={skeletonExample} />
      <Subheading>Company Information</Subheading>
      <Paragraph>
        Three <Code>key: value</Code> lines under <Code># Company Information</Code> set the header of your
        data room. A missing line takes its default.
      </Paragraph>
      <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {companyKeys.map(({ key, sets, fallback }) => (
          <div key={key} className="grid gap-1 px-4 py-3 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
            <dt>
              <Code>{key}</Code>
            </dt>
            <dd className="text-sm leading-6 text-slate-700">
              {sets}
              <span className="block text-slate-500">Default: {fallback}</span>
            </dd>
          </div>
        ))}
      </dl>
      <Callout title="Changes take effect as soon as you save">
        <p>
          There is nothing to restart or publish: investors see the new sections the next time they load the
          page.
        </p>
      </Callout>
    </>
  );
}

const companyKeys = [
  { key: 'name:', sets: 'The company name.', fallback: 'Your Company' },
  { key: 'stage:', sets: 'The funding stage badge, e.g. Seed or Series A.', fallback: 'Series A' },
  {
    key: 'description:',
    sets: 'The line under the company name.',
    fallback: 'Secure document sharing for investors and stakeholders',
  },
];

export function AddingSectionsTopic() {
  return (
    <>
      <Paragraph>
        Each <Code>## Heading</Code> starts a section, and sections appear in the order you write them. A
        heading that contains “Company Information” is not a section.
      </Paragraph>
      <BulletList>
        <li>
          <strong className="font-semibold text-slate-900">Description:</strong> a plain paragraph right under
          the heading becomes the section’s description. Without one, the API reads “<em>Name</em>{' '}
          documentation and files”, and the room shows no description.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">Icon:</strong> add <Code>{'{icon=gavel}'}</Code> at
          the end of the heading to choose the icon, as in <Code>{'## Legal {icon=gavel}'}</Code>. The braces
          are not part of the section’s name. A section added in the editor gets <Code>folder</Code>; change
          it there with the section’s icon button.
        </li>
        <li>
          Without an icon, Roundroom infers one from the section’s name, ignoring case. A name that matches
          none of the words below, or an unknown icon name, gets <Code>chart-line</Code>.
        </li>
      </BulletList>
      <SectionIconTable />
      <CodeBlock label="A section with an icon and a description" code={sectionExample} />
    </>
  );
}

export function AddingDocumentsTopic() {
  return (
    <>
      <Paragraph>
        Each <Code>- [Title](url)</Code> line under a section heading is a document of that section. The title
        is what investors see; the link is where the document lives. Only <Code>http://</Code> and{' '}
        <Code>https://</Code> links are accepted.
      </Paragraph>
      <CodeBlock label="Documents in a section" code={documentExample} />
      <Subheading>Uploaded files and external links</Subheading>
      <BulletList>
        <li>
          <strong className="font-semibold text-slate-900">Uploaded files</strong> are stored by Roundroom (
          <TopicLink id="document-upload">Document upload</TopicLink>). Investors must be signed in to
          download them, and each download is logged as <Code>downloaded</Code>.
        </li>
        <li>
          <strong className="font-semibold text-slate-900">External links</strong> (Google Drive, Docs, Sheets
          and Slides, Dropbox, OneDrive and SharePoint, Box, or any other https page) open in a new tab, and
          each click is logged as <Code>clicked</Code>. They rely on that service’s own permissions: share the
          document with your investors there too.
        </li>
      </BulletList>
      <Subheading>File type</Subheading>
      <Paragraph>
        Each document shows an icon and its type, detected from the link’s file extension or its host.
      </Paragraph>
      <Table caption="File type detection" head={['Shown as', 'Detected from']}>
        {fileTypes.map(([type, from]) => (
          <tr key={type}>
            <Cell className="font-mono text-xs font-medium whitespace-nowrap text-slate-900">{type}</Cell>
            <Cell>{from}</Cell>
          </tr>
        ))}
      </Table>
    </>
  );
}

const fileTypes: [string, string][] = [
  ...uploadedFileTypes,
  ['GOOGLE-SHEETS', 'Google Sheets links'],
  ['GOOGLE-DOCS', 'Google Docs links'],
  ['GOOGLE-SLIDES', 'Google Slides links'],
  ['GOOGLE-DRIVE', 'Google Drive links'],
  ['GOOGLE', 'Other Google links'],
  ['DROPBOX', 'Dropbox links'],
  ['ONEDRIVE', 'OneDrive and SharePoint links'],
  ['BOX', 'Box links'],
  ['FILE', 'Anything else'],
];

export function DocumentUploadTopic() {
  return (
    <>
      <Paragraph>
        Upload files in the Files tab of your configuration page: drop them on the upload area or choose
        several at once. Each file can be up to{' '}
        <strong className="font-semibold text-slate-900">{maxUploadSize}</strong>.
      </Paragraph>
      <Subheading>Accepted file types</Subheading>
      <ul aria-label="Accepted file types" className="flex flex-wrap gap-2">
        {uploadExtensions.map((extension) => (
          <li key={extension}>
            <Code>{extension}</Code>
          </li>
        ))}
      </ul>
      <Subheading>Put an uploaded file in a section</Subheading>
      <NumberedList>
        <li>Upload the file in the Files tab.</li>
        <li>Use its Copy link action.</li>
        <li>
          Paste the link in a section as <Code>- [Title](link)</Code>, and save.
        </li>
      </NumberedList>
      <Paragraph>
        Uploaded files require sign-in to download, and each download is logged as <Code>downloaded</Code>.
        The Files tab also lets you search your files, download them, and delete one or several at once.
      </Paragraph>
    </>
  );
}

export function ExamplesTopic() {
  return (
    <>
      <Paragraph>
        A complete sections file for a Series A company: six sections, uploaded files beside Google, Dropbox,
        OneDrive and Box links, two section descriptions and two chosen icons.
      </Paragraph>
      <CodeBlock label="sections.md" code={fullExample} />
      <Paragraph>What investors see:</Paragraph>
      <BulletList>
        <li>Lumora Grid, with a Series A badge and the description line.</li>
        <li>
          Six sections with 13 documents. Financial information gets <Code>chart-line</Code>, Business plan{' '}
          <Code>cogs</Code>, Market research <Code>chart-bar</Code> and Technology &amp; product{' '}
          <Code>laptop-code</Code> from their names; Legal and Founders get the icons set in their headings.
        </li>
        <li>
          Legal, with no paragraph under its heading, shows no description (the API reads “Legal documentation
          and files”).
        </li>
      </BulletList>
      <Subheading>The smallest sections file</Subheading>
      <Paragraph>
        Without a Company Information block, the defaults apply: Your Company, Series A, and “Secure document
        sharing for investors and stakeholders”.
      </Paragraph>
      <CodeBlock label="sections.md" code={minimalExample} />
    </>
  );
}

export function AccessTrackingTopic() {
  return (
    <>
      <Paragraph>
        Every download of an uploaded file and every click on an external link is recorded: who (the signed-in
        investor, or the invitation they came through), what (the document) and when.
      </Paragraph>
      <BulletList>
        <li>
          Downloads are logged as <Code>downloaded</Code>, clicks as <Code>clicked</Code>.
        </li>
        <li>
          You see them in the Recent Document Access list of the admin dashboard: user, document, action and
          time.
        </li>
        <li>Access logs are kept indefinitely.</li>
        <li>
          Clicks on external links pass through Roundroom, which records them and then sends the investor on,
          only to a link that is in your sections file. What happens afterwards inside Google, Dropbox or
          another service is recorded by that service, not by Roundroom.
        </li>
      </BulletList>
    </>
  );
}

export function ImportantNotesTopic() {
  return (
    <>
      <Callout tone="warning" title="External links follow the other service’s permissions">
        <p>
          Roundroom controls who sees the link, not who can open the document behind it. A Google Doc shared
          with “anyone with the link” opens for anyone the link is forwarded to. Share external documents only
          with your investors, or upload the file instead.
        </p>
      </Callout>
      <BulletList>
        <li>Access is by invitation only; an e-mail address you have not invited cannot sign in.</li>
        <li>
          Invitation links are valid for 7 days until the first sign-in; magic links for 15 minutes, once;
          sessions for 7 days.
        </li>
        <li>Access lasts until you delete the invitation. Delete it to revoke an investor’s access.</li>
        <li>Uploaded files require sign-in to download. Files are limited to {maxUploadSize} each.</li>
        <li>
          Only <Code>http://</Code> and <Code>https://</Code> links are accepted in the sections file.
        </li>
        <li>Changes to your sections take effect as soon as you save; no restart.</li>
        <li>Every download and click is logged, and the logs are kept indefinitely.</li>
      </BulletList>
    </>
  );
}

export function ApiTopic() {
  return (
    <>
      <Paragraph>
        Connect your CRM, a spreadsheet or your own scripts to your data room with an API token: read the
        access log and analytics, upload documents, invite investors, or edit your sections.
      </Paragraph>
      <NumberedList>
        <li>
          Open{' '}
          <Link
            to={`${href('setupDataRoom')}?tab=api`}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
          >
            Set up your data room → API
          </Link>{' '}
          (the founder and co-founders can).
        </li>
        <li>
          Name the token, tick what it may do (read analytics and the access log, manage documents, manage
          invitations, manage sections) and choose when it expires.
        </li>
        <li>Copy the token: it is shown once. Only a fingerprint of it is stored.</li>
        <li>
          Send it as <Code>Authorization: Bearer rr_…</Code>. A token works for your data room only, and only
          for what you ticked; anything else is refused with 403.
        </li>
      </NumberedList>
      <CodeBlock label="The last ten downloads, views and clicks" code={apiCallExample} />
      <BulletList>
        <li>Each token may make a limited number of requests a minute; past that it gets 429.</li>
        <li>The list shows when each token was last used. Revoke a token there: it stops working at once.</li>
        <li>Signing in, your account and API tokens themselves are not available to tokens.</li>
      </BulletList>
      <Paragraph>
        Every route, its parameters and answers are in the{' '}
        <Link
          to={href('apiReference')}
          className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
        >
          API reference
        </Link>
        .
      </Paragraph>
    </>
  );
}
