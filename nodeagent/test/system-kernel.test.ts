import test from 'ava';
import { readFileSync } from 'node:fs';
import { release } from 'node:os';
import {
  admitPodSysctls,
  kernelAtLeast,
  kernelVersionString,
  newSysctlAllowlist,
  nodeSysctlAllowlist,
  normalizeSysctlName,
  parseKernelVersion,
  pressureStallAvailability,
  readCgroupInfo,
  resolveRecursiveReadOnly,
  runningKernelVersion,
  runtimeFeaturesForKernel,
  safeSysctlAllowlist,
  tmpfsNoswapSupported,
  userNamespaceRefusal,
  checkCgroupRequirements,
  parseCgroupMounts,
  inspectSystem,
  failCgroupV1Message,
  cgroupV1Event,
} from '../src/system/index.ts';
import { statfsSync } from 'node:fs';

test('kernel releases parse as apimachinery ParseGeneric does', (t) => {
  const cases: Array<[string, number[] | string]> = [
    ['6.8.0-45-generic', [6, 8, 0]],
    ['5.15.153.1-microsoft-standard-WSL2', [5, 15, 153, 1]],
    ['4.19.0', [4, 19, 0]],
    ['3.10.0-1160.el7.x86_64', [3, 10, 0]],
    ['6.1', [6, 1]],
    ['  5.4.0  ', [5, 4, 0]],
    ['v5.10', [5, 10]],
    ['6', 'illegal version string "6"'],
    ['linux', 'could not parse "linux" as version'],
    ['05.4', 'illegal zero-prefixed version component "05" in "05.4"'],
  ];
  for (const [releaseText, expected] of cases) {
    if (typeof expected === 'string') t.is(t.throws(() => parseKernelVersion(releaseText))?.message, expected, releaseText);
    else t.deepEqual(parseKernelVersion(releaseText).components, expected, releaseText);
  }
});

test('kernel versions compare component by component, missing components counting as zero', (t) => {
  const cases: Array<[string, string, boolean]> = [
    ['4.15.0-generic', '4.15', true],
    ['4.14.336', '4.15', false],
    ['4.20.0', '4.20', true],
    ['4.19.999', '4.20', false],
    ['5.12', '5.12.0', true],
    ['5.11.22', '5.12', false],
    ['6.3.0', '6.3', true],
    ['10.0', '6.4', true],
    ['3.16', '3.16', true],
  ];
  for (const [running, minimum, expected] of cases) t.is(kernelAtLeast(parseKernelVersion(running), minimum), expected, `${running} >= ${minimum}`);
});

test('the running kernel is read from /proc/sys/kernel/osrelease and agrees with uname', (t) => {
  const kernel = runningKernelVersion();
  t.is(kernel.release, readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim());
  t.is(kernel.release, release());
  t.true(kernel.components.length >= 2);
  t.true(release().startsWith(kernelVersionString(kernel).split('.').slice(0, 2).join('.')));
  t.is(t.throws(() => runningKernelVersion('/nonexistent/osrelease'))?.message.startsWith('failed to read os-release file: '), true);
});

test('the safe sysctls a kernel namespaces: each minimum kernel drops its sysctls below it', (t) => {
  const table: Array<[string, string[]]> = [
    [
      '3.10',
      [
        'net.ipv4.ip_local_reserved_ports',
        'net.ipv4.tcp_keepalive_time',
        'net.ipv4.tcp_fin_timeout',
        'net.ipv4.tcp_keepalive_intvl',
        'net.ipv4.tcp_keepalive_probes',
        'net.ipv4.tcp_rmem',
        'net.ipv4.tcp_wmem',
      ],
    ],
    [
      '3.16',
      ['net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes', 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem'],
    ],
    ['4.5', ['net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem']],
    ['4.6', ['net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem']],
    ['4.14.300', ['net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem']],
    ['4.15', []],
    ['6.8.0', []],
  ];
  for (const [kernel, dropped] of table) {
    const selection = safeSysctlAllowlist(parseKernelVersion(kernel));
    t.deepEqual(
      selection.dropped.map((sysctl) => sysctl.name),
      dropped,
      kernel,
    );
    t.is(selection.allowed.length + selection.dropped.length, 12);
  }
  t.is(safeSysctlAllowlist(undefined).allowed.length, 5, 'an unknown kernel keeps only the sysctls without a minimum');
});

test('a pod sysctl below its minimum kernel is rejected with SysctlForbidden and the kubelet message', (t) => {
  const pod = (name: string, extra: Record<string, unknown> = {}) => ({ spec: { ...extra, securityContext: { sysctls: [{ name, value: '1' }] } } });
  const old = nodeSysctlAllowlist(parseKernelVersion('4.4.0'));
  t.deepEqual(admitPodSysctls(old, pod('net.ipv4.tcp_keepalive_time')), {
    admit: false,
    reason: 'SysctlForbidden',
    message: 'forbidden sysctl: "net.ipv4.tcp_keepalive_time" not allowlisted',
  });
  t.deepEqual(admitPodSysctls(old, pod('net.ipv4.ip_local_port_range')), { admit: true });
  const current = nodeSysctlAllowlist(parseKernelVersion('6.8.0'));
  t.deepEqual(admitPodSysctls(current, pod('net.ipv4.tcp_keepalive_time')), { admit: true });
  t.deepEqual(admitPodSysctls(current, pod('net/ipv4/tcp_rmem')), { admit: true }, 'slash-separated names are normalized');
  t.deepEqual(admitPodSysctls(current, pod('net.ipv4.tcp_keepalive_time', { hostNetwork: true })), {
    admit: false,
    reason: 'SysctlForbidden',
    message: 'forbidden sysctl: "net.ipv4.tcp_keepalive_time" not allowed with host net enabled',
  });
  t.deepEqual(admitPodSysctls(current, pod('kernel.shm_rmid_forced', { hostIPC: true })), {
    admit: false,
    reason: 'SysctlForbidden',
    message: 'forbidden sysctl: "kernel.shm_rmid_forced" not allowed with host ipc enabled',
  });
  t.deepEqual(admitPodSysctls(current, pod('kernel.msgmax')).admit, false, 'unsafe sysctls need allowedUnsafeSysctls');
  t.deepEqual(admitPodSysctls(nodeSysctlAllowlist(parseKernelVersion('6.8.0'), ['kernel.msg*', 'net.core.somaxconn']), pod('kernel.msgmax')), { admit: true });
  t.deepEqual(admitPodSysctls(current, { spec: {} }), { admit: true });
});

test('allowedUnsafeSysctls that are malformed or not namespaced stop the agent with the kubelet error', (t) => {
  t.is(t.throws(() => newSysctlAllowlist(['vm.swappiness']))?.message, 'the sysctl "vm.swappiness" are not known to be namespaced');
  t.is(t.throws(() => newSysctlAllowlist(['vm.*']))?.message, 'the sysctls "vm.*" are not known to be namespaced');
  t.is(
    t.throws(() => newSysctlAllowlist(['Net.Bad']))?.message,
    'sysctl "Net.Bad" must have at most 253 characters and match regex ([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*([a-z0-9][-_a-z0-9]*)?[a-z0-9*]',
  );
  t.is(normalizeSysctlName('net/ipv4/conf/eno2.100/rp_filter'), 'net.ipv4.conf.eno2/100.rp_filter');
  t.is(normalizeSysctlName('net.ipv4.conf.eno2/100.rp_filter'), 'net.ipv4.conf.eno2/100.rp_filter');
});

test('user namespaces, recursive read-only mounts and tmpfs noswap follow their minimum kernels', (t) => {
  const table: Array<[string, { recursiveReadOnlyMounts: boolean; userNamespaces: boolean }, boolean]> = [
    ['5.11.0', { recursiveReadOnlyMounts: false, userNamespaces: false }, false],
    ['5.12.0', { recursiveReadOnlyMounts: true, userNamespaces: false }, false],
    ['6.2.16', { recursiveReadOnlyMounts: true, userNamespaces: false }, false],
    ['6.3.0', { recursiveReadOnlyMounts: true, userNamespaces: true }, false],
    ['6.4.0', { recursiveReadOnlyMounts: true, userNamespaces: true }, true],
  ];
  for (const [kernel, features, noswap] of table) {
    t.deepEqual(runtimeFeaturesForKernel(parseKernelVersion(kernel)), features, kernel);
    t.is(tmpfsNoswapSupported(parseKernelVersion(kernel), false), noswap, kernel);
  }
  t.false(tmpfsNoswapSupported(parseKernelVersion('6.8.0'), true), 'never inside a user namespace');
});

test('a pod asking for a user namespace on a runtime without them, or for a recursive read-only mount it cannot have, fails with the kubelet messages', (t) => {
  t.is(userNamespaceRefusal(false, '', false), 'RuntimeClass handler "" does not support user namespaces');
  t.is(userNamespaceRefusal(false, 'runc', true), undefined);
  t.is(userNamespaceRefusal(undefined, '', false), undefined);
  t.is(userNamespaceRefusal(true, '', false), undefined);

  t.deepEqual(resolveRecursiveReadOnly({ name: 'mnt', readOnly: true, recursiveReadOnly: 'Enabled' }, false), {
    error: 'volume "mnt" requested recursive read-only mode, but it is not supported by the runtime',
  });
  t.deepEqual(resolveRecursiveReadOnly({ name: 'mnt', readOnly: true, recursiveReadOnly: 'Enabled' }, true), { recursive: true });
  t.deepEqual(resolveRecursiveReadOnly({ name: 'mnt', readOnly: true, recursiveReadOnly: 'IfPossible' }, false), { recursive: false });
  t.deepEqual(resolveRecursiveReadOnly({ name: 'mnt', readOnly: false, recursiveReadOnly: 'IfPossible' }, true), {
    error: 'volume "mnt" requested recursive read-only mode, but it is not read-only',
  });
  t.deepEqual(resolveRecursiveReadOnly({ name: 'mnt', readOnly: true, recursiveReadOnly: 'Enabled', mountPropagation: 'HostToContainer' }, true), {
    error: 'volume "mnt" requested recursive read-only mode, but it is not compatible with propagation "HostToContainer"',
  });
  t.deepEqual(resolveRecursiveReadOnly({ name: 'mnt', readOnly: true }, false), { recursive: false });
});

test('PSI is reported available only from 4.20 and only when /proc/pressure is there', (t) => {
  t.deepEqual(pressureStallAvailability(parseKernelVersion('4.19.0')), { available: false, reason: 'kernel 4.19.0 has no pressure stall information (it needs 4.20 or later)' });
  const missing = pressureStallAvailability(parseKernelVersion('6.8.0'), '/nonexistent-proc');
  t.false(missing.available);
  const real = pressureStallAvailability(runningKernelVersion());
  let procHasPressure = true;
  try {
    readFileSync('/proc/pressure/memory');
  } catch {
    procHasPressure = false;
  }
  t.is(real.available, procHasPressure && kernelAtLeast(runningKernelVersion(), '4.20'));
});

test('the cgroup version is the file system type of /sys/fs/cgroup, and cgroup v1 stops the agent unless failCgroupV1 is false', (t) => {
  const info = readCgroupInfo();
  const magic = statfsSync('/sys/fs/cgroup').type;
  t.is(info.version, magic === 0x63677270 ? 2 : 1);
  const report = inspectSystem();
  if (info.version === 1) {
    t.true(report.fatal.includes(failCgroupV1Message));
    const tolerant = inspectSystem({ failCgroupV1: false });
    t.false(tolerant.fatal.includes(failCgroupV1Message));
    t.deepEqual(
      tolerant.events.find((event) => event.reason === 'CgroupV1'),
      cgroupV1Event,
    );
  } else {
    t.false(report.fatal.includes(failCgroupV1Message));
    t.is(info.unifiedMountPoint, '/sys/fs/cgroup');
  }
});

test('on cgroup v1 the cpu, cpuacct, cpuset and memory controllers must be mounted', (t) => {
  const mounts = parseCgroupMounts(
    ['cgroup /sys/fs/cgroup/cpu cgroup rw,relatime,cpu 0 0', 'cgroup /sys/fs/cgroup/cpuacct cgroup rw,relatime,cpuacct 0 0', 'cgroup2 /sys/fs/cgroup/unified cgroup2 rw 0 0'].join(
      '\n',
    ),
  );
  t.deepEqual(checkCgroupRequirements({ version: 1, mounts }), { error: 'system validation failed - Following Cgroup subsystem not mounted: [cpuset memory]' });
  t.deepEqual(
    mounts.map((mount) => mount.type),
    ['cgroup', 'cgroup', 'cgroup2'],
  );
});
