// The machine as cadvisor describes it to the kubelet (MachineInfo, VersionInfo): identities,
// kernel and OS image, online CPUs, memory, swap and huge pages. These become the Node's
// nodeInfo and the base of its capacity.

import { readdirSync, readFileSync } from 'node:fs';
import { arch, availableParallelism, cpus, endianness, platform, release } from 'node:os';
import { join } from 'node:path';
import { meminfoField, readMeminfo } from './meminfo.ts';
import { errorCode } from '@capstan/common';

export interface HugePagesInfo {
  /** The page size in KiB, as the sysfs directory names it (2048, 1048576). */
  readonly pageSizeKiB: number;
  readonly numPages: number;
}

export interface MachineInfo {
  readonly machineID: string;
  readonly systemUUID: string;
  readonly bootID: string;
  /** uname -r. */
  readonly kernelVersion: string;
  /** PRETTY_NAME of os-release. */
  readonly osImage: string;
  /** GOOS and GOARCH names. */
  readonly operatingSystem: string;
  readonly architecture: string;
  /** Online logical CPUs: what cadvisor counts and the kubelet reports as cpu capacity. */
  readonly numCores: number;
  /** The CPUs this process may run on (its affinity, which a cpuset narrows); for information only. */
  readonly usableCores: number;
  /** MemTotal in bytes. */
  readonly memoryCapacity: number;
  /** SwapTotal in bytes. */
  readonly swapCapacity: number;
  readonly hugePages: readonly HugePagesInfo[];
}

/** Where the facts are read; tests point these at fixtures. */
export interface MachineInfoSources {
  readonly machineIdFiles: readonly string[];
  readonly bootIdFile: string;
  readonly systemUuidFiles: readonly string[];
  readonly osReleaseFiles: readonly string[];
  readonly cpuOnlineFile: string;
  readonly meminfoFile: string;
  readonly hugePagesDirectory: string;
}

export const defaultMachineInfoSources: MachineInfoSources = {
  machineIdFiles: ['/etc/machine-id', '/var/lib/dbus/machine-id'],
  bootIdFile: '/proc/sys/kernel/random/boot_id',
  // cadvisor's order; on machines without DMI (some VMs, ppc64, s390x) the last answers.
  systemUuidFiles: ['/sys/class/dmi/id/product_uuid', '/proc/device-tree/system-id', '/proc/device-tree/vm,uuid', '/etc/machine-id'],
  osReleaseFiles: ['/etc/os-release', '/usr/lib/os-release'],
  cpuOnlineFile: '/sys/devices/system/cpu/online',
  meminfoFile: '/proc/meminfo',
  hugePagesDirectory: '/sys/kernel/mm/hugepages',
};

function readFirst(files: readonly string[]): string | undefined {
  for (const file of files) {
    try {
      // Device-tree properties end in NUL.
      return readFileSync(file, 'utf8').replace(/\0+$/, '').trim();
    } catch {
      // Try the next one.
    }
  }
  return undefined;
}

/** cadvisor's getOperatingSystem: the first PRETTY_NAME, unquoted; "Linux" when there is none. */
export function osImageFromOsRelease(text: string): string {
  const match = /(PRETTY_NAME)=(.*)/.exec(text);
  return match === null ? 'Linux' : (match[2] as string).replace(/^"+|"+$/g, '');
}

function readOsImage(files: readonly string[]): string {
  for (const file of files) {
    try {
      return osImageFromOsRelease(readFileSync(file, 'utf8'));
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') break;
    }
  }
  return 'Unknown';
}

/** The number of CPUs in a kernel CPU list ("0-3,8,10-11"). */
export function countCpuList(list: string): number {
  let count = 0;
  for (const range of list.trim().split(',')) {
    if (range === '') continue;
    const [from, to] = range.split('-').map(Number) as [number, number | undefined];
    count += to === undefined ? 1 : to - from + 1;
  }
  return count;
}

function readOnlineCpus(file: string): number {
  try {
    return countCpuList(readFileSync(file, 'utf8'));
  } catch {
    return cpus().length;
  }
}

function readHugePages(directory: string): HugePagesInfo[] {
  let entries: string[];
  try {
    entries = readdirSync(directory).sort();
  } catch {
    return [];
  }
  const pages: HugePagesInfo[] = [];
  for (const entry of entries) {
    const match = /^hugepages-(\d+)kB$/.exec(entry);
    if (match === null) continue;
    const numPages = Number(readFileSync(join(directory, entry, 'nr_hugepages'), 'utf8').trim());
    pages.push({ pageSizeKiB: Number(match[1]), numPages });
  }
  return pages;
}

const goArchitectures: Readonly<Record<string, string>> = {
  x64: 'amd64',
  ia32: '386',
  arm64: 'arm64',
  arm: 'arm',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  mips: 'mips',
  mipsel: 'mipsle',
};

/** runtime.GOARCH for Node's os.arch(). */
export function goArchitecture(nodeArch: string = arch(), byteOrder: 'BE' | 'LE' = endianness()): string {
  if (nodeArch === 'ppc64') return byteOrder === 'LE' ? 'ppc64le' : 'ppc64';
  return goArchitectures[nodeArch] ?? nodeArch;
}

/** runtime.GOOS for Node's os.platform(). */
export function goOperatingSystem(nodePlatform: string = platform()): string {
  return nodePlatform === 'win32' ? 'windows' : nodePlatform;
}

export function readMachineInfo(sources: MachineInfoSources = defaultMachineInfoSources): MachineInfo {
  const meminfo = readMeminfo(sources.meminfoFile);
  return {
    machineID: readFirst(sources.machineIdFiles) ?? '',
    systemUUID: readFirst(sources.systemUuidFiles) ?? '',
    bootID: readFirst([sources.bootIdFile]) ?? '',
    kernelVersion: release(),
    osImage: readOsImage(sources.osReleaseFiles),
    operatingSystem: goOperatingSystem(),
    architecture: goArchitecture(),
    numCores: readOnlineCpus(sources.cpuOnlineFile),
    usableCores: availableParallelism(),
    memoryCapacity: meminfoField(meminfo, 'MemTotal'),
    swapCapacity: meminfo.get('SwapTotal') ?? 0,
    hugePages: readHugePages(sources.hugePagesDirectory),
  };
}

/** The nodeInfo fields the machine answers (the runtime and agent versions come from elsewhere). */
export function machineNodeInfo(machine: MachineInfo): {
  machineID: string;
  systemUUID: string;
  bootID: string;
  kernelVersion: string;
  osImage: string;
  operatingSystem: string;
  architecture: string;
  swap: { capacity: number };
} {
  const { machineID, systemUUID, bootID, kernelVersion, osImage, operatingSystem, architecture } = machine;
  return { machineID, systemUUID, bootID, kernelVersion, osImage, operatingSystem, architecture, swap: { capacity: machine.swapCapacity } };
}
