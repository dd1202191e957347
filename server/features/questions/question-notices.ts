import { z } from 'zod';
import type { AppContext } from '#server/app-context';
import type { DatabaseExecutor } from '#server/db/schema';
import { MINUTE_MS } from '#server/durations';
import { findUserById, peopleOfRooms } from '#server/features/accounts/index';
import { mailBrandOf } from '#server/features/brand/index';
import { recordAccessEvent } from '#server/features/documents/index';
import { invitationsOfRooms } from '#server/features/invitations/index';
import { type FounderNotice, noteFounderNotice } from '#server/features/notifications/index';
import {
  type DataRoom,
  findReadableRoom,
  hiddenDocumentIdsOf,
  hidesDocuments,
  listManagers,
  parsedSectionsOf,
  type ReadableRoom,
  readerSectionsOf,
} from '#server/features/rooms/index';
import { enqueueJob, type JobDefinition } from '#server/jobs/job-queue';
import { HttpError } from '#server/plugins/errors';
import { emitWebhookEvent } from '#server/webhooks/webhook-events';
import type { WebhookEventData } from '#shared/contracts/webhooks';
import { href } from '#shared/routes';
import { type ParsedSections, type Section, sectionKeyOf } from '#shared/sections-markdown';
import {
  answerMailIdOf,
  answerMailUnsubscribeUrl,
  noteAnswerMail,
  wantsAnswerMails,
} from './answer-mails.service';
import {
  findQuestionInRoom,
  type QuestionWithTitle,
  questionForNotice,
  questionsAskedInWindow,
} from './question-reads';
import {
  askedDigestLine,
  newQuestionEmail,
  type QuestionPlace,
  questionAnsweredEmail,
} from './questions.mails';
import type { StoredQuestion } from './questions.repository';

/**
 * Telling people of questions (docs/decisions/0073-questions-and-answers.md), inside the transaction
 * that writes the question or its answer: the room's managers of a new question (by the room's
 * notification setting, through the notifications module), the asker of an answer (a mail job of
 * this module), and the room's webhook endpoints.
 */

export const QUESTION_ANSWERED_MAIL_JOB = 'question-answered-mail';
const answeredMailSchema = z.object({ roomId: z.string(), questionId: z.string(), answeredAt: z.number() });
type AnsweredMail = z.infer<typeof answeredMailSchema>;

function webhookSubject(question: StoredQuestion): WebhookEventData<'question.asked'>['about'] {
  return {
    kind: question.subjectKind,
    section: question.sectionName,
    documentId: question.documentId,
    page: question.page,
  };
}

async function questionEvent(trx: DatabaseExecutor, question: StoredQuestion) {
  const asker = await findUserById(trx, question.askerId);
  return {
    roomId: question.roomId,
    questionId: question.id,
    about: webhookSubject(question),
    text: question.text,
    asker: { email: asker?.email ?? '', name: asker?.name || null },
    askedAt: question.createdAt.toISOString(),
  };
}

function questionPlaceOf(question: {
  subject_kind: 'room' | 'section' | 'document';
  section_name: string | null;
  document_title: string | null;
  page: number | null;
}): QuestionPlace {
  if (question.subject_kind === 'section') return { kind: 'section', section: question.section_name ?? '' };
  if (question.subject_kind === 'document')
    return { kind: 'document', title: question.document_title ?? '', page: question.page };
  return { kind: 'room' };
}

/**
 * A new question, the room's managers' notice (docs/decisions/0082-features-own-their-mails.md): told at
 * once to the owner and every co-founder, each with the inbox's link, or a line of the day's digest.
 */
export const questionNotice: FounderNotice = {
  kind: 'question',
  atOnce: {
    async prepare(ctx, { subjectId, room }) {
      const question = await questionForNotice(ctx.db, room.id, subjectId);
      if (!question) return undefined;
      const managers = await listManagers(ctx, peopleOfRooms, room.id);
      return ({ footer, messageId }) =>
        managers.map((manager) =>
          newQuestionEmail({
            to: manager.email,
            companyName: room.companyName,
            askerName: question.asker_name,
            askerEmail: question.asker_email,
            place: questionPlaceOf(question),
            question: question.text,
            // The console's inbox, in Investors.
            inboxUrl: `${ctx.config.appUrl}${href('adminQuestions')}`,
            footer: footer(manager.role === 'owner'),
            messageId: messageId(manager.id),
          }),
        );
    },
  },
  async digestLines(ctx, roomId, { start, end }) {
    return (await questionsAskedInWindow(ctx.db, roomId, start, end)).map((question) => ({
      key: question.id,
      email: question.asker_email,
      name: question.asker_name,
      text: askedDigestLine(questionPlaceOf(question)),
    }));
  },
};

export async function questionAsked(
  trx: DatabaseExecutor,
  room: ReadableRoom,
  question: StoredQuestion,
): Promise<void> {
  await noteFounderNotice(trx, questionNotice, {
    roomId: room.id,
    subjectId: question.id,
    at: question.createdAt,
  });
  await emitWebhookEvent(
    trx,
    room.id,
    'question.asked',
    await questionEvent(trx, question),
    question.createdAt,
  );
}

export async function questionAnswered(
  trx: DatabaseExecutor,
  room: Pick<ReadableRoom, 'id'>,
  question: StoredQuestion,
  visibility: 'private' | 'published',
  at: Date,
): Promise<void> {
  const event = await questionEvent(trx, question);
  await emitWebhookEvent(
    trx,
    room.id,
    'question.answered',
    { ...event, answer: question.answer ?? '', visibility, answeredAt: at.toISOString() },
    at,
  );
  await answerChanged(trx, room, question, at);
}

/**
 * The asker is mailed the answer as it now reads: a first answer, a new private reply, or a published
 * answer edited in the FAQ (ADR 92); a change of the FAQ's wording of the question alone is not mailed.
 */
export async function answerChanged(
  trx: DatabaseExecutor,
  room: Pick<ReadableRoom, 'id'>,
  question: StoredQuestion,
  at: Date,
): Promise<void> {
  await noteAnswerMail(trx, {
    id: answerMailIdOf(question.id, at.getTime()),
    roomId: room.id,
    userId: question.askerId,
  });
  await enqueueJob(trx, {
    kind: QUESTION_ANSWERED_MAIL_JOB,
    payload: { roomId: room.id, questionId: question.id, answeredAt: at.getTime() } satisfies AnsweredMail,
    dedupeKey: `${QUESTION_ANSWERED_MAIL_JOB}:${question.id}:${at.getTime()}`,
    fairKey: room.id,
  });
}

/**
 * The web's page for the place a question is about: the room, its section (numbered among `sections`,
 * which are the reader's own: readerSectionsOf), or the document at its page.
 */
function placePathOf(room: DataRoom, question: StoredQuestion, sections: readonly Section[]): string {
  if (question.subjectKind === 'document' && question.documentId) {
    const path = href('documentInRoom', { id: room.id, documentId: question.documentId });
    return `${path}${question.page ? `?page=${question.page}` : ''}`;
  }
  if (question.subjectKind === 'section') {
    const section = sections.find((each) => sectionKeyOf(each.name) === question.sectionKey);
    if (section) return href('sectionInRoom', { id: room.id, section: String(section.id) });
  }
  return href('dataRoomById', { id: room.id });
}

/**
 * The access log's line of a question (ADR 73): 'asked' from the asker's request, 'answered' when the
 * founders answer it (the investor is still the asker; the request was not theirs, so no IP or browser).
 * `sections` are the room's, read before the transaction: on SQLite's one connection a read outside
 * the transaction would wait for it forever.
 */
export async function recordQuestionEvent(
  trx: DatabaseExecutor,
  sections: ParsedSections,
  room: DataRoom,
  question: QuestionWithTitle,
  action: 'asked' | 'answered',
  request: { ip: string; userAgent: string | undefined } | null,
  at: Date,
): Promise<void> {
  const title =
    question.subjectKind === 'document'
      ? `${question.documentTitle ?? ''}${question.page ? `, page ${question.page}` : ''}`
      : question.subjectKind === 'section'
        ? `Section: ${question.sectionName ?? ''}`
        : 'The data room';
  await recordAccessEvent(trx, {
    roomId: room.id,
    userId: question.askerId,
    invitationId: null,
    documentId: question.documentId,
    documentVersion: null,
    documentTitle: title,
    // For the founders, who read every section: numbered over the whole room.
    url: placePathOf(room, question, sections.sections),
    action,
    occurredAt: at,
    ip: request?.ip ?? null,
    userAgent: request?.userAgent ?? null,
  });
}

function placeOf(question: StoredQuestion & { documentTitle: string | null }): QuestionPlace {
  if (question.subjectKind === 'section') return { kind: 'section', section: question.sectionName ?? '' };
  if (question.subjectKind === 'document')
    return { kind: 'document', title: question.documentTitle ?? '', page: question.page };
  return { kind: 'room' };
}

/** Whether the asker may read the place now: a question on a place hidden from them is not theirs to be told of. */
async function isReadableTo(ctx: AppContext, room: ReadableRoom, question: StoredQuestion): Promise<boolean> {
  const access = room.readerAccess;
  if (question.sectionKey && access.hiddenSectionKeys.has(question.sectionKey)) return false;
  if (!question.documentId || !hidesDocuments(access)) return true;
  const { documentId } = question;
  return !hiddenDocumentIdsOf(await parsedSectionsOf(ctx, room), access, [documentId]).has(documentId);
}

async function sendAnsweredMail(ctx: AppContext, { roomId, questionId, answeredAt }: AnsweredMail) {
  const question = await findQuestionInRoom(ctx.db, roomId, questionId);
  // Answered again since: that answer's own job tells them.
  if (!question?.answer || question.answerChangedAt?.getTime() !== answeredAt) return;
  const asker = await findUserById(ctx.db, question.askerId);
  if (!asker) return;
  // Only an asker who may still read the room, and the place, is told (a removed investor is not).
  const room = await findReadableRoom(ctx, invitationsOfRooms, asker, roomId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 403) return undefined;
    throw error;
  });
  if (!room || !(await isReadableTo(ctx, room, question))) return;
  // Unsubscribed with an earlier answer mail's link (ADR 92): the answer waits in the room, marked new.
  if (!(await wantsAnswerMails(ctx, room.id, asker.id))) return;
  const unsubscribeUrl = await answerMailUnsubscribeUrl(
    ctx,
    { id: answerMailIdOf(questionId, answeredAt), roomId: room.id, userId: asker.id },
    new Date(),
  );
  await ctx.mailer.send(
    questionAnsweredEmail({
      to: asker.email,
      recipientName: asker.name || null,
      companyName: room.companyName,
      brand: await mailBrandOf(ctx, roomId),
      place: placeOf(question),
      question: question.text,
      answer: question.answer,
      isPublished: question.state === 'published',
      isChange: question.answeredAt !== null && question.answeredAt.getTime() !== answeredAt,
      // The asker's own numbering: a section hidden from their group is not counted (readerSectionsOf).
      placeUrl: `${ctx.config.appUrl}${placePathOf(room, question, readerSectionsOf(await parsedSectionsOf(ctx, room), room.readerAccess))}`,
      unsubscribeUrl,
      messageId: `<question-answered-${questionId}-${answeredAt}@${new URL(ctx.config.appUrl).hostname}>`,
    }),
  );
}

export function questionAnsweredMailJob(ctx: AppContext): JobDefinition<AnsweredMail> {
  return {
    kind: QUESTION_ANSWERED_MAIL_JOB,
    payloadSchema: answeredMailSchema,
    maxAttempts: 5,
    timeoutMs: MINUTE_MS,
    concurrency: 2,
    run: (payload) => sendAnsweredMail(ctx, payload),
  };
}
