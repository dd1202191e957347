import { expect, test } from 'vitest';
import { firstVisitChecklist, isChecklistComplete, type RoomProgress } from './first-visit-checklist';

const newRoom: RoomProgress = { companyDescription: '', documents: [], invitationCount: 0 };
const doneSteps = (progress: RoomProgress) =>
  firstVisitChecklist(progress)
    .filter((step) => step.done)
    .map((step) => step.id);

test('a new room has all four steps to do, in the order a founder takes them', () => {
  const steps = firstVisitChecklist(newRoom);
  expect(steps.map((step) => step.id)).toEqual(['company', 'document', 'arrange', 'invite']);
  expect(doneSteps(newRoom)).toEqual([]);
  expect(isChecklistComplete(steps)).toBe(false);
});

test('the company is done once it has a description; blank space is not one', () => {
  expect(doneSteps({ ...newRoom, companyDescription: '  \n ' })).toEqual([]);
  expect(doneSteps({ ...newRoom, companyDescription: 'Grid batteries for towns.' })).toEqual(['company']);
});

test('an uploaded document in no section is uploaded but not yet arranged', () => {
  expect(doneSteps({ ...newRoom, documents: [{ sectionName: null }] })).toEqual(['document']);
});

test('one document placed in a section arranges the room', () => {
  const documents = [{ sectionName: null }, { sectionName: 'Financials' }];
  expect(doneSteps({ ...newRoom, documents })).toEqual(['document', 'arrange']);
});

test('any invitation counts, whatever became of it', () => {
  expect(doneSteps({ ...newRoom, invitationCount: 1 })).toEqual(['invite']);
});

test('the checklist is complete only when every step is done', () => {
  const all: RoomProgress = {
    companyDescription: 'Grid batteries for towns.',
    documents: [{ sectionName: 'Deck' }],
    invitationCount: 2,
  };
  expect(isChecklistComplete(firstVisitChecklist(all))).toBe(true);
  expect(isChecklistComplete(firstVisitChecklist({ ...all, invitationCount: 0 }))).toBe(false);
});

test('each step links to the console place where it is done', () => {
  const to = Object.fromEntries(firstVisitChecklist(newRoom).map((step) => [step.id, step.to]));
  expect(to).toEqual({
    company: { page: 'setupDataRoom', tab: null },
    document: { page: 'configure', tab: null },
    arrange: { page: 'configure', tab: 'sections' },
    invite: { page: 'configure', tab: 'invites' },
  });
});
