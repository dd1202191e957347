import { UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ShareLink, ShareReader } from '#shared/contracts/share-links';
import { Button } from '#web/components/ui/button';
import { useDecideShareReader, useMoreShareLinkReaders } from '#web/features/share-links/api/use-share-links';
import { formatDate } from '#web/lib/format';

/**
 * A link's readers: those waiting for the founder first, then the newest, a page at a time. The list
 * answers the first page; "Show more readers" asks for the next. Keyed by the first page's cursor where
 * it is used, so a changed list (a reader let in) starts again from its first page.
 */
export function ShareLinkReaders({ link }: { link: ShareLink }) {
  const more = useMoreShareLinkReaders();
  const [later, setLater] = useState<{ readers: ShareReader[]; next: string | null }>({
    readers: [],
    next: link.moreReaders,
  });
  const readers = [...link.readers, ...later.readers];
  const pending = readers.filter((reader) => reader.state === 'pending');
  const others = readers.filter((reader) => reader.state !== 'pending');
  const showMore = () => {
    if (!later.next) return;
    more.mutate(
      { id: link.id, after: later.next },
      {
        onSuccess: (page) =>
          setLater({ readers: [...later.readers, ...page.readers], next: page.moreReaders }),
        onError: (error) => toast.error(error.message),
      },
    );
  };
  return (
    <>
      {pending.length > 0 && (
        <ul aria-label="Waiting for you" className="mt-3 flex flex-col gap-2">
          {pending.map((reader) => (
            <WaitingReader
              key={reader.id}
              id={reader.id}
              email={
                reader.forwardedFrom ? `${reader.email}, forwarded by ${reader.forwardedFrom}` : reader.email
              }
            />
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul aria-label="Readers" className="mt-3 flex flex-col divide-y divide-slate-100 text-sm">
          {others.map((reader) => (
            <li key={reader.id} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span className="break-all text-slate-800">
                {reader.email}
                {reader.forwardedFrom && (
                  <span className="text-slate-500"> · forwarded by {reader.forwardedFrom}</span>
                )}
              </span>
              <span className="text-slate-500">
                {reader.state === 'refused' ? 'Refused' : `Joined ${formatDate(reader.createdAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {later.next && (
        <Button
          size="sm"
          variant="outline"
          className="mt-2 w-full sm:w-auto"
          disabled={more.isPending}
          onClick={showMore}
        >
          {more.isPending ? 'Loading…' : 'Show more readers'}
        </Button>
      )}
    </>
  );
}

function WaitingReader({ id, email }: { id: string; email: string }) {
  const decide = useDecideShareReader();
  const act = (decision: 'approve' | 'refuse') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () =>
          toast.success(decision === 'approve' ? `${email} can read now` : `${email} was refused`),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <li className="flex flex-col gap-2 rounded-md bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <span className="text-sm break-all text-amber-950">{email} waits to enter</span>
      <div className="flex gap-2">
        <Button size="sm" disabled={decide.isPending} onClick={() => act('approve')}>
          <UserCheck aria-hidden="true" />
          Let in
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => act('refuse')}>
          <UserX aria-hidden="true" />
          Refuse
        </Button>
      </div>
    </li>
  );
}
