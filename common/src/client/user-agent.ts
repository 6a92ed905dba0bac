// The User-Agent in client-go's shape: `<command>/v<version> (<os>/<arch>) <project>/<commit>`,
// e.g. `capstan-agent/v0.1.0 (linux/amd64) capstan/v0.1.0`.

import { capstanVersion } from '../version.ts';

/** Node's names for architectures, in Go's words (GOARCH). */
const goArch: Readonly<Record<string, string>> = {
  x64: 'amd64',
  ia32: '386',
  arm: 'arm',
  arm64: 'arm64',
  ppc64: 'ppc64le',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
};

/** `command` names the program (capstan-agent, capstan-controller-manager, ...). */
export function defaultUserAgent(command = 'capstan', version = capstanVersion): string {
  const arch = goArch[process.arch] ?? process.arch;
  return `${command}/v${version} (${process.platform}/${arch}) capstan/v${version}`;
}
