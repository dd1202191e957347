import { Clock, DoorOpen, KeyRound, LinkIcon, MailCheck } from 'lucide-react';
import { createContext, type FormEvent, type ReactNode, use, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ShareGatePresentation, ShareLinkState } from '#shared/contracts/share-links';
import { href } from '#shared/routes';
import { BrandMark, useRoomBrand } from '#web/components/brand/room-brand';
import { PlainPage } from '#web/components/site/plain-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { PageSpinner } from '#web/components/ui/spinner';
import {
  useRequestShareCode,
  useShareLinkState,
  useVerifyShareCode,
} from '#web/features/share-links/api/use-share-links';
import { ApiRequestError } from '#web/lib/api-client';
import { FirstScreen } from '#web/lib/first-screen';

const TITLE = 'Open the data room';

/** What the link opens: a group's link the room, a document link one document (ADR 95). */
const LinkOpens = createContext<ShareLinkState['opens']>('room');
const useStepTitle = () => (use(LinkOpens) === 'document' ? 'Open the document' : TITLE);

/** The steps' headings: h2 under the room's name, h1 when the page names no room. */
const StepHeadingLevel = createContext<'h1' | 'h2'>('h1');

/** A step's heading; a step's own title is smaller under the room's name, which leads the page. */
function StepHeading({ className, children }: { className?: string; children: ReactNode }) {
  const Heading = use(StepHeadingLevel);
  const size = Heading === 'h1' ? 'text-2xl' : 'text-xl';
  return (
    <Heading className={className ?? `${size} font-semibold leading-tight text-slate-900`}>
      {children}
    </Heading>
  );
}

/**
 * /share/:token, a group's share link (docs/decisions/0071-share-links.md): the reader gives an e-mail
 * address and proves it with the six-digit code the mail carries (or the link beside it, which brings
 * them back here with its proof), and only then enters. Nothing of the room's content is shown before:
 * only whose room it is (the company and the founder's first name) when the link is open and the founder
 * lets it say so. The page is the room's, not Roundroom's: Roundroom is named in its footer only. Opening
 * the page writes nothing, and the magic link's proof is spent by a tap, never by loading the page.
 */
export function ShareLinkPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const proof = searchParams.get('proof');
  const state = useShareLinkState(token);
  const room = state.data?.room ?? null;
  return (
    <PlainPage title={room ? `${room.companyName} data room` : `${TITLE} · Roundroom`}>
      <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-20">
        {room && <RoomHeading room={room} />}
        {state.data ? (
          state.data.state === 'open' ? (
            <StepHeadingLevel value={room ? 'h2' : 'h1'}>
              <LinkOpens.Provider value={state.data.opens}>
                <ShareEntry token={token} proof={proof} requiresApproval={state.data.requiresApproval} />
              </LinkOpens.Provider>
            </StepHeadingLevel>
          ) : (
            <ClosedLink state={state.data.state} />
          )
        ) : state.isError ? (
          <Notice icon={<LinkIcon className="size-6" />} title="This link does not open anything">
            {state.error instanceof ApiRequestError && state.error.status === 404
              ? state.error.message
              : 'The page could not be loaded. Check your connection and reload it.'}
          </Notice>
        ) : (
          // The server wrote whose room it is into the page (server/plugins/first-screen.ts): kept on
          // screen while the link's state loads, so the name never blinks out.
          <FirstScreen part="frame" fallback={<PageSpinner label="Loading..." showLabel />} />
        )}
      </div>
    </PlainPage>
  );
}

/**
 * Whose room it is, above the steps. Kept to an h1 and a line: the server writes the same markup into
 * the page's HTML, so the name is on screen before any script runs.
 */
function RoomHeading({ room }: { room: ShareGatePresentation }) {
  const branded = useRoomBrand();
  return (
    <div className="mb-6 flex flex-col items-center gap-1 text-center">
      {branded?.brand.logoUrl && (
        <div className="mb-3">
          <BrandMark brand={branded.brand} size="gate" />
        </div>
      )}
      <h1 className="text-3xl font-bold tracking-tight text-balance wrap-anywhere text-slate-900 sm:text-4xl">
        {room.companyName}
      </h1>
      {room.founderFirstName && <p className="text-sm text-slate-600">Shared by {room.founderFirstName}</p>}
    </div>
  );
}

const CLOSED: Record<Exclude<ShareLinkState['state'], 'open'>, [string, string]> = {
  disabled: ['This link is turned off', 'The founder turned this link off. Ask them for another.'],
  expired: ['This link has expired', 'Ask the founder for another link.'],
  full: [
    'This link is full',
    'It has let in as many readers as the founder allowed. Ask the founder for another.',
  ],
};

function ClosedLink({ state }: { state: Exclude<ShareLinkState['state'], 'open'> }) {
  const [title, text] = CLOSED[state];
  return (
    <Notice icon={<LinkIcon className="size-6" />} title={title}>
      {text}
    </Notice>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600"
        >
          {icon}
        </span>
        <StepHeading className="text-xl font-semibold text-slate-900">{title}</StepHeading>
        <p className="max-w-sm text-sm text-slate-600">{children}</p>
      </CardContent>
    </Card>
  );
}

/** The two steps (an address, then its code), the magic link's one tap, and the wait for approval. */
function ShareEntry({
  token,
  proof,
  requiresApproval,
}: {
  token: string;
  proof: string | null;
  requiresApproval: boolean;
}) {
  const verify = useVerifyShareCode(token);
  const navigate = useNavigate();
  const title = useStepTitle();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const prove = (request: Parameters<typeof verify.mutate>[0]) =>
    verify.mutate(request, {
      onSuccess: (entry) => {
        if (entry.state === 'pending') setWaiting(true);
        else if (entry.documentId)
          navigate(href('documentInRoom', { id: entry.roomId, documentId: entry.documentId }), {
            replace: true,
          });
        else navigate(href('dataRoomById', { id: entry.roomId }), { replace: true });
      },
    });

  if (waiting)
    return (
      <Notice icon={<Clock className="size-6" />} title="The founder has been asked to let you in">
        You will get an e-mail when they decide. You can close this page.
      </Notice>
    );
  if (proof && !sentTo)
    return (
      <Card>
        <CardHeader>
          <StepHeading>{title}</StepHeading>
          <CardDescription>
            Your address is proved by the link you opened. This device stays signed in for 7 days.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button size="lg" disabled={verify.isPending} onClick={() => prove({ proof })}>
            <DoorOpen aria-hidden="true" />
            {verify.isPending ? 'Opening…' : title}
          </Button>
          <ErrorLine error={verify.error} />
        </CardContent>
      </Card>
    );
  return sentTo ? (
    <CodeStep
      email={sentTo}
      onProve={(code) => prove({ email: sentTo, code })}
      isPending={verify.isPending}
      error={verify.error}
      onRestart={() => {
        verify.reset();
        setSentTo(null);
      }}
    />
  ) : (
    <EmailStep token={token} requiresApproval={requiresApproval} onSent={setSentTo} />
  );
}

function ErrorLine({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {error instanceof ApiRequestError ? error.message : 'Something went wrong. Please try again.'}
    </p>
  );
}

function EmailStep({
  token,
  requiresApproval,
  onSent,
}: {
  token: string;
  requiresApproval: boolean;
  onSent: (email: string) => void;
}) {
  const requestCode = useRequestShareCode(token);
  const title = useStepTitle();
  const [email, setEmail] = useState('');
  const emailId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    requestCode.mutate(address, { onSuccess: () => onSent(address.toLowerCase()) });
  };
  return (
    <Card>
      <CardHeader>
        <StepHeading>{title}</StepHeading>
        <CardDescription>
          We’ll e-mail you a six-digit code to prove your address. No password needed.
          {requiresApproval && ' The founder lets each reader in before they read.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={emailId}>Email address</Label>
            <Input
              id={emailId}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="you@fund.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <ErrorLine error={requestCode.error} />
          <Button type="submit" size="lg" disabled={requestCode.isPending}>
            <MailCheck aria-hidden="true" />
            {requestCode.isPending ? 'Sending…' : 'Send me a code'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function CodeStep({
  email,
  onProve,
  isPending,
  error,
  onRestart,
}: {
  email: string;
  onProve: (code: string) => void;
  isPending: boolean;
  error: Error | null;
  onRestart: () => void;
}) {
  const [code, setCode] = useState('');
  const codeId = useId();
  const title = useStepTitle();
  const what = use(LinkOpens) === 'document' ? 'may open this document' : 'may enter this data room';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onProve(code.trim());
  };
  return (
    <Card>
      <CardHeader>
        <StepHeading>Check your email</StepHeading>
        <CardDescription>
          If <strong className="break-all text-slate-900">{email}</strong> {what}, a six-digit code is on its
          way. Type it here, in this browser: it works once, for 10 minutes. You can also open the link in
          that e-mail. Nothing after a few minutes? Check the address, or ask the founder.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={codeId}>Six-digit code</Label>
            <Input
              id={codeId}
              required
              autoFocus
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]{6}"
              maxLength={6}
              className="text-center font-mono text-2xl tracking-[0.4em]"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </div>
          <ErrorLine error={error} />
          <Button type="submit" size="lg" disabled={isPending || code.length !== 6}>
            <KeyRound aria-hidden="true" />
            {isPending ? 'Opening…' : title}
          </Button>
          <Button type="button" variant="link" onClick={onRestart}>
            Use a different email, or send a new code
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
