import { Circle, CircleCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { consoleHref } from '#web/components/app/console-places';
import { firstVisitChecklist, isChecklistComplete } from '#web/components/app/first-visit-checklist';
import { Button } from '#web/components/ui/button';
import { useMyDocuments } from '#web/features/documents/api/document-hooks';
import { useInvitations } from '#web/features/invitations/api/invitation-hooks';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { cn } from '#web/lib/cn';

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

/**
 * The first-visit checklist at the top of every console place (docs/decisions/0058-one-console.md):
 * company, first document, arranged, first invitation, each ticked from the room's data as the founder
 * goes; it can be closed, and it is gone once every step is done.
 */
export function FirstVisitChecklistCard() {
  const room = useMyDataRoom();
  const documents = useMyDocuments();
  const invitations = useInvitations();
  const [closed, setClosed] = useState(false);
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

  return (
    <section
      aria-labelledby="first-visit-checklist-title"
      className="mb-6 rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="first-visit-checklist-title" className="font-semibold text-slate-900">
            Get your data room ready
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {doneCount} of {steps.length} done
          </p>
        </div>
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
      </div>
      <ol aria-label="First steps" className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
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
