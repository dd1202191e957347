import { useId } from 'react';
import { toast } from 'sonner';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Switch } from '#web/components/ui/switch';
import { useSetDownloadDefault } from '#web/features/rooms/api/use-set-download-default';

/**
 * The room's "Allow downloads": the default of every file whose own "Allow download" follows
 * the room. Off, investors read those files in the viewer only; the server refuses them the original
 * (docs/decisions/0043-view-only-documents.md). A switch, saved as soon as it is flipped.
 */
export function DownloadDefaultCard({ room }: { room: MyDataRoom }) {
  const setDefault = useSetDownloadDefault();
  const labelId = useId();
  const explanationId = useId();
  const isOn = setDefault.isPending ? setDefault.variables : room.isDownloadAllowed;

  const flip = () =>
    setDefault.mutate(!room.isDownloadAllowed, {
      onSuccess: (saved) =>
        saved.isDownloadAllowed
          ? toast.success('Downloads allowed', {
              description: 'Investors can download your files, except those you made view only.',
            })
          : toast.success('Downloads turned off', {
              description: 'Investors read your files in the viewer only, except those you allowed.',
            }),
      onError: (error) => toast.error('Failed to change “Allow downloads”', { description: error.message }),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Downloads</CardTitle>
          <Badge variant={room.isDownloadAllowed ? 'success' : 'secondary'}>
            {room.isDownloadAllowed ? 'Allowed' : 'View only'}
          </Badge>
        </div>
        <CardDescription id={explanationId}>
          {room.isDownloadAllowed
            ? 'Investors can download the original of each file, or read it in the viewer.'
            : 'Investors read each file in the viewer only: they see no Download button and cannot download the original. You can still download every file.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-4">
          <span id={labelId} className="font-medium text-slate-900">
            Allow downloads
          </span>
          <Switch
            checked={isOn}
            aria-labelledby={labelId}
            aria-describedby={explanationId}
            disabled={setDefault.isPending}
            onClick={flip}
          />
        </div>
        <p className="text-sm text-slate-600">
          The default for every file. Each file can choose otherwise with its own “Allow download” in Files.
        </p>
      </CardContent>
    </Card>
  );
}
