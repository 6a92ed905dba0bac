import test from 'ava';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chooseHostAddress,
  defaultRouteInterfaces,
  isGlobalUnicast,
  machineNodeInfo,
  nodeAddresses,
  nodeAllocatable,
  nodeAllocatableReservation,
  nodeCapacity,
  nodeHostname,
  osImageFromOsRelease,
  countCpuList,
  parseEvictionThreshold,
  readCgroupInfo,
  readFilesystemStats,
  readMachineInfo,
  readMemoryReading,
  readPidReading,
  resourceList,
  validateNodeAllocatable,
  type MachineInfo,
} from '../src/system/index.ts';

const sh = (script: string): string => execFileSync('sh', ['-c', script], { encoding: 'utf8' }).trim();
const meminfoKiB = (field: string): number =>
  Number(
    /(\d+) kB/.exec(
      readFileSync('/proc/meminfo', 'utf8')
        .split('\n')
        .find((line) => line.startsWith(`${field}:`)) ?? '',
    )?.[1],
  );

test('the machine facts are the ones the kernel and the OS files give', (t) => {
  const machine = readMachineInfo();
  t.is(machine.machineID, readFileSync('/etc/machine-id', 'utf8').trim());
  t.regex(machine.machineID, /^[0-9a-f]{32}$/);
  t.is(machine.bootID, readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  t.regex(machine.bootID, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  t.not(machine.systemUUID, '');
  t.is(machine.kernelVersion, sh('uname -r'));
  t.is(machine.osImage, sh('. /etc/os-release && printf %s "$PRETTY_NAME"'));
  t.is(machine.operatingSystem, 'linux');
  t.is(machine.architecture, ({ x86_64: 'amd64', aarch64: 'arm64' } as Record<string, string>)[sh('uname -m')] ?? sh('uname -m'));
  t.is(machine.numCores, Number(sh('getconf _NPROCESSORS_ONLN')));
  t.true(machine.usableCores >= 1 && machine.usableCores <= machine.numCores);
  t.is(machine.memoryCapacity, meminfoKiB('MemTotal') * 1024);
  t.is(machine.swapCapacity, meminfoKiB('SwapTotal') * 1024);
  for (const pages of machine.hugePages) {
    t.is(pages.numPages, Number(readFileSync(`/sys/kernel/mm/hugepages/hugepages-${pages.pageSizeKiB}kB/nr_hugepages`, 'utf8')));
  }
  t.deepEqual(machineNodeInfo(machine).swap, { capacity: machine.swapCapacity });
});

test('os-release, CPU lists and a missing DMI answer as cadvisor does', (t) => {
  t.is(osImageFromOsRelease('NAME="Debian GNU/Linux"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n'), 'Debian GNU/Linux 12 (bookworm)');
  t.is(osImageFromOsRelease('PRETTY_NAME=Alpine\n'), 'Alpine');
  t.is(osImageFromOsRelease('NAME=Linux\n'), 'Linux');
  t.is(countCpuList('0-3,8,10-11\n'), 7);
  t.is(countCpuList('0'), 1);
  const dir = mkdtempSync(join(tmpdir(), 'capstan-machine-'));
  try {
    writeFileSync(join(dir, 'machine-id'), 'abc123\n');
    writeFileSync(join(dir, 'system-id'), 'IBM,0123\0');
    writeFileSync(join(dir, 'meminfo'), 'MemTotal:        4050864 kB\nSwapTotal:       1048572 kB\n');
    writeFileSync(join(dir, 'online'), '0-1\n');
    const machine = readMachineInfo({
      machineIdFiles: [join(dir, 'absent'), join(dir, 'machine-id')],
      bootIdFile: join(dir, 'absent'),
      systemUuidFiles: [join(dir, 'product_uuid'), join(dir, 'system-id')],
      osReleaseFiles: [join(dir, 'absent')],
      cpuOnlineFile: join(dir, 'online'),
      meminfoFile: join(dir, 'meminfo'),
      hugePagesDirectory: join(dir, 'absent'),
    });
    t.like(machine, { machineID: 'abc123', systemUUID: 'IBM,0123', bootID: '', osImage: 'Unknown', numCores: 2, memoryCapacity: 4050864 * 1024, swapCapacity: 1048572 * 1024 });
    t.deepEqual(machine.hugePages, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** "123", "5Ki" or "3Gi" as bytes. */
const binaryBytes = (text: string): bigint => {
  const match = /^(\d+)(Ki|Mi|Gi|Ti)?$/.exec(text);
  if (match === null) throw new Error(`not a binary quantity: ${text}`);
  const power = { Ki: 1n, Mi: 2n, Gi: 3n, Ti: 4n }[match[2] as 'Ki'] ?? 0n;
  return BigInt(match[1] as string) * 1024n ** power;
};

const fakeMachine = (overrides: Partial<MachineInfo> = {}): MachineInfo => ({
  machineID: 'm',
  systemUUID: 's',
  bootID: 'b',
  kernelVersion: '6.8.0',
  osImage: 'Test',
  operatingSystem: 'linux',
  architecture: 'amd64',
  numCores: 2,
  usableCores: 2,
  memoryCapacity: 4050864 * 1024,
  swapCapacity: 0,
  hugePages: [],
  ...overrides,
});

test('capacity and allocatable match a real kubelet node: 10% of the root file system and 100Mi of memory held for eviction', (t) => {
  // From a kubelet's Node: capacity ephemeral-storage 18446032Ki, memory 4050864Ki; allocatable 16999863064, 3948464Ki.
  const capacity = nodeCapacity(fakeMachine({ hugePages: [{ pageSizeKiB: 2048, numPages: 0 }] }), { capacity: 18446032 * 1024, available: 0, inodes: 0, inodesFree: 0 });
  t.deepEqual(resourceList(capacity), { cpu: '2', 'ephemeral-storage': '18446032Ki', 'hugepages-2Mi': '0', memory: '4050864Ki', pods: '110' });
  t.deepEqual(resourceList(nodeAllocatable(capacity, nodeAllocatableReservation(capacity))), {
    cpu: '2',
    'ephemeral-storage': '16999863064',
    'hugepages-2Mi': '0',
    memory: '3948464Ki',
    pods: '110',
  });
});

test('systemReserved, kubeReserved, eviction thresholds and huge pages come off allocatable; podsPerCore caps pods', (t) => {
  const machine = fakeMachine({
    numCores: 4,
    memoryCapacity: 8 * 2 ** 30,
    hugePages: [
      { pageSizeKiB: 2048, numPages: 512 },
      { pageSizeKiB: 1048576, numPages: 0 },
    ],
  });
  const capacity = nodeCapacity(machine, { capacity: 100 * 2 ** 30, available: 0, inodes: 0, inodesFree: 0 }, { maxPods: 250, podsPerCore: 10 });
  const reservation = nodeAllocatableReservation(capacity, {
    systemReserved: { cpu: '100m', memory: '150Mi' },
    kubeReserved: { cpu: '200m', memory: '100Mi', 'ephemeral-storage': '1Gi', pid: '1000' },
    evictionHard: { 'memory.available': '500Mi', 'nodefs.available': '5Gi' },
  });
  t.deepEqual(resourceList(reservation), { cpu: '300m', 'ephemeral-storage': '6Gi', memory: '750Mi' });
  t.deepEqual(resourceList(nodeAllocatable(capacity, reservation)), {
    cpu: '3700m',
    'ephemeral-storage': '94Gi',
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '1Gi',
    memory: '6418Mi',
    pods: '40',
  });
  const greedy = nodeAllocatableReservation(capacity, { systemReserved: { cpu: '5' } });
  t.is(resourceList(nodeAllocatable(capacity, greedy))['cpu'], '0');
  t.is(validateNodeAllocatable(capacity, greedy), 'invalid Node Allocatable configuration. Resource "cpu" has an allocatable of 5, capacity of -1');
});

test('eviction thresholds parse as the kubelet parses them, percentages as float32', (t) => {
  t.deepEqual(parseEvictionThreshold('nodefs.available', '10%')?.value, { percentage: Math.fround(0.1) });
  t.is(parseEvictionThreshold('nodefs.available', '0%'), undefined);
  t.is(parseEvictionThreshold('nodefs.available', '100%'), undefined);
  t.is(t.throws(() => parseEvictionThreshold('memory.free', '1Gi'))?.message, 'unsupported eviction signal memory.free');
  t.is(t.throws(() => parseEvictionThreshold('memory.available', '0'))?.message, 'eviction threshold memory.available must be positive: 0');
  t.is(t.throws(() => parseEvictionThreshold('nodefs.available', '120%'))?.message, 'eviction percentage threshold nodefs.available must be <= 100%: 120%');
  t.is(t.throws(() => parseEvictionThreshold('nodefs.available', 'x%'))?.message, 'strconv.ParseFloat: parsing "x": invalid syntax');
  t.is(t.throws(() => parseEvictionThreshold('memory.available', '5iK'))?.message, "unable to parse quantity's suffix");
});

test("the real machine's capacity: cores, MemTotal in Ki and the root directory's file system", (t) => {
  const machine = readMachineInfo();
  const dir = mkdtempSync(join(tmpdir(), 'capstan-root-'));
  try {
    const filesystem = readFilesystemStats(join(dir, 'not-created-yet'));
    const [blockSize, blocks] = sh(`stat -f -c '%S %b' ${dir}`).split(' ').map(Number) as [number, number];
    t.is(filesystem.capacity, blockSize * blocks);
    t.true(filesystem.available <= filesystem.capacity && filesystem.inodesFree <= filesystem.inodes);
    const capacity = resourceList(nodeCapacity(machine, filesystem));
    t.is(capacity['cpu'], String(machine.numCores));
    t.is(capacity['memory'], `${meminfoKiB('MemTotal')}Ki`);
    t.is(capacity['pods'], '110');
    const expectedStorage = BigInt(filesystem.capacity) - BigInt(Math.trunc(filesystem.capacity * Math.fround(0.1)));
    const allocatable = resourceList(nodeAllocatable(nodeCapacity(machine, filesystem), nodeAllocatableReservation(nodeCapacity(machine, filesystem))));
    t.is(allocatable['memory'], `${meminfoKiB('MemTotal') - 102400}Ki`);
    t.is(binaryBytes(allocatable['ephemeral-storage'] ?? ''), expectedStorage);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the memory signal is MemTotal less the root working set, and pids come from pid_max, threads-max and loadavg', (t) => {
  const memory = readMemoryReading(readCgroupInfo());
  t.is(memory.capacity, meminfoKiB('MemTotal') * 1024);
  t.true(memory.workingSet > 0 && memory.workingSet < memory.capacity);
  t.is(memory.available, memory.capacity - memory.workingSet);
  const pids = readPidReading();
  const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  const threadsMax = Number(readFileSync('/proc/sys/kernel/threads-max', 'utf8'));
  t.is(pids.maxPID, Math.min(pidMax, threadsMax));
  t.true(pids.running > 0 && pids.running < pids.maxPID);
});

test('Hostname is the kernel host name lowercased or the override; InternalIP a global address this host holds', async (t) => {
  t.is(nodeHostname(), hostname().trim().toLowerCase());
  t.is(nodeHostname('  Worker-1.Example '), 'worker-1.example');
  t.is(t.throws(() => nodeHostname('', () => '  '))?.message, 'empty hostname is invalid');
  const name = nodeHostname();
  const addresses = await nodeAddresses({ nodeName: name, hostname: name });
  t.is(addresses.length, 2);
  t.deepEqual(addresses[1], { type: 'Hostname', address: name });
  const internal = addresses[0];
  t.is(internal?.type, 'InternalIP');
  const held = Object.values(networkInterfaces()).flatMap((infos) => infos?.map((info) => info.address) ?? []);
  t.true(held.includes(internal?.address ?? ''));
  t.true(isGlobalUnicast(internal?.address ?? ''));
});

test('--node-ip is validated against the host, a hostname that is an IP is used as it is, dual-stack lists both', async (t) => {
  const interfaces = {
    lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
    eth0: [
      { address: 'fe80::1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fe80::1/64', scopeid: 2 },
      { address: '10.1.2.3', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '10.1.2.3/24' },
      { address: 'fd00::3', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fd00::3/64', scopeid: 0 },
    ],
  } as unknown as NodeJS.Dict<ReturnType<typeof networkInterfaces>[string] & object>;
  const base = { nodeName: 'n1', hostname: 'n1', interfaces, resolve: async () => ['127.0.1.1'] };
  await t.throwsAsync(nodeAddresses({ ...base, nodeIPs: ['10.9.9.9'] }), { message: `failed to validate nodeIP: node IP: "10.9.9.9" not found in the host's network interfaces` });
  await t.throwsAsync(nodeAddresses({ ...base, nodeIPs: ['127.0.0.1'] }), { message: "failed to validate nodeIP: nodeIP can't be loopback address" });
  // net.IP reads an IPv4-mapped address as the IPv4 one.
  await t.throwsAsync(nodeAddresses({ ...base, nodeIPs: ['::ffff:127.0.0.1'] }), { message: "failed to validate nodeIP: nodeIP can't be loopback address" });
  t.deepEqual(await nodeAddresses({ ...base, nodeIPs: ['10.1.2.3', 'fd00::3'] }), [
    { type: 'InternalIP', address: '10.1.2.3' },
    { type: 'InternalIP', address: 'fd00::3' },
    { type: 'Hostname', address: 'n1' },
  ]);
  t.deepEqual(await nodeAddresses({ ...base, hostname: '10.1.2.3' }), [
    { type: 'InternalIP', address: '10.1.2.3' },
    { type: 'Hostname', address: '10.1.2.3' },
  ]);
  t.deepEqual(
    (await nodeAddresses({ ...base, resolve: async () => ['127.0.1.1', 'fd00::3', '10.1.2.3'] }))[0],
    { type: 'InternalIP', address: '10.1.2.3' },
    'DNS answers this host holds, IPv4 first',
  );

  const routes = mkdtempSync(join(tmpdir(), 'capstan-routes-'));
  try {
    const ipv4 = join(routes, 'route');
    writeFileSync(
      ipv4,
      'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\nlo\t0000007F\t00000000\t0001\t0\t0\t0\t000000FF\neth0\t00000000\t0102010A\t0003\t0\t0\t0\t00000000\n',
    );
    t.is(chooseHostAddress(false, interfaces, { ipv4, ipv6: join(routes, 'none') }), '10.1.2.3');
    t.deepEqual((await nodeAddresses({ ...base, routeFiles: { ipv4, ipv6: join(routes, 'none') } }))[0], { type: 'InternalIP', address: '10.1.2.3' });
    writeFileSync(ipv4, 'Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask\n');
    await t.throwsAsync(nodeAddresses({ ...base, routeFiles: { ipv4, ipv6: join(routes, 'none') } }), {
      message: `can't get ip address of node n1. error: no default routes found in "${ipv4}" or "${join(routes, 'none')}"`,
    });
  } finally {
    rmSync(routes, { recursive: true, force: true });
  }
  t.deepEqual(
    defaultRouteInterfaces(
      '',
      '00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 00000400 00000001 00000000 00000003 eth1\n',
    ),
    [{ interface: 'eth1', family: 6 }],
  );
});

test('global unicast addresses are the ones Go calls so', (t) => {
  const cases: Array<[string, boolean]> = [
    ['10.0.0.1', true],
    ['192.0.2.2', true],
    ['127.0.0.1', false],
    ['169.254.1.1', false],
    ['224.0.0.1', false],
    ['0.0.0.0', false],
    ['255.255.255.255', false],
    ['2001:db8::1', true],
    ['fd00::3', true],
    ['fe80::1', false],
    ['::1', false],
    ['::', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
  ];
  for (const [address, expected] of cases) t.is(isGlobalUnicast(address), expected, address);
});
