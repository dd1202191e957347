import { useSearchParams } from 'react-router';
import { RoomBrandScope } from '#web/features/brand/components/room-brand-scope';
import { DataRoomPage as RoomPage } from '#web/features/data-room/pages/data-room-page';
import { RoomFaq } from '#web/features/questions/components/room-faq';
import { RoomSearch } from '#web/features/search/components/room-search';

/**
 * /data-room: the invited view with the search inside its pages under the room's header and the room's
 * FAQ under it (an invitation link's holder reads the published answers too, docs/product-rules.md#questions),
 * or the founder's own room; composed here as features use each other only through their api folders.
 * The invited view wears the room's brand and banner (docs/decisions/0094-the-founders-brand.md).
 */
export function DataRoomPage() {
  const invite = useSearchParams()[0].get('invite');
  return (
    <RoomBrandScope source={invite ? { kind: 'invite', token: invite } : null} showsBanner>
      <RoomPage
        belowInvitedRoom={(token) => <RoomFaq source={{ kind: 'invite', token }} />}
        searchInInvitedRoom={({ token, roomId, open }) => (
          <RoomSearch source={{ kind: 'invite', token }} roomId={roomId} onOpenInvited={open} />
        )}
      />
    </RoomBrandScope>
  );
}
