import { MessageCircleQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { useQuestionInbox } from '#web/features/questions/api/use-questions';
import { DashboardPanel } from './dashboard-panel';

/**
 * Investors' questions waiting for an answer (docs/product-rules.md#questions), on the dashboard only
 * while there are some, with the way to the inbox (Investors, Questions).
 */
export function OpenQuestionsSummary() {
  const open = useQuestionInbox({ state: 'open' }).data?.counts.open ?? 0;
  if (open === 0) return null;
  return (
    <DashboardPanel id="admin-open-questions-title" title="Questions">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex min-w-0 items-center gap-3 text-slate-900">
          <MessageCircleQuestion aria-hidden="true" className="size-5 shrink-0 text-indigo-600" />
          {open === 1 ? '1 question waits for your answer.' : `${open} questions wait for your answer.`}
        </p>
        <Button asChild className="shrink-0">
          <Link to={href('adminQuestions')}>Answer</Link>
        </Button>
      </div>
    </DashboardPanel>
  );
}
