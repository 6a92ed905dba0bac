// @capstan/controllers: the controller manager (`capstan controllers`).

export { controllersCommand, controllersUsage } from './cli/controllers-command.ts';
export type { ControllerContext, ControllerDefinition } from './controller.ts';
