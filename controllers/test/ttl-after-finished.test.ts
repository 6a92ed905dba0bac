// The TTL-after-finished controller deletes a finished Job ttlSecondsAfterFinished after it
// finished, in the foreground: the garbage collector deletes its pods before the Job goes.

import test from 'ava';
import { isNotFound } from '@capstan/common/client';
import { garbageCollectorController } from '../src/garbage-collector/index.ts';
import { jobController } from '../src/job/index.ts';
import { ttlAfterFinishedController } from '../src/ttl-after-finished/index.ts';
import { eventually } from './controller-fixture.ts';
import { createJob, getJob, jobManifest, podsOfJob, startJobCluster, waitForJobCondition } from './job-fixture.ts';

test('a finished Job is deleted with its pods ttlSecondsAfterFinished after it completed', async (t) => {
  const cluster = await startJobCluster(t, [jobController, ttlAfterFinishedController, garbageCollectorController], () => ({ exitCode: 0 }));
  await createJob(cluster, jobManifest('short-lived', { ttlSecondsAfterFinished: 2 }));
  await createJob(cluster, jobManifest('kept'));
  const finished = await waitForJobCondition(cluster, 'short-lived', 'Complete');
  t.is((await podsOfJob(cluster, 'short-lived')).length, 1);
  const completedAt = Date.parse(finished.status?.conditions?.find((c) => c.type === 'Complete')?.lastTransitionTime ?? '');
  await eventually('the job deleted', async () => {
    try {
      await getJob(cluster, 'short-lived');
      return undefined;
    } catch (error) {
      if (isNotFound(error)) return true;
      throw error;
    }
  });
  // Conditions are stored to the second: the deletion comes at least 1 s after the stored time.
  t.true(Date.now() >= completedAt + 1000, 'not deleted before its TTL');
  t.deepEqual(await podsOfJob(cluster, 'short-lived'), []);
  await waitForJobCondition(cluster, 'kept', 'Complete');
  t.truthy(await getJob(cluster, 'kept'), 'a Job without a TTL stays');
});
