import { ChevronDown, Circle, CircleCheck, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { consoleHref } from '#web/components/app/console-places';
import { firstVisitChecklist, isChecklistComplete } from '#web/components/app/first-visit-checklist';
import { Button } from '#web/components/ui/button';
import { useMyDocuments } from '#web/features/documents/api/document-hooks';
import { useInvitations } from '#web/features/invitations/api/invitation-hooks';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { cn } from '#web/lib/cn';
import { useMediaQuery } from '#web/lib/use-media-query';

/** Set once the founder closes the checklist, or once it is complete: then it stays gone on this browser. */
const storageKey = (roomId: string) => `roundroom.first-visit-checklist.${roomId}`;

function isPutAway(roomId: string): boolean {
  try {
    return window.localStorage.getItem(storageKey(roomId)) !== null;
  } catch {
    return false;
  }
}

function putAway(roomId: string, why: 'dismissed' | 'complete') {
  try {
    window.localStorage.setItem(storageKey(roomId), why);
  } catch {
    // Private browsing may refuse storage: the checklist then only hides for this visit.
  }
}

/** Tailwind's sm: below it, a phone, the checklist is one line until the founder opens it. */
const FULL_CARD_QUERY = '(min-width: 640px)';

/**
 * The first-visit checklist at the top of every console place (docs/decisions/0058-one-console.md):
 * company, first document, arranged, first invitation, each ticked from the room's data as the founder
 * goes; it can be closed, and it is gone once every step is done. On a phone it is one line (the count
 * and the next step) with a button that shows the steps, so the place's own content stays on the first
 * screen.
 */
export function FirstVisitChecklistCard() {
  const room = useMyDataRoom();
  const documents = useMyDocuments();
  const invitations = useInvitations();
  const [closed, setClosed] = useState(false);
  const fullCard = useMediaQuery(FULL_CARD_QUERY, true);
  const [opened, setOpened] = useState(false);
  const listId = useId();
  const roomId = room.data?.id;
  const steps =
    room.data && documents.data && invitations.data
      ? firstVisitChecklist({
          companyDescription: room.data.description,
          documents: documents.data,
          invitationCount: invitations.data.length,
        })
      : null;
  const complete = steps !== null && isChecklistComplete(steps);
  useEffect(() => {
    if (complete && roomId) putAway(roomId, 'complete');
  }, [complete, roomId]);

  if (!steps || !roomId || complete || closed || isPutAway(roomId)) return null;
  const doneCount = steps.filter((step) => step.done).length;
  const next = steps.find((step) => !step.done);
  const showSteps = fullCard || opened;
  const close = (
    <Button
      variant="ghost"
      size="icon"
      className="-mt-2 -mr-2 shrink-0"
      aria-label="Close the checklist"
      onClick={() => {
        putAway(roomId, 'dismissed');
        setClosed(true);
      }}
    >
      <X aria-hidden="true" />
    </Button>
  );

  return (
    <section
      aria-labelledby="first-visit-checklist-title"
      className="mb-6 rounded-xl border border-indigo-200 bg-indigo-50/60 p-3 sm:p-5"
    >
      {fullCard ? (
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="first-visit-checklist-title" className="font-semibold text-slate-900">
              Get your data room ready
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {doneCount} of {steps.length} done
            </p>
          </div>
          {close}
        </div>
      ) : (
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-expanded={opened}
            aria-controls={listId}
            onClick={() => setOpened((value) => !value)}
            className="flex min-h-11 min-w-0 flex-1 items-center gap-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <span className="min-w-0 flex-1">
              <span id="first-visit-checklist-title" className="font-semibold text-slate-900">
                Get your data room ready:
              </span>{' '}
              <span className="text-slate-600" aria-live="polite">
                {doneCount} of {steps.length} done
              </span>
              {next && <span className="block truncate text-slate-600">Next: {next.label}</span>}
            </span>
            {/* The words for screen readers: on a phone the line keeps its width for the next step. */}
            <span className="sr-only">{opened ? 'Hide steps' : 'Show steps'}</span>
            <ChevronDown
              aria-hidden="true"
              className={cn('size-5 shrink-0 text-indigo-700 transition-transform', opened && 'rotate-180')}
            />
          </button>
          <div className="mt-2 self-start">{close}</div>
        </div>
      )}
      <ol
        id={listId}
        hidden={!showSteps}
        aria-label="First steps"
        className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4"
      >
        {steps.map((step) => {
          const Icon = step.done ? CircleCheck : Circle;
          return (
            // On a phone the steps done fold into the count above, so the page's own content stays near the top.
            <li key={step.id} data-done={step.done} className={step.done ? 'hidden sm:block' : undefined}>
              <Link
                to={consoleHref(step.to)}
                className={cn(
                  'flex h-full gap-2 rounded-lg border bg-white p-3 text-sm transition-colors hover:border-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                  step.done ? 'border-emerald-200' : 'border-slate-200',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cn('mt-0.5 size-4 shrink-0', step.done ? 'text-emerald-600' : 'text-slate-400')}
                />
                <span className="min-w-0">
                  <span
                    className={cn(
                      'block font-medium',
                      step.done ? 'text-slate-500 line-through' : 'text-slate-900',
                    )}
                  >
                    {step.label}
                    <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                  </span>
                  {!step.done && <span className="block text-slate-600">{step.hint}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
