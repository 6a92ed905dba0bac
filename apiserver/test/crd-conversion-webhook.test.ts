// The conversion of custom objects by a CRD's webhook: the ConversionReview sent, and the checks of
// the answer with kube-apiserver 1.35's messages (measured against it: a webhook answering each
// way, read back through GET in the other version).

import test from 'ava';
import { StatusError } from '@capstan/common';
import { WebhookConverter, type ReviewPoster } from '../src/customresources/conversion/webhook-converter.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';

const stored: JsonObject = {
  kind: 'CronTab',
  apiVersion: 'stable.example.com/v1',
  metadata: { name: 'c1', namespace: 'default', uid: 'u-1', resourceVersion: '7', generation: 1, labels: { app: 'a' } },
  spec: { cronSpec: '* * * * 1' },
};

type Answer = (review: JsonObject) => unknown;

/** A webhook that records each review it gets and answers it with `answer`'s JSON (a string as it is). */
function webhook(answer: Answer): { readonly reviews: JsonObject[]; readonly poster: ReviewPoster } {
  const reviews: JsonObject[] = [];
  return {
    reviews,
    poster: {
      post: async (body) => {
        const review = JSON.parse(body) as JsonObject;
        reviews.push(review);
        const answered = answer(review);
        return { body: Buffer.from(typeof answered === 'string' ? answered : JSON.stringify(answered)), contentType: 'application/json' };
      },
    },
  };
}

const requestOf = (review: JsonObject) => review.request as { uid: string; desiredAPIVersion: string; objects: JsonObject[] };

/** A correct answer: cronSpec renamed to schedule, with `change` applied to each converted object. */
const converting =
  (change: (object: JsonObject) => void = () => {}): Answer =>
  (review) => {
    const { uid, desiredAPIVersion, objects } = requestOf(review);
    const convertedObjects = objects.map((object) => {
      const spec = object.spec as JsonObject;
      const out: JsonObject = { ...structuredClone(object), apiVersion: desiredAPIVersion, spec: { schedule: spec.cronSpec } };
      change(out);
      return out;
    });
    return { kind: 'ConversionReview', apiVersion: review.apiVersion, response: { uid, convertedObjects, result: { status: 'Success' } } };
  };

async function failure(t: import('ava').ExecutionContext, answer: Answer, reviewVersions = ['v1']): Promise<string> {
  const converter = new WebhookConverter(webhook(answer).poster, reviewVersions);
  const error = await t.throwsAsync(converter.convert(stored, 'stable.example.com/v2'), { instanceOf: StatusError });
  // kube's 500 without a reason, for a conversion error its storage returns.
  t.is(error?.code, 500);
  t.is(error?.status.reason, undefined);
  return error?.message ?? '';
}

test('one object goes in a v1 ConversionReview with a fresh uid and no resourceVersion, and comes back converted with its resourceVersion', async (t) => {
  const hook = webhook(converting());
  const converted = await new WebhookConverter(hook.poster, ['v1', 'v1beta1']).convert(stored, 'stable.example.com/v2');
  t.deepEqual(converted, { ...stored, apiVersion: 'stable.example.com/v2', spec: { schedule: '* * * * 1' } });
  t.is(hook.reviews.length, 1);
  const review = hook.reviews[0] as JsonObject;
  t.is(review.kind, 'ConversionReview');
  t.is(review.apiVersion, 'apiextensions.k8s.io/v1');
  // kube's request carries an empty response.
  t.deepEqual(review.response, { uid: '', convertedObjects: null, result: { metadata: {} } });
  const request = requestOf(review);
  t.regex(request.uid, /^[0-9a-f-]{36}$/);
  t.is(request.desiredAPIVersion, 'stable.example.com/v2');
  const { resourceVersion: _resourceVersion, ...metadata } = stored.metadata as JsonObject;
  t.deepEqual(request.objects, [{ ...stored, metadata }]);
});

test('v1beta1 is sent when the CRD lists it first; its answers are not checked for kind and uid', async (t) => {
  const hook = webhook((review) => {
    const answer = converting()(review) as JsonObject;
    return { response: { ...(answer.response as JsonObject), uid: 'another' } };
  });
  const converted = await new WebhookConverter(hook.poster, ['v1beta1', 'v1']).convert(stored, 'stable.example.com/v2');
  t.is(hook.reviews[0]?.apiVersion, 'apiextensions.k8s.io/v1beta1');
  t.deepEqual(converted.spec, { schedule: '* * * * 1' });
});

test('an object already in the version asked for, or holding nothing but its type, is not sent', async (t) => {
  const hook = webhook(converting());
  const converter = new WebhookConverter(hook.poster, ['v1']);
  t.is(await converter.convert(stored, 'stable.example.com/v1'), stored);
  t.deepEqual(await converter.convert({ kind: 'CronTab', apiVersion: 'stable.example.com/v1' }, 'stable.example.com/v2'), {
    kind: 'CronTab',
    apiVersion: 'stable.example.com/v2',
  });
  t.is(hook.reviews.length, 0);
});

test('metadata other than labels and annotations is restored; changed labels are kept, removed annotations go', async (t) => {
  const converted = await new WebhookConverter(
    webhook(
      converting((out) => {
        const { annotations: _annotations, ...metadata } = out.metadata as JsonObject;
        out.metadata = { ...metadata, generation: 99, finalizers: ['x/y'], labels: { app: 'b', added: 'yes' } };
      }),
    ).poster,
    ['v1'],
  ).convert({ ...stored, metadata: { ...(stored.metadata as JsonObject), annotations: { a: 'b' } } }, 'stable.example.com/v2');
  t.deepEqual(converted.metadata, { name: 'c1', namespace: 'default', uid: 'u-1', resourceVersion: '7', generation: 1, labels: { app: 'b', added: 'yes' } });
});

const gvk = 'conversion webhook for stable.example.com/v1, Kind=CronTab';

test("a webhook's refusal and a malformed answer fail as kube fails them", async (t) => {
  const answered =
    (response: (review: JsonObject) => JsonObject): Answer =>
    (review) => ({ ...(converting()(review) as JsonObject), response: response(review) });
  t.is(
    await failure(
      t,
      answered((r) => ({ uid: requestOf(r).uid, result: { status: 'Failure', message: 'no conversion for you' } })),
    ),
    `${gvk} failed: no conversion for you`,
  );
  t.is(
    await failure(
      t,
      answered((r) => ({ uid: requestOf(r).uid, result: { status: 'Failure' } })),
    ),
    `${gvk} failed: response.result.status was 'Failure', not 'Success'`,
  );
  t.is(
    await failure(
      t,
      answered((r) => ({ uid: requestOf(r).uid, result: {} })),
    ),
    `${gvk} failed: response.result.status was '', not 'Success'`,
  );
  t.regex(
    await failure(
      t,
      answered(() => ({ uid: 'other', result: { status: 'Success' } })),
    ),
    /failed: expected response\.uid="[0-9a-f-]{36}", got "other"$/,
  );
  t.is(
    await failure(
      t,
      answered((r) => ({ uid: requestOf(r).uid, result: { status: 'Success' } })),
    ),
    `${gvk} returned 0 objects, expected 1`,
  );
  t.is(
    await failure(
      t,
      answered((r) => ({ uid: requestOf(r).uid, result: { status: 'Success', code: 'x' } })),
    ),
    `${gvk} failed: json: cannot unmarshal string into Go struct field Status.response.result.code of type int32`,
  );
  t.is(await failure(t, () => ''), `${gvk} failed: 0-length response with status code: 200 and content type: application/json`);
  t.is(await failure(t, () => ({})), `${gvk} failed: expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got /, Kind=`);
  t.is(await failure(t, () => ({ kind: 'ConversionReview', apiVersion: 'apiextensions.k8s.io/v1' })), `${gvk} failed: no response provided`);
  t.is(
    await failure(t, (review) => ({ ...(converting()(review) as JsonObject), kind: 'Foo' })),
    `${gvk} failed: no kind "Foo" is registered for version "apiextensions.k8s.io/v1" in scheme "pkg/runtime/scheme.go:111"`,
  );
  t.is(
    await failure(t, (review) => ({ ...(converting()(review) as JsonObject), apiVersion: 'apiextensions.k8s.io/v1beta1' })),
    `${gvk} failed: converting (v1beta1.ConversionReview) to (v1.ConversionReview): unknown conversion`,
  );
  t.is(
    await failure(t, () => ({ kind: 'ConversionReview', apiVersion: 'apiextensions.k8s.io/v1', response: 'x' })),
    `${gvk} failed: json: cannot unmarshal string into Go struct field ConversionReview.response of type v1.ConversionResponse`,
  );
});

test('a converted object that changed what it may not change, or is no object, fails as kube fails it', async (t) => {
  const changed = (change: (out: JsonObject) => void) => converting(change);
  const meta = (out: JsonObject) => out.metadata as JsonObject;
  t.is(
    await failure(
      t,
      changed((out) => (meta(out).uid = 'changed')),
    ),
    `${gvk} returned invalid object: must have the same UID: u-1 != changed`,
  );
  t.is(
    await failure(
      t,
      changed((out) => (meta(out).name = 'changed')),
    ),
    `${gvk} returned invalid object: must have the same name: c1 != changed`,
  );
  t.is(
    await failure(
      t,
      changed((out) => (meta(out).namespace = 'other')),
    ),
    `${gvk} returned invalid object: must have the same namespace: default != other`,
  );
  t.is(
    await failure(
      t,
      changed((out) => delete out.metadata),
    ),
    `${gvk} returned invalid object: must have the same name: c1 != `,
  );
  t.is(
    await failure(
      t,
      changed((out) => (out.kind = 'Other')),
    ),
    `${gvk} returned invalid object at index 0: invalid kind (expected CronTab, received Other)`,
  );
  t.is(
    await failure(
      t,
      changed((out) => (out.apiVersion = 'stable.example.com/v9')),
    ),
    `${gvk} returned invalid object at index 0: invalid groupVersion (expected stable.example.com/v2, received stable.example.com/v9)`,
  );
  t.is(
    await failure(
      t,
      changed((out) => (meta(out).annotations = { a: 1 })),
    ),
    `${gvk} returned invalid metadata: metadata.annotations[a] must be a string, but is int64 in converted object`,
  );
  t.is(
    await failure(
      t,
      changed((out) => (meta(out).labels = ['a'])),
    ),
    `${gvk} returned invalid metadata: invalid metadata.labels of type []interface {} in converted object`,
  );
  t.regex(
    await failure(
      t,
      changed((out) => (meta(out).labels = { 'bad key!': 'v' })),
    ),
    /returned invalid metadata: metadata\.labels: Invalid value: "bad key!": name part must consist of/,
  );
  // kube passes the decoding error of a converted object on without its own words.
  t.is(
    await failure(t, (review) => {
      const answer = converting()(review) as JsonObject;
      return { ...answer, response: { ...(answer.response as JsonObject), convertedObjects: [1] } };
    }),
    'json: cannot unmarshal number into Go value of type map[string]interface {}',
  );
});

test('a ConversionFailure from the client (no answer, an error answer) is prefixed with the object it was for', async (t) => {
  const { ConversionFailure } = await import('../src/customresources/conversion/conversion-review.ts');
  const refused: ReviewPoster = {
    post: () => Promise.reject(new ConversionFailure('Post "https://127.0.0.1:1/x?timeout=30s": dial tcp 127.0.0.1:1: connect: connection refused')),
  };
  const error = await t.throwsAsync(new WebhookConverter(refused, ['v1']).convert(stored, 'stable.example.com/v2'), { instanceOf: StatusError });
  t.is(error?.message, `${gvk} failed: Post "https://127.0.0.1:1/x?timeout=30s": dial tcp 127.0.0.1:1: connect: connection refused`);
});
