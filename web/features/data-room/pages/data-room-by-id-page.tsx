import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { href } from '../../../../shared/routes';
import { AppPage } from '../../../components/app/app-page';
import { Button } from '../../../components/ui/button';
import { RoomContentView } from '../components/room-content-view';
import { RoomLoader } from '../components/room-loader';

/** /data-room/:id: one room the signed-in investor (or its owner) may read. */
export function DataRoomByIdPage() {
  const { id = '' } = useParams();
  const backToDashboard = (
    <div>
      <Button asChild variant="outline">
        <Link to={href('investorDashboard')}>
          <ArrowLeft aria-hidden="true" />
          Back to dashboard
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
            <RoomContentView content={content} source={source} top={backToDashboard} />
          </>
        )}
      </RoomLoader>
    </AppPage>
  );
}
