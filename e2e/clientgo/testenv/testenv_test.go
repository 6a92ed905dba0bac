// An example of a Go test on Capstan test environments with client-go: two control planes at
// once, what one stores the other does not see, and nothing left once they are stopped. Run by
// e2e/test/testenv-client-go.test.ts with CAPSTAN set to the repository's bin/capstan.
package testenv_test

import (
	"context"
	"os"
	"testing"

	"github.com/capstan/capstan/e2e/clientgo/testenv"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func start(t *testing.T) (*testenv.Environment, *kubernetes.Clientset) {
	t.Helper()
	capstan := os.Getenv("CAPSTAN")
	if capstan == "" {
		t.Skip("CAPSTAN names the capstan command (bin/capstan of the repository)")
	}
	env, err := testenv.Start(capstan)
	if err != nil {
		t.Fatal(err)
	}
	clients, err := kubernetes.NewForConfig(env.Config)
	if err != nil {
		t.Fatal(err)
	}
	return env, clients
}

func TestTwoEnvironmentsKeepTheirObjectsApart(t *testing.T) {
	ctx := context.Background()
	first, firstClients := start(t)
	second, secondClients := start(t)
	configMap := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings"}, Data: map[string]string{"owner": "first"}}
	if _, err := firstClients.CoreV1().ConfigMaps("default").Create(ctx, configMap, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := secondClients.CoreV1().ConfigMaps("default").Get(ctx, "settings", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("the second environment answered %v, want NotFound", err)
	}
	read, err := firstClients.CoreV1().ConfigMaps("default").Get(ctx, "settings", metav1.GetOptions{})
	if err != nil || read.Data["owner"] != "first" {
		t.Fatalf("the first environment answered %v, %v", read, err)
	}
	for _, env := range []*testenv.Environment{first, second} {
		if err := env.Stop(); err != nil {
			t.Fatalf("capstan testenv ended with %v", err)
		}
		if _, err := os.Stat(env.KubeconfigPath); !os.IsNotExist(err) {
			t.Fatalf("%s is still there after Stop (%v)", env.KubeconfigPath, err)
		}
	}
}
