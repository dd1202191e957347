import { expect, test } from 'vitest';
import { apiPath } from '#shared/contracts/api-route';
import { roomRoutes } from '#shared/contracts/rooms';
import { readSqlmapOutput } from './sqlmap';
import { injectionPoints, type SqlmapTarget, withoutMarkers } from './sqlmap-targets';

// Excerpts of sqlmap 1.7.2's real output: against a deliberately injectable endpoint (string-built
// SQLite query) and against POST /api/validate-promo-code.

const injectableOutput = `[07:36:01] [INFO] testing for SQL injection on (custom) POST parameter 'JSON #1*'
[07:36:01] [INFO] (custom) POST parameter 'JSON #1*' appears to be 'AND boolean-based blind - WHERE or HAVING clause' injectable (with --code=200)
[07:36:31] [INFO] (custom) POST parameter 'JSON #1*' is 'Generic UNION query (NULL) - 1 to 20 columns' injectable
(custom) POST parameter 'JSON #1*' is vulnerable. Do you want to keep testing the others (if any)? [y/N] Y
sqlmap identified the following injection point(s) with a total of 49 HTTP(s) requests:
---
Parameter: JSON #1* ((custom) POST)
    Type: boolean-based blind
    Title: AND boolean-based blind - WHERE or HAVING clause
    Payload: {"id":"a1' AND 7062=7062-- RknM"}
---
[07:36:31] [INFO] the back-end DBMS is SQLite
[07:36:31] [WARNING] HTTP error codes detected during run:
404 (Not Found) - 10 times, 500 (Internal Server Error) - 36 times
`;

const cleanOutput = `[07:32:35] [WARNING] (custom) POST parameter 'JSON #1*' does not appear to be dynamic
[07:32:35] [WARNING] heuristic (basic) test shows that (custom) POST parameter 'JSON #1*' might not be injectable
[07:32:48] [WARNING] (custom) POST parameter 'JSON #1*' does not seem to be injectable
[07:32:48] [WARNING] (custom) POST parameter 'JSON #2*' does not seem to be injectable
[07:32:48] [CRITICAL] all tested parameters do not appear to be injectable. Try to increase values for '--level'/'--risk' options if you wish to perform more tests.
[07:32:48] [WARNING] HTTP error codes detected during run:
400 (Bad Request) - 6435 times
[07:32:48] [WARNING] your sqlmap version is outdated
`;

test('a confirmed injection point is reported, with the statuses seen', () => {
  const verdict = readSqlmapOutput(injectableOutput);
  expect(verdict.injectable).toEqual(['JSON #1*']);
  expect(verdict.tested).toBe(1);
  expect(verdict.httpErrorCodes).toEqual([
    '404 (Not Found) - 10 times',
    '500 (Internal Server Error) - 36 times',
  ]);
});

test('an injection point listed only in the host log still counts', () => {
  const hostLog = injectableOutput.slice(injectableOutput.indexOf('sqlmap identified'));
  expect(readSqlmapOutput('', hostLog).injectable).toEqual(['JSON #1*']);
});

test('"appears to be injectable" alone is not a finding: sqlmap may reject it as a false positive', () => {
  const firstGuessOnly = injectableOutput.split('\n').slice(0, 2).join('\n');
  expect(readSqlmapOutput(firstGuessOnly).injectable).toEqual([]);
});

test('a clean run counts its tested points and is not a problem', () => {
  const verdict = readSqlmapOutput(cleanOutput);
  expect(verdict).toEqual({
    injectable: [],
    tested: 2,
    problems: [],
    httpErrorCodes: ['400 (Bad Request) - 6435 times'],
  });
});

test('a run that could not reach the app is a problem', () => {
  const output = `[08:00:01] [CRITICAL] unable to connect to the target URL ('Connection refused')\n`;
  expect(readSqlmapOutput(output)).toMatchObject({ tested: 0, problems: [output.trim()] });
});

test('injection points are the markers in the path, body and headers', () => {
  const target: SqlmapTarget = {
    name: 'example',
    method: 'POST',
    path: apiPath(roomRoutes.click, { params: { id: 'abc*' }, query: { url: 'x*' } }),
    body: '{"a":"b*"}',
    headers: { 'User-Agent': 'agent*', Accept: 'application/json' },
    baselineStatus: 200,
  };
  expect(injectionPoints(target)).toBe(4);
  expect(withoutMarkers(target.path)).toBe(
    apiPath(roomRoutes.click, { params: { id: 'abc' }, query: { url: 'x' } }),
  );
});
