// PUT .../{resource}/{name}: replace the object (kubectl replace, edit's write); unknown fields are
// dropped, and warned about or refused as fieldValidation says; dryRun=All writes nothing. For the
// kinds that allow it, a PUT of a missing object creates it (201).

import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowsCreateOnUpdate } from '../registry/create-on-update.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { checkNameMatchesUrl, metadataOf } from '../registry/object-meta.ts';
import type { Registry } from '../registry/registry.ts';
import { createFromBody } from './create.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { writeOptionsOf } from '../registry/write-options.ts';
import { dropUnknownFieldsOf } from './field-validation.ts';
import { namespaceOf } from './get.ts';
import { mainView } from './object-view.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

export async function updateObject(
  registry: Registry,
  store: GenericStore,
  info: RequestInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
  hooks?: ResourceHooks,
): Promise<void> {
  negotiateOutput(request);
  const { dryRun, fieldValidation } = writeOptionsOf(query, 'UpdateOptions');
  const body = await readJsonBody(request);
  await dropUnknownFieldsOf(body, store.definition, fieldValidation, response);
  const namespace = namespaceOf(info);
  if (allowsCreateOnUpdate(store.definition) && !(await store.exists(namespace, info.name))) {
    checkNameMatchesUrl(body, info.name);
    const { resourceVersion: _ignored, ...metadata } = metadataOf(body);
    const created = await createFromBody(registry, store, namespace, { ...body, metadata: { ...metadata, name: metadata.name ?? info.name } }, dryRun, hooks);
    return sendJson(response, 201, created);
  }
  sendJson(response, 200, await mainView(store, namespace, info.name, hooks).update(body, { dryRun }));
}

