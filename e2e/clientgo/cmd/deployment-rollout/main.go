// deployment-rollout drives a Deployment with client-go v0.35's typed clients (Protobuf), as a Go
// operator would: it creates one with replicas 0 (Go's zero value, which must stay 0), scales it
// to 2 through the scale subresource, waits for the rollout, changes the image with a
// read-modify-write Update retried on conflict, and waits for that rollout too. It prints what it
// saw, one fact per line, and exits non-zero on any error or after 3 minutes.
package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/client-go/util/retry"
)

const namespace = "default"
const name = "cg-web"

func main() {
	if len(os.Args) < 2 {
		fail(fmt.Errorf("usage: deployment-rollout KUBECONFIG"))
	}
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	if err != nil {
		fail(err)
	}
	client := kubernetes.NewForConfigOrDie(config)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	deployments := client.AppsV1().Deployments(namespace)

	zero := int32(0)
	labels := map[string]string{"app": name}
	created, err := deployments.Create(ctx, &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: appsv1.DeploymentSpec{
			Replicas: &zero,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "nginx", Ports: []corev1.ContainerPort{{ContainerPort: 80}}}}},
			},
		},
	}, metav1.CreateOptions{})
	if err != nil {
		fail(err)
	}
	fmt.Printf("created replicas=%d\n", *created.Spec.Replicas)
	rolledOut(ctx, client, "empty")

	scale, err := deployments.UpdateScale(ctx, name, &autoscalingv1.Scale{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: namespace},
		Spec:       autoscalingv1.ScaleSpec{Replicas: 2},
	}, metav1.UpdateOptions{})
	if err != nil {
		fail(err)
	}
	fmt.Printf("scale replicas=%d\n", scale.Spec.Replicas)
	rolledOut(ctx, client, "scaled")

	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		current, err := deployments.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		current.Spec.Template.Spec.Containers[0].Image = "nginx:1.27"
		_, err = deployments.Update(ctx, current, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		fail(err)
	}
	rolledOut(ctx, client, "updated")

	sets, err := client.AppsV1().ReplicaSets(namespace).List(ctx, metav1.ListOptions{LabelSelector: "app=" + name})
	if err != nil {
		fail(err)
	}
	var described []string
	for _, set := range sets.Items {
		owner := metav1.GetControllerOf(&set)
		described = append(described, fmt.Sprintf("revision %s image %s replicas %d owned %t",
			set.Annotations["deployment.kubernetes.io/revision"], set.Spec.Template.Spec.Containers[0].Image, *set.Spec.Replicas, owner != nil && owner.Name == name))
	}
	sort.Strings(described)
	fmt.Printf("replicasets=%s\n", strings.Join(described, "; "))
}

// rolledOut waits until the Deployment's status says its generation rolled out (kubectl rollout
// status's test), then prints it.
func rolledOut(ctx context.Context, client *kubernetes.Clientset, what string) {
	var seen *appsv1.Deployment
	err := wait.PollUntilContextCancel(ctx, 200*time.Millisecond, true, func(ctx context.Context) (bool, error) {
		d, err := client.AppsV1().Deployments(namespace).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		seen = d
		s := d.Status
		return s.ObservedGeneration >= d.Generation && s.UpdatedReplicas == *d.Spec.Replicas && s.Replicas == s.UpdatedReplicas && s.AvailableReplicas == s.UpdatedReplicas, nil
	})
	if err != nil {
		if seen != nil {
			fail(fmt.Errorf("%s: %v; last status %+v", what, err, seen.Status))
		}
		fail(err)
	}
	s := seen.Status
	fmt.Printf("%s replicas=%d updated=%d available=%d revision=%s image=%s\n", what, s.Replicas, s.UpdatedReplicas, s.AvailableReplicas,
		seen.Annotations["deployment.kubernetes.io/revision"], seen.Spec.Template.Spec.Containers[0].Image)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
