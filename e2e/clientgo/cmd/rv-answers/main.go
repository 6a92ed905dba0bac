// rv-answers reads with client-go v0.35 (Protobuf, as typed clients do) what a Capstan API server
// answers to a resourceVersion ahead of its store, and approves a CertificateSigningRequest
// through its approval subresource, the way kubectl and approvers' controllers do. It prints
// what client-go makes of the answers, one fact per line.
package main

import (
	"context"
	"fmt"
	"os"

	certificatesv1 "k8s.io/api/certificates/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	if len(os.Args) < 4 {
		fail(fmt.Errorf("usage: rv-answers KUBECONFIG (get-ahead NAMESPACE/NAME RESOURCEVERSION | approve NAME)"))
	}
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	if err != nil {
		fail(err)
	}
	client := kubernetes.NewForConfigOrDie(config)
	ctx := context.Background()
	switch os.Args[2] {
	case "get-ahead":
		if len(os.Args) < 5 {
			fail(fmt.Errorf("get-ahead needs NAMESPACE/NAME and RESOURCEVERSION"))
		}
		var namespace, name string
		if _, err := fmt.Sscanf(replaceSlash(os.Args[3]), "%s %s", &namespace, &name); err != nil {
			fail(err)
		}
		_, err := client.CoreV1().ConfigMaps(namespace).Get(ctx, name, metav1.GetOptions{ResourceVersion: os.Args[4]})
		delay, _ := apierrors.SuggestsClientDelay(err)
		fmt.Printf("timeout=%t\n", apierrors.IsTimeout(err))
		fmt.Printf("tooLarge=%t\n", apierrors.HasStatusCause(err, metav1.CauseTypeResourceVersionTooLarge))
		fmt.Printf("retryAfter=%d\n", delay)
		fmt.Printf("message=%v\n", err)
	case "approve":
		csrs := client.CertificatesV1().CertificateSigningRequests()
		csr, err := csrs.Get(ctx, os.Args[3], metav1.GetOptions{})
		if err != nil {
			fail(err)
		}
		csr.Status.Conditions = append(csr.Status.Conditions, certificatesv1.CertificateSigningRequestCondition{
			Type:    certificatesv1.CertificateApproved,
			Status:  corev1.ConditionTrue,
			Reason:  "ClientGoApprove",
			Message: "approved by client-go",
		})
		approved, err := csrs.UpdateApproval(ctx, csr.Name, csr, metav1.UpdateOptions{})
		if err != nil {
			fail(err)
		}
		for _, condition := range approved.Status.Conditions {
			fmt.Printf("condition=%s/%s/%s transition=%t\n", condition.Type, condition.Status, condition.Reason, !condition.LastTransitionTime.IsZero())
		}
		// Approving twice appends a second Approved condition: kube refuses the duplicate.
		approved.Status.Conditions = append(approved.Status.Conditions, approved.Status.Conditions[0])
		_, err = csrs.UpdateApproval(ctx, csr.Name, approved, metav1.UpdateOptions{})
		fmt.Printf("duplicate invalid=%t\n", apierrors.IsInvalid(err))
	default:
		fail(fmt.Errorf("unknown scenario %s", os.Args[2]))
	}
}

func replaceSlash(text string) string {
	for i := range text {
		if text[i] == '/' {
			return text[:i] + " " + text[i+1:]
		}
	}
	return text
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
