import { BookOpen, Eye, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { DocumentListItem } from '#shared/contracts/documents';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { href } from '#shared/routes';
import { useFilesFollowingDraft } from '#web/app/use-files-following-draft';
import { AppPage } from '#web/components/app/app-page';
import { SETUP_DATA_ROOM_TABS } from '#web/components/app/console-places';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { TabPanels, useTabParam } from '#web/components/ui/tabs';
import { AlertsCard } from '#web/features/alerts/components/alerts-card';
import { ApiTokensPanel } from '#web/features/api-tokens/components/api-tokens-panel';
import { BrandSettingsCard } from '#web/features/brand/components/brand-settings-card';
import { FilesPanel } from '#web/features/documents/components/files-panel';
import { GroupsAndVisibility } from '#web/features/groups/components/groups-and-visibility';
import { SectionVisibility } from '#web/features/groups/components/section-visibility';
import { NotificationSettingsCard } from '#web/features/notifications/components/notification-settings-card';
import { QuestionSettingsCard } from '#web/features/questions/components/question-settings-card';
import { CompanyProfileCard } from '#web/features/rooms/components/company-profile-card';
import { DownloadDefaultCard } from '#web/features/rooms/components/download-default-card';
import { NdaSettingsCard } from '#web/features/rooms/components/nda-settings-card';
import { RoomStatusCard } from '#web/features/rooms/components/room-status-card';
import { WatermarkCard } from '#web/features/rooms/components/watermark-card';
import { SectionsEditor } from '#web/features/sections/components/sections-editor';
import { SectionsPreview } from '#web/features/sections/components/sections-preview';
import { SectionsDraftProvider, useSectionsDraft } from '#web/features/sections/sections-draft';
import { ShareDocumentButton } from '#web/features/share-links/components/share-document-dialog';
import { WebhooksCard } from '#web/features/webhooks/components/webhooks-card';
import { OwnRoomGate } from './own-room-gate';

const TITLE = 'Set up your data room';

/**
 * /setup-data-room (docs/product-rules.md#setup-data-room): the founder's room in five tabs, Company,
 * Sections, Files, Settings and API (its API tokens). The Sections and Files tabs share one draft of the sections markdown,
 * as in /configure, so an upload linked into a section never undoes unsaved edits, nor the reverse.
 */
export function SetupDataRoomPage() {
  return (
    <OwnRoomGate
      title={TITLE}
      foundersOnly="Only the founder who owns a data room, and the co-founders they invited, can set it up. Your data rooms are on your dashboard."
    >
      {(room) => (
        <AppPage title={TITLE}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div className="min-w-0">
              <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{TITLE}</h1>
              <p className="mt-1 break-words text-slate-600">
                {room.companyName}: your company, sections, documents and who can see them.
              </p>
            </div>
            <Button asChild variant="outline" className="shrink-0 self-start sm:self-auto">
              <Link to={`${href('configure')}?tab=invites`}>
                <Mail aria-hidden="true" />
                Invite investors
              </Link>
            </Button>
          </div>
          <div className="mt-8">
            <SectionsDraftProvider>
              <SetupPanels room={room} />
            </SectionsDraftProvider>
          </div>
        </AppPage>
      )}
    </OwnRoomGate>
  );
}

/**
 * The `?tab=` panel the console's navigation chose: Company, Sections, Files, Settings, API, or the
 * groups and who sees each section (also on /admin/investors).
 */
function SetupPanels({ room }: { room: MyDataRoom }) {
  const [tab] = useTabParam(SETUP_DATA_ROOM_TABS);
  const files = useFilesFollowingDraft();

  return (
    <TabPanels
      value={tab}
      tabs={[
        { id: 'company', label: 'Company', panel: <CompanyProfileCard key={room.id} room={room} /> },
        { id: 'sections', label: 'Sections', panel: <SectionsTab /> },
        {
          id: 'files',
          label: 'Files',
          panel: <FilesPanel page="setupDataRoom" {...files} moreActions={shareThisDocument} />,
        },
        { id: 'settings', label: 'Room settings', panel: <SettingsTab room={room} /> },
        { id: 'api', label: 'API', panel: <ApiTokensPanel /> },
        { id: 'groups', label: 'Groups & visibility', panel: <GroupsAndVisibility /> },
      ]}
    />
  );
}

function SectionsTab() {
  const draft = useSectionsDraft();
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Sections</CardTitle>
          <CardDescription>
            Your sections and their documents. Drag files into sections; each change is saved at once. As
            markdown, “## Name” starts a section and “- [Title](link)” adds a document to it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SectionsEditor
            sectionExtra={(section) => <SectionVisibility section={section} />}
            rows={20}
            saveLabel="Save Sections"
            messages={{
              saved: 'Data room sections updated successfully',
              failed: 'Failed to update sections',
            }}
            actions={
              <Button asChild variant="outline">
                <a href={href('docs')} target="_blank" rel="noopener">
                  <BookOpen aria-hidden="true" />
                  View Documentation
                </a>
              </Button>
            }
          />
        </CardContent>
      </Card>
      <Card className="lg:sticky lg:top-20">
        <CardHeader>
          <CardTitle>Live preview</CardTitle>
          <CardDescription>What investors will see, as you type.</CardDescription>
        </CardHeader>
        <CardContent>
          {draft.status === 'ready' ? (
            <SectionsPreview markdown={draft.value} />
          ) : (
            <p className="text-sm text-slate-600">The preview appears once your sections have loaded.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function SettingsTab({ room }: { room: MyDataRoom }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <RoomStatusCard room={room} />
      <DownloadDefaultCard room={room} />
      <WatermarkCard room={room} />
      <NotificationSettingsCard />
      <QuestionSettingsCard />
      {/* Beside Questions: the cards pair up two by two. */}
      <Card>
        <CardHeader>
          <CardTitle>Security</CardTitle>
          <CardDescription>
            Your passkeys, recovery codes and sessions. With a passkey, your e-mail alone no longer opens the
            console.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link to={href('security')}>
              <ShieldCheck aria-hidden="true" />
              Passkeys and sessions
            </Link>
          </Button>
        </CardContent>
      </Card>
      {/* Across both columns: the cards above pair up, and this one would otherwise sit alone. */}
      <Card className="flex flex-col sm:flex-row sm:items-center sm:justify-between lg:col-span-2">
        <CardHeader className="sm:pb-6">
          <CardTitle>Preview</CardTitle>
          <CardDescription>Your data room as investors see it, in a new tab.</CardDescription>
        </CardHeader>
        <CardContent className="sm:pl-0">
          <Button asChild className="w-full sm:w-auto">
            <a href={href('dataRoom')} target="_blank" rel="noopener">
              <Eye aria-hidden="true" />
              Preview Data Room
            </a>
          </Button>
        </CardContent>
      </Card>
      <section aria-label="Your brand" className="lg:col-span-2">
        <BrandSettingsCard />
      </section>
      <section aria-label="NDA before entry" className="lg:col-span-2">
        <NdaSettingsCard />
      </section>
      <section aria-label="Alerts" className="lg:col-span-2">
        <AlertsCard />
      </section>
      <section aria-label="Webhooks" className="lg:col-span-2">
        <WebhooksCard />
      </section>
    </div>
  );
}

/** "Share this document" on each file (docs/decisions/0095-document-links.md). */
const shareThisDocument = (document: DocumentListItem) => <ShareDocumentButton document={document} />;
