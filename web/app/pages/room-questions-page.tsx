import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { href } from '#shared/routes';
import type { Section } from '#shared/sections-markdown';
import { AppPage } from '#web/components/app/app-page';
import { Button } from '#web/components/ui/button';
import { RoomLoader } from '#web/features/data-room/components/room-loader';
import { RoomQuestions } from '#web/features/questions/components/room-questions';

/**
 * /data-room/:id/questions: the room's questions for its reader (docs/product-rules.md#questions), behind
 * the room's own gates (NDA, access), with the sections the reader sees to ask about.
 */
export function RoomQuestionsPage() {
  const { id = '' } = useParams();
  return (
    <AppPage title="Questions">
      <div className="flex flex-col gap-6">
        <div>
          <Button asChild variant="outline">
            <Link to={href('dataRoomById', { id })}>
              <ArrowLeft aria-hidden="true" />
              Back to the data room
            </Link>
          </Button>
        </div>
        <RoomLoader source={{ kind: 'member', roomId: id }}>
          {(content) => (
            <RoomQuestionsOf
              roomId={id}
              companyName={content.dataRoom.companyName}
              sections={content.sections}
            />
          )}
        </RoomLoader>
      </div>
    </AppPage>
  );
}

function RoomQuestionsOf({
  roomId,
  companyName,
  sections,
}: {
  roomId: string;
  companyName: string;
  sections: readonly Section[];
}) {
  // ?section=N: asked from that section's page (its number, as the room's URLs number sections).
  const fromSection = Number(useSearchParams()[0].get('section'));
  return (
    <>
      <title>{`Questions · ${companyName} data room · Roundroom`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold text-slate-900">Questions</h1>
        <p className="text-slate-600">
          Ask the founders of {companyName}, and read what they answered for everyone.
        </p>
      </div>
      <RoomQuestions
        roomId={roomId}
        sections={sections}
        initialSection={sections.find((section) => section.id === fromSection)?.name ?? null}
      />
    </>
  );
}
