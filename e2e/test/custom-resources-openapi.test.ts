// The OpenAPI of custom resources with kubectl: once a CRD is established, kubectl explain shows
// its schema's fields and descriptions (read from /openapi/v3, which kubectl caches by hash, and
// from /openapi/v2 when asked), a change of the schema shows, kubectl apply patches its objects
// (with a JSON merge patch: the documents offer no strategic merge patch for them), and the kind
// goes when the CRD is deleted.

import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlApply } from '../src/kubectl-apply.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

const crd = (specDescription: string) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'gadgets.openapi.example.com' },
  spec: {
    group: 'openapi.example.com',
    scope: 'Namespaced',
    names: { plural: 'gadgets', singular: 'gadget', kind: 'Gadget', listKind: 'GadgetList' },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            description: 'A gadget for the OpenAPI tests.',
            type: 'object',
            properties: {
              spec: {
                description: specDescription,
                type: 'object',
                required: ['size'],
                properties: {
                  size: { description: 'How big the gadget is.', type: 'integer', minimum: 1 },
                  color: { description: 'The colour of the gadget.', type: 'string', enum: ['red', 'blue'] },
                },
              },
            },
          },
        },
      },
    ],
  },
});

/** Tries `attempt` until it succeeds: the documents follow the CRD shortly after it changes. */
async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await delay(200);
    }
  }
}

test("kubectl explain shows a CRD schema's fields and descriptions, follows a change of it, and finds nothing once the CRD is deleted", async (t) => {
  const server = await startApiServer();
  // kubectl's own cache of discovery and OpenAPI, as a user has it, but this test's alone.
  const cacheDir = mkdtempSync(join(tmpdir(), 'capstan-kubectl-cache-'));
  t.teardown(async () => {
    await server.stop();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  const flags = [`--kubeconfig=${server.kubeconfig}`, `--cache-dir=${cacheDir}`];
  const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [...flags, ...args], { encoding: 'utf8' })).stdout;
  const apply = async (object: unknown): Promise<string> => {
    const { code, output } = await kubectlApply(server.kubeconfig, object, [`--cache-dir=${cacheDir}`]);
    if (code !== 0) throw new Error(`kubectl apply exited with ${code}: ${output}`);
    return output;
  };
  /** kubectl explain, once its output matches every pattern. */
  const explained = (what: string, ...patterns: RegExp[]): Promise<string> =>
    eventually(async () => {
      const out = await kubectl('explain', what);
      for (const pattern of patterns) if (!pattern.test(out)) throw new Error(`kubectl explain ${what} does not match ${pattern}:\n${out}`);
      return out;
    });

  t.regex(await apply(crd('The desired state of the gadget.')), /created/);
  const spec = await explained('gadgets.spec', /DESCRIPTION:\s+The desired state of the gadget\./);
  t.regex(spec, /^GROUP:\s+openapi\.example\.com\nKIND:\s+Gadget\nVERSION:\s+v1\n/);
  t.regex(spec, /FIELD: spec <Object>/);
  t.regex(spec, /\n {2}color\t<string>\n {2}enum: red, blue\n {4}The colour of the gadget\.\n/);
  t.regex(spec, /\n {2}size\t<integer> -required-\n {4}How big the gadget is\.\n/);
  const kind = await kubectl('explain', 'gadgets');
  t.regex(kind, /DESCRIPTION:\s+A gadget for the OpenAPI tests\./);
  t.regex(kind, /\n {2}metadata\t<ObjectMeta>\n/);
  t.regex(await kubectl('explain', 'gadgets.metadata.creationTimestamp'), /FIELD: creationTimestamp <string>/);
  await t.throwsAsync(kubectl('explain', 'gadgets.spec.weight'), { message: /field "weight" does not exist/ });
  // The v2 document (Protobuf, for kubectl) has the kind too.
  t.regex(await kubectl('explain', 'gadgets.spec', '--output=plaintext-openapiv2'), /size\t<integer> -required-\n\s+How big the gadget is\./);

  // A second apply patches: a strategic merge patch would be refused for a custom resource.
  const gadget = (size: number) => ({ apiVersion: 'openapi.example.com/v1', kind: 'Gadget', metadata: { name: 'g', namespace: 'default' }, spec: { size } });
  t.regex(await apply(gadget(1)), /gadget.openapi.example.com\/g created/);
  t.regex(await apply(gadget(2)), /gadget.openapi.example.com\/g configured/);

  // A new schema is a new document (and hash), which kubectl reads despite its cache.
  await apply(crd('What the gadget should be.'));
  t.regex(await explained('gadgets.spec', /DESCRIPTION:\s+What the gadget should be\./), /size\t<integer> -required-/);

  t.regex(await kubectl('delete', 'crd', 'gadgets.openapi.example.com', '--timeout=60s'), /deleted/);
  await eventually(async () => {
    const index = (await (await fetch(`${server.url}/openapi/v3`)).json()) as { paths: Record<string, unknown> };
    if ('apis/openapi.example.com/v1' in index.paths) throw new Error('the group-version is still in the OpenAPI v3 index');
  });
  const v2 = (await (await fetch(`${server.url}/openapi/v2`)).json()) as { definitions: Record<string, unknown> };
  t.false('com.example.openapi.v1.Gadget' in v2.definitions);
  await t.throwsAsync(kubectl('explain', 'gadgets.spec'));
});
