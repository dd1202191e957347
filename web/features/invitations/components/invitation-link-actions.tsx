import { Link2, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Invitation } from '#shared/contracts/invitations';
import { Button } from '#web/components/ui/button';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { useCopyInvitationLink, useResendInvitation } from '#web/features/invitations/api/invitation-hooks';
import { copyText } from '#web/lib/clipboard';

/**
 * Resend and Copy link for a pending (or expired) invitation (docs/decisions/0060-invitation-links-resend-and-bulk.md).
 * Links are stored only as hashes, so both make a new link and the old one stops working; a copied link
 * opens the room as the invited person, which the confirmation says before anything changes.
 */
export function InvitationLinkActions({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const copyLink = useCopyInvitationLink();
  const [confirmingCopy, setConfirmingCopy] = useState(false);
  const [shownLink, setShownLink] = useState<string | null>(null);

  const resendNow = () =>
    resend.mutate(invitation.id, {
      onSuccess: () =>
        toast.success('Invitation sent successfully', {
          description: `A new e-mail went to ${invitation.email}. The previous link no longer works.`,
        }),
      onError: (error) => toast.error('Failed to send invitation', { description: error.message }),
    });

  const copyNewLink = () =>
    copyLink.mutate(invitation.id, {
      onSuccess: async ({ link }) => {
        setConfirmingCopy(false);
        if (await copyText(link)) {
          toast.success('New link copied', {
            description: `Send it only to ${invitation.email}: it opens your data room as them. The link in their e-mail no longer works.`,
          });
        } else {
          // The clipboard refused: show the link to copy by hand.
          setShownLink(link);
        }
      },
      onError: (error) => {
        setConfirmingCopy(false);
        toast.error('Failed to copy the link', { description: error.message });
      },
    });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={resend.isPending}
        aria-label={`Resend the invitation to ${invitation.email}`}
        onClick={resendNow}
      >
        <RotateCw aria-hidden="true" className={resend.isPending ? 'animate-spin' : undefined} />
        Resend
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={copyLink.isPending}
        aria-label={`Copy a new invitation link for ${invitation.email}`}
        onClick={() => setConfirmingCopy(true)}
      >
        <Link2 aria-hidden="true" />
        Copy link
      </Button>
      <ConfirmDialog
        open={confirmingCopy}
        title="Copy a new invitation link?"
        description={`A new link is made and copied; the link in the e-mail to ${invitation.email} stops working. Anyone who has the new link can open your data room as ${invitation.email}: send it only to them.`}
        confirmLabel={copyLink.isPending ? 'Copying…' : 'Copy new link'}
        busy={copyLink.isPending}
        onConfirm={copyNewLink}
        onCancel={() => setConfirmingCopy(false)}
      />
      {shownLink && (
        <div className="basis-full rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p>Copy this link and send it only to {invitation.email}:</p>
          <input
            readOnly
            aria-label={`New invitation link for ${invitation.email}`}
            value={shownLink}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-2 h-11 w-full rounded-md border border-amber-300 bg-white px-2 font-mono text-xs"
          />
        </div>
      )}
    </>
  );
}
