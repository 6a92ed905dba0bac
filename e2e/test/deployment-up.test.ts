// Deployments on `capstan up` (the simulated runtime), driven by kubectl as a user would: a
// Deployment of 3 rolls out and its pods run; `kubectl set image` rolls it to the new image and
// `kubectl rollout status` says so; `kubectl rollout undo` goes back; deleting it takes its
// ReplicaSets and pods along.

import test from 'ava';
import { eventually } from '../../common/test/eventually.ts';
import { startUp } from '../src/up-process.ts';

const imagesOfPods = ['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={range .items[*]}{.status.phase} {.spec.containers[0].image}{"\\n"}{end}'];

test('a Deployment rolls out on capstan up, rolls to a new image with set image and back with rollout undo', async (t) => {
  const up = startUp();
  t.teardown(() => up.stop());
  await up.line(/^node .* is Ready$/);
  t.is(await up.kubectl('create', 'deployment', 'web', '--image=nginx', '--replicas=3'), 'deployment.apps/web created\n');
  t.regex(await up.kubectl('rollout', 'status', 'deployment/web', '--timeout=90s'), /deployment "web" successfully rolled out\n$/);
  t.regex(await up.kubectl('get', 'deployment', 'web'), /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\nweb\s+3\/3\s+3\s+3\s+\d+s\n$/);
  t.is(await up.kubectl(...imagesOfPods), 'Running nginx\n'.repeat(3));

  await up.kubectl('set', 'image', 'deployment/web', 'nginx=nginx:1.27');
  t.regex(await up.kubectl('rollout', 'status', 'deployment/web', '--timeout=90s'), /deployment "web" successfully rolled out\n$/);
  const rolled = await eventually(
    'only the new pods left',
    async () => {
      const pods = await up.kubectl(...imagesOfPods);
      return pods === 'Running nginx:1.27\n'.repeat(3) ? pods : undefined;
    },
    60_000,
  );
  t.truthy(rolled);
  t.regex(await up.kubectl('rollout', 'history', 'deployment/web'), /REVISION\s+CHANGE-CAUSE\n1\s+<none>\n2\s+<none>\n/);

  t.is(await up.kubectl('rollout', 'undo', 'deployment/web'), 'deployment.apps/web rolled back\n');
  t.regex(await up.kubectl('rollout', 'status', 'deployment/web', '--timeout=90s'), /deployment "web" successfully rolled out\n$/);
  t.is(
    await up.kubectl('get', 'deployment', 'web', '-o', 'jsonpath={.metadata.annotations.deployment\\.kubernetes\\.io/revision} {.spec.template.spec.containers[0].image}'),
    '3 nginx',
  );

  await up.kubectl('delete', 'deployment', 'web');
  await eventually(
    'the ReplicaSets and pods of web collected',
    async () => ((await up.kubectl('get', 'rs,pods', '-l', 'app=web', '-o', 'name')) === '' ? true : undefined),
    90_000,
  );
});
