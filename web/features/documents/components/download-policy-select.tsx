import { useId } from 'react';
import { toast } from 'sonner';
import {
  DOWNLOAD_POLICY_CHOICES,
  type DocumentListItem,
  type DownloadPolicyChoice,
} from '#shared/contracts/documents';
import { Select } from '#web/components/ui/select';
import { useSetDownloadPolicy } from '#web/features/documents/api/use-set-download-policy';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';

/** The first choice says what following the room comes to, once the room's default is known. */
function choiceLabels(roomAllowsDownload: boolean | undefined): Record<DownloadPolicyChoice, string> {
  const roomDefault =
    roomAllowsDownload === undefined ? '' : roomAllowsDownload ? ' (allowed)' : ' (view only)';
  return { room: `Room${roomDefault}`, allowed: 'Allowed', view_only: 'View only' };
}

/**
 * A file's "Allow download" (docs/decisions/0043-view-only-documents.md): follow the room's default, or allow or refuse downloads to
 * investors for this file alone. Saved as soon as it changes; the row's "View only" badge shows the result.
 */
export function DownloadPolicySelect({ document }: { document: DocumentListItem }) {
  const setPolicy = useSetDownloadPolicy();
  const labels = choiceLabels(useMyDataRoom().data?.isDownloadAllowed);
  const id = useId();
  const choose = (policy: DownloadPolicyChoice) =>
    setPolicy.mutate(
      { documentId: document.id, policy },
      {
        onSuccess: (updated) =>
          toast.success(updated.isDownloadAllowed ? 'Downloads allowed' : 'View only', {
            description: updated.isDownloadAllowed
              ? `Investors can download “${updated.title}”.`
              : `Investors can read “${updated.title}” in the viewer only.`,
          }),
        onError: (error) => toast.error('Failed to change “Allow download”', { description: error.message }),
      },
    );
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        Allow download
      </label>
      <Select
        id={id}
        aria-label={`Allow download for ${document.title}`}
        value={setPolicy.isPending ? setPolicy.variables.policy : document.downloadPolicy}
        disabled={setPolicy.isPending}
        onChange={(event) => choose(event.target.value as DownloadPolicyChoice)}
        size="sm"
        className="min-w-0"
      >
        {DOWNLOAD_POLICY_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </Select>
    </div>
  );
}
