import { expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import { isFailing, readWapitiReport } from './wapiti';

// The shape of wapiti 3.0.4's JSON report (wapitiCore/report/jsonreportgenerator.py): levels are strings.
const entry = (level: string, info: string) => ({
  method: 'GET',
  path: apiPath(roomRoutes.invitedClick, { params: { token: 'abc' } }),
  info,
  level,
  parameter: 'url',
  http_request: 'GET /api/data-room/invite/abc/click?url=... HTTP/1.1',
  curl_command: 'curl ...',
});

const report = JSON.stringify({
  classifications: {},
  vulnerabilities: {
    'HTTP Secure Headers': [entry('1', 'X-XSS-Protection is not set')],
    'Open Redirect': [entry('1', 'Open Redirect via injection in the parameter url')],
    'Cross Site Scripting': [],
  },
  anomalies: { 'Internal Server Error': [entry('3', 'The server responded with a 500 HTTP error code')] },
  additionals: {},
  infos: { target: 'http://127.0.0.1:4555/', version: 'Wapiti 3.0.4', scope: 'domain' },
});

test('vulnerabilities and anomalies are read with numeric levels', () => {
  const { version, findings } = readWapitiReport(report);
  expect(version).toBe('Wapiti 3.0.4');
  expect(findings.map((finding) => [finding.kind, finding.category, finding.level])).toEqual([
    ['vulnerability', 'HTTP Secure Headers', 1],
    ['vulnerability', 'Open Redirect', 1],
    ['anomaly', 'Internal Server Error', 3],
  ]);
});

test('a low finding passes, above low fails, and an open redirect fails whatever wapiti rates it', () => {
  const [headers, redirect, serverError] = readWapitiReport(report).findings;
  expect(headers && isFailing(headers)).toBe(false);
  expect(redirect && isFailing(redirect)).toBe(true);
  expect(serverError && isFailing(serverError)).toBe(true);
});
