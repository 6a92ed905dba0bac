// PUT .../{resource}/{name}: replace the object (kubectl replace, edit's write); unknown fields are
// dropped, and warned about or refused as fieldValidation says; dryRun=All writes nothing.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GenericStore } from '../registry/generic-store.ts';
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
  sendJson(response, 200, await mainView(store, namespaceOf(info), info.name, hooks).update(body, { dryRun }));
}

