import { useParams } from 'react-router';
import { RoomBrandScope } from '#web/features/brand/components/room-brand-scope';
import { ShareLinkPage as GatePage } from '#web/features/share-links/pages/share-link-page';

/**
 * /share/:token: a share link's gate, in the room's brand where the link names its room
 * (docs/decisions/0094-the-founders-brand.md); composed here as features use each other only through
 * their api folders.
 */
export function ShareLinkPage() {
  const { token = '' } = useParams();
  return (
    <RoomBrandScope source={{ kind: 'share', token }}>
      <GatePage />
    </RoomBrandScope>
  );
}
