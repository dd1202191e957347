import { AppPage } from '#web/components/app/app-page';
import { LoadFailed } from '#web/components/app/load-failed';
import { FoundersOnlyNotice } from '#web/components/app/page-notice';
import { PageSpinner } from '#web/components/ui/spinner';
import { QuestionsInbox } from '#web/features/questions/components/questions-inbox';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { ApiRequestError } from '#web/lib/api-client';

const TITLE = 'Questions';

/**
 * /admin/questions, in the console's Investors place (ADR 58): investors' questions are work with the
 * people of the room, filtered by their group and firm, so they sit beside Invitations and Investors &
 * NDAs rather than in Documents, though most are about a document's page.
 */
export function AdminQuestionsPage() {
  const room = useMyDataRoom();
  return (
    <AppPage title={TITLE}>
      {room.isPending ? (
        <PageSpinner label="Loading your data room…" />
      ) : room.error instanceof ApiRequestError && room.error.status === 403 ? (
        <FoundersOnlyNotice>
          Questions are answered by the founders of a data room. Your data rooms are on your dashboard.
        </FoundersOnlyNotice>
      ) : room.isError ? (
        <LoadFailed what="your data room" onRetry={() => room.refetch()} />
      ) : (
        <>
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{TITLE}</h1>
          <p className="mt-1 text-slate-600">
            What investors asked. Reply to one privately, or publish the answer for everyone who may read what
            it is about: the FAQ never names who asked.
          </p>
          <div className="mt-6 sm:mt-8">
            <QuestionsInbox roomId={room.data.id} />
          </div>
        </>
      )}
    </AppPage>
  );
}
