import { Eye } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { Button } from '#web/components/ui/button';
import { RoomContentView } from '#web/features/data-room/components/room-content-view';
import { RoomLoader } from '#web/features/data-room/components/room-loader';
import { NoOwnRoom, RoomLoadFailed } from '#web/features/data-room/components/room-states';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { ApiRequestError } from '#web/lib/api-client';

/**
 * /preview: the founder's own room as an investor sees it, under a blue 'Investor preview' banner;
 * with ?invite=TOKEN, that invitation's view (docs/product-rules.md#preview).
 */
export function PreviewPage() {
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite');
  return (
    <AppPage title="Investor preview">
      {invite ? (
        <RoomLoader source={{ kind: 'invite', token: invite }}>
          {(content, invitedEmail, source) => (
            <RoomContentView
              content={content}
              source={source}
              invitedEmail={invitedEmail}
              backLabel="Close preview"
            />
          )}
        </RoomLoader>
      ) : (
        <OwnRoomPreview />
      )}
    </AppPage>
  );
}

function OwnRoomPreview() {
  const myRoom = useMyDataRoom();
  if (myRoom.error instanceof ApiRequestError && myRoom.error.status === 403) return <NoOwnRoom />;
  if (myRoom.isError) return <RoomLoadFailed onRetry={() => myRoom.refetch()} />;
  return (
    <RoomLoader source={myRoom.data ? { kind: 'member', roomId: myRoom.data.id } : null}>
      {(content, _invitedEmail, source) => (
        <RoomContentView
          content={content}
          source={source}
          backLabel="Close preview"
          top={<PreviewBanner isActive={content.dataRoom.isActive} />}
          documentHref={(documentId) => href('previewDocument', { documentId })}
        />
      )}
    </RoomLoader>
  );
}

function PreviewBanner({ isActive }: { isActive: boolean }) {
  return (
    <section
      aria-labelledby="investor-preview-title"
      className="flex flex-col gap-4 rounded-xl border border-blue-200 bg-blue-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-blue-100 text-blue-700"
        >
          <Eye className="size-5" />
        </span>
        <div>
          <h2 id="investor-preview-title" className="font-semibold text-blue-950">
            Investor preview
          </h2>
          <p className="mt-0.5 text-sm text-blue-900">
            This is your data room as invited investors see it.
            {isActive ? '' : ' It is inactive, so investors cannot open it until you activate it.'}
          </p>
        </div>
      </div>
      <Button asChild variant="outline" className="shrink-0 self-start sm:self-center">
        <Link to={href('configure')}>Back to configure</Link>
      </Button>
    </section>
  );
}
