import { FileSignature } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MAX_SIGNER_NAME_LENGTH, type NdaPrompt } from '#shared/contracts/nda';
import { MarkdownView } from '#web/components/markdown/markdown-view';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { ndaPromptOf, useAcceptNda } from '#web/features/data-room/api/use-accept-nda';
import type { RoomSource } from '#web/lib/query-keys';

/**
 * The NDA page (docs/decisions/0045-nda-before-entry.md): shown instead of the room while the server
 * refuses it with 403 nda_required, to members and in the invited view alike. The reader types their
 * full name (the name they were invited by is there to start with) and ticks "I agree"; once accepted,
 * the room's reads are asked again and the room shows from its top.
 */
export function NdaGate({ prompt: refusedWith, source }: { prompt: NdaPrompt; source: RoomSource }) {
  const accept = useAcceptNda(source);
  // Replaced by a newer version when the founder changed the text while this page was open (409
  // nda_changed), and kept while the next attempt is under way.
  const [prompt, setPrompt] = useState(refusedWith);
  const [signerName, setSignerName] = useState(refusedWith.suggestedName ?? '');
  const [agree, setAgree] = useState(false);
  const nameId = useId();
  const agreeId = useId();
  const errorId = useId();
  const agreementId = useId();
  const nameTooLong = signerName.length > MAX_SIGNER_NAME_LENGTH;
  const isValid = signerName.trim() !== '' && !nameTooLong && agree;
  const error = nameTooLong
    ? `Your name may have at most ${MAX_SIGNER_NAME_LENGTH} characters.`
    : (accept.error?.message ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid || accept.isPending) return;
    accept.mutate(
      { versionId: prompt.versionId, signerName: signerName.trim(), agree: true },
      {
        // The agreement was read scrolled down to the form: the room starts at its top, as every
        // navigation does.
        onSuccess: () => window.scrollTo(0, 0),
        onError: (failure) => setPrompt(ndaPromptOf(failure) ?? prompt),
      },
    );
  };

  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardContent className="flex flex-col gap-5 py-6 sm:py-8">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600"
          >
            <FileSignature className="size-5" />
          </span>
          <div className="min-w-0">
            <h1 className="text-xl font-semibold text-slate-900 wrap-anywhere">
              {prompt.companyName} asks you to accept an NDA
            </h1>
            <p className="mt-1 text-sm text-slate-600">
              Read the agreement, then type your full name and tick “I agree” to enter the data room.
            </p>
          </div>
        </div>
        <section
          id={agreementId}
          aria-label="The agreement"
          // Scrollable and reachable by keyboard: a long agreement must not push the form off the page.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
          tabIndex={0}
          className="max-h-[55vh] overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:p-5"
        >
          <MarkdownView text={prompt.text} />
        </section>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={nameId}>Full name</Label>
            <Input
              id={nameId}
              autoComplete="name"
              value={signerName}
              onChange={(event) => setSignerName(event.target.value)}
              aria-invalid={nameTooLong || undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <div className="flex items-start gap-3">
            <input
              id={agreeId}
              type="checkbox"
              checked={agree}
              onChange={(event) => setAgree(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-600"
            />
            <Label htmlFor={agreeId} className="font-normal text-slate-700">
              I agree to the terms of this agreement
            </Label>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button type="submit" disabled={!isValid || accept.isPending} className="w-full sm:w-auto">
              {accept.isPending ? 'Accepting…' : 'Accept and enter'}
            </Button>
            <p className="text-xs text-slate-500">
              Your name, the time, your IP address and browser are recorded with version{' '}
              <code className="font-mono">{prompt.sha256.slice(0, 12)}</code>.
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
