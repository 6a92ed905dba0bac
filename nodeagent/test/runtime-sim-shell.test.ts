// The simulated container's sh and busybox applets beyond single commands: compound commands,
// arithmetic, directories, and the tar that kubectl cp drives both ways.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { type SimulatedNode, simulatedNode } from './runtime-sim-fixture.ts';

async function exec(node: SimulatedNode, id: string, cmd: string[], stdin?: string) {
  if (stdin === undefined) {
    const result = await node.runtime.execSync(id, cmd, 0);
    return { stdout: Buffer.from(result.stdout).toString(), stderr: Buffer.from(result.stderr).toString(), exitCode: result.exitCode };
  }
  let stdout = '';
  let stderr = '';
  const exitCode = await node.runtime.exec(id, cmd, {
    stdin: (async function* () {
      yield stdin;
    })(),
    output: (stream, data) => {
      if (stream === 'stdout') stdout += data;
      else stderr += data;
    },
  });
  return { stdout, stderr, exitCode };
}

test('if, while, until, for, groups, subshells, assignments and $((…))', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('shell', {}, { envs: [{ key: 'LIST', value: 'x  y' }] });
  const script = [
    'i=0; while [ $i -lt 3 ]; do echo "round $i"; i=$((i + 1)); done',
    'until test $i -eq 0; do i=$((i-1)); done; echo "down to $i"',
    'for word in a "b c" $LIST; do printf "[%s]" "$word"; done; echo',
    'if false; then echo no; elif [ -d /tmp ]; then echo tmp is a dir; else echo no; fi',
    '{ echo grouped; echo twice; } > /tmp/g; cat /tmp/g',
    '(X=inner; exit 4); echo "status $? X=$X"',
  ].join('\n');
  const result = await exec(node, id, ['sh', '-c', script]);
  t.deepEqual(result, {
    stdout: 'round 0\nround 1\nround 2\ndown to 0\n[a][b c][x][y]\ntmp is a dir\ngrouped\ntwice\nstatus 4 X=\n',
    stderr: '',
    exitCode: 0,
  });
  // The shell's ${…} forms, written with a $ of their own so that they read as no JavaScript template.
  const braced = (inner: string) => `$${'{'}${inner}}`;
  const forms = `echo "${braced('UNSET:-fallback')} ${braced('LIST:+set')} ${braced('#LIST')} ${braced('NEW:=made')} $NEW"; [[ "${braced('LIST:?')}" == "x  y" ]] && echo OK`;
  t.like(await exec(node, id, ['sh', '-c', forms]), {
    stdout: 'fallback set 4 made made\nOK\n',
    exitCode: 0,
  });
  t.like(await exec(node, id, ['sh', '-c', 'echo one > /tmp/n; n=$(cat /tmp/n); echo "got $n" `echo two three` "$(printf "a\n\n")"; test $(echo 3) -eq 3 && echo equal']), {
    stdout: 'got one two three a\nequal\n',
    exitCode: 0,
  });
  // `&` runs in the background: the exec probe `sleep 10 & exit 1` fails at once.
  t.like(await exec(node, id, ['sh', '-c', 'sleep 10 & exit 1']), { exitCode: 1 });
  t.like(await exec(node, id, ['sh', '-c', 'if true; then echo']), { stderr: 'sh: syntax error: expected "fi"\n', exitCode: 2 });
});

test('mkdir, ls, touch and test -d on the writable layer and on a mounted directory', async (t) => {
  const node = simulatedNode(t);
  const volume = join(node.dir, 'volume');
  mkdirSync(volume);
  writeFileSync(join(volume, 'present'), 'x');
  const { id } = await node.run('dirs', {}, { mounts: [{ containerPath: '/data', hostPath: volume }] });
  t.like(await exec(node, id, ['sh', '-c', 'mkdir -p /work/a/b && touch /work/a/b/f /work/top && ls /work; ls /work/a/b; test -d /work/a && echo dir']), {
    stdout: 'a\ntop\nf\ndir\n',
    exitCode: 0,
  });
  t.like(await exec(node, id, ['ls', '/data']), { stdout: 'present\n' });
  writeFileSync(join(volume, 'dump.bin'), Buffer.from([0xde, 0xca, 0xfe, 0xba, 0xd0, 0xfe, 0xff, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a]));
  t.like(await exec(node, id, ['hexdump', '-C', '/data/dump.bin']), {
    stdout: '00000000  de ca fe ba d0 fe ff 41  42 43 44 45 46 47 48 49  |.......ABCDEFGHI|\n00000010  4a                                                |J|\n00000011\n',
  });
  t.like(await exec(node, id, ['mkdir', '/data/sub']), { exitCode: 0 });
  // The restart-count script of the Container Runtime conformance test, and find with stat.
  const count = "count=$(echo 'hello' >> /data/restartCount ; wc -l /data/restartCount | awk {'print $1'}); echo $count";
  t.like(await exec(node, id, ['sh', '-c', `${count}; ${count}`]), { stdout: '1\n2\n' });
  t.like(await exec(node, id, ['sh', '-c', "find /data -type f -name '*.bin'; stat -c '%a %n' $(find /data -name present)"]), { stdout: '/data/dump.bin\n644 /data/present\n' });
  t.like(await exec(node, id, ['ls', '/nope']), { stderr: 'ls: /nope: No such file or directory\n', exitCode: 1 });
  t.regex((await exec(node, id, ['ls', '/'])).stdout, /^bin\ndata\n.*\ntmp\n.*work\n$/s);
});

test('tar cf - out of the container and tar -xmf - -C into it, as kubectl cp runs them', async (t) => {
  const node = simulatedNode(t);
  const volume = join(node.dir, 'volume');
  mkdirSync(volume);
  const { id } = await node.run('cp', {}, { mounts: [{ containerPath: '/data', hostPath: volume }] });
  await exec(node, id, ['sh', '-c', 'mkdir -p /src/nested && echo one > /src/one.txt && printf "two\\nlines\\n" > /src/nested/two.txt']);
  const archive = await exec(node, id, ['tar', 'cf', '-', '/src']);
  t.is(archive.stderr, "tar: removing leading '/' from member names\n");
  t.is(archive.stdout.length % 512, 0);
  t.like(await exec(node, id, ['tar', '-xmf', '-', '-C', '/data'], archive.stdout), { exitCode: 0, stderr: '' });
  t.is(readFileSync(join(volume, 'src', 'nested', 'two.txt'), 'utf8'), 'two\nlines\n');
  t.like(await exec(node, id, ['tar', '--no-same-permissions', '--no-same-owner', '-xmf', '-', '-C', '/copy'], archive.stdout), { exitCode: 0 });
  t.like(await exec(node, id, ['sh', '-c', 'cat /copy/src/one.txt; ls /copy/src']), { stdout: 'one\nnested\none.txt\n' });
});

test('expr as the Job conformance tests use it: arithmetic, comparisons, exit 1 for a null result, 2 for a bad expression', async (t) => {
  const node = simulatedNode(t);
  const { id } = await node.run('shell', {}, { envs: [{ key: 'JOB_COMPLETION_INDEX', value: '3' }] });
  // ${JOB_COMPLETION_INDEX} as the upstream test writes it, built so that it reads as no JavaScript template.
  const index = `$${'{'}JOB_COMPLETION_INDEX}`;
  const script = `if [ $(expr ${index} % 2) -ne 0 ]; then echo odd; else echo even; fi; expr 2 + 3 \\* 4; expr 7 / 2 = 3`;
  t.like(await exec(node, id, ['sh', '-c', script]), { stdout: 'odd\n14\n1\n', exitCode: 0 });
  t.like(await exec(node, id, ['expr', '4', '%', '2']), { stdout: '0\n', exitCode: 1 });
  t.like(await exec(node, id, ['expr', '1', '/', '0']), { stderr: 'expr: division by zero\n', exitCode: 2 });
  t.like(await exec(node, id, ['expr', '1', '+']), { stderr: 'expr: syntax error\n', exitCode: 2 });
});
