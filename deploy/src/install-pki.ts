// The certificates `capstan install` lays out in /etc/capstan/pki, as kubeadm lays out
// /etc/kubernetes/pki: the cluster authority, the API server's serving certificate and its client
// certificate for the agents, and a client certificate for each component's kubeconfig. They are
// issued by cluster-pki.ts (the same authority and checks as `capstan up`) in a scratch copy of
// the directory, so that a dry run writes nothing and valid certificates on disk are kept.

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterPki, type CertificatePair } from './cluster-pki.ts';
import type { InstallFile } from './install-files.ts';

/** A component's identity, as kubeadm's kubeconfigs name them. */
export interface ClientIdentity {
  /** The certificate's file name in pki/ (without .crt/.key). */
  readonly file: string;
  readonly user: string;
  readonly groups: readonly string[];
}

export interface InstallPki {
  /** Every file of pki/: certificates 0644, keys 0600. */
  readonly files: readonly InstallFile[];
  readonly authority: string;
  /** The client certificates by their file name. */
  readonly clients: ReadonlyMap<string, CertificatePair>;
}

export async function installPki(
  existingDir: string,
  pkiPath: string,
  serving: { readonly ips: readonly string[]; readonly dnsNames: readonly string[] },
  identities: readonly ClientIdentity[],
): Promise<InstallPki> {
  const scratch = mkdtempSync(join(tmpdir(), 'capstan-install-pki-'));
  try {
    if (existsSync(existingDir)) cpSync(existingDir, scratch, { recursive: true });
    const pki = await clusterPki(scratch);
    await pki.serving(serving.ips, serving.dnsNames);
    const clients = new Map<string, CertificatePair>();
    for (const identity of identities) clients.set(identity.file, await pki.client(identity.file, identity.user, identity.groups));
    const files = readdirSync(scratch)
      .filter((name) => name.endsWith('.crt') || name.endsWith('.key'))
      .sort()
      .map((name): InstallFile => {
        const key = name.endsWith('.key');
        return { path: `${pkiPath}/${name}`, content: readFileSync(join(scratch, name), 'utf8'), mode: key ? 0o600 : 0o644, secret: key, owner: 'installer' };
      });
    return { files, authority: pki.authority, clients };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
