// Pod IPs of a simulated node, handed out in order from its pod CIDR (the one the kubelet passes
// in UpdateRuntimeConfig, 10.88.0.0/16 as containerd's default CNI network until then), skipping
// the network address and the gateway (.1), reusing released ones.

export const defaultPodCidr = '10.88.0.0/16';

export class IpAllocator {
  readonly #base: number;
  readonly #size: number;
  #next = 2;
  readonly #released: number[] = [];
  readonly #used = new Set<number>();

  constructor(cidr: string = defaultPodCidr) {
    const match = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\/(\d+)$/.exec(cidr.trim());
    const octets = match?.slice(1, 5).map(Number) ?? [];
    const bits = Number(match?.[5]);
    if (match === null || octets.some((o) => o > 255) || bits < 8 || bits > 30) throw new Error(`invalid IPv4 pod CIDR "${cidr}"`);
    const address = octets.reduce((a, o) => a * 256 + o, 0);
    this.#size = 2 ** (32 - bits);
    this.#base = address - (address % this.#size);
  }

  allocate(): string {
    let offset = this.#released.pop();
    if (offset === undefined) {
      if (this.#next >= this.#size - 1) throw new Error('pod CIDR exhausted');
      offset = this.#next++;
    }
    this.#used.add(offset);
    return formatIp(this.#base + offset);
  }

  release(ip: string): void {
    const offset = parseIp(ip) - this.#base;
    // An address of a range used before the kubelet sent this one is not ours to free.
    if (offset < 0 || offset >= this.#size) return;
    if (this.#used.delete(offset)) this.#released.push(offset);
  }
}

function formatIp(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

function parseIp(ip: string): number {
  return ip.split('.').reduce((a, o) => a * 256 + Number(o), 0);
}
