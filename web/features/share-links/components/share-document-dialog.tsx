import { Check, Copy, Share2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { CreateDocumentLinkRequest } from '#shared/contracts/share-links';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { useModalDialog } from '#web/components/ui/use-modal-dialog';
import { copyText } from '#web/lib/clipboard';
import { useCreateDocumentLink } from '../api/use-share-links';

const DAY_MS = 24 * 60 * 60 * 1000;

interface SharedDocument {
  id: string;
  title: string;
  /** The version readers get now: the one a link may be pinned to (ADR 95). */
  version: number;
}

/**
 * "Share this document" (docs/decisions/0095-document-links.md): a link to this document alone, named
 * per recipient, with a share link's options (domains, approval, end, most readers) and its own: the
 * version pinned or followed, download, watermark, and approval of forwards. The address is shown once
 * made, to copy; Investors › Share links copies it again.
 */
export function ShareDocumentButton({ document }: { document: SharedDocument }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Share ${document.title}`}
        title="Share this document"
        onClick={() => setOpen(true)}
      >
        <Share2 aria-hidden="true" />
        Share
      </Button>
      <ShareDocumentDialog document={document} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function ShareDocumentDialog({
  document,
  open,
  onClose,
}: {
  document: SharedDocument;
  open: boolean;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const headingId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const close = () => {
    setUrl(null);
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      aria-labelledby={headingId}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      {open && (
        <div className="flex flex-col gap-4 p-6">
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Share this document
            </h2>
            <p className="text-sm break-words text-slate-600">
              {document.title}: a link to this document alone. Readers prove their address by a code; the room
              stays closed to them.
            </p>
          </div>
          {url ? (
            <MadeDocumentLink url={url} onDone={close} />
          ) : (
            <DocumentLinkForm document={document} onMade={setUrl} onCancel={close} />
          )}
        </div>
      )}
    </dialog>
  );
}

function DocumentLinkForm({
  document,
  onMade,
  onCancel,
}: {
  document: SharedDocument;
  onMade: (url: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateDocumentLink();
  const id = useId();
  const [fields, setFields] = useState({
    name: '',
    pinned: false,
    download: false,
    watermark: true,
    forwards: false,
    approval: false,
    domains: '',
    days: '',
    max: '',
  });
  const set = (change: Partial<typeof fields>) => setFields((current) => ({ ...current, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const domains = fields.domains.split(/[\s,]+/).filter(Boolean);
    const request: CreateDocumentLinkRequest = {
      documentId: document.id,
      name: fields.name.trim(),
      versionNumber: fields.pinned ? document.version : null,
      allowsDownload: fields.download,
      watermark: fields.watermark,
      forwardsNeedApproval: fields.forwards,
      requiresApproval: fields.approval,
      allowedDomains: domains.length > 0 ? domains : null,
      expiresAt: fields.days ? new Date(Date.now() + Number(fields.days) * DAY_MS).toISOString() : null,
      maxReaders: fields.max ? Number(fields.max) : null,
    };
    create.mutate(request, { onSuccess: ({ url }) => onMade(url) });
  };
  const check = (key: 'pinned' | 'download' | 'watermark' | 'forwards' | 'approval', label: string) => (
    <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 shrink-0 rounded border-slate-300 accent-indigo-600"
        checked={fields[key]}
        onChange={(event) => set({ [key]: event.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <form onSubmit={submit} noValidate aria-label="New document link" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>Who it is for</Label>
        <Input
          id={`${id}-name`}
          required
          autoFocus
          maxLength={80}
          value={fields.name}
          placeholder="Acme Ventures — Jane"
          onChange={(event) => set({ name: event.target.value })}
        />
      </div>
      <fieldset className="flex flex-col">
        <legend className="sr-only">What the link lets the reader do</legend>
        {check('pinned', `Keep showing version ${document.version} (never a newer file)`)}
        {check('download', 'Allow download')}
        {check('watermark', 'Watermark with the reader’s address')}
        {check('forwards', 'Approve forwards (another address than the first reader)')}
        {check('approval', 'Approve every reader')}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-domains`}>Only addresses at (optional)</Label>
        <Input
          id={`${id}-domains`}
          value={fields.domains}
          placeholder="acme.vc"
          onChange={(event) => set({ domains: event.target.value })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-days`}>Ends after (days)</Label>
          <Input
            id={`${id}-days`}
            type="number"
            min={1}
            inputMode="numeric"
            value={fields.days}
            placeholder="Never"
            onChange={(event) => set({ days: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-max`}>Most readers</Label>
          <Input
            id={`${id}-max`}
            type="number"
            min={1}
            inputMode="numeric"
            value={fields.max}
            placeholder="No limit"
            onChange={(event) => set({ max: event.target.value })}
          />
        </div>
      </div>
      {create.error && (
        <p role="alert" className="text-sm text-red-700">
          {create.error.message}
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending || fields.name.trim() === ''}>
          <Share2 aria-hidden="true" />
          Make link
        </Button>
      </div>
    </form>
  );
}

function MadeDocumentLink({ url, onDone }: { url: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      toast.success('Link copied', { description: url });
    } else toast.error('Could not copy. Select the link and copy it yourself.');
  };
  return (
    <section aria-label="The new link" className="flex flex-col gap-3">
      <p className="text-sm font-medium text-emerald-900">
        The link is ready. Paste it into your e-mail; Investors › Share links copies it again.
      </p>
      <Input readOnly value={url} aria-label="Document link" onFocus={(event) => event.target.select()} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
