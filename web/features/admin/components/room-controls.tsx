import { Download, FileSignature, Settings, Stamp } from 'lucide-react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';

/**
 * The room's reading controls at a glance (docs/product-rules.md#reading-in-the-browser): whether investors may download, whether what they
 * read and download carries their watermark, and whether they must accept an NDA first. Changed in
 * /setup-data-room Settings.
 */
export function RoomControls() {
  const room = useMyDataRoom();
  if (!room.data) return null;
  const { isDownloadAllowed, isWatermarkEnabled, isNdaRequired } = room.data;
  return (
    <section
      aria-labelledby="room-controls-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-5"
    >
      <h2 id="room-controls-title" className="font-semibold text-slate-900">
        Reading controls
      </h2>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-2">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <Download aria-hidden="true" className="size-4" />
            Downloads
          </dt>
          <dd>
            <Badge variant={isDownloadAllowed ? 'success' : 'secondary'}>
              {isDownloadAllowed ? 'Allowed' : 'View only'}
            </Badge>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <Stamp aria-hidden="true" className="size-4" />
            Watermark
          </dt>
          <dd>
            <Badge variant={isWatermarkEnabled ? 'success' : 'secondary'}>
              {isWatermarkEnabled ? 'On' : 'Off'}
            </Badge>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="flex items-center gap-1.5 text-slate-600">
            <FileSignature aria-hidden="true" className="size-4" />
            NDA before entry
          </dt>
          <dd>
            <Badge variant={isNdaRequired ? 'success' : 'secondary'}>
              {isNdaRequired ? 'Required' : 'Off'}
            </Badge>
          </dd>
        </div>
      </dl>
      <Button asChild variant="outline" size="sm" className="sm:ml-auto">
        <Link to={`${href('setupDataRoom')}?tab=settings`}>
          <Settings aria-hidden="true" />
          Change in Settings
        </Link>
      </Button>
    </section>
  );
}
