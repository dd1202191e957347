import { Lock, LockOpen } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { useSetRoomStatus } from '#web/features/rooms/api/use-set-room-status';

/**
 * The room's status (Active or Inactive, docs/product-rules.md#setup-data-room) and the control that switches
 * it. Closing the room cuts every investor off at once, so it asks first; opening it does not.
 */
export function RoomStatusCard({ room }: { room: MyDataRoom }) {
  const setStatus = useSetRoomStatus();
  const [confirming, setConfirming] = useState(false);
  const explanationId = useId();

  const switchTo = (isActive: boolean) =>
    setStatus.mutate(isActive, {
      onSuccess: () =>
        isActive
          ? toast.success('Data room activated', { description: 'Your investors can open it again.' })
          : toast.success('Data room deactivated', { description: 'Investors can no longer open it.' }),
      onError: (error) =>
        toast.error('Failed to change the data room status', { description: error.message }),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Data room status</CardTitle>
          <Badge variant={room.isActive ? 'success' : 'warning'}>
            {room.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        <CardDescription id={explanationId}>
          {room.isActive
            ? 'Open: the investors you invited can see your data room and read its files.'
            : 'Closed: investors do not see your data room on their dashboards, and its pages tell them it is unavailable.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-600">
          {room.isActive
            ? 'Deactivating closes it to every investor at once. Their invitations are kept, so reactivating restores their access.'
            : 'Reactivating gives every invited investor their access back at once. While it is closed you can still edit and preview it.'}
        </p>
        <div>
          {room.isActive ? (
            <Button
              variant="outline"
              aria-describedby={explanationId}
              disabled={setStatus.isPending}
              onClick={() => setConfirming(true)}
              className="w-full sm:w-auto"
            >
              <Lock aria-hidden="true" />
              Deactivate data room
            </Button>
          ) : (
            <Button
              aria-describedby={explanationId}
              disabled={setStatus.isPending}
              onClick={() => switchTo(true)}
              className="w-full sm:w-auto"
            >
              <LockOpen aria-hidden="true" />
              {setStatus.isPending ? 'Activating...' : 'Activate data room'}
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title="Deactivate your data room?"
        description="Investors lose access at once: the room disappears from their dashboards and its pages tell them it is unavailable. Invitations are kept, so reactivating restores their access."
        confirmLabel={setStatus.isPending ? 'Deactivating...' : 'Deactivate'}
        busy={setStatus.isPending}
        onConfirm={() => switchTo(false)}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
