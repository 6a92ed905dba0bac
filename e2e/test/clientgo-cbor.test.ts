// client-go v0.35 speaking CBOR (KUBE_FEATURE_ClientsAllowCBOR and ClientsPreferCBOR) to an API
// server with the CBORServingAndStorage gate: typed and dynamic clients create, get, list, update,
// apply, watch and delete, []byte fields (Secret data, ConfigMap binaryData) round-trip byte for
// byte, and a 404 reads as a Status. The program, e2e/clientgo/cmd/cbor-probe, is the judge.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import test from 'ava';
import { clientGoBinary, goAvailable } from '../src/clientgo-binary.ts';
import { startApiServer } from '../src/api-server-process.ts';

const run = promisify(execFile);
const hasGo = goAvailable();
if (!hasGo && process.env.CI !== undefined) throw new Error('CI needs the Go toolchain for the client-go tests: `go` is not on the PATH');
const goTest = hasGo ? test : test.skip;
if (!hasGo) console.log('skipped: the client-go CBOR tests need the Go toolchain (`go` on the PATH)');

const cborClient = { ...process.env, KUBE_FEATURE_ClientsAllowCBOR: 'true', KUBE_FEATURE_ClientsPreferCBOR: 'true' };

/** The probe's output, step by step: "<step> <request Content-Type> <response Content-Type>". */
async function probe(kubeconfig: string): Promise<string> {
  try {
    return (await run(clientGoBinary('cbor-probe'), [kubeconfig, 'default'], { env: cborClient, encoding: 'utf8', timeout: 90_000 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`cbor-probe failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

goTest(
  'client-go typed and dynamic clients and a shared informer work in CBOR end to end: Secret data and ConfigMap binaryData byte for byte, watch events, apply, a 404 as a Status',
  async (t) => {
    const server = await startApiServer(['--feature-gates=CBORServingAndStorage=true']);
    t.teardown(() => server.stop());
    const output = await probe(server.kubeconfig);
    const cbor = 'application/cbor';
    const steps = output.split('\n').filter((line) => line.startsWith('ok '));
    t.deepEqual(steps, [
      `ok secret-watch - application/cbor-seq`,
      `ok secret-create ${cbor} ${cbor}`,
      `ok secret-get - ${cbor}`,
      `ok secret-update ${cbor} ${cbor}`,
      `ok secret-list - ${cbor}`,
      `ok secret-delete ${cbor} ${cbor}`,
      'ok secret-watch-events',
      `ok configmap-create ${cbor} ${cbor}`,
      `ok configmap-apply application/apply-patch+cbor ${cbor}`,
      `ok configmap-delete ${cbor} ${cbor}`,
      `ok deployment-create ${cbor} ${cbor}`,
      `ok deployment-delete ${cbor} ${cbor}`,
      `ok not-found - ${cbor}`,
      `ok invalid ${cbor} ${cbor}`,
      `ok conflict ${cbor} ${cbor}`,
      // A shared informer, as controllers run one: list, then watch, in CBOR.
      'ok informer-synced',
      'ok informer-added',
      `ok dynamic-create ${cbor} ${cbor}`,
      `ok dynamic-get - ${cbor}`,
      `ok dynamic-update ${cbor} ${cbor}`,
      `ok dynamic-list - ${cbor}`,
      `ok dynamic-watch - application/cbor-seq`,
      'ok dynamic-watch-events',
      `ok dynamic-delete ${cbor} ${cbor}`,
      `ok dynamic-not-found - ${cbor}`,
    ]);
    t.regex(output, /^status 404 Failure NotFound secrets\/nowhere "secrets \\"nowhere\\" not found"$/m);
    t.regex(output, /^invalid 422 Invalid field=metadata\.name$/m);
    t.regex(output, /^dynamic-status "configmaps \\"cbor-dynamic\\" not found"$/m);
  },
);
