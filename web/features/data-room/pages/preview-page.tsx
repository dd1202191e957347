import { Eye } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_GROUP_NAME, type RoomGroups } from '#shared/contracts/groups';
import type { PreviewSection, RoomPreview } from '#shared/contracts/room-preview';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { Button } from '#web/components/ui/button';
import { Select } from '#web/components/ui/select';
import { useRoomAudiences, useRoomPreview } from '#web/features/data-room/api/room-preview';
import { RoomContentView } from '#web/features/data-room/components/room-content-view';
import { RoomLoader } from '#web/features/data-room/components/room-loader';
import {
  isNotFound,
  NoOwnRoom,
  RoomLoadFailed,
  RoomLoading,
} from '#web/features/data-room/components/room-states';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { ApiRequestError } from '#web/lib/api-client';

/**
 * /preview: the founder's own room as one audience reads it ("Preview as": All investors, a group, a
 * named investor; ?as=...), under a blue 'Investor preview' banner; with ?marks=1, every section, those
 * the audience does not see marked with who cannot see them. With ?invite=TOKEN, that invitation's view
 * (docs/product-rules.md#preview).
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

/** Whom the founder's preview reads the room as: `all`, `group:<id>` or `investor:<address>`. */
const ALL_INVESTORS = 'all';

/** The founder's own room, read as the audience ?as= names, with the picker and the marks. */
export function OwnRoomPreview() {
  const [searchParams, setSearchParams] = useSearchParams();
  const as = searchParams.get('as') ?? ALL_INVESTORS;
  const showsMarks = searchParams.get('marks') === '1';
  const myRoom = useMyDataRoom();
  // Asked for beside the room, not after it: on a slow phone each answer waited for is a round trip and
  // a render more before the founder sees anything. Without an own room they answer 403, shown as the
  // room's answer says below.
  const preview = useRoomPreview(as);
  const audiences = useRoomAudiences();

  function choose(change: { as?: string; marks?: boolean }) {
    const next = new URLSearchParams(searchParams);
    const nextAs = change.as ?? as;
    if (nextAs === ALL_INVESTORS) next.delete('as');
    else next.set('as', nextAs);
    if (change.marks ?? showsMarks) next.set('marks', '1');
    else next.delete('marks');
    setSearchParams(next, { replace: true });
  }

  if (myRoom.error instanceof ApiRequestError && myRoom.error.status === 403) return <NoOwnRoom />;
  if (myRoom.isError) return <RoomLoadFailed onRetry={() => myRoom.refetch()} />;
  // The room decides first: a founder without one is told so, not shown the preview's refusal.
  if (!myRoom.data) return <RoomLoading />;
  const controls = (
    <PreviewControls
      as={as}
      audiences={audiences.data}
      showsMarks={showsMarks}
      onChoose={(audience) => choose({ as: audience })}
      onShowMarks={(marks) => choose({ marks })}
    />
  );
  // A group removed, or an investor no longer in the room, since the address was made.
  if (isNotFound(preview.error))
    return (
      <PreviewBanner controls={controls}>
        That group or investor is no longer in your data room. Choose another above.
      </PreviewBanner>
    );
  if (preview.isError) return <RoomLoadFailed onRetry={() => preview.refetch()} />;
  if (!preview.data) return <RoomLoading />;
  const answer = preview.data;
  return (
    <RoomContentView
      content={{
        dataRoom: answer.dataRoom,
        sections: showsMarks ? answer.allSections.map(withMark) : answer.sections,
        documents: answer.documents,
      }}
      source={{ kind: 'member', roomId: myRoom.data.id }}
      backLabel="Close preview"
      // Exactly what the audience sees: no investor sees an empty section; the marks show every one.
      hideEmptySections={!showsMarks}
      top={
        <PreviewBanner controls={controls}>
          <AudienceSentence preview={answer} showsMarks={showsMarks} />
        </PreviewBanner>
      }
      documentHref={(documentId) => href('previewDocument', { documentId })}
    />
  );
}

/** The founder's mark on a section: why some or all investors do not see it, if so. */
export function sectionMarkOf(section: PreviewSection): string | undefined {
  if (section.isEmpty) return 'Empty: nobody sees it';
  if (section.hiddenFrom.length > 0) return `Hidden from ${section.hiddenFrom.join(', ')}`;
  return undefined;
}

function withMark(section: PreviewSection) {
  const mark = sectionMarkOf(section);
  return mark ? { ...section, mark } : section;
}

/** The audience sees no section, though the room has some: each is empty or hidden from them. */
function seesNothing({ sections, allSections }: RoomPreview): boolean {
  return allSections.length > 0 && sections.every((section) => section.documents.length === 0);
}

function AudienceSentence({ preview, showsMarks }: { preview: RoomPreview; showsMarks: boolean }) {
  const { audience, accessEnded, dataRoom } = preview;
  // "All investors see it", "Diligence sees it".
  const verb = audience.as === ALL_INVESTORS ? 'see' : 'sees';
  return (
    <>
      This is your data room as <strong className="font-semibold break-words">{audience.label}</strong> {verb}{' '}
      it.
      {accessEnded ? ' Their access has ended, so they see nothing of it.' : ''}
      {dataRoom.isActive ? '' : ' It is inactive, so investors cannot open it until you activate it.'}
      {showsMarks ? ' Marked sections are shown to you only.' : ''}
      {!showsMarks && !accessEnded && seesNothing(preview)
        ? ' They see no section yet: each is empty or hidden from them. Show hidden and empty sections to see why.'
        : ''}
    </>
  );
}

function PreviewBanner({ controls, children }: { controls: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby="investor-preview-title"
      className="flex flex-col gap-4 rounded-xl border border-blue-200 bg-blue-50 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
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
            <p className="mt-0.5 text-sm text-blue-900" aria-live="polite">
              {children}
            </p>
          </div>
        </div>
        <Button asChild variant="outline" className="shrink-0 self-start sm:self-center">
          <Link to={href('configure')}>Back to configure</Link>
        </Button>
      </div>
      {controls}
    </section>
  );
}

interface PreviewControlsProps {
  as: string;
  /** The room's groups and investors; undefined while they load (All investors is offered at once). */
  audiences: RoomGroups | undefined;
  showsMarks: boolean;
  onChoose: (as: string) => void;
  onShowMarks: (showsMarks: boolean) => void;
}

/**
 * "Preview as": All investors, each other group, each investor by address (a native list, which a
 * keyboard searches by typing and a phone shows as its own picker); and the founder's marks.
 */
function PreviewControls({ as, audiences, showsMarks, onChoose, onShowMarks }: PreviewControlsProps) {
  const pickerId = useId();
  const marksId = useId();
  // Each control shows its new value at once: the address, which the page reads, follows a moment later.
  const [chosen, setChosen] = useState(as);
  const [marked, setMarked] = useState(showsMarks);
  useEffect(() => setChosen(as), [as]);
  useEffect(() => setMarked(showsMarks), [showsMarks]);
  const groups = (audiences?.groups ?? []).filter((group) => !group.isDefault);
  const groupName = new Map((audiences?.groups ?? []).map((group) => [group.id, group.name]));
  const investors = audiences?.investors ?? [];
  const known =
    as === ALL_INVESTORS ||
    groups.some((group) => `group:${group.id}` === as) ||
    investors.some((investor) => `investor:${investor.email}` === as);
  return (
    <div className="flex flex-col gap-3 border-t border-blue-200 pt-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
        <label htmlFor={pickerId} className="text-sm font-medium text-blue-950">
          Preview as
        </label>
        <Select
          id={pickerId}
          value={chosen}
          onChange={(event) => {
            setChosen(event.target.value);
            onChoose(event.target.value);
          }}
          tone="info"
          className="w-full min-w-0 sm:w-80"
        >
          <option value={ALL_INVESTORS}>{DEFAULT_GROUP_NAME}</option>
          {!known && <option value={as}>{as.replace(/^(group|investor):/, '')}</option>}
          {groups.length > 0 && (
            <optgroup label="Groups">
              {groups.map((group) => (
                <option key={group.id} value={`group:${group.id}`}>
                  {group.name}
                </option>
              ))}
            </optgroup>
          )}
          {investors.length > 0 && (
            <optgroup label="Investors">
              {investors.map((investor) => (
                <option key={investor.email} value={`investor:${investor.email}`}>
                  {`${investor.email} (${groupName.get(investor.groupId) ?? DEFAULT_GROUP_NAME})`}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={marksId}
          type="checkbox"
          checked={marked}
          onChange={(event) => {
            setMarked(event.target.checked);
            onShowMarks(event.target.checked);
          }}
          className="size-4 accent-blue-700"
        />
        <label htmlFor={marksId} className="text-sm text-blue-950">
          Show hidden and empty sections
        </label>
      </div>
    </div>
  );
}
