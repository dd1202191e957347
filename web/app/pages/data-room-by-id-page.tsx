import { DataRoomByIdPage as RoomPage } from '#web/features/data-room/pages/data-room-by-id-page';
import { RoomSearch } from '#web/features/search/components/room-search';

/**
 * /data-room/:id and its sections: the room, with the search inside its pages under its header
 * (docs/decisions/0088-search-inside-every-page.md); composed here as features use each other only
 * through their api folders.
 */
export function DataRoomByIdPage() {
  return <RoomPage search={(roomId) => <RoomSearch source={{ kind: 'member', roomId }} roomId={roomId} />} />;
}
