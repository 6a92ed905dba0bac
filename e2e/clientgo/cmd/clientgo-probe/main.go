// clientgo-probe drives a Capstan API server with client-go v0.35, the way Go operators and
// controllers do (Protobuf by default), so that e2e tests can check what a real Go client sees.
package main

import (
	"context"
	"fmt"
	"os"

	_ "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	_ "k8s.io/apimachinery/pkg/runtime/serializer/cbor"
	_ "k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
	_ "k8s.io/client-go/tools/remotecommand"
	_ "k8s.io/client-go/tools/portforward"
	_ "k8s.io/client-go/transport/spdy"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: clientgo-probe KUBECONFIG SCENARIO")
		os.Exit(2)
	}
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client := kubernetes.NewForConfigOrDie(config)
	switch os.Args[2] {
	case "version":
		v, err := client.Discovery().ServerVersion()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(v.GitVersion)
	case "namespaces":
		list, err := client.CoreV1().Namespaces().List(context.Background(), metav1.ListOptions{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(len(list.Items))
	default:
		fmt.Fprintln(os.Stderr, "unknown scenario", os.Args[2])
		os.Exit(2)
	}
}
