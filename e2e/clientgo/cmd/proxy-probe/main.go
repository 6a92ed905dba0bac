// proxy-probe asks a Capstan API server's proxy subresources with client-go v0.35, as the e2e
// framework's checks and Go operators do: the REST client's Get().Resource(...).SubResource("proxy")
// for pods and nodes, and the typed ProxyGet of a Service. It prints one JSON object per request:
// the status code and body of the answer, or client-go's error (its Status, when the server sent one).
//
//	proxy-probe KUBECONFIG NAMESPACE POD SERVICE:PORT NODE
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

type answer struct {
	Request string `json:"request"`
	Code    int    `json:"code"`
	Body    string `json:"body,omitempty"`
	Error   string `json:"error,omitempty"`
	Reason  string `json:"reason,omitempty"`
}

func main() {
	if len(os.Args) != 6 {
		fmt.Fprintln(os.Stderr, "usage: proxy-probe KUBECONFIG NAMESPACE POD SERVICE:PORT NODE")
		os.Exit(2)
	}
	kubeconfig, namespace, pod, service, node := os.Args[1], os.Args[2], os.Args[3], os.Args[4], os.Args[5]
	config, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client := kubernetes.NewForConfigOrDie(config)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rest := client.CoreV1().RESTClient()
	var answers []answer
	// The e2e framework's pod proxy check.
	answers = append(answers, result("pod", rest.Get().Namespace(namespace).Resource("pods").SubResource("proxy").Name(pod).Suffix("client-go").Param("from", "go").Do(ctx)))
	answers = append(answers, result("pod-post", rest.Post().Namespace(namespace).Resource("pods").SubResource("proxy").Name(pod).Suffix("posted").Body([]byte("go body")).Do(ctx)))
	answers = append(answers, result("missing-pod", rest.Get().Namespace(namespace).Resource("pods").SubResource("proxy").Name("missing").Do(ctx)))
	body, err := client.CoreV1().Services(namespace).ProxyGet("http", serviceName(service), servicePort(service), "/svc-go", map[string]string{"q": "1"}).DoRaw(ctx)
	answers = append(answers, raw("service", body, err))
	answers = append(answers, result("node", rest.Get().Resource("nodes").SubResource("proxy").Name(node).Suffix("healthz").Do(ctx)))
	out, _ := json.Marshal(answers)
	fmt.Println(string(out))
}

func result(request string, r rest.Result) answer {
	var code int
	r.StatusCode(&code)
	// Raw's error is client-go's unstructured one; Error decodes the Status the server sent.
	body, _ := r.Raw()
	err := r.Error()
	a := raw(request, body, err)
	if err == nil {
		a.Code = code
	}
	return a
}

func raw(request string, body []byte, err error) answer {
	a := answer{Request: request, Body: string(body)}
	if err != nil {
		a.Error = err.Error()
		var status apierrors.APIStatus
		if errors.As(err, &status) {
			a.Code = int(status.Status().Code)
			a.Reason = string(status.Status().Reason)
		}
	}
	return a
}

func serviceName(s string) string {
	for i := range s {
		if s[i] == ':' {
			return s[:i]
		}
	}
	return s
}

func servicePort(s string) string {
	for i := range s {
		if s[i] == ':' {
			return s[i+1:]
		}
	}
	return ""
}
