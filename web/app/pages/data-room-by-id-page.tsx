import { useParams } from 'react-router';
import { RoomBrandScope } from '#web/features/brand/components/room-brand-scope';
import { DataRoomByIdPage as RoomPage } from '#web/features/data-room/pages/data-room-by-id-page';
import { RoomSearch } from '#web/features/search/components/room-search';

/**
 * /data-room/:id and its sections: the room, with the search inside its pages under its header
 * (docs/decisions/0088-search-inside-every-page.md); composed here as features use each other only
 * through their api folders.
 */
export function DataRoomByIdPage() {
  const { id = '' } = useParams();
  // In the room's brand, with its banner (docs/decisions/0094-the-founders-brand.md).
  return (
    <RoomBrandScope source={{ kind: 'member', roomId: id }} showsBanner>
      <RoomPage search={(roomId) => <RoomSearch source={{ kind: 'member', roomId }} roomId={roomId} />} />
    </RoomBrandScope>
  );
}
