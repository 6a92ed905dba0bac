// Installs CustomResourceDefinitions on a started server and waits, as envtest's WaitForCRDs does,
// until every served version of each is listed by discovery: from then on a client can use them.

import type { CustomResourceDefinitionObject } from './crd-manifests.ts';

interface ServedNames {
  readonly group: string;
  readonly plural: string;
  readonly versions: readonly string[];
}

const crdsPath = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

export async function installCrds(url: string, token: string, crds: readonly CustomResourceDefinitionObject[]): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  const served: ServedNames[] = [];
  for (const crd of crds) {
    const response = await fetch(`${url}${crdsPath}`, { method: 'POST', headers, body: JSON.stringify(crd) });
    if (response.status !== 201) {
      const status = (await response.json().catch(() => ({}))) as { message?: string };
      throw new Error(`installing a CustomResourceDefinition answered ${response.status}: ${status.message ?? response.statusText}`);
    }
    served.push(servedNamesOf((await response.json()) as CustomResourceDefinitionObject));
  }
  for (const { group, plural, versions } of served) {
    for (const version of versions) await waitForDiscovery(`${url}/apis/${group}/${version}`, plural, headers);
  }
}

function servedNamesOf(crd: CustomResourceDefinitionObject): ServedNames {
  const spec = crd.spec as { group: string; names: { plural: string }; versions: readonly { name: string; served: boolean }[] };
  return { group: spec.group, plural: spec.names.plural, versions: spec.versions.filter((v) => v.served).map((v) => v.name) };
}

/** A CRD not served by then is reported rather than waited for forever (a conversion webhook that never answers, say). */
const servedWithinMs = 30_000;

async function waitForDiscovery(groupVersionUrl: string, plural: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + servedWithinMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${plural} is not listed at ${groupVersionUrl} ${servedWithinMs / 1000} s after its CustomResourceDefinition was created`);
    const response = await fetch(groupVersionUrl, { headers });
    if (response.status === 200) {
      const list = (await response.json()) as { resources?: readonly { name: string }[] };
      if (list.resources?.some((resource) => resource.name === plural) === true) return;
    } else await response.body?.cancel();
    // The CRD controller serves it within a few event-loop turns of its creation.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
