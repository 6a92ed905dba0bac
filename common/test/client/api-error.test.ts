import test from 'ava';
import { StatusError } from '../../src/status/index.ts';
import { ApiError, apiErrorFromResponse, apiErrorFromStatus, isConflict, isNotFound, isResourceExpired } from '../../src/client/index.ts';

const configmaps = { group: '', version: 'v1', resource: 'configmaps', namespace: 'default', name: 'x' };

test('a Status answer becomes an ApiError carrying exactly that Status', (t) => {
  const status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'configmaps "x" not found',
    reason: 'NotFound',
    details: { name: 'x', kind: 'configmaps' },
    code: 404,
  };
  const error = apiErrorFromResponse({ method: 'GET', path: '/api/v1/namespaces/default/configmaps/x', statusCode: 404, body: JSON.stringify(status), target: configmaps });
  t.true(error instanceof ApiError && error instanceof StatusError);
  t.deepEqual(error.status, status);
  t.is(error.message, 'configmaps "x" not found');
  t.is(error.code, 404);
  t.is(error.request, 'GET /api/v1/namespaces/default/configmaps/x');
  t.true(isNotFound(error));
  t.false(isConflict(error));
});

test("an answer that is no Status gets client-go's generic Status for its code, the body as the cause", (t) => {
  const notFound = apiErrorFromResponse({ method: 'GET', path: '/x', statusCode: 404, body: '404 page not found\n', contentType: 'text/plain; charset=utf-8', target: configmaps });
  t.deepEqual(notFound.status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server could not find the requested resource (get configmaps x)',
    reason: 'NotFound',
    details: { name: 'x', kind: 'configmaps', causes: [{ reason: 'UnexpectedServerResponse', message: '404 page not found' }] },
    code: 404,
  });
  const conflict = apiErrorFromResponse({
    method: 'POST',
    path: '/x',
    statusCode: 409,
    body: 'taken',
    target: { group: 'apps', version: 'v1', resource: 'deployments', namespace: 'a' },
  });
  t.is(conflict.reason, 'AlreadyExists');
  t.is(conflict.message, 'the server reported a conflict (post deployments.apps)');
  const busy = apiErrorFromResponse({ method: 'GET', path: '/x', statusCode: 503, body: '<html>busy</html>', contentType: 'text/html', retryAfter: '3' });
  t.like(busy.status, { reason: 'ServiceUnavailable', message: 'the server is currently unable to handle the request', code: 503 });
  t.deepEqual(busy.status.details?.causes, [{ reason: 'UnexpectedServerResponse', message: '<html>busy</html>' }]);
  t.is(busy.retryAfterSeconds, 3);
  const broken = apiErrorFromResponse({ method: 'PUT', path: '/x', statusCode: 502, body: 'bad "gateway"', contentType: 'text/plain' });
  t.is(broken.message, 'an error on the server ("bad \\"gateway\\"") has prevented the request from succeeding');
  t.is(broken.reason, 'InternalError');
  // A body that is not text is not quoted: client-go says "unknown".
  const binary = apiErrorFromResponse({ method: 'GET', path: '/x', statusCode: 500, body: '{"not":"a status"}', contentType: 'application/json' });
  t.is(binary.message, 'an error on the server ("unknown") has prevented the request from succeeding');
  // StatusReasonUnknown is "", which Go leaves out of the Status.
  const teapot = apiErrorFromResponse({ method: 'GET', path: '/x', statusCode: 418, body: '' });
  t.is(teapot.status.reason, undefined);
  t.is(teapot.message, 'the server responded with the status code 418 but did not return more information');
});

test("a watch ERROR event's Status becomes an ApiError; 410 Expired and Gone count as an expired resourceVersion", (t) => {
  const expired = apiErrorFromStatus(
    { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 9 (13)', reason: 'Expired', code: 410 },
    'watch v1 configmaps',
  );
  t.true(isResourceExpired(expired));
  t.is(expired.message, 'too old resource version: 9 (13)');
  t.true(isResourceExpired(apiErrorFromStatus({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Gone' }, 'watch', 410)));
  t.false(isResourceExpired(new Error('Expired')));
  const bare = apiErrorFromStatus({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure' }, 'GET /x', 500);
  t.is(bare.code, 500);
  t.is(bare.message, 'the server responded with the status code 500 but did not return more information');
});
