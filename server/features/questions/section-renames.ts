import type { SectionRenames } from '#server/features/rooms/index';
import { moveQuestionsOfRenamedSections } from './questions.repository';

/** Rooms' SectionRenames, answered by moving this module's questions; app.ts wires it in. */
export const questionsFollowSections: SectionRenames = { sectionsRenamed: moveQuestionsOfRenamedSections };
