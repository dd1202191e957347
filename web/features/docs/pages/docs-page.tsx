import type { ComponentType } from 'react';
import { PublicPage } from '#web/components/site/public-page';
import {
  AccessTrackingTopic,
  AddingDocumentsTopic,
  AddingSectionsTopic,
  ApiTopic,
  DocumentUploadTopic,
  ExamplesTopic,
  FileStructureTopic,
  ImportantNotesTopic,
  InvitationSystemTopic,
  OverviewTopic,
} from '#web/features/docs/components/docs-content';
import { TableOfContents } from '#web/features/docs/components/table-of-contents';
import { type DocsTopicId, docsTopics } from '#web/features/docs/docs-topics';

const topicBodies: Record<DocsTopicId, ComponentType> = {
  overview: OverviewTopic,
  'invitation-system': InvitationSystemTopic,
  'file-structure': FileStructureTopic,
  'adding-sections': AddingSectionsTopic,
  'adding-documents': AddingDocumentsTopic,
  'document-upload': DocumentUploadTopic,
  examples: ExamplesTopic,
  'access-tracking': AccessTrackingTopic,
  'important-notes': ImportantNotesTopic,
  api: ApiTopic,
};

/**
 * /docs: how to set up a data room, invite investors and read access logs
 * (docs/product-rules.md#documentation).
 */
export function DocsPage() {
  return (
    <PublicPage title="Documentation">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold text-indigo-600">Documentation</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Set up your data room
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Describe your company, organise documents in sections, invite investors and see who opened what.
          </p>
        </header>

        <div className="mt-10 grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
          <TableOfContents className="rounded-xl border border-slate-200 bg-slate-50 p-4 lg:sticky lg:top-24 lg:self-start lg:border-0 lg:bg-transparent lg:p-0" />
          <div className="min-w-0 max-w-3xl space-y-14">
            {docsTopics.map((topic) => {
              const Body = topicBodies[topic.id];
              return (
                <section
                  key={topic.id}
                  id={topic.id}
                  aria-labelledby={`${topic.id}-title`}
                  className="space-y-5"
                >
                  <h2
                    id={`${topic.id}-title`}
                    className="text-2xl font-semibold tracking-tight text-slate-900"
                  >
                    <a href={`#${topic.id}`} className="group">
                      {topic.title}
                      <span
                        aria-hidden="true"
                        className="ml-2 text-slate-300 opacity-0 group-hover:opacity-100"
                      >
                        #
                      </span>
                    </a>
                  </h2>
                  <Body />
                </section>
              );
            })}
          </div>
        </div>
      </div>
    </PublicPage>
  );
}
