import test from 'ava';
import {
  type StatusError,
  expiredContinue,
  expiredListResourceVersion,
  expiredWatchResourceVersion,
  fieldDuplicate,
  fieldErrorBody,
  fieldForbidden,
  fieldInternalError,
  fieldInvalid,
  fieldNotFound,
  fieldNotSupported,
  fieldRequired,
  fieldTooLong,
  fieldTooMany,
  fieldTypeInvalid,
  goQuote,
  newAlreadyExists,
  newApplyConflict,
  newBadRequest,
  newConflict,
  newForbidden,
  newGenerateNameConflict,
  newGone,
  newInternalError,
  newInvalid,
  newMethodNotSupported,
  newNotAcceptable,
  newNotFound,
  newRequestEntityTooLarge,
  newResourceExpired,
  newServerTimeout,
  newServiceUnavailable,
  newTimeoutError,
  newTooManyRequests,
  newTooManyRequestsError,
  newUnauthorized,
  newUnsupportedMediaType,
  statusOf,
  tooLargeResourceVersion,
  tooOldResourceVersion,
} from '../src/status/index.ts';
import { goNumber, goStruct } from '../src/status/go-format.ts';

const head = '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",';
const body = (error: StatusError): string => JSON.stringify(error.status);
const pods = { group: '', resource: 'pods' };
const deployments = { group: 'apps', resource: 'deployments' };

test('a StatusError is an Error whose message and code are the status', (t) => {
  const error = newNotFound(pods, 'web');
  t.true(error instanceof Error);
  t.is(error.name, 'StatusError');
  t.is(error.message, 'pods "web" not found');
  t.is(error.code, 404);
  t.is(error.reason, 'NotFound');
});

test('NotFound: core resources bare, other groups as resource.group', (t) => {
  t.is(body(newNotFound(pods, 'web')), `${head}"message":"pods \\"web\\" not found","reason":"NotFound","details":{"name":"web","kind":"pods"},"code":404}`);
  t.is(
    body(newNotFound(deployments, 'api')),
    `${head}"message":"deployments.apps \\"api\\" not found","reason":"NotFound","details":{"name":"api","group":"apps","kind":"deployments"},"code":404}`,
  );
});

test('AlreadyExists and the generateName conflict', (t) => {
  t.is(
    body(newAlreadyExists(deployments, 'api')),
    `${head}"message":"deployments.apps \\"api\\" already exists","reason":"AlreadyExists","details":{"name":"api","group":"apps","kind":"deployments"},"code":409}`,
  );
  t.is(
    body(newGenerateNameConflict(pods, 'web-x7k2p', 1)),
    `${head}"message":"pods \\"web-x7k2p\\" already exists, the server was not able to generate a unique name for the object","reason":"AlreadyExists","details":{"name":"web-x7k2p","kind":"pods","retryAfterSeconds":1},"code":409}`,
  );
});

test('Conflict quotes the cause after the object', (t) => {
  t.is(
    body(newConflict(pods, 'web', 'the object has been modified; please apply your changes to the latest version and try again')),
    `${head}"message":"Operation cannot be fulfilled on pods \\"web\\": the object has been modified; please apply your changes to the latest version and try again","reason":"Conflict","details":{"name":"web","kind":"pods"},"code":409}`,
  );
  t.is(
    body(newApplyConflict([{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl"', field: '.spec.replicas' }], 'Apply failed with 1 conflict')),
    `${head}"message":"Apply failed with 1 conflict","reason":"Conflict","details":{"causes":[{"reason":"FieldManagerConflict","message":"conflict with \\"kubectl\\"","field":".spec.replicas"}]},"code":409}`,
  );
});

test('Gone and Expired are both 410 without details', (t) => {
  t.is(body(newGone('gone away')), `${head}"message":"gone away","reason":"Gone","code":410}`);
  t.is(body(newResourceExpired('too old')), `${head}"message":"too old","reason":"Expired","code":410}`);
});

test('Invalid: one error, no brackets; causes carry the body without the field', (t) => {
  const error = newInvalid({ group: '', kind: 'Pod' }, 'web', [fieldRequired('spec.containers')]);
  t.is(
    body(error),
    `${head}"message":"Pod \\"web\\" is invalid: spec.containers: Required value","reason":"Invalid","details":{"name":"web","kind":"Pod","causes":[{"reason":"FieldValueRequired","message":"Required value","field":"spec.containers"}]},"code":422}`,
  );
});

test('Invalid: several errors in brackets, repeats listed once in the message but kept as causes', (t) => {
  const repeated = fieldInvalid('metadata.name', 'Web', 'must be lowercase');
  const error = newInvalid({ group: 'apps', kind: 'Deployment' }, 'Web', [repeated, fieldNotSupported('spec.strategy.type', 'Blue', ['Recreate', 'RollingUpdate']), repeated]);
  t.is(
    error.message,
    'Deployment.apps "Web" is invalid: [metadata.name: Invalid value: "Web": must be lowercase, spec.strategy.type: Unsupported value: "Blue": supported values: "Recreate", "RollingUpdate"]',
  );
  t.deepEqual(error.status.details, {
    name: 'Web',
    group: 'apps',
    kind: 'Deployment',
    causes: [
      { reason: 'FieldValueInvalid', message: 'Invalid value: "Web": must be lowercase', field: 'metadata.name' },
      { reason: 'FieldValueNotSupported', message: 'Unsupported value: "Blue": supported values: "Recreate", "RollingUpdate"', field: 'spec.strategy.type' },
      { reason: 'FieldValueInvalid', message: 'Invalid value: "Web": must be lowercase', field: 'metadata.name' },
    ],
  });
});

test('Invalid with no field errors has no causes and no colon', (t) => {
  t.is(
    body(newInvalid({ group: '', kind: 'ConfigMap' }, 'c', [])),
    `${head}"message":"ConfigMap \\"c\\" is invalid","reason":"Invalid","details":{"name":"c","kind":"ConfigMap"},"code":422}`,
  );
});

test('field error bodies for each type', (t) => {
  t.is(fieldErrorBody(fieldRequired('a', 'name or generateName is required')), 'Required value: name or generateName is required');
  t.is(fieldErrorBody(fieldForbidden('a', 'may not be set')), 'Forbidden: may not be set');
  t.is(fieldErrorBody(fieldInvalid('a', 5, 'must be greater than or equal to 0')), 'Invalid value: 5: must be greater than or equal to 0');
  t.is(fieldErrorBody(fieldInvalid('a', -1.5, 'x')), 'Invalid value: -1.5: x');
  t.is(fieldErrorBody(fieldInvalid('a', 0.00001, 'x')), 'Invalid value: 1e-05: x');
  t.is(fieldErrorBody(fieldInvalid('a', true, 'x')), 'Invalid value: true: x');
  t.is(fieldErrorBody(fieldInvalid('a', null, 'x')), 'Invalid value: null: x');
  t.is(fieldErrorBody(fieldTypeInvalid('a', 'ten', 'must be of type integer')), 'Invalid value: "ten": must be of type integer');
  t.is(fieldErrorBody(fieldNotSupported('a', 'x', [])), 'Unsupported value: "x"');
  t.is(fieldErrorBody(fieldDuplicate('a', 'http')), 'Duplicate value: "http"');
  t.is(fieldErrorBody(fieldNotFound('a', 'pvc-1')), 'Not found: "pvc-1"');
  t.is(fieldErrorBody(fieldTooLong('a', 63)), 'Too long: may not be more than 63 bytes');
  t.is(fieldErrorBody(fieldTooLong('a', 1)), 'Too long: may not be more than 1 byte');
  t.is(fieldErrorBody(fieldTooLong('a', -1)), 'Too long: value is too long');
  t.is(fieldErrorBody(fieldTooMany('a', 12, 10)), 'Too many: 12: must have at most 10 items');
  t.is(fieldErrorBody(fieldTooMany('a', 3, 1)), 'Too many: 3: must have at most 1 item');
  t.is(fieldErrorBody(fieldTooMany('a', -1, -1)), 'Too many: has too many items');
  t.is(fieldErrorBody(fieldInternalError('a', new Error('boom'))), 'Internal error: boom');
});

test('a non-scalar bad value is printed as Go json.Marshal writes it: map keys sorted, struct fields in order, HTML characters escaped', (t) => {
  t.is(fieldErrorBody(fieldInvalid('a', ['x', '<y>'], 'd')), 'Invalid value: ["x","\\u003cy\\u003e"]: d');
  t.is(fieldErrorBody(fieldInvalid('a', { json: { b: '2', a: '1&', '10': 'x', '9': 'y' } }, 'd')), 'Invalid value: {"10":"x","9":"y","a":"1\\u0026","b":"2"}: d');
  const selector = goStruct({ matchLabels: { app: 'web' }, matchExpressions: undefined, values: null });
  t.is(fieldErrorBody(fieldDuplicate('a', { json: selector })), 'Duplicate value: {"matchLabels":{"app":"web"},"values":null}');
  t.is(fieldErrorBody(fieldInvalid('a', { json: '\u2028' }, 'd')), 'Invalid value: "\\u2028": d');
  t.is(fieldErrorBody(fieldInvalid('a', { goSyntax: 'core.Thing{...}' }, 'd')), 'Invalid value: core.Thing{...}: d');
});

test('quoting follows Go %q, not JSON', (t) => {
  t.is(goQuote('a"b\\c'), '"a\\"b\\\\c"');
  t.is(goQuote('tab\there\nbell\x07\x01\x7f'), '"tab\\there\\nbell\\a\\x01\\x7f"');
  t.is(goQuote('caf\u00e9 \u00a0\u200b\u{1f600}'), '"caf\u00e9 \\u00a0\\u200b\u{1f600}"');
  t.is(newNotFound(pods, 'a\tb').message, 'pods "a\\tb" not found');
});

test('numbers follow Go %v: int64 in digits, a float64 from 1e21 or below 1e-4 in exponent form', (t) => {
  t.is(goNumber(100), '100');
  t.is(goNumber(2.5), '2.5');
  t.is(goNumber(1e20), '100000000000000000000');
  // kube-apiserver 1.35.4 shows a number field of 1e21 as 1e+21 (a float64: no int64 holds it).
  t.is(goNumber(1e21), '1e+21');
  t.is(goNumber(-1.5e300), '-1.5e+300');
  t.is(goNumber(0.00001), '1e-05');
  t.is(fieldErrorBody(fieldInvalid('f', 1e21, 'd')), 'Invalid value: 1e+21: d');
});

test('BadRequest, Unauthorized, ServiceUnavailable carry no details', (t) => {
  t.is(body(newBadRequest('bad')), `${head}"message":"bad","reason":"BadRequest","code":400}`);
  t.is(body(newUnauthorized()), `${head}"message":"not authorized","reason":"Unauthorized","code":401}`);
  t.is(body(newUnauthorized('Unauthorized')), `${head}"message":"Unauthorized","reason":"Unauthorized","code":401}`);
  t.is(body(newServiceUnavailable('down')), `${head}"message":"down","reason":"ServiceUnavailable","code":503}`);
});

test('Forbidden words the three shapes kube has', (t) => {
  const why = 'User "bob" cannot get resource "pods" in API group "" in the namespace "default"';
  t.is(
    body(newForbidden(pods, 'web', why)),
    `${head}"message":"pods \\"web\\" is forbidden: User \\"bob\\" cannot get resource \\"pods\\" in API group \\"\\" in the namespace \\"default\\"","reason":"Forbidden","details":{"name":"web","kind":"pods"},"code":403}`,
  );
  t.is(newForbidden(deployments, '', 'no').message, 'deployments.apps is forbidden: no');
  t.is(body(newForbidden({ group: '', resource: '' }, '', new Error('no'))), `${head}"message":"forbidden: no","reason":"Forbidden","details":{},"code":403}`);
});

test('MethodNotAllowed quotes the resource as a kind', (t) => {
  t.is(
    body(newMethodNotSupported(deployments, 'deletecollection')),
    `${head}"message":"deletecollection is not supported on resources of kind \\"deployments.apps\\"","reason":"MethodNotAllowed","details":{"group":"apps","kind":"deployments"},"code":405}`,
  );
});

test('content negotiation: 406 and 415', (t) => {
  const types = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
  t.is(
    body(newNotAcceptable(types)),
    `${head}"message":"only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf","reason":"NotAcceptable","code":406}`,
  );
  t.is(
    body(newUnsupportedMediaType(types)),
    `${head}"message":"the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf","reason":"UnsupportedMediaType","code":415}`,
  );
});

test('413 and the two 429s', (t) => {
  t.is(body(newRequestEntityTooLarge('limit is 3145728')), `${head}"message":"Request entity too large: limit is 3145728","reason":"RequestEntityTooLarge","code":413}`);
  t.is(body(newTooManyRequests('slow down', 5)), `${head}"message":"slow down","reason":"TooManyRequests","details":{"retryAfterSeconds":5},"code":429}`);
  t.is(body(newTooManyRequests('slow down', 0)), `${head}"message":"slow down","reason":"TooManyRequests","details":{},"code":429}`);
  t.is(body(newTooManyRequestsError('storage is busy')), `${head}"message":"Too many requests: storage is busy","reason":"TooManyRequests","code":429}`);
});

test('ServerTimeout is a 500, Timeout a 504', (t) => {
  t.is(
    body(newServerTimeout(deployments, 'create', 2)),
    `${head}"message":"The create operation against deployments.apps could not be completed at this time, please try again.","reason":"ServerTimeout","details":{"name":"create","group":"apps","kind":"deployments","retryAfterSeconds":2},"code":500}`,
  );
  t.is(
    body(newTimeoutError('request did not complete within 60s', 0)),
    `${head}"message":"Timeout: request did not complete within 60s","reason":"Timeout","details":{},"code":504}`,
  );
});

test('InternalError repeats the error as its only cause', (t) => {
  t.is(
    body(newInternalError(new Error('disk full'))),
    `${head}"message":"Internal error occurred: disk full","reason":"InternalError","details":{"causes":[{"message":"disk full"}]},"code":500}`,
  );
});

test('storage: too old and too large resource versions', (t) => {
  t.is(body(tooOldResourceVersion(5, 41)), `${head}"message":"too old resource version: 5 (41)","reason":"Expired","code":410}`);
  t.is(
    body(tooLargeResourceVersion(100n, 42n)),
    `${head}"message":"Timeout: Too large resource version: 100, current: 42","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}`,
  );
});

test('storage: compacted list, watch and continue', (t) => {
  t.is(body(expiredListResourceVersion()), `${head}"message":"The resourceVersion for the provided list is too old.","reason":"Expired","code":410}`);
  t.is(body(expiredWatchResourceVersion()), `${head}"message":"The resourceVersion for the provided watch is too old.","reason":"Expired","code":410}`);
  t.is(expiredContinue().message, 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.');
  const inconsistent = expiredContinue('tok');
  t.deepEqual(inconsistent.status.metadata, { continue: 'tok' });
  t.true(
    inconsistent.message.startsWith(
      'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response',
    ),
  );
  t.true(inconsistent.message.endsWith('may show up in the list.'));
});

test('statusOf passes a StatusError through and turns anything else into a reasonless 500', (t) => {
  const error = newBadRequest('x');
  t.is(statusOf(error), error.status);
  t.is(JSON.stringify(statusOf(new Error('boom'))), `${head}"message":"boom","code":500}`);
  t.is(statusOf('plain').message, 'plain');
});
