// kube's WithPanicRecovery: whatever an inner filter or endpoint throws becomes the client's Status
// (a StatusError as it is, anything else a 500 InternalError), never a crash. An answer already
// under way cannot change its status: the connection is cut, as kube's aborted handler does.

import { newInternalError, StatusError, type Logger } from '@capstan/common';
import { sendError } from '../endpoints/send-json.ts';
import type { Filter } from './filter-chain.ts';

export function panicRecovery(logger: Logger): Filter {
  return async (context, next) => {
    try {
      await next();
    } catch (error) {
      const { response } = context;
      // A request that timed out has had its 504; what its endpoint did after does not matter.
      if (context.timedOut) return;
      if (!(error instanceof StatusError) || error.code >= 500) logger.error({ err: error, url: context.request.url }, 'request failed');
      if (response.writableEnded) return;
      if (!response.headersSent) sendError(response, error instanceof StatusError ? error : newInternalError(error instanceof Error ? error : String(error)));
      else response.destroy();
    }
  };
}
