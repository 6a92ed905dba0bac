// The Services the kubelet reads its service environment variables from: an informer on every
// namespace's Services, started with the pod workers and stopped with them, as the kubelet's
// serviceLister. Starting a container then costs no request: with a thousand nodes each listing a
// namespace's Services per container start, those lists were what a busy API server timed out on.

import type { Service } from '@capstan/common/api-types/core-v1';
import { Informer, type RestClient } from '@capstan/common/client';
import type { ServiceData } from './service-env.ts';

export interface ServiceLister {
  /** True once the informer's first list is in. */
  hasSynced(): boolean;
  /** The Services of one namespace. */
  list(namespace: string): ServiceData[];
  /** The master Service default/kubernetes, undefined when there is none. */
  master(): ServiceData | undefined;
  stop(): Promise<void>;
}

export function serviceData(object: Service): ServiceData {
  return {
    namespace: object.metadata?.namespace ?? '',
    name: object.metadata?.name ?? '',
    ...(object.spec?.clusterIP === undefined ? {} : { clusterIP: object.spec.clusterIP }),
    ports: object.spec?.ports ?? [],
  };
}

export function startServiceLister(client: RestClient, log: (message: string, error?: unknown) => void): ServiceLister {
  const informer = new Informer<Service>(client, { group: '', version: 'v1', resource: 'services' }, { onError: (error) => log('services watch failed', error) });
  informer.start();
  return {
    hasSynced: () => informer.hasSynced(),
    list: (namespace) => informer.store.list(namespace).map(serviceData),
    master() {
      const master = informer.store.get('default', 'kubernetes');
      return master === undefined ? undefined : serviceData(master);
    },
    stop: () => informer.stop(),
  };
}
