import { BookOpen, Eye } from 'lucide-react';
import type { DocumentListItem } from '#shared/contracts/documents';
import { href } from '#shared/routes';
import { useFilesFollowingDraft } from '#web/app/use-files-following-draft';
import { AppPage } from '#web/components/app/app-page';
import { CONFIGURE_TABS } from '#web/components/app/console-places';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { TabPanels, useTabParam } from '#web/components/ui/tabs';
import { FilesPanel } from '#web/features/documents/components/files-panel';
import { SectionVisibility } from '#web/features/groups/components/section-visibility';
import { InvitesPanel } from '#web/features/invitations/components/invites-panel';
import { NotifyInvestorsPanel } from '#web/features/notifications/components/notify-investors-panel';
import { SectionsEditor } from '#web/features/sections/components/sections-editor';
import { SectionsHelp } from '#web/features/sections/components/sections-help';
import { SectionsDraftProvider } from '#web/features/sections/sections-draft';
import { ShareDocumentButton } from '#web/features/share-links/components/share-document-dialog';
import { OwnRoomGate } from './own-room-gate';

/**
 * /configure, the founder's console (docs/product-rules.md#configure): Files, Sections, Invites and
 * Notify investors. It
 * composes three features around one draft of the sections markdown, so it lives in the app layer.
 */
export function ConfigurePage() {
  return (
    <OwnRoomGate
      title="Configure"
      foundersOnly="Only the founder who owns a data room, and the co-founders they invited, can configure it. Your data rooms are on your dashboard."
    >
      {(room) => (
        <AppPage title={`${room.companyName} data room`}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h1 className="break-words text-2xl font-semibold text-slate-900 sm:text-3xl">
                {room.companyName} data room
              </h1>
              <p className="mt-1 text-slate-600">Upload files, arrange your sections and invite investors.</p>
            </div>
            <div className="flex shrink-0 gap-2">
              <Button asChild variant="outline">
                <a href={href('docs')} target="_blank" rel="noopener">
                  <BookOpen aria-hidden="true" />
                  Docs
                </a>
              </Button>
              <Button asChild>
                <a href={href('preview')} target="_blank" rel="noopener">
                  <Eye aria-hidden="true" />
                  Preview data room
                </a>
              </Button>
            </div>
          </div>
          <div className="mt-8">
            <SectionsDraftProvider>
              <ConsolePanels />
            </SectionsDraftProvider>
          </div>
        </AppPage>
      )}
    </OwnRoomGate>
  );
}

/** The `?tab=` panel the console's navigation chose: Files, Sections, Invites or Notify investors. */
function ConsolePanels() {
  const [tab] = useTabParam(CONFIGURE_TABS);
  const files = useFilesFollowingDraft();

  return (
    <TabPanels
      value={tab}
      tabs={[
        {
          id: 'files',
          label: 'Files',
          panel: <FilesPanel page="configure" {...files} moreActions={shareThisDocument} />,
        },
        { id: 'sections', label: 'Sections', panel: <SectionsTab /> },
        { id: 'invites', label: 'Invitations', panel: <InvitesPanel page="configure" /> },
        {
          id: 'notify',
          label: 'Notify investors',
          panel: (
            <div className="max-w-2xl">
              <NotifyInvestorsPanel />
            </div>
          ),
        },
      ]}
    />
  );
}

function SectionsTab() {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Sections</CardTitle>
          <CardDescription>
            Your data room's sections and documents. Each change is saved at once and investors see it
            straight away; the markdown is one click away.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SectionsEditor
            sectionExtra={(section) => <SectionVisibility section={section} />}
            rows={25}
            saveLabel="Save"
            messages={{ saved: 'Sections updated successfully', failed: 'Failed to update sections' }}
          />
        </CardContent>
      </Card>
      <SectionsHelp />
    </div>
  );
}

/** "Share this document" on each file (docs/decisions/0095-document-links.md). */
const shareThisDocument = (document: DocumentListItem) => <ShareDocumentButton document={document} />;
