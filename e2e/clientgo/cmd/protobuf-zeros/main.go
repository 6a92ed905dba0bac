// protobuf-zeros creates, through client-go's typed clients speaking Protobuf both ways, objects
// whose meaning hangs on Go's zero values: a zero or false in a pointer field (replicas 0,
// backoffLimit 0, automountServiceAccountToken false, ...), which the server must keep, and ports
// without a protocol (an empty non-pointer string), which it must default to TCP. It prints what it
// reads back, one JSON object keyed by what was created, for the test to compare with what
// kube-apiserver 1.35 returns.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/ptr"
)

const protobufContentType = "application/vnd.kubernetes.protobuf"

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: protobuf-zeros KUBECONFIG NAMESPACE")
		os.Exit(2)
	}
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	check("kubeconfig", err)
	config.ContentType = protobufContentType
	config.AcceptContentTypes = protobufContentType
	client := kubernetes.NewForConfigOrDie(config)
	extensions := apiextensionsclient.NewForConfigOrDie(config)
	namespace := os.Args[2]
	ctx := context.Background()

	_, err = client.CoreV1().Namespaces().Create(ctx, namespaceObject(namespace), metav1.CreateOptions{})
	check("namespace", err)
	// Pods need their service account; no controller makes it here.
	_, err = client.CoreV1().ServiceAccounts(namespace).Create(ctx, defaultServiceAccount(), metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		check("default service account", err)
	}

	read := map[string]runtime.Object{}
	create := func(what string, object runtime.Object, err error) {
		check(what, err)
		read[what] = object
	}
	deployment, err := client.AppsV1().Deployments(namespace).Create(ctx, zeroReplicasDeployment(), metav1.CreateOptions{})
	create("deployment", deployment, err)
	service, err := client.CoreV1().Services(namespace).Create(ctx, serviceWithoutProtocol(), metav1.CreateOptions{})
	create("service", service, err)
	pod, err := client.CoreV1().Pods(namespace).Create(ctx, zeroGracePod(), metav1.CreateOptions{})
	create("pod", pod, err)
	job, err := client.BatchV1().Jobs(namespace).Create(ctx, zeroBackoffJob(), metav1.CreateOptions{})
	create("job", job, err)
	lease, err := client.CoordinationV1().Leases(namespace).Create(ctx, zeroTransitionsLease(), metav1.CreateOptions{})
	create("lease", lease, err)
	account, err := client.CoreV1().ServiceAccounts(namespace).Create(ctx, noTokenServiceAccount(), metav1.CreateOptions{})
	create("serviceAccount", account, err)
	crd, err := extensions.ApiextensionsV1().CustomResourceDefinitions().Create(ctx, widgetDefinition(namespace), metav1.CreateOptions{})
	create("customResourceDefinition", crd, err)

	// A get reads the stored object back through the server's Protobuf encoder.
	gotDeployment, err := client.AppsV1().Deployments(namespace).Get(ctx, deployment.Name, metav1.GetOptions{})
	create("deploymentGet", gotDeployment, err)
	gotCrd, err := extensions.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, crd.Name, metav1.GetOptions{})
	create("customResourceDefinitionGet", gotCrd, err)

	// DeleteOptions travel in Protobuf too: gracePeriodSeconds 0 deletes a scheduled pod at once,
	// where an unset one would give it its 30 seconds.
	scheduled, err := client.CoreV1().Pods(namespace).Create(ctx, scheduledPod(), metav1.CreateOptions{})
	check("scheduled pod", err)
	err = client.CoreV1().Pods(namespace).Delete(ctx, scheduled.Name, metav1.DeleteOptions{GracePeriodSeconds: ptr.To[int64](0)})
	check("delete with gracePeriodSeconds 0", err)
	remaining, err := client.CoreV1().Pods(namespace).Get(ctx, scheduled.Name, metav1.GetOptions{})
	if err == nil {
		read["scheduledPodAfterDelete"] = remaining
	} else if !apierrors.IsNotFound(err) {
		check("get after delete", err)
	}

	text, err := json.Marshal(read)
	check("output", err)
	fmt.Println(string(text))
}

func check(what string, err error) {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", what, err)
		os.Exit(1)
	}
}
