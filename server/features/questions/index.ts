/**
 * The questions module's public file: questions and answers inside the room, their routes, the job that
 * tells an asker of an answer and the notice that tells the managers of a question
 * (docs/decisions/0073-questions-and-answers.md). Other modules and app.ts import only this file
 * (docs/decisions/0064-import-boundaries-by-path.md).
 */

export { questionAnsweredMailJob, questionNotice } from './question-notices';
export { listAskersSince, listQuestionsOfAskers } from './questions.engagement';
export { listQuestionPage, type QuestionCursor, type QuestionsScope } from './questions.exports';
export { questionsRoutes } from './questions.routes';
export { askQuestion, canAsk, readableFaqEntries, termsHeldBy } from './questions.service';
export { questionsFollowSections } from './section-renames';
