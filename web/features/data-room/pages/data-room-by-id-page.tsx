import { ArrowLeft, MessageCircleQuestion } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import type { RoomRouting } from '#web/components/data-room/data-room-view';
import { Button } from '#web/components/ui/button';
import { RoomContentView } from '#web/features/data-room/components/room-content-view';
import { RoomLoader } from '#web/features/data-room/components/room-loader';
import { useUnseenAnswers } from '#web/features/questions/api/use-questions';
import { warmViewerCode } from '#web/features/viewer/api/viewer-code';

/**
 * /data-room/:id and /data-room/:id/sections/:section: one room the signed-in investor (or its owner) may
 * read, at the room or at one of its sections; each place has its URL, so Back, reload and links keep it.
 * `search` is what the app composes under the room's header (the search inside its pages).
 */
export function DataRoomByIdPage({ search }: { search?: (roomId: string) => ReactNode }) {
  const { id = '', section } = useParams();
  // The viewer's code, fetched while the room is read, so a tap on a document waits for its data only.
  useEffect(warmViewerCode, []);
  const routing: RoomRouting = {
    openSectionId: section ? Number(section) : null,
    roomHref: href('dataRoomById', { id }),
    sectionHref: (sectionId) => href('sectionInRoom', { id, section: String(sectionId) }),
  };
  const unseen = useUnseenAnswers(id);
  const backToDashboard = (
    // On a phone the two ways out are one under the other, as wide as each other.
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <Button asChild variant="outline" className="max-sm:w-full">
        <Link to={href('investorDashboard')}>
          <ArrowLeft aria-hidden="true" />
          Back to dashboard
        </Link>
      </Button>
      {/* The room's questions: the FAQ, and the reader's own with their answers (docs/product-rules.md#questions). */}
      <Button asChild variant="outline" className="max-sm:w-full">
        {/* From a section's page, the question is about that section to start with. */}
        <Link to={`${href('roomQuestions', { id })}${section ? `?section=${section}` : ''}`}>
          <MessageCircleQuestion aria-hidden="true" />
          Questions
          {unseen.total > 0 && (
            <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs text-white">
              {unseen.total} new
            </span>
          )}
        </Link>
      </Button>
    </div>
  );
  return (
    <AppPage title="Data room">
      <RoomLoader source={{ kind: 'member', roomId: id }}>
        {(content, _invitedEmail, source) => (
          <>
            <title>{`${content.dataRoom.companyName} data room · Roundroom`}</title>
            <RoomContentView
              content={content}
              source={source}
              top={backToDashboard}
              routing={routing}
              hideEmptySections
              unseenAnswers={unseen.byDocument}
              search={search ? () => search(id) : undefined}
            />
          </>
        )}
      </RoomLoader>
    </AppPage>
  );
}
