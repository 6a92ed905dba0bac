import test from 'ava';
import { podQosClass } from '../src/resources/core/pods/pod-qos.ts';

const pod = (...resources: object[]) => ({ spec: { containers: resources.map((r, i) => ({ name: `c${i}`, resources: r })) } });

test('a pod without requests or limits is BestEffort; equal cpu and memory limits and requests everywhere is Guaranteed; else Burstable', (t) => {
  t.is(podQosClass(pod({})), 'BestEffort');
  t.is(podQosClass(pod({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1000m', memory: '1024Mi' } })), 'Guaranteed');
  t.is(podQosClass(pod({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '1', memory: '1Gi' } }, {})), 'Burstable');
  t.is(podQosClass(pod({ requests: { cpu: '100m' } })), 'Burstable');
  t.is(podQosClass(pod({ limits: { cpu: '1' }, requests: { cpu: '1' } })), 'Burstable');
  t.is(podQosClass(pod({ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m', memory: '1Gi' } })), 'Burstable');
  t.is(podQosClass(pod({ requests: { 'example.com/gpu': '1' } })), 'BestEffort');
});
