// The image service of the simulated runtime: names normalized as runtimes do, pulls by the image
// rules (delays, not found, other failures), status, list and remove.

import test from 'ava';
import { parseImageReference } from '../src/runtime-sim/image-reference.ts';
import { RuntimeError } from '../src/runtime-sim/runtime-error.ts';
import { simulatedNode } from './runtime-sim-fixture.ts';

test('image references normalize as the docker reference rules say', (t) => {
  const normalized = (ref: string) => parseImageReference(ref).normalized;
  t.is(normalized('busybox'), 'docker.io/library/busybox:latest');
  t.is(normalized('library/busybox:1.36'), 'docker.io/library/busybox:1.36');
  t.is(normalized('bitnami/nginx'), 'docker.io/bitnami/nginx:latest');
  t.is(normalized('registry.k8s.io/pause:3.10.1'), 'registry.k8s.io/pause:3.10.1');
  t.is(normalized('localhost:5000/app'), 'localhost:5000/app:latest');
  t.is(normalized('localhost/app:v2'), 'localhost/app:v2');
  t.is(normalized(`busybox@sha256:${'a'.repeat(64)}`), `docker.io/library/busybox@sha256:${'a'.repeat(64)}`);
});

test('a pulled image is found by its ID, its short name, its full name and its digest', async (t) => {
  const node = simulatedNode(t);
  const id = await node.runtime.pullImage({ image: 'busybox:1.36' });
  t.regex(id, /^sha256:[0-9a-f]{64}$/);
  const image = node.runtime.imageStatus({ image: 'busybox:1.36' }).image;
  t.like(image, { id, repoTags: ['docker.io/library/busybox:1.36'], pinned: false });
  for (const name of [id, 'docker.io/library/busybox:1.36', image?.repoDigests?.[0] as string]) t.is(node.runtime.imageStatus({ image: name }).image?.id, id, name);
  t.is(node.runtime.imageStatus({ image: 'busybox:latest' }).image, undefined);
  t.is(await node.runtime.pullImage({ image: 'docker.io/library/busybox:1.36' }), id, 'the same image pulled again');
});

test('the pause image is there from the start, pinned', (t) => {
  const node = simulatedNode(t);
  t.deepEqual(
    node.runtime.listImages().map((i) => [i.repoTags, i.pinned]),
    [[['registry.k8s.io/pause:3.10.1'], true]],
  );
});

test('an image no rule allows fails as a registry without it answers; a rule may fail a pull its own way', async (t) => {
  const node = simulatedNode(t, {
    lifecycles: `
images:
  - match: "*/private/*"
    error: "unexpected status from HEAD request to https://quay.io/v2/private/app/manifests/1: 401 UNAUTHORIZED"
  - match: "docker.io/library/*"
`,
  });
  const missing = await t.throwsAsync(node.runtime.pullImage({ image: 'quay.io/public/app:1' }), { instanceOf: RuntimeError });
  t.is(missing?.code, 'NotFound');
  t.is(missing?.message, 'failed to pull and unpack image "quay.io/public/app:1": failed to resolve reference "quay.io/public/app:1": quay.io/public/app:1: not found');
  const denied = await t.throwsAsync(node.runtime.pullImage({ image: 'quay.io/private/app:1' }), { instanceOf: RuntimeError });
  t.is(denied?.code, 'Unknown');
  t.is(
    denied?.message,
    'failed to pull and unpack image "quay.io/private/app:1": unexpected status from HEAD request to https://quay.io/v2/private/app/manifests/1: 401 UNAUTHORIZED',
  );
  t.truthy(await node.runtime.pullImage({ image: 'nginx' }));
});

test('the built-in rules pull any image except one whose name says it does not exist', async (t) => {
  const node = simulatedNode(t);
  t.truthy(await node.runtime.pullImage({ image: 'ghcr.io/anything/at-all:v1' }));
  await t.throwsAsync(node.runtime.pullImage({ image: 'example.com/does-not-exist:1' }), { message: /: not found$/ });
});

test('a pull delay holds the pull; concurrent pulls of one image end together', async (t) => {
  const node = simulatedNode(t, { lifecycles: 'images: [{ match: "*", pullDelay: 3s, size: 5000000 }]' });
  let done = 0;
  const pulls = [node.runtime.pullImage({ image: 'big' }), node.runtime.pullImage({ image: 'docker.io/library/big:latest' })].map((p) => p.then((id) => (done++, id)));
  await node.clock.advance(2999);
  t.is(done, 0);
  t.is(node.runtime.imageStatus({ image: 'big' }).image, undefined);
  await node.clock.advance(1);
  const [a, b] = await Promise.all(pulls);
  t.is(a, b);
  t.is(node.runtime.imageStatus({ image: 'big' }).image?.size, 5000000);
  t.is(node.runtime.imageFsInfo().imageFilesystems[0]?.usedBytes.value, 5000000 + (1 << 20));
});

test('a removed image is gone; removing it again is no error', async (t) => {
  const node = simulatedNode(t);
  const id = await node.runtime.pullImage({ image: 'busybox' });
  node.runtime.removeImage({ image: id });
  node.runtime.removeImage({ image: id });
  t.is(node.runtime.imageStatus({ image: 'busybox' }).image, undefined);
  t.deepEqual(node.runtime.listImages({ image: { image: 'busybox' } }), []);
});
