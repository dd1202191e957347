import { Link } from 'react-router';
import { href } from '#shared/routes';

/** To a founder reading their own room, where "Ask a question" would be: they answer in the inbox. */
export function AnsweredInInbox() {
  return (
    <p className="text-sm text-slate-600">
      You answer investors’ questions in{' '}
      <Link to={href('adminQuestions')} className="font-medium text-indigo-700 underline">
        Investors, Questions
      </Link>
      .
    </p>
  );
}
