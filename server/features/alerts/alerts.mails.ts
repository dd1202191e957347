import { escapeHtml, layout } from '#server/mail/layout';
import type { OutgoingMessage } from '#server/mail/mailer';
import { formatUtcDateTime } from '#server/mail/utc-dates';
import { ALERT_TRIGGER_LABELS } from '#shared/contracts/alerts';
import { type AlertFacts, summaryOf } from './alert-rules';

// The alert mail to each of the room's founders (docs/decisions/0090-alerts-within-a-minute.md): one
// sentence of who and what, the link to the console, and where to change what is mailed. No document
// text, no question's words.

export function alertEmail(input: {
  to: string;
  alert: AlertFacts;
  settingsUrl: string;
  messageId: string;
}): OutgoingMessage {
  const { alert } = input;
  const summary = summaryOf(alert);
  const who = alert.investor.name
    ? `${alert.investor.name} <${alert.investor.email}>${alert.investor.firm ? `, ${alert.investor.firm}` : ''}`
    : `${alert.investor.email}${alert.investor.firm ? `, ${alert.investor.firm}` : ''}`;
  const when = `${summary}, on ${formatUtcDateTime(alert.occurredAt)}.`;
  const footer = `You get this e-mail because "${ALERT_TRIGGER_LABELS[alert.trigger]}" alerts are mailed to your data room's founders.`;
  return {
    to: input.to,
    subject: summary,
    messageId: input.messageId,
    text: [
      when,
      '',
      `Who: ${who}`,
      '',
      'See more in Roundroom:',
      alert.consoleUrl,
      '',
      '--',
      footer,
      `Change your alerts: ${input.settingsUrl}`,
    ].join('\n'),
    html: layout(
      summary,
      [escapeHtml(when), `Who: ${escapeHtml(who)}`],
      { label: 'See more in Roundroom', url: alert.consoleUrl },
      `${escapeHtml(footer)} <a href="${escapeHtml(input.settingsUrl)}" style="color:#4f46e5">Change your alerts</a>.`,
    ),
  };
}
