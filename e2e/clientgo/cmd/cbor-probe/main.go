// cbor-probe drives an API server with client-go v0.35 speaking CBOR (run it with
// KUBE_FEATURE_ClientsAllowCBOR=true and KUBE_FEATURE_ClientsPreferCBOR=true): typed clients
// create, get, list, update, apply, watch and delete several kinds, among them a Secret with data
// and a ConfigMap with binaryData; the dynamic client does the same with unstructured objects, and
// a missing object's error is read as a Status. Each step prints one line,
//
//	ok <step> <request Content-Type> <response Content-Type>
//
// (the media types of its last HTTP exchange, so the caller sees CBOR really went over the wire);
// the first failure prints "fail <step>: <error>" and exits 1.
package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/watch"
	corev1apply "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
)

// exchange is the media types of the last request and its answer.
type exchange struct {
	sync.Mutex
	request, response string
}

func (e *exchange) RoundTrip(next http.RoundTripper, req *http.Request) (*http.Response, error) {
	resp, err := next.RoundTrip(req)
	e.Lock()
	defer e.Unlock()
	e.request = req.Header.Get("Content-Type")
	if e.request == "" {
		e.request = "-"
	}
	e.response = "-"
	if resp != nil && resp.Header.Get("Content-Type") != "" {
		e.response = resp.Header.Get("Content-Type")
	}
	return resp, err
}

type roundTripper struct {
	next     http.RoundTripper
	exchange *exchange
}

func (r roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	return r.exchange.RoundTrip(r.next, req)
}

var last exchange

func ok(step string) {
	last.Lock()
	defer last.Unlock()
	fmt.Printf("ok %s %s %s\n", step, last.request, last.response)
}

func fail(step string, err error) {
	fmt.Printf("fail %s: %v\n", step, err)
	os.Exit(1)
}

func check(step string, err error) {
	if err != nil {
		fail(step, err)
	}
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: cbor-probe KUBECONFIG NAMESPACE")
		os.Exit(2)
	}
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	check("config", err)
	namespace := os.Args[2]
	config.WrapTransport = func(next http.RoundTripper) http.RoundTripper { return roundTripper{next, &last} }
	// Typed clients prefer Protobuf unless a content type is set; the dynamic client takes CBOR
	// from the feature gates alone.
	typedConfig := rest.CopyConfig(config)
	typedConfig.ContentType = "application/cbor"
	client := kubernetes.NewForConfigOrDie(typedConfig)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	typed(ctx, client, namespace)
	informer(ctx, client, namespace)
	dynamicClient(ctx, config, namespace)
}

// informer runs a shared informer on Secrets, as controllers do (list, then watch with bookmarks),
// and waits for a Secret created afterwards to reach its cache with its bytes.
func informer(ctx context.Context, client *kubernetes.Clientset, namespace string) {
	factory := informers.NewSharedInformerFactoryWithOptions(client, 0, informers.WithNamespace(namespace))
	secrets := factory.Core().V1().Secrets()
	added := make(chan *corev1.Secret, 16)
	_, err := secrets.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(object interface{}) {
		if secret, isSecret := object.(*corev1.Secret); isSecret {
			added <- secret
		}
	}})
	check("informer", err)
	stop := make(chan struct{})
	defer close(stop)
	factory.Start(stop)
	if !cache.WaitForCacheSync(ctx.Done(), secrets.Informer().HasSynced) {
		fail("informer", fmt.Errorf("cache never synced"))
	}
	fmt.Println("ok informer-synced")
	_, err = client.CoreV1().Secrets(namespace).Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "cbor-informed"}, Data: map[string][]byte{"bin": {0, 255}}}, metav1.CreateOptions{})
	check("informer create", err)
	for {
		select {
		case secret := <-added:
			if secret.Name != "cbor-informed" {
				continue
			}
			if !bytes.Equal(secret.Data["bin"], []byte{0, 255}) {
				fail("informer", fmt.Errorf("data %q", secret.Data))
			}
			fmt.Println("ok informer-added")
			check("informer delete", client.CoreV1().Secrets(namespace).Delete(ctx, "cbor-informed", metav1.DeleteOptions{}))
			return
		case <-ctx.Done():
			fail("informer", fmt.Errorf("the Secret never reached the informer"))
		}
	}
}

func typed(ctx context.Context, client *kubernetes.Clientset, namespace string) {
	binary := []byte{0, 1, 2, 255, '\n', 0x80}
	secrets := client.CoreV1().Secrets(namespace)

	// A watch first, so that it sees the Secret's whole life.
	watcher, err := secrets.Watch(ctx, metav1.ListOptions{FieldSelector: "metadata.name=cbor-secret"})
	check("secret watch", err)
	defer watcher.Stop()
	ok("secret-watch")

	secret, err := secrets.Create(ctx, &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: "cbor-secret", Labels: map[string]string{"probe": "cbor"}},
		Data:       map[string][]byte{"bin": binary, "empty": {}},
		StringData: map[string]string{"text": "héllo"},
	}, metav1.CreateOptions{})
	check("secret create", err)
	if !bytes.Equal(secret.Data["bin"], binary) || string(secret.Data["text"]) != "héllo" || secret.Type != corev1.SecretTypeOpaque {
		fail("secret create", fmt.Errorf("answer data %q type %q", secret.Data, secret.Type))
	}
	ok("secret-create")

	got, err := secrets.Get(ctx, "cbor-secret", metav1.GetOptions{})
	check("secret get", err)
	if !bytes.Equal(got.Data["bin"], binary) || got.UID != secret.UID || got.CreationTimestamp.IsZero() {
		fail("secret get", fmt.Errorf("got data %q uid %s created %v", got.Data, got.UID, got.CreationTimestamp))
	}
	ok("secret-get")

	got.Data["bin"] = []byte{255, 254}
	updated, err := secrets.Update(ctx, got, metav1.UpdateOptions{})
	check("secret update", err)
	if !bytes.Equal(updated.Data["bin"], []byte{255, 254}) || updated.ResourceVersion == got.ResourceVersion {
		fail("secret update", fmt.Errorf("updated data %q resourceVersion %s", updated.Data, updated.ResourceVersion))
	}
	ok("secret-update")

	list, err := secrets.List(ctx, metav1.ListOptions{LabelSelector: "probe=cbor"})
	check("secret list", err)
	if len(list.Items) != 1 || !bytes.Equal(list.Items[0].Data["bin"], []byte{255, 254}) || list.ResourceVersion == "" {
		fail("secret list", fmt.Errorf("list %d items, resourceVersion %q", len(list.Items), list.ResourceVersion))
	}
	ok("secret-list")

	check("secret delete", secrets.Delete(ctx, "cbor-secret", metav1.DeleteOptions{}))
	ok("secret-delete")

	// ADDED, MODIFIED, DELETED, each with the Secret's bytes as they were.
	for _, want := range []struct {
		kind watch.EventType
		bin  []byte
	}{{watch.Added, binary}, {watch.Modified, []byte{255, 254}}, {watch.Deleted, []byte{255, 254}}} {
		select {
		case event, open := <-watcher.ResultChan():
			if !open {
				fail("secret watch", fmt.Errorf("closed before %s", want.kind))
			}
			object, isSecret := event.Object.(*corev1.Secret)
			if event.Type != want.kind || !isSecret || !bytes.Equal(object.Data["bin"], want.bin) {
				fail("secret watch", fmt.Errorf("event %s %T, want %s", event.Type, event.Object, want.kind))
			}
		case <-ctx.Done():
			fail("secret watch", fmt.Errorf("no %s event", want.kind))
		}
	}
	fmt.Println("ok secret-watch-events")

	configMaps := client.CoreV1().ConfigMaps(namespace)
	configMap, err := configMaps.Create(ctx, &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "cbor-configmap", Annotations: map[string]string{"note": "ünïcode ✓"}},
		Data:       map[string]string{"plain": "text"},
		BinaryData: map[string][]byte{"bin": binary},
	}, metav1.CreateOptions{})
	check("configmap create", err)
	if !bytes.Equal(configMap.BinaryData["bin"], binary) || configMap.Data["plain"] != "text" || configMap.Annotations["note"] != "ünïcode ✓" {
		fail("configmap create", fmt.Errorf("answer %+v", configMap))
	}
	ok("configmap-create")

	applied, err := configMaps.Apply(ctx, corev1apply.ConfigMap("cbor-configmap", namespace).WithData(map[string]string{"applied": "yes"}).WithBinaryData(map[string][]byte{"more": {7}}),
		metav1.ApplyOptions{FieldManager: "cbor-probe", Force: true})
	check("configmap apply", err)
	if applied.Data["applied"] != "yes" || !bytes.Equal(applied.BinaryData["more"], []byte{7}) || !bytes.Equal(applied.BinaryData["bin"], binary) {
		fail("configmap apply", fmt.Errorf("answer data %v binaryData %v", applied.Data, applied.BinaryData))
	}
	ok("configmap-apply")

	check("configmap delete", configMaps.Delete(ctx, "cbor-configmap", metav1.DeleteOptions{}))
	ok("configmap-delete")

	replicas := int32(2)
	surge := intstr.FromString("25%")
	deployment, err := client.AppsV1().Deployments(namespace).Create(ctx, &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "cbor-deployment"},
		Spec: appsv1.DeploymentSpec{
			Replicas: &replicas,
			Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "cbor"}},
			Strategy: appsv1.DeploymentStrategy{RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &surge}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "cbor"}},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{
					Name: "web", Image: "nginx",
					Resources: corev1.ResourceRequirements{Limits: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("500m")}},
				}}},
			},
		},
	}, metav1.CreateOptions{})
	check("deployment create", err)
	limit := deployment.Spec.Template.Spec.Containers[0].Resources.Limits[corev1.ResourceCPU]
	if *deployment.Spec.Replicas != 2 || deployment.Spec.Strategy.RollingUpdate.MaxSurge.String() != "25%" || limit.String() != "500m" || deployment.Generation != 1 {
		fail("deployment create", fmt.Errorf("answer %+v", deployment.Spec))
	}
	ok("deployment-create")
	check("deployment delete", client.AppsV1().Deployments(namespace).Delete(ctx, "cbor-deployment", metav1.DeleteOptions{}))
	ok("deployment-delete")

	_, err = secrets.Get(ctx, "nowhere", metav1.GetOptions{})
	status, isStatus := err.(apierrors.APIStatus)
	if !isStatus || !apierrors.IsNotFound(err) {
		fail("not found", fmt.Errorf("error %T %v", err, err))
	}
	s := status.Status()
	fmt.Printf("status %d %s %s %s/%s %q\n", s.Code, s.Status, s.Reason, s.Details.Kind, s.Details.Name, s.Message)
	ok("not-found")

	// A 422 with its causes, and a 409 for a stale resourceVersion: Status bodies with more in them.
	_, err = secrets.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "Not_A_Name"}}, metav1.CreateOptions{})
	status, isStatus = err.(apierrors.APIStatus)
	if !isStatus || !apierrors.IsInvalid(err) || status.Status().Details == nil || len(status.Status().Details.Causes) == 0 {
		fail("invalid", fmt.Errorf("error %T %v", err, err))
	}
	fmt.Printf("invalid %d %s field=%s\n", status.Status().Code, status.Status().Reason, status.Status().Details.Causes[0].Field)
	ok("invalid")
	stale, err := secrets.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "cbor-stale"}}, metav1.CreateOptions{})
	check("conflict create", err)
	fresh := stale.DeepCopy()
	fresh.Labels = map[string]string{"first": "yes"}
	_, err = secrets.Update(ctx, fresh, metav1.UpdateOptions{})
	check("conflict first update", err)
	stale.Labels = map[string]string{"late": "yes"}
	if _, err = secrets.Update(ctx, stale, metav1.UpdateOptions{}); !apierrors.IsConflict(err) {
		fail("conflict", fmt.Errorf("error %T %v", err, err))
	}
	ok("conflict")
	check("conflict delete", secrets.Delete(ctx, "cbor-stale", metav1.DeleteOptions{}))
}

func dynamicClient(ctx context.Context, config *rest.Config, namespace string) {
	client, err := dynamic.NewForConfig(config)
	check("dynamic client", err)
	configMaps := client.Resource(schema.GroupVersionResource{Version: "v1", Resource: "configmaps"}).Namespace(namespace)
	object := &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": "v1",
		"kind":       "ConfigMap",
		"metadata":   map[string]interface{}{"name": "cbor-dynamic", "labels": map[string]interface{}{"via": "dynamic"}},
		"data":       map[string]interface{}{"a": "1"},
		"binaryData": map[string]interface{}{"bin": "AAEC/w=="},
	}}
	created, err := configMaps.Create(ctx, object, metav1.CreateOptions{})
	check("dynamic create", err)
	if bin, _, _ := unstructured.NestedString(created.Object, "binaryData", "bin"); bin != "AAEC/w==" {
		fail("dynamic create", fmt.Errorf("binaryData %v", created.Object["binaryData"]))
	}
	ok("dynamic-create")

	got, err := configMaps.Get(ctx, "cbor-dynamic", metav1.GetOptions{})
	check("dynamic get", err)
	if bin, _, _ := unstructured.NestedString(got.Object, "binaryData", "bin"); bin != "AAEC/w==" || got.GetUID() != created.GetUID() {
		fail("dynamic get", fmt.Errorf("binaryData %v", got.Object["binaryData"]))
	}
	ok("dynamic-get")

	check("dynamic update", unstructured.SetNestedField(got.Object, "2", "data", "a"))
	updated, err := configMaps.Update(ctx, got, metav1.UpdateOptions{})
	check("dynamic update", err)
	if a, _, _ := unstructured.NestedString(updated.Object, "data", "a"); a != "2" {
		fail("dynamic update", fmt.Errorf("data %v", updated.Object["data"]))
	}
	ok("dynamic-update")

	list, err := configMaps.List(ctx, metav1.ListOptions{LabelSelector: "via=dynamic"})
	check("dynamic list", err)
	if len(list.Items) != 1 || list.Items[0].GetName() != "cbor-dynamic" || list.Items[0].GetKind() != "ConfigMap" {
		fail("dynamic list", fmt.Errorf("%d items", len(list.Items)))
	}
	ok("dynamic-list")

	watcher, err := configMaps.Watch(ctx, metav1.ListOptions{LabelSelector: "via=dynamic", ResourceVersion: "0"})
	check("dynamic watch", err)
	ok("dynamic-watch")
	select {
	case event := <-watcher.ResultChan():
		object, isUnstructured := event.Object.(*unstructured.Unstructured)
		if event.Type != watch.Added || !isUnstructured || object.GetName() != "cbor-dynamic" {
			fail("dynamic watch", fmt.Errorf("event %s %T", event.Type, event.Object))
		}
	case <-ctx.Done():
		fail("dynamic watch", fmt.Errorf("no event"))
	}
	watcher.Stop()
	fmt.Println("ok dynamic-watch-events")

	check("dynamic delete", configMaps.Delete(ctx, "cbor-dynamic", metav1.DeleteOptions{}))
	ok("dynamic-delete")

	_, err = configMaps.Get(ctx, "cbor-dynamic", metav1.GetOptions{})
	if !apierrors.IsNotFound(err) {
		fail("dynamic not found", fmt.Errorf("error %v", err))
	}
	fmt.Printf("dynamic-status %q\n", err.Error())
	ok("dynamic-not-found")
}
