// Validation of the kinds listed here, registered by group/Kind.

import type { KindValidations } from './kind-validation.ts';

export const resourceKinds: KindValidations = {};
