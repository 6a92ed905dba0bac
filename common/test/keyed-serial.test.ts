import test from 'ava';
import { KeyedSerial } from '../src/work/keyed-serial.ts';

test('work for one key runs in order, even when an earlier piece is slow or fails; other keys do not wait', async (t) => {
  const order = new KeyedSerial();
  const sent: string[] = [];
  let releasePatch!: () => void;
  const patchAnswered = new Promise<void>((resolve) => (releasePatch = resolve));
  const patch = order.run('ns/web', async () => {
    sent.push('patch PodScheduled=False');
    await patchAnswered;
    throw new Error('conflict');
  });
  const binding = order.run('ns/web', async () => {
    sent.push('binding');
    return 'bound';
  });
  const other = order.run('ns/db', async () => {
    sent.push('other pod');
    return 'db';
  });
  t.is(await other, 'db');
  t.deepEqual(sent, ['patch PodScheduled=False', 'other pod'], 'the binding waits for the patch before it');
  t.is(order.size, 2);
  releasePatch();
  await t.throwsAsync(patch, { message: 'conflict' });
  t.is(await binding, 'bound');
  t.deepEqual(sent, ['patch PodScheduled=False', 'other pod', 'binding']);
  await new Promise((resolve) => setImmediate(resolve));
  t.is(order.size, 0, 'nothing is kept for keys without work');
});
