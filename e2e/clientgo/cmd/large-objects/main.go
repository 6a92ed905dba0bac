// large-objects drives a Capstan API server with client-go v0.35 (Protobuf, its typed clients'
// default) through every write of objects too large to be handled on the server's event loop:
// create, get, update, merge patch, server-side apply and delete of a ConfigMap with many labels,
// and a Deployment with replicas: 0 and a large annotation. It prints what each step answered, as
// JSON, for the e2e tests to check.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	corev1apply "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

// step is what one write or read answered: the labels the test checks, and the object's version.
type step struct {
	Labels          int      `json:"labels"`
	Key0            string   `json:"key0"`
	Key1            string   `json:"key1"`
	Key2            string   `json:"key2"`
	ResourceVersion string   `json:"resourceVersion"`
	Managers        []string `json:"managers"`
}

type result struct {
	Create                step   `json:"create"`
	Get                   step   `json:"get"`
	Update                step   `json:"update"`
	Patch                 step   `json:"patch"`
	Apply                 step   `json:"apply"`
	Listed                int    `json:"listed"`
	Replicas              *int32 `json:"replicas"`
	DeploymentGetReplicas *int32 `json:"deploymentGetReplicas"`
	Deleted               bool   `json:"deleted"`
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func stepOf(cm *corev1.ConfigMap) step {
	managers := []string{}
	for _, entry := range cm.ManagedFields {
		managers = append(managers, entry.Manager+"/"+string(entry.Operation))
	}
	return step{Labels: len(cm.Labels), Key0: cm.Labels["key-0"], Key1: cm.Labels["key-1"], Key2: cm.Labels["key-2"], ResourceVersion: cm.ResourceVersion, Managers: managers}
}

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: large-objects KUBECONFIG NAMESPACE LABELS")
		os.Exit(2)
	}
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	if err != nil {
		fail(err)
	}
	// Large Protobuf bodies: no client-side throttling in the way of the test.
	config.QPS, config.Burst = 1000, 1000
	client := kubernetes.NewForConfigOrDie(config)
	namespace := os.Args[2]
	count, err := strconv.Atoi(os.Args[3])
	if err != nil {
		fail(err)
	}
	ctx := context.Background()
	labels := map[string]string{}
	for i := 0; i < count; i++ {
		labels["key-"+strconv.Itoa(i)] = "v"
	}
	var out result
	configMaps := client.CoreV1().ConfigMaps(namespace)

	created, err := configMaps.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "large", Labels: labels}}, metav1.CreateOptions{FieldManager: "large-create"})
	if err != nil {
		fail(fmt.Errorf("create: %w", err))
	}
	out.Create = stepOf(created)
	got, err := configMaps.Get(ctx, "large", metav1.GetOptions{})
	if err != nil {
		fail(fmt.Errorf("get: %w", err))
	}
	out.Get = stepOf(got)

	got.Labels["key-0"] = "updated"
	updated, err := configMaps.Update(ctx, got, metav1.UpdateOptions{FieldManager: "large-update"})
	if err != nil {
		fail(fmt.Errorf("update: %w", err))
	}
	out.Update = stepOf(updated)

	patched, err := configMaps.Patch(ctx, "large", types.MergePatchType, []byte(`{"metadata":{"labels":{"key-1":"patched"}}}`), metav1.PatchOptions{FieldManager: "large-patch"})
	if err != nil {
		fail(fmt.Errorf("patch: %w", err))
	}
	out.Patch = stepOf(patched)

	applyLabels := map[string]string{}
	for key, value := range patched.Labels {
		applyLabels[key] = value
	}
	applyLabels["key-2"] = "applied"
	applied, err := configMaps.Apply(ctx, corev1apply.ConfigMap("large", namespace).WithLabels(applyLabels), metav1.ApplyOptions{FieldManager: "large-apply", Force: true})
	if err != nil {
		fail(fmt.Errorf("apply: %w", err))
	}
	out.Apply = stepOf(applied)

	list, err := configMaps.List(ctx, metav1.ListOptions{})
	if err != nil {
		fail(fmt.Errorf("list: %w", err))
	}
	out.Listed = len(list.Items)

	// A Deployment whose Protobuf body is large: replicas 0 must stay 0 (Go's zero in a pointer field).
	zero := int32(0)
	deployment := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "large", Annotations: map[string]string{"example.com/large": strings.Repeat("x", 200*1024)}, Labels: map[string]string{"many": strings.Repeat("y", 63)}},
		Spec: appsv1.DeploymentSpec{
			Replicas: &zero,
			Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "large"}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "large"}, Annotations: map[string]string{"example.com/padding": strings.Repeat("z", 100*1024)}},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "busybox", Ports: []corev1.ContainerPort{{ContainerPort: 80}}}}},
			},
		},
	}
	createdDeployment, err := client.AppsV1().Deployments(namespace).Create(ctx, deployment, metav1.CreateOptions{})
	if err != nil {
		fail(fmt.Errorf("create deployment: %w", err))
	}
	out.Replicas = createdDeployment.Spec.Replicas
	gotDeployment, err := client.AppsV1().Deployments(namespace).Get(ctx, "large", metav1.GetOptions{})
	if err != nil {
		fail(fmt.Errorf("get deployment: %w", err))
	}
	out.DeploymentGetReplicas = gotDeployment.Spec.Replicas

	if err := configMaps.Delete(ctx, "large", metav1.DeleteOptions{}); err != nil {
		fail(fmt.Errorf("delete: %w", err))
	}
	out.Deleted = true
	encoded, err := json.Marshal(out)
	if err != nil {
		fail(err)
	}
	fmt.Println(string(encoded))
}
