// The admission of one create or update, as the write's stages call it, at kube-apiserver's two
// points: the mutating phase on the object as decoded and defaulted (for an update, as merged or
// patched, with the stored object as the old one), before the strategy prepares it; the validating
// phase (kube's createValidation / updateValidation) on the object prepared and validated, just
// before it is stored. The registry knows only this; the endpoints build it from the admission
// chain and the request (admission/request-admission.ts).

import type { JsonObject } from './object-meta.ts';

export interface WriteAdmission {
  /** Whether the mutating phase may change the object: each attempt of an update then gets its own copy. */
  readonly mutates: boolean;
  /** Whether the validating phase has a plugin to run: a write prepared on a work thread decodes its object for it only then. */
  readonly validates: boolean;
  /** The mutating phase (kube's Admit): may change `object` in place, or refuse by throwing. */
  mutate(object: JsonObject, old?: JsonObject): Promise<void>;
  /** The validating phase (kube's Validate): refuses by throwing; changes nothing. */
  validate(object: JsonObject, old?: JsonObject): Promise<void>;
}
