import test, { type ExecutionContext } from 'ava';
import { StatusError, type FailureStatus } from '@capstan/common';
import { encodeContinueToken } from '../src/registry/continue-token.ts';
import { parseListOptions, type ReadConsistency, type ReadVerb } from '../src/registry/list-options.ts';
import { builtinResources } from '../src/resources/builtin-resources.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';
import { parseWatchRequest } from '../src/registry/watch-request.ts';

const parse = (verb: ReadVerb, query: Readonly<Record<string, string | undefined>>) =>
  parseListOptions(new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)), verb);

function statusOf(t: ExecutionContext, run: () => unknown): FailureStatus {
  const error = t.throws(run, { instanceOf: StatusError });
  return (error as StatusError).status;
}

/** The 422 kube-apiserver answers for options ValidateListOptions rejects. */
function invalidListOptions(...errors: { reason: string; message: string; field: string }[]) {
  const messages = errors.map((e) => `${e.field}: ${e.message}`);
  const summary = messages.length === 1 ? messages[0] : `[${messages.join(', ')}]`;
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `ListOptions.meta.k8s.io "" is invalid: ${summary}`,
    reason: 'Invalid',
    details: { group: 'meta.k8s.io', kind: 'ListOptions', causes: errors },
    code: 422,
  };
}

const forbidden = (field: string, detail: string) => ({ reason: 'FieldValueForbidden', message: `Forbidden: ${detail}`, field });
const unsupported = (value: string, supported: string) => ({
  reason: 'FieldValueNotSupported',
  message: `Unsupported value: "${value}": supported values: ${supported}`,
  field: 'resourceVersionMatch',
});

const badRequest = (message: string) => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'BadRequest', code: 400 });

const token = encodeContinueToken({ revision: 12, after: 'default/web' });

// --- decoding: Go's strconv, a 400 with its error as the message ---

test('a limit that is not an integer answers 400 with strconv.ParseInt error', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { limit: 'abc' })),
    badRequest('strconv.ParseInt: parsing "abc": invalid syntax'),
  );
  t.deepEqual(
    statusOf(t, () => parse('list', { limit: '' })),
    badRequest('strconv.ParseInt: parsing "": invalid syntax'),
  );
  for (const text of ['1.5', '0x10', '1_000', ' 5', '5 ', '1e3', '+', '-']) {
    t.is(statusOf(t, () => parse('list', { limit: text })).message, `strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
});

test('a limit beyond int64 is out of range, and overflow is found before a later bad character', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { limit: '9223372036854775808' })),
    badRequest('strconv.ParseInt: parsing "9223372036854775808": value out of range'),
  );
  t.is(statusOf(t, () => parse('list', { limit: '-9223372036854775809' })).message, 'strconv.ParseInt: parsing "-9223372036854775809": value out of range');
  t.is(statusOf(t, () => parse('list', { limit: '99999999999999999999x' })).message, 'strconv.ParseInt: parsing "99999999999999999999x": value out of range');
  t.notThrows(() => parse('list', { limit: '9223372036854775807' }));
  t.notThrows(() => parse('list', { limit: '-9223372036854775808' }));
});

test('a signed or zero-padded limit is read as Go reads it, and a negative one means no limit', (t) => {
  t.is(parse('list', { limit: '+5' }).limit, 5);
  t.is(parse('list', { limit: '007' }).limit, 7);
  t.is(parse('list', { limit: '-1' }).limit, 0);
  t.is(parse('list', {}).limit, 0);
});

test('timeoutSeconds is an int64 too; it is decoded before limit', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', timeoutSeconds: '0.1s' })),
    badRequest('strconv.ParseInt: parsing "0.1s": invalid syntax'),
  );
  t.is(statusOf(t, () => parse('list', { timeoutSeconds: '0.1s' })).message, 'strconv.ParseInt: parsing "0.1s": invalid syntax');
  t.is(statusOf(t, () => parse('list', { limit: 'x', timeoutSeconds: 'y' })).message, 'strconv.ParseInt: parsing "y": invalid syntax');
  t.is(parse('watch', { watch: 'true', timeoutSeconds: '-3' }).timeoutSeconds, -3);
  t.is(parse('watch', { watch: 'true', timeoutSeconds: '0' }).timeoutSeconds, 0);
  t.is(parse('watch', { watch: 'true' }).timeoutSeconds, undefined);
});

test('booleans follow Go: only "0" and "false" in any case are false, even an empty value is true', (t) => {
  t.true(parse('watch', { watch: '1', allowWatchBookmarks: 'yes' }).allowWatchBookmarks);
  t.true(parse('watch', { watch: '1', allowWatchBookmarks: '' }).allowWatchBookmarks);
  t.false(parse('watch', { watch: '1', allowWatchBookmarks: 'FALSE' }).allowWatchBookmarks);
  t.false(parse('watch', { watch: '1', allowWatchBookmarks: '0' }).allowWatchBookmarks);
  t.true(parse('watch', { watch: '1', sendInitialEvents: 'TRUE', resourceVersionMatch: 'NotOlderThan' }).sendInitialEvents);
  t.false(parse('watch', { watch: '1', sendInitialEvents: 'False', resourceVersionMatch: 'NotOlderThan' }).sendInitialEvents);
});

test('a get reads resourceVersion only: list parameters are ignored, whatever their value', (t) => {
  const options = parse('get', { limit: 'abc', timeoutSeconds: 'x', resourceVersionMatch: 'Foo', continue: 'zzz', sendInitialEvents: 'true' });
  t.like(options, { resourceVersion: undefined, resourceVersionMatch: undefined, limit: 0, continue: undefined, consistency: 'Consistent' });
});

test('a get with export answers 400 unless export is false', (t) => {
  const gone = badRequest('the export parameter, deprecated since v1.14, is no longer supported');
  t.deepEqual(
    statusOf(t, () => parse('get', { export: 'true' })),
    gone,
  );
  t.deepEqual(
    statusOf(t, () => parse('get', { export: '' })),
    gone,
  );
  t.notThrows(() => parse('get', { export: 'false' }));
  t.notThrows(() => parse('get', { export: '0' }));
  t.notThrows(() => parse('list', { export: 'true' }));
});

// --- ValidateListOptions for a list: one 422 with every violation ---

test('list: resourceVersionMatch without resourceVersion answers 422 Invalid on ListOptions.meta.k8s.io', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersionMatch: 'Exact' })),
    invalidListOptions(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided')),
  );
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersionMatch: 'NotOlderThan', resourceVersion: '' })),
    invalidListOptions(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided')),
  );
});

test('list: resourceVersionMatch with continue is forbidden, after the missing resourceVersion', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersionMatch: 'NotOlderThan', continue: token })),
    invalidListOptions(
      forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'),
      forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'),
    ),
  );
});

test('list: an unknown resourceVersionMatch is an unsupported value, its case matters', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersion: '5', resourceVersionMatch: 'Foo' })),
    invalidListOptions(unsupported('Foo', '"Exact", "NotOlderThan", ""')),
  );
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersion: '5', resourceVersionMatch: 'exact' })),
    invalidListOptions(unsupported('exact', '"Exact", "NotOlderThan", ""')),
  );
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersionMatch: 'Foo' })),
    invalidListOptions(
      forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'),
      unsupported('Foo', '"Exact", "NotOlderThan", ""'),
    ),
  );
});

test('list: resourceVersionMatch=Exact with resourceVersion "0" is forbidden', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersion: '0', resourceVersionMatch: 'Exact' })),
    invalidListOptions(forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"')),
  );
});

test('list: sendInitialEvents, true or false, is forbidden', (t) => {
  const expected = invalidListOptions(forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  t.deepEqual(
    statusOf(t, () => parse('list', { sendInitialEvents: 'true' })),
    expected,
  );
  t.deepEqual(
    statusOf(t, () => parse('list', { sendInitialEvents: 'false' })),
    expected,
  );
  t.deepEqual(
    statusOf(t, () => parse('list', { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' })),
    invalidListOptions(
      forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'),
      forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'),
    ),
  );
});

test('list: the valid combinations pass', (t) => {
  for (const query of [
    {},
    { resourceVersion: '0' },
    { resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' },
    { resourceVersion: '5', resourceVersionMatch: 'NotOlderThan' },
    { resourceVersion: '5', resourceVersionMatch: 'Exact' },
    { resourceVersion: '5', limit: '10' },
    { limit: '10', continue: token },
    { resourceVersion: '0', continue: token },
    { resourceVersionMatch: '' },
  ]) {
    t.notThrows(() => parse('list', query), JSON.stringify(query));
  }
});

// --- ValidateListOptions for a watch, with kube's defaulting (WatchList on in 1.35) ---

test('watch: resourceVersionMatch without sendInitialEvents is forbidden', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', resourceVersion: '5', resourceVersionMatch: 'NotOlderThan' })),
    invalidListOptions(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided')),
  );
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', resourceVersion: '5', resourceVersionMatch: 'Exact' })),
    invalidListOptions(
      forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'),
      unsupported('Exact', '"NotOlderThan"'),
    ),
  );
});

test('watch: sendInitialEvents, true or false, requires resourceVersionMatch=NotOlderThan', (t) => {
  const requires = forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan');
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', sendInitialEvents: 'true' })),
    invalidListOptions(requires),
  );
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', sendInitialEvents: 'false', resourceVersion: '5' })),
    invalidListOptions(requires),
  );
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', sendInitialEvents: 'true', resourceVersionMatch: 'Exact', allowWatchBookmarks: 'true' })),
    invalidListOptions(requires, unsupported('Exact', '"NotOlderThan"')),
  );
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', sendInitialEvents: 'true', resourceVersionMatch: 'incorrect' })),
    invalidListOptions(requires, unsupported('incorrect', '"NotOlderThan"')),
  );
});

test('watch: resourceVersionMatch with continue is forbidden, also when defaulting set it', (t) => {
  const withContinue = forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided');
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', continue: '123' })),
    invalidListOptions(withContinue),
  );
  // A watch from "now" is defaulted to sendInitialEvents=true&resourceVersionMatch=NotOlderThan first.
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', continue: '123' })),
    invalidListOptions(withContinue),
  );
  t.notThrows(() => parse('watch', { watch: 'true', resourceVersion: '5', continue: '123' }));
});

test('watch: a watch from "now" or "0" is defaulted to send initial events, one from a revision is not', (t) => {
  t.like(parse('watch', { watch: 'true' }), { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', sendInitialEventsDefaulted: true });
  t.like(parse('watch', { watch: 'true', resourceVersion: '0' }), { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', sendInitialEventsDefaulted: true });
  t.like(parse('watch', { watch: 'true', resourceVersion: '5' }), { sendInitialEvents: undefined, resourceVersionMatch: undefined, sendInitialEventsDefaulted: false });
  t.like(parse('watch', { watch: 'true', sendInitialEvents: 'false', resourceVersionMatch: 'NotOlderThan' }), {
    sendInitialEvents: false,
    sendInitialEventsDefaulted: false,
  });
});

test('watch: the valid combinations pass, sendInitialEvents without allowWatchBookmarks included', (t) => {
  for (const query of [
    {},
    { resourceVersion: '0' },
    { resourceVersion: '5' },
    { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' },
    { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true' },
    { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', resourceVersion: '5' },
    { sendInitialEvents: 'false', resourceVersionMatch: 'NotOlderThan' },
    { sendInitialEvents: 'false', resourceVersionMatch: 'NotOlderThan', resourceVersion: '0' },
    { limit: '5' },
  ]) {
    t.notThrows(() => parse('watch', { watch: 'true', ...query }), JSON.stringify(query));
  }
});

test('a /watch/ path without ?watch=true is validated with the list rules, as kube does', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('watch', { sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' })),
    invalidListOptions(
      forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'),
      forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'),
    ),
  );
  t.like(parse('watch', {}), { sendInitialEvents: undefined, sendInitialEventsDefaulted: false });
});

// --- the storage layer: continue and resourceVersion ---

test('list: a resourceVersion that is not a number answers 400 invalid resource version', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { resourceVersion: 'abc' })),
    badRequest('invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax'),
  );
  t.is(
    statusOf(t, () => parse('list', { resourceVersion: '-1', resourceVersionMatch: 'Exact' })).message,
    'invalid resource version: resourceVersion: Invalid value: "-1": strconv.ParseUint: parsing "-1": invalid syntax',
  );
  t.is(
    statusOf(t, () => parse('list', { resourceVersion: '18446744073709551616' })).message,
    'invalid resource version: resourceVersion: Invalid value: "18446744073709551616": strconv.ParseUint: parsing "18446744073709551616": value out of range',
  );
  t.is(parse('list', { resourceVersion: '18446744073709551615' }).resourceVersion, 18446744073709551615);
});

test('get and watch: a resourceVersion that is not a number answers a 500 without reason, as kube does', (t) => {
  const expected = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax',
    code: 500,
  };
  t.deepEqual(
    statusOf(t, () => parse('get', { resourceVersion: 'abc' })),
    expected,
  );
  t.deepEqual(
    statusOf(t, () => parse('watch', { watch: 'true', resourceVersion: 'abc' })),
    expected,
  );
  t.is(
    statusOf(t, () => parse('watch', { watch: 'true', resourceVersion: '-1' })).message,
    'resourceVersion: Invalid value: "-1": strconv.ParseUint: parsing "-1": invalid syntax',
  );
  t.is(statusOf(t, () => parse('get', { resourceVersion: '+5' })).code, 500);
});

test('list: a resourceVersion other than "0" with continue answers 400, after the token is read', (t) => {
  t.deepEqual(
    statusOf(t, () => parse('list', { continue: token, resourceVersion: '5' })),
    badRequest('specifying resource version is not allowed when using continue'),
  );
  const bad = statusOf(t, () => parse('list', { continue: '!!not-a-token', resourceVersion: '5' }));
  t.is(bad.code, 400);
  t.regex(bad.message, /^continue key is not valid/);
  t.like(parse('list', { continue: token, resourceVersion: '0' }), { continueFrom: { revision: 12, after: 'default/web' }, continue: token });
});

test('validation (422) comes before the storage checks (400)', (t) => {
  t.is(statusOf(t, () => parse('list', { continue: token, resourceVersion: '5', resourceVersionMatch: 'Exact' })).code, 422);
  t.is(statusOf(t, () => parse('list', { resourceVersion: 'abc', sendInitialEvents: 'true' })).code, 422);
  t.is(statusOf(t, () => parse('watch', { watch: 'true', resourceVersion: 'abc', resourceVersionMatch: 'NotOlderThan' })).code, 422);
  // ...and parameter decoding (400) before validation.
  t.is(statusOf(t, () => parse('list', { limit: 'x', resourceVersionMatch: 'Exact' })).code, 400);
});

// --- the semantics each request asks for ---

test('get: unset is a consistent read, "0" any state, a revision at least that fresh', (t) => {
  t.like(parse('get', {}), { consistency: 'Consistent', resourceVersion: undefined });
  t.like(parse('get', { resourceVersion: '0' }), { consistency: 'Any', resourceVersion: 0 });
  t.like(parse('get', { resourceVersion: '42' }), { consistency: 'NotOlderThan', resourceVersion: 42 });
});

test('list: the resourceVersion x resourceVersionMatch x limit x continue table', (t) => {
  const rows: [Record<string, string>, ReadConsistency][] = [
    [{}, 'Consistent'],
    [{ limit: '10' }, 'Consistent'],
    [{ resourceVersion: '0' }, 'Any'],
    [{ resourceVersion: '0', limit: '10' }, 'Any'],
    [{ resourceVersion: '0', resourceVersionMatch: 'NotOlderThan' }, 'Any'],
    [{ resourceVersion: '42' }, 'NotOlderThan'],
    [{ resourceVersion: '42', limit: '10' }, 'Exact'],
    [{ resourceVersion: '42', limit: '-1' }, 'NotOlderThan'],
    [{ resourceVersion: '42', resourceVersionMatch: 'NotOlderThan' }, 'NotOlderThan'],
    [{ resourceVersion: '42', resourceVersionMatch: 'NotOlderThan', limit: '10' }, 'NotOlderThan'],
    [{ resourceVersion: '42', resourceVersionMatch: 'Exact' }, 'Exact'],
    [{ resourceVersion: '42', resourceVersionMatch: 'Exact', limit: '10' }, 'Exact'],
    [{ continue: token, limit: '10' }, 'Exact'],
  ];
  for (const [query, consistency] of rows) t.is(parse('list', query).consistency, consistency, JSON.stringify(query));
});

test('watch: initial events from now, any state or at least a revision; without them, just after it', (t) => {
  t.is(parse('watch', { watch: 'true' }).consistency, 'Consistent');
  t.is(parse('watch', { watch: 'true', resourceVersion: '0' }).consistency, 'Any');
  t.is(parse('watch', { watch: 'true', resourceVersion: '42' }).consistency, 'Exact');
  t.is(parse('watch', { watch: 'true', resourceVersion: '42', sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' }).consistency, 'NotOlderThan');
});

// --- parseWatchRequest ---

const configMaps = builtinResources.find((d) => d.group === '' && d.resource === 'configmaps') as ResourceDefinition;
const watchRequest = (query: Record<string, string>, watchListEnabled = true) =>
  parseWatchRequest(configMaps, new URLSearchParams({ watch: 'true', ...query }), 'default', watchListEnabled);

test('parseWatchRequest: unset and "0" start with the current state, as kube defaults them; the end bookmark needs bookmarks', (t) => {
  t.like(watchRequest({}), {
    resourceVersion: undefined,
    anyRecentState: false,
    sendInitialEvents: true,
    initialEventsEndBookmark: false,
    allowWatchBookmarks: false,
    timeoutSeconds: undefined,
  });
  t.like(watchRequest({ resourceVersion: '0', allowWatchBookmarks: 'true' }), {
    resourceVersion: undefined,
    anyRecentState: true,
    sendInitialEvents: true,
    initialEventsEndBookmark: true,
  });
  t.like(watchRequest({ sendInitialEvents: 'false', resourceVersionMatch: 'NotOlderThan' }), { resourceVersion: undefined, sendInitialEvents: false });
  t.like(watchRequest({ resourceVersion: '17' }), { sendInitialEvents: false, initialEventsEndBookmark: false });
  t.like(watchRequest({ resourceVersion: '17', allowWatchBookmarks: 'true', timeoutSeconds: '30' }), {
    resourceVersion: 17,
    anyRecentState: false,
    allowWatchBookmarks: true,
    timeoutSeconds: 30,
  });
  t.like(watchRequest({ sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true' }), {
    sendInitialEvents: true,
    allowWatchBookmarks: true,
  });
  const single = watchRequest({ fieldSelector: 'metadata.name=web', labelSelector: 'app=web' });
  t.like(single, { namespace: 'default', labelSelector: [{ key: 'app', operator: '=', values: ['web'] }] });
  t.is(single.fieldSelector?.name, 'web');
});

test('parseWatchRequest accepts what kube accepts: no bookmarks with sendInitialEvents, a negative timeout', (t) => {
  t.like(watchRequest({ sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan' }), { sendInitialEvents: true, allowWatchBookmarks: false });
  t.is(watchRequest({ timeoutSeconds: '-1' }).timeoutSeconds, -1);
});

test('parseWatchRequest rejects as kube does, in kube order: parameters, selectors, options, resourceVersion', (t) => {
  t.is(statusOf(t, () => watchRequest({ limit: 'x', labelSelector: '!!!' })).message, 'strconv.ParseInt: parsing "x": invalid syntax');
  t.like(
    statusOf(t, () => watchRequest({ labelSelector: '!!!', resourceVersionMatch: 'Exact' })),
    { code: 400, reason: 'BadRequest' },
  );
  t.like(
    statusOf(t, () => watchRequest({ resourceVersionMatch: 'Exact', resourceVersion: 'abc' })),
    { code: 422, reason: 'Invalid' },
  );
  t.like(
    statusOf(t, () => watchRequest({ resourceVersion: 'abc' })),
    { code: 500 },
  );
});

test('with the WatchList feature gate off, a watch from "now" has no sendInitialEvents default and an explicit one is forbidden', (t) => {
  t.like(watchRequest({}, false), { sendInitialEvents: false, initialEventsEndBookmark: false });
  t.like(
    statusOf(t, () => watchRequest({ sendInitialEvents: 'true', resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: 'true' }, false)),
    {
      code: 422,
      reason: 'Invalid',
      message: 'ListOptions.meta.k8s.io "" is invalid: sendInitialEvents: Forbidden: sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled',
    },
  );
  t.regex(
    statusOf(t, () => watchRequest({ sendInitialEvents: 'true' }, false)).message as string,
    /\[resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan, sendInitialEvents: Forbidden: .*WatchList feature gate/,
  );
});
