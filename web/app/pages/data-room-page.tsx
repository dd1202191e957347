import { DataRoomPage as RoomPage } from '#web/features/data-room/pages/data-room-page';
import { RoomFaq } from '#web/features/questions/components/room-faq';

/**
 * /data-room: the invited view with the room's FAQ under it (an invitation link's holder reads the
 * published answers too, docs/product-rules.md#questions), or the founder's own room; composed here as
 * features use each other only through their api folders.
 */
export function DataRoomPage() {
  return <RoomPage belowInvitedRoom={(token) => <RoomFaq source={{ kind: 'invite', token }} />} />;
}
