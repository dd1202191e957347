import {
  addDocumentsToSection,
  type CompanyInformation,
  type ParsedSections,
  parseSectionsMarkdown,
  removeDocumentLinks,
  renameDocumentLinks,
  setCompanyInformation,
} from '#shared/sections-markdown';

/**
 * Runs in a worker thread of the sections parser's pool (sections-parser.ts), never on the thread
 * that answers requests. Each export is one kind of task, chosen by name. Each first marks the task
 * as started, so its time limit counts the parse and not the wait in the queue or the thread's start.
 */

interface Task {
  started: Int32Array;
}

function markStarted(task: Task): void {
  Atomics.store(task.started, 0, 1);
}

export function parse(task: Task & { markdown: string; appOrigin?: string }): ParsedSections {
  markStarted(task);
  return parseSectionsMarkdown(task.markdown, { appOrigin: task.appOrigin });
}

export function addDocuments(
  task: Task & { markdown: string; section: string; links: { title: string; url: string }[] },
): string {
  markStarted(task);
  return addDocumentsToSection(task.markdown, task.section, task.links);
}

export function removeDocument(
  task: Task & { markdown: string; documentId: string; appOrigin?: string },
): string {
  markStarted(task);
  return removeDocumentLinks(task.markdown, task.documentId, { appOrigin: task.appOrigin });
}

export function renameDocument(
  task: Task & { markdown: string; documentId: string; title: string; appOrigin?: string },
): string {
  markStarted(task);
  return renameDocumentLinks(task.markdown, task.documentId, task.title, { appOrigin: task.appOrigin });
}

export function setCompany(task: Task & { markdown: string; company: CompanyInformation }): string {
  markStarted(task);
  return setCompanyInformation(task.markdown, task.company);
}
