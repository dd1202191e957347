import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { type QuestionState, questionStates } from '#shared/contracts/questions';
import { LoadFailed } from '#web/components/app/load-failed';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { Spinner } from '#web/components/ui/spinner';
import { Tabs, useTabParam } from '#web/components/ui/tabs';
import { useMyDocuments } from '#web/features/documents/api/document-hooks';
import { useRoomGroups } from '#web/features/groups/api/use-groups';
import { useQuestionInbox } from '#web/features/questions/api/use-questions';
import type { QuestionInboxFilter } from '#web/lib/query-keys';
import { InboxQuestionCard } from './inbox-question-card';

const STATE_LABELS: Record<QuestionState, string> = {
  open: 'Open',
  answered: 'Answered',
  published: 'Published',
};
const EMPTY: Record<QuestionState, string> = {
  open: 'No question waits for an answer.',
  answered: 'No question answered privately.',
  published: 'Nothing published to the FAQ yet.',
};

/** The filters kept in the address (?document=, ?group=, ?firm=, ?page=), so a reload or Back keeps them. */
function useInboxFilters() {
  const [params, setParams] = useSearchParams();
  const filter = {
    documentId: params.get('document'),
    groupId: params.get('group'),
    firm: params.get('firm'),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const set = (name: 'document' | 'group' | 'firm' | 'page', value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
      return next;
    });
  return [filter, set] as const;
}

/**
 * The founder's questions inbox (docs/product-rules.md#questions): open, answered and published, each
 * filtered by document, group and firm; every question says who asked and offers what can be done next.
 */
export function QuestionsInbox({ roomId }: { roomId: string }) {
  const [state, setState] = useTabParam(questionStates);
  const [filter, setFilter] = useInboxFilters();
  const shown = useQuestionInbox({ ...filter, state }).data;
  const isFiltered = Boolean(filter.documentId || filter.groupId || filter.firm);
  return (
    <div className="flex flex-col gap-4">
      <InboxFilters filter={filter} firms={shown?.firms ?? []} onChange={setFilter} />
      <Tabs
        label="Questions by state"
        value={state}
        onChange={setState}
        tabs={questionStates.map((id) => ({
          id,
          // The server counts the room's questions whatever the filters: said only while none is set.
          label: shown && !isFiltered ? `${STATE_LABELS[id]} (${shown.counts[id]})` : STATE_LABELS[id],
          panel:
            id === state ? (
              <InboxList
                roomId={roomId}
                filter={{ ...filter, state }}
                onPage={(page) => setFilter('page', String(page))}
              />
            ) : null,
        }))}
      />
    </div>
  );
}

function InboxFilters({
  filter,
  firms,
  onChange,
}: {
  filter: QuestionInboxFilter;
  /** The firms of the room's askers: the firm filter's choices. */
  firms: readonly string[];
  onChange: (name: 'document' | 'group' | 'firm', value: string | null) => void;
}) {
  const documents = useMyDocuments();
  const groups = useRoomGroups();
  const ids = { document: useId(), group: useId(), firm: useId() };
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <legend className="sr-only">Filters</legend>
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <Label htmlFor={ids.document}>Document</Label>
        <Select
          id={ids.document}
          size="sm"
          className="w-full"
          value={filter.documentId ?? ''}
          onChange={(event) => onChange('document', event.target.value || null)}
        >
          <option value="">All documents</option>
          {(documents.data ?? []).map((document) => (
            <option key={document.id} value={document.id}>
              {document.title}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.group}>Group</Label>
        <Select
          id={ids.group}
          size="sm"
          className="w-full"
          value={filter.groupId ?? ''}
          onChange={(event) => onChange('group', event.target.value || null)}
        >
          <option value="">All groups</option>
          {(groups.data?.groups ?? []).map((group) => (
            <option key={group.id} value={group.id}>
              {group.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.firm}>Firm</Label>
        <Select
          id={ids.firm}
          size="sm"
          className="w-full"
          value={filter.firm ?? ''}
          onChange={(event) => onChange('firm', event.target.value || null)}
        >
          <option value="">All firms</option>
          {[...new Set([...firms, ...(filter.firm ? [filter.firm] : [])])].map((firm) => (
            <option key={firm} value={firm}>
              {firm}
            </option>
          ))}
        </Select>
      </div>
    </fieldset>
  );
}

function InboxList({
  roomId,
  filter,
  onPage,
}: {
  roomId: string;
  filter: QuestionInboxFilter & { state: QuestionState };
  onPage: (page: number) => void;
}) {
  const inbox = useQuestionInbox(filter);
  if (inbox.isPending) return <Spinner label="Loading the questions…" />;
  if (inbox.isError) return <LoadFailed what="the questions" onRetry={() => inbox.refetch()} />;
  const { questions, total, page, pageSize } = inbox.data;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const isFiltered = Boolean(filter.documentId || filter.groupId || filter.firm);
  if (questions.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
        {isFiltered
          ? 'No question matches these filters.'
          : Object.values(inbox.data.counts).every((count) => count === 0)
            ? 'No questions yet. Investors ask under the documents they read, or about the room; each question shows here.'
            : EMPTY[filter.state]}
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={`${STATE_LABELS[filter.state]} questions`} className="flex flex-col gap-3">
        {questions.map((question) => (
          <li key={question.id}>
            <InboxQuestionCard roomId={roomId} question={question} />
          </li>
        ))}
      </ul>
      {pageCount > 1 && (
        <nav aria-label="Pages of questions" className="flex items-center justify-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <p className="text-sm text-slate-700 tabular-nums">
            Page {page} of {pageCount}
          </p>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next page"
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
