import { useSearchParams } from 'react-router';
import { href } from '#shared/routes';
import { UnsubscribeCard, type UnsubscribeWording } from '#web/components/site/unsubscribe-card';
import {
  useAnswerMailsUnsubscribeDetails,
  useUnsubscribeAnswerMails,
} from '#web/features/questions/api/use-answer-mails-unsubscribe';

const wording: UnsubscribeWording = {
  heading: 'Answer e-mails',
  description: 'Answers to your questions in a Roundroom data room',
  stop: (details) => (
    <>
      Stop the e-mails to <strong className="[overflow-wrap:anywhere]">{details.email}</strong> that tell you
      your questions in the <strong>{details.companyName}</strong> data room were answered.
    </>
  ),
  stopped: (details) =>
    `${details.email} gets no more e-mails about answers in the ${details.companyName} data room. New answers still show in the data room's Questions, marked new.`,
  invalid: 'It may have been copied only in part. Your answers are in the data room’s Questions.',
  elsewhere: { label: 'Your data rooms', to: href('investorDashboard') },
};

/** /unsubscribe/answers?token=…, the link in an asker's answer mail (docs/decisions/0092-the-askers-answer-mails.md). */
export function AnswerMailsUnsubscribePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const details = useAnswerMailsUnsubscribeDetails(token);
  const unsubscribe = useUnsubscribeAnswerMails(token);
  return <UnsubscribeCard token={token} details={details} unsubscribe={unsubscribe} wording={wording} />;
}
