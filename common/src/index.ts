// The public surface of @capstan/common.

export { formatGoDuration, parseDuration, parseGoDuration } from './cli/duration.ts';
export {
  alpha,
  beta,
  deprecated,
  featureSpecAt,
  ga,
  gaUnlocked,
  goParseBool,
  knownFeatures,
  LOCKED,
  minCompatibilityVersionOf,
  parseFeatureGates,
  resolveFeatureGates,
  type FeatureGateOptions,
  type FeatureGates,
  type FeatureSpec,
  type FeatureStage,
  type ResolvedFeatureGates,
  type VersionedFeatureSpec,
  type VersionedFeatureSpecs,
} from './cli/feature-gates.ts';
export { compareKubeVersions, kubeVersionText, parseKubeVersion, subtractMinor, type KubeVersion } from './cli/kube-version.ts';
export { FlagError, formatFlagHelp, parseFlags, type FlagSpec, type FlagSpecs, type FlagValues } from './cli/flags.ts';
export { createLogger, loggingFormats, type Logger, type LoggingFormat } from './log/logger.ts';
export { flock, tryFlockSync } from './fs/flock.ts';
export { capstanImage, capstanImageRepository, capstanVersion, kubernetesMinor } from './version.ts';
export * from './status/index.ts';
export { FieldSelectorError, parseFieldSelector, splitFieldSelectorTerms, type FieldRequirement } from './selectors/field-selector.ts';
export { LabelSelectorError, matchesLabels, parseLabelSelector, type LabelOperator, type LabelRequirement, type LabelSelector } from './selectors/label-selector.ts';
export { formatLabels, formatLabelSelector, labelSelectorGoString, labelSelectorString } from './selectors/label-selector-format.ts';
export {
  addQuantities,
  compareQuantities,
  newQuantity,
  parseQuantity,
  quantityApproximateFloat,
  quantityAsInt64,
  quantityDecimal,
  quantityFormatError,
  quantitySign,
  quantityString,
  subtractQuantities,
  type ParsedQuantity,
  type Quantity,
  type QuantityAmount,
  type QuantityFormat,
} from './quantity/resource-quantity.ts';
export { quantityMilliValue, quantityScaledValue, quantityValue } from './quantity/quantity-scaled-value.ts';
export { decodeQuantity, quantityText } from './quantity/decode-quantity.ts';
export { sleep } from './wait/sleep.ts';
export { jitter } from './wait/jitter.ts';
export { toleratesTaint, tolerationsTolerateTaint, type Taint, type Toleration } from './core/toleration.ts';
export { parseJson } from './json/parse-json.ts';
export {
  arrayAt,
  booleanAt,
  fieldAt,
  hasField,
  isJsonObject,
  numberAt,
  optionalNumberAt,
  optionalStringAt,
  recordAt,
  stringAt,
  type JsonObject,
} from './json/read-field.ts';
export { byCodePoint } from './text/code-point-order.ts';
export { errorCode, errorMessage } from './text/error-message.ts';
export { JsonNestingDepthError, maxJsonNestingDepth, nestsDeeperThan } from './json/nesting-depth.ts';
export { duplicateFieldPaths } from './json/duplicate-fields.ts';
export { cloneJson } from './json/clone-json.ts';
export { runInSteps, runToEnd } from './work/stepwise.ts';
export { KeyedSerial } from './work/keyed-serial.ts';
export { isRawJSON, type RawJSON } from './json/raw-json.ts';
export { isPair, isSingle, isTriple } from './tuples.ts';
export { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, maskTrailingDash, regexError } from './validation/name-formats.ts';
export {
  generateSelfSignedCertKey,
  issueCertificate,
  pemBlock,
  subjectKeyIdOf,
  type CertificateIssuer,
  type CertificateTemplate,
  type SelfSignedCertKey,
} from './tls/self-signed-certificate.ts';
export { certificateRequestCommonName, certificateRequestOrganizations } from './tls/certificate-request-subject.ts';
export { loadServingCertificate, ServingCertificateError, type ServingCertificate, type ServingCertificateSettings } from './tls/serving-certificate-files.ts';
export { caBundleCertificates, caBundleError } from './tls/ca-bundle.ts';
export {
  addrString,
  bitLength,
  equalAddrs,
  isGlobalUnicast,
  isIPv4Mapped,
  isLinkLocalMulticast,
  isLinkLocalUnicast,
  isLoopback,
  isMulticast,
  isUnspecified,
  parseAddr,
  parseIPSloppy,
  unmap,
  type IPAddr,
} from './net/netip-addr.ts';
export { addrFromBigInt, addrToBigInt } from './net/ip-number.ts';
export { ipNetOf, maskedPrefix, parseCIDRSloppy, parsePrefix, prefixContains, prefixString, type IPPrefix } from './net/netip-prefix.ts';
export { spliceConnections } from './net/splice-connections.ts';
export { forwardedHeaders } from './net/forwarded-headers.ts';
export { SpdyServerSession, SpdyStream } from './net/spdy-session.ts';
export { spdyHeader, type SpdyHeaders } from './net/spdy-header-block.ts';
export { acceptSpdyUpgrade, isSpdyUpgradeRequest, spdyUpgradeToken, type SpdyUpgrade } from './net/spdy-upgrade.ts';
export { metaTime, microTime } from './meta-time.ts';
export { groupVersionString } from './group-version.ts';
export { eventName } from './event-name.ts';
export { cronMacros, cronScheduleFields, type CronFieldBounds } from './cron/cron-fields.ts';
