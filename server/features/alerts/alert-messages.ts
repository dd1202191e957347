import { formatUtcDateTime } from '#server/mail/utc-dates';
import { ALERT_TRIGGER_LABELS, type AlertTargetKind } from '#shared/contracts/alerts';
import type { AlertEventData } from '#shared/contracts/webhooks';
import { type AlertFacts, summaryOf } from './alert-rules';

/**
 * An alert in each service's own message format (docs/decisions/0090-alerts-within-a-minute.md): Slack's
 * Block Kit with its `text` fallback (what notifications and screen readers show), a Teams Adaptive Card
 * in the `attachments` message that incoming webhooks and Workflows accept, and the room's signed webhook
 * event. Each says who, what and where to look; none carries a page, a snippet or a question's words.
 */

/** A test alert, so that the founder sees the message as it will look. */
export const TEST_ALERT_SUMMARY = 'A test alert from Roundroom: alerts for this data room will appear here.';

const LINK_LABEL = 'Open in Roundroom';
/** Slack's header block holds 150 characters; a title is cut well before a limit of either service. */
const MAX_LINE = 140;

const cut = (text: string, length = MAX_LINE) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/** The facts every message lists, in order, each only where it applies. */
function factsOf(alert: AlertFacts): { title: string; value: string }[] {
  const { investor, details } = alert;
  const facts = [
    { title: 'Who', value: investor.name ?? '' },
    { title: 'E-mail', value: investor.email },
    { title: 'Firm', value: investor.firm ?? '' },
    { title: 'Alert', value: ALERT_TRIGGER_LABELS[alert.trigger] },
    { title: 'Document', value: details.documentTitle ? cut(details.documentTitle) : '' },
    {
      title: 'Score',
      value: details.score === null ? '' : `${details.score} (threshold ${details.threshold})`,
    },
    { title: 'Away', value: details.daysAway === null ? '' : `${details.daysAway} days` },
    { title: 'Refused', value: details.refusal ?? '' },
    { title: 'When', value: formatUtcDateTime(alert.occurredAt) },
  ];
  return facts.filter((fact) => fact.value !== '');
}

/** Slack's mrkdwn reads &, < and > as its own: escaped as its documentation asks. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackMessage(alert: AlertFacts): object {
  const summary = summaryOf(alert);
  return {
    text: `${summary}. ${alert.consoleUrl}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(summary, 150), emoji: false } },
      {
        type: 'section',
        fields: factsOf(alert).map((fact) => ({
          type: 'mrkdwn',
          text: `*${fact.title}*\n${slackEscape(fact.value)}`,
        })),
      },
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: LINK_LABEL }, url: alert.consoleUrl }],
      },
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: slackEscape(`Roundroom · ${alert.companyName} data room`) }],
      },
    ],
  };
}

/** An Adaptive Card (schema 1.4, which Teams renders) in the message shape Teams' webhooks take. */
function teamsCard(body: object[], url: string): object {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: LINK_LABEL, url }],
        },
      },
    ],
  };
}

export function teamsMessage(alert: AlertFacts): object {
  return teamsCard(
    [
      { type: 'TextBlock', text: summaryOf(alert), weight: 'Bolder', size: 'Medium', wrap: true },
      { type: 'FactSet', facts: factsOf(alert) },
      { type: 'TextBlock', text: `Roundroom · ${alert.companyName} data room`, isSubtle: true, wrap: true },
    ],
    alert.consoleUrl,
  );
}

export function messageFor(kind: AlertTargetKind, alert: AlertFacts): object {
  return kind === 'slack' ? slackMessage(alert) : teamsMessage(alert);
}

export function testMessageFor(kind: AlertTargetKind, companyName: string, settingsUrl: string): object {
  const context = `Roundroom · ${companyName} data room`;
  if (kind === 'slack')
    return {
      text: `${TEST_ALERT_SUMMARY} ${settingsUrl}`,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: slackEscape(TEST_ALERT_SUMMARY) } },
        {
          type: 'actions',
          elements: [
            { type: 'button', text: { type: 'plain_text', text: 'Alert settings' }, url: settingsUrl },
          ],
        },
        { type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(context) }] },
      ],
    };
  return teamsCard(
    [
      { type: 'TextBlock', text: TEST_ALERT_SUMMARY, weight: 'Bolder', wrap: true },
      { type: 'TextBlock', text: context, isSubtle: true, wrap: true },
    ],
    settingsUrl,
  );
}

/** The signed webhook event's data (shared/contracts/webhooks.ts, `alert.*`). */
export function webhookDataOf(alert: AlertFacts): AlertEventData {
  const { details } = alert;
  return {
    roomId: alert.roomId,
    alertId: alert.id,
    trigger: alert.trigger,
    summary: summaryOf(alert),
    investor: { email: alert.investor.email, name: alert.investor.name, firm: alert.investor.firm },
    document: details.documentTitle ? { id: details.documentId, title: details.documentTitle } : null,
    score: details.score,
    threshold: details.threshold,
    daysAway: details.daysAway,
    refusal: details.refusal,
    occurredAt: alert.occurredAt.toISOString(),
    consoleUrl: alert.consoleUrl,
  };
}
