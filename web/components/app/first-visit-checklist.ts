import type { ConsoleLocation } from './console-places';

/**
 * A new founder's first steps (docs/decisions/0058-one-console.md), each read from the room's own data
 * rather than from clicks the founder made: what the room holds decides what is done, so a step done
 * in another tab, by a co-founder or through the API ticks too.
 */
export type ChecklistStepId = 'company' | 'document' | 'arrange' | 'invite';

export interface ChecklistStep {
  id: ChecklistStepId;
  label: string;
  /** What doing it means, for the founder who has not yet. */
  hint: string;
  /** Where it is done. */
  to: ConsoleLocation;
  done: boolean;
}

export interface RoomProgress {
  /** The company profile's description, empty until the founder writes one (the name comes from sign-up). */
  companyDescription: string;
  /** The room's documents, each with the section that lists it (null while it is in none). */
  documents: readonly { sectionName: string | null }[];
  /** Invitations the room has sent, whatever became of them since. */
  invitationCount: number;
}

export function firstVisitChecklist(progress: RoomProgress): ChecklistStep[] {
  return [
    {
      id: 'company',
      label: 'Describe your company',
      hint: 'What investors read first, beside its name and stage.',
      to: { page: 'setupDataRoom', tab: null },
      done: progress.companyDescription.trim() !== '',
    },
    {
      id: 'document',
      label: 'Upload your first document',
      hint: 'A deck, a model, a memo: PDF, Office files, images and more.',
      to: { page: 'configure', tab: null },
      done: progress.documents.length > 0,
    },
    {
      id: 'arrange',
      label: 'Place a document in a section',
      hint: 'Investors find documents through your sections.',
      to: { page: 'configure', tab: 'sections' },
      done: progress.documents.some((document) => document.sectionName !== null),
    },
    {
      id: 'invite',
      label: 'Invite your first investor',
      hint: 'They get an e-mail with a link to your room.',
      to: { page: 'configure', tab: 'invites' },
      done: progress.invitationCount > 0,
    },
  ];
}

/** True once every step is done: then the checklist is gone for good. */
export function isChecklistComplete(steps: readonly ChecklistStep[]): boolean {
  return steps.every((step) => step.done);
}
