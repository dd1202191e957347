import { FileDown } from 'lucide-react';
import type { AdminNdaAcceptance } from '#shared/contracts/nda';
import { LoadFailed } from '#web/components/app/load-failed';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useNdaAcceptances } from '#web/features/admin/api/use-nda-acceptances';
import { formatDateTime } from '#web/lib/format';
import { DashboardPanel, EmptyPanel } from './dashboard-panel';
import { Nowrap, ResponsiveTable } from './responsive-table';

function VersionCell({ acceptance }: { acceptance: AdminNdaAcceptance }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="font-mono text-xs text-slate-700" title={`SHA-256 ${acceptance.versionSha256}`}>
        {acceptance.versionSha256.slice(0, 12)}
      </code>
      {acceptance.isCurrentVersion ? (
        <Badge variant="success">Current</Badge>
      ) : (
        <Badge variant="secondary">Earlier text</Badge>
      )}
    </span>
  );
}

function RecordLink({ acceptance }: { acceptance: AdminNdaAcceptance }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a
        href={acceptance.recordUrl}
        download
        aria-label={`Download the PDF record of ${acceptance.signerName}’s acceptance`}
      >
        <FileDown aria-hidden="true" />
        PDF
      </a>
    </Button>
  );
}

const viaInvitation = (acceptance: AdminNdaAcceptance) =>
  acceptance.via === 'invitation' ? ' (invitation link)' : '';

/**
 * The room's NDA acceptances (docs/decisions/0045-nda-before-entry.md): the name typed, the investor's
 * e-mail, when, from which IP, which version of the text, and each one's PDF record.
 */
export function NdaAcceptancesPanel() {
  const acceptances = useNdaAcceptances();
  const rows = acceptances.data;
  return (
    <DashboardPanel
      id="admin-nda-acceptances-title"
      title="NDA acceptances"
      description="Who accepted your NDA before entering, with the name they typed. Each has a PDF record."
      aside={acceptances.isFetching && rows ? <Spinner label="Refreshing the NDA acceptances…" /> : undefined}
    >
      {acceptances.isError ? (
        <LoadFailed what="the NDA acceptances" onRetry={() => acceptances.refetch()} />
      ) : !rows ? (
        <Spinner label="Loading the NDA acceptances…" />
      ) : rows.length === 0 ? (
        <EmptyPanel>No one has accepted an NDA yet. Turn it on in Set up data room, Settings.</EmptyPanel>
      ) : (
        <ResponsiveTable
          caption="NDA acceptances"
          rows={rows}
          rowKey={(acceptance) => acceptance.id}
          columns={[
            { header: 'Name typed', cell: (acceptance) => acceptance.signerName },
            {
              header: 'Email',
              cell: (acceptance) => (
                <span className="wrap-anywhere">
                  {acceptance.email}
                  {viaInvitation(acceptance)}
                </span>
              ),
            },
            {
              header: 'Accepted',
              cell: (acceptance) => (
                <Nowrap>
                  <time dateTime={acceptance.acceptedAt}>{formatDateTime(acceptance.acceptedAt)}</time>
                </Nowrap>
              ),
            },
            {
              header: 'IP',
              cell: (acceptance) => <span className="wrap-anywhere">{acceptance.ip ?? '—'}</span>,
            },
            { header: 'Version', cell: (acceptance) => <VersionCell acceptance={acceptance} /> },
            { header: 'Record', cell: (acceptance) => <RecordLink acceptance={acceptance} /> },
          ]}
          card={(acceptance) => (
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="text-sm font-medium text-slate-900 wrap-anywhere">{acceptance.signerName}</p>
                <p className="text-sm text-slate-600 wrap-anywhere">
                  {acceptance.email}
                  {viaInvitation(acceptance)}
                </p>
                <p className="text-xs text-slate-500">
                  <time dateTime={acceptance.acceptedAt}>{formatDateTime(acceptance.acceptedAt)}</time>
                  {acceptance.ip && ` · IP ${acceptance.ip}`}
                </p>
                <VersionCell acceptance={acceptance} />
              </div>
              <RecordLink acceptance={acceptance} />
            </div>
          )}
        />
      )}
    </DashboardPanel>
  );
}
