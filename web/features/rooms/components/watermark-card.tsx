import { useId } from 'react';
import { toast } from 'sonner';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Switch } from '#web/components/ui/switch';
import { useSetWatermark } from '#web/features/rooms/api/use-set-watermark';

/**
 * The room's "Watermark" (docs/decisions/0046-dynamic-watermark.md): on, every page image and
 * image an investor reads, and every file they download, carries their e-mail, the date and
 * "Confidential", burned in by the server. A switch, saved as soon as it is flipped.
 */
export function WatermarkCard({ room }: { room: MyDataRoom }) {
  const setWatermark = useSetWatermark();
  const labelId = useId();
  const explanationId = useId();
  const isOn = setWatermark.isPending ? setWatermark.variables : room.isWatermarkEnabled;

  const flip = () =>
    setWatermark.mutate(!room.isWatermarkEnabled, {
      onSuccess: (saved) =>
        saved.isWatermarkEnabled
          ? toast.success('Watermark on', {
              description: 'Investors see their e-mail and the date on every page and download.',
            })
          : toast.success('Watermark off', { description: 'Investors see your files as they are.' }),
      onError: (error) => toast.error('Failed to change “Watermark”', { description: error.message }),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Watermark</CardTitle>
          <Badge variant={room.isWatermarkEnabled ? 'success' : 'secondary'}>
            {room.isWatermarkEnabled ? 'On' : 'Off'}
          </Badge>
        </div>
        <CardDescription id={explanationId}>
          {room.isWatermarkEnabled
            ? 'Every page an investor reads and every PDF or image they download shows their e-mail, the date and “Confidential”. Word, Excel and PowerPoint files download as PDF.'
            : 'Investors read and download your files as you uploaded them.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-4">
          <span id={labelId} className="font-medium text-slate-900">
            Watermark
          </span>
          <Switch
            checked={isOn}
            aria-labelledby={labelId}
            aria-describedby={explanationId}
            disabled={setWatermark.isPending}
            onClick={flip}
          />
        </div>
        <p className="text-sm text-slate-600">
          Files that cannot carry a watermark (ZIP, CSV and text) are view only while it is on, and videos
          cannot be played by investors at all. Text and CSV files show the watermark in the viewer only. You
          always see your own files without it.
        </p>
      </CardContent>
    </Card>
  );
}
