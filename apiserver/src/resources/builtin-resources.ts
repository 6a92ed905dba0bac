// Every resource kube-apiserver 1.35 serves by default (66 resources in 22 group-versions), in the
// order discovery lists them. Each is declared in its own file, resources/<group>/<resource>.ts:
// discovery facts, the etcd key prefix below /registry/ where kube stores it, and its behaviour.

import { bindingResource } from './core/bindings.ts';
import { componentStatusResource } from './core/componentstatuses.ts';
import { configMapResource } from './core/configmaps.ts';
import { endpointsResource } from './core/endpoints.ts';
import { eventResource as coreEventResource } from './core/events.ts';
import { limitRangeResource } from './core/limitranges.ts';
import { namespaceResource } from './core/namespaces.ts';
import { nodeResource } from './core/nodes.ts';
import { persistentVolumeClaimResource } from './core/persistentvolumeclaims.ts';
import { persistentVolumeResource } from './core/persistentvolumes.ts';
import { podResource } from './core/pods.ts';
import { podTemplateResource } from './core/podtemplates.ts';
import { replicationControllerResource } from './core/replicationcontrollers.ts';
import { resourceQuotaResource } from './core/resourcequotas.ts';
import { secretResource } from './core/secrets.ts';
import { serviceAccountResource } from './core/serviceaccounts.ts';
import { serviceResource } from './core/services.ts';
import { mutatingWebhookConfigurationResource } from './admissionregistration/mutatingwebhookconfigurations.ts';
import { validatingAdmissionPolicyResource } from './admissionregistration/validatingadmissionpolicies.ts';
import { validatingAdmissionPolicyBindingResource } from './admissionregistration/validatingadmissionpolicybindings.ts';
import { validatingWebhookConfigurationResource } from './admissionregistration/validatingwebhookconfigurations.ts';
import { customResourceDefinitionResource } from './apiextensions/customresourcedefinitions.ts';
import { apiServiceResource } from './apiregistration/apiservices.ts';
import { controllerRevisionResource } from './apps/controllerrevisions.ts';
import { daemonSetResource } from './apps/daemonsets.ts';
import { deploymentResource } from './apps/deployments.ts';
import { replicaSetResource } from './apps/replicasets.ts';
import { statefulSetResource } from './apps/statefulsets.ts';
import { selfSubjectReviewResource } from './authentication/selfsubjectreviews.ts';
import { tokenReviewResource } from './authentication/tokenreviews.ts';
import { localSubjectAccessReviewResource } from './authorization/localsubjectaccessreviews.ts';
import { selfSubjectAccessReviewResource } from './authorization/selfsubjectaccessreviews.ts';
import { selfSubjectRulesReviewResource } from './authorization/selfsubjectrulesreviews.ts';
import { subjectAccessReviewResource } from './authorization/subjectaccessreviews.ts';
import { horizontalPodAutoscalerV1Resource, horizontalPodAutoscalerV2Resource } from './autoscaling/horizontalpodautoscalers.ts';
import { cronJobResource } from './batch/cronjobs.ts';
import { jobResource } from './batch/jobs.ts';
import { certificateSigningRequestResource } from './certificates/certificatesigningrequests.ts';
import { leaseResource } from './coordination/leases.ts';
import { endpointSliceResource } from './discovery/endpointslices.ts';
import { eventsV1EventResource } from './events/events.ts';
import { flowSchemaResource } from './flowcontrol/flowschemas.ts';
import { priorityLevelConfigurationResource } from './flowcontrol/prioritylevelconfigurations.ts';
import { ingressClassResource } from './networking/ingressclasses.ts';
import { ingressResource } from './networking/ingresses.ts';
import { ipAddressResource } from './networking/ipaddresses.ts';
import { networkPolicyResource } from './networking/networkpolicies.ts';
import { serviceCIDRResource } from './networking/servicecidrs.ts';
import { runtimeClassResource } from './node/runtimeclasses.ts';
import { podDisruptionBudgetResource } from './policy/poddisruptionbudgets.ts';
import { clusterRoleBindingResource } from './rbac/clusterrolebindings.ts';
import { clusterRoleResource } from './rbac/clusterroles.ts';
import { roleBindingResource } from './rbac/rolebindings.ts';
import { roleResource } from './rbac/roles.ts';
import { deviceClassResource } from './resource/deviceclasses.ts';
import { resourceClaimResource } from './resource/resourceclaims.ts';
import { resourceClaimTemplateResource } from './resource/resourceclaimtemplates.ts';
import { resourceSliceResource } from './resource/resourceslices.ts';
import { priorityClassResource } from './scheduling/priorityclasses.ts';
import { csiDriverResource } from './storage/csidrivers.ts';
import { csiNodeResource } from './storage/csinodes.ts';
import { csiStorageCapacityResource } from './storage/csistoragecapacities.ts';
import { storageClassResource } from './storage/storageclasses.ts';
import { volumeAttachmentResource } from './storage/volumeattachments.ts';
import { volumeAttributesClassResource } from './storage/volumeattributesclasses.ts';
import type { ResourceDefinition } from './resource-definition.ts';

export const builtinResources: readonly ResourceDefinition[] = [
  bindingResource,
  componentStatusResource,
  configMapResource,
  endpointsResource,
  coreEventResource,
  limitRangeResource,
  namespaceResource,
  nodeResource,
  persistentVolumeClaimResource,
  persistentVolumeResource,
  podResource,
  podTemplateResource,
  replicationControllerResource,
  resourceQuotaResource,
  secretResource,
  serviceAccountResource,
  serviceResource,
  mutatingWebhookConfigurationResource,
  validatingAdmissionPolicyResource,
  validatingAdmissionPolicyBindingResource,
  validatingWebhookConfigurationResource,
  customResourceDefinitionResource,
  apiServiceResource,
  controllerRevisionResource,
  daemonSetResource,
  deploymentResource,
  replicaSetResource,
  statefulSetResource,
  selfSubjectReviewResource,
  tokenReviewResource,
  localSubjectAccessReviewResource,
  selfSubjectAccessReviewResource,
  selfSubjectRulesReviewResource,
  subjectAccessReviewResource,
  horizontalPodAutoscalerV1Resource,
  horizontalPodAutoscalerV2Resource,
  cronJobResource,
  jobResource,
  certificateSigningRequestResource,
  leaseResource,
  endpointSliceResource,
  eventsV1EventResource,
  flowSchemaResource,
  priorityLevelConfigurationResource,
  ingressClassResource,
  ingressResource,
  ipAddressResource,
  networkPolicyResource,
  serviceCIDRResource,
  runtimeClassResource,
  podDisruptionBudgetResource,
  clusterRoleBindingResource,
  clusterRoleResource,
  roleBindingResource,
  roleResource,
  deviceClassResource,
  resourceClaimResource,
  resourceClaimTemplateResource,
  resourceSliceResource,
  priorityClassResource,
  csiDriverResource,
  csiNodeResource,
  csiStorageCapacityResource,
  storageClassResource,
  volumeAttachmentResource,
  volumeAttributesClassResource,
];
