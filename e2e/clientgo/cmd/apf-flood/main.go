// apf-flood lists ConfigMaps with client-go v0.35 from many goroutines at once, as a user whose
// priority level rejects most of them with 429: client-go waits the Retry-After the server sends
// and retries, so every list should end well. It prints how many did and how many failed.
package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

func main() {
	if len(os.Args) < 5 {
		fmt.Fprintln(os.Stderr, "usage: apf-flood URL CA_FILE TOKEN CLIENTS")
		os.Exit(2)
	}
	clients, err := strconv.Atoi(os.Args[4])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	config := &rest.Config{
		Host:            os.Args[1],
		BearerToken:     os.Args[3],
		TLSClientConfig: rest.TLSClientConfig{CAFile: os.Args[2]},
		// No client-side rate limit: the server's flow control is what is tested.
		QPS: -1,
	}
	client := kubernetes.NewForConfigOrDie(config)
	var ok, failed atomic.Int32
	var firstError atomic.Value
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := client.CoreV1().ConfigMaps("default").List(context.Background(), metav1.ListOptions{}); err != nil {
				failed.Add(1)
				firstError.CompareAndSwap(nil, err.Error())
				return
			}
			ok.Add(1)
		}()
	}
	wg.Wait()
	fmt.Printf("ok=%d failed=%d\n", ok.Load(), failed.Load())
	if message := firstError.Load(); message != nil {
		fmt.Printf("error=%s\n", message)
	}
}
