// crd-probe drives an API server as a Go operator does with client-go v0.35: the apiextensions
// clientset (Protobuf, as the upstream e2e framework configures it) creates a
// CustomResourceDefinition and watches it until Established; a dynamic informer then follows the
// custom resource while the dynamic client creates (defaulted by the schema), gets, lists,
// updates, writes the status, merge-patches, server-side applies, reads and writes the scale, and
// deletes a custom object; deleting the CRD at last takes the resource away. Each step prints
// "ok <step>"; the first failure prints "fail <step>: <error>" and exits 1.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/dynamic/dynamicinformer"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/tools/clientcmd"
	"k8s.io/utils/ptr"
)

func ok(step string) { fmt.Printf("ok %s\n", step) }

func fail(step string, err error) {
	fmt.Printf("fail %s: %v\n", step, err)
	os.Exit(1)
}

func check(step string, err error) {
	if err != nil {
		fail(step, err)
	}
}

var gvr = schema.GroupVersionResource{Group: "probe.example.com", Version: "v1", Resource: "widgets"}

func definition() *apiextensionsv1.CustomResourceDefinition {
	integer := apiextensionsv1.JSONSchemaProps{Type: "integer"}
	return &apiextensionsv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "widgets.probe.example.com"},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: "probe.example.com",
			Scope: apiextensionsv1.NamespaceScoped,
			Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{
				Name: "v1", Served: true, Storage: true,
				Subresources: &apiextensionsv1.CustomResourceSubresources{
					Status: &apiextensionsv1.CustomResourceSubresourceStatus{},
					Scale:  &apiextensionsv1.CustomResourceSubresourceScale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas"},
				},
				Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{
					Type: "object",
					Properties: map[string]apiextensionsv1.JSONSchemaProps{
						"spec": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{
							"replicas": integer,
							"color":    {Type: "string", Default: &apiextensionsv1.JSON{Raw: []byte(`"red"`)}},
							"ports": {
								Type: "array", XListType: ptr.To("map"), XListMapKeys: []string{"name"},
								Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &apiextensionsv1.JSONSchemaProps{
									Type: "object", Required: []string{"name"},
									Properties: map[string]apiextensionsv1.JSONSchemaProps{"name": {Type: "string"}, "port": integer},
								}},
							},
						}},
						"status": {Type: "object", Properties: map[string]apiextensionsv1.JSONSchemaProps{"replicas": integer, "ready": {Type: "boolean"}}},
					},
				}},
			}},
		},
	}
}

func established(crd *apiextensionsv1.CustomResourceDefinition) bool {
	for _, condition := range crd.Status.Conditions {
		if condition.Type == apiextensionsv1.Established && condition.Status == apiextensionsv1.ConditionTrue {
			return true
		}
	}
	return false
}

func widget(name string, spec map[string]interface{}) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": "probe.example.com/v1", "kind": "Widget",
		"metadata": map[string]interface{}{"name": name},
		"spec":     spec,
	}}
}

func main() {
	config, err := clientcmd.BuildConfigFromFlags("", os.Args[1])
	check("config", err)
	namespace := os.Args[2]
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Second)
	defer cancel()

	crdConfig := *config
	crdConfig.ContentType = "application/vnd.kubernetes.protobuf"
	crdClient, err := apiextensions.NewForConfig(&crdConfig)
	check("crd-client", err)
	crds := crdClient.ApiextensionsV1().CustomResourceDefinitions()
	created, err := crds.Create(ctx, definition(), metav1.CreateOptions{})
	check("crd-create", err)
	ok("crd-create")
	crdWatch, err := crds.Watch(ctx, metav1.ListOptions{FieldSelector: fields.OneTermEqualSelector("metadata.name", created.Name).String(), ResourceVersion: created.ResourceVersion})
	check("crd-watch", err)
	for !established(created) {
		event, open := <-crdWatch.ResultChan()
		if !open {
			fail("crd-established", fmt.Errorf("the watch ended before the CRD was Established"))
		}
		if event.Type == watch.Modified {
			created = event.Object.(*apiextensionsv1.CustomResourceDefinition)
		}
	}
	crdWatch.Stop()
	ok("crd-established")

	client, err := dynamic.NewForConfig(config)
	check("dynamic-client", err)
	widgets := client.Resource(gvr).Namespace(namespace)

	factory := dynamicinformer.NewFilteredDynamicSharedInformerFactory(client, 0, namespace, nil)
	informer := factory.ForResource(gvr).Informer()
	events := make(chan string, 100)
	_, err = informer.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) { events <- "add " + obj.(*unstructured.Unstructured).GetName() },
		UpdateFunc: func(_, obj interface{}) {
			u := obj.(*unstructured.Unstructured)
			events <- fmt.Sprintf("update %s %s", u.GetName(), u.GetResourceVersion())
		},
		DeleteFunc: func(obj interface{}) {
			if u, isObject := obj.(*unstructured.Unstructured); isObject {
				events <- "delete " + u.GetName()
			} else {
				events <- "delete"
			}
		},
	})
	check("informer", err)
	factory.Start(ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), informer.HasSynced) {
		fail("informer-synced", fmt.Errorf("the informer did not sync"))
	}
	ok("informer-synced")
	await := func(step, prefix string) {
		for {
			select {
			case event := <-events:
				if len(event) >= len(prefix) && event[:len(prefix)] == prefix {
					ok(step)
					return
				}
			case <-ctx.Done():
				fail(step, fmt.Errorf("no informer event %q", prefix))
			}
		}
	}

	object, err := widgets.Create(ctx, widget("w1", map[string]interface{}{"replicas": int64(1)}), metav1.CreateOptions{})
	check("create", err)
	if color, _, _ := unstructured.NestedString(object.Object, "spec", "color"); color != "red" {
		fail("create-defaulted", fmt.Errorf("spec.color is %q, want the schema's default red", color))
	}
	ok("create-defaulted")
	await("informer-added", "add w1")

	object, err = widgets.Get(ctx, "w1", metav1.GetOptions{})
	check("get", err)
	ok("get")
	list, err := widgets.List(ctx, metav1.ListOptions{})
	check("list", err)
	if len(list.Items) != 1 || list.GetResourceVersion() == "" {
		fail("list", fmt.Errorf("got %d items, resourceVersion %q", len(list.Items), list.GetResourceVersion()))
	}
	ok("list")

	check("update", unstructured.SetNestedField(object.Object, int64(2), "spec", "replicas"))
	object, err = widgets.Update(ctx, object, metav1.UpdateOptions{})
	check("update", err)
	ok("update")
	await("informer-updated", "update w1")

	check("update-status", unstructured.SetNestedField(object.Object, true, "status", "ready"))
	object, err = widgets.UpdateStatus(ctx, object, metav1.UpdateOptions{})
	check("update-status", err)
	if ready, _, _ := unstructured.NestedBool(object.Object, "status", "ready"); !ready {
		fail("update-status", fmt.Errorf("status.ready was not written"))
	}
	ok("update-status")

	_, err = widgets.Patch(ctx, "w1", types.MergePatchType, []byte(`{"spec":{"color":"blue"}}`), metav1.PatchOptions{})
	check("merge-patch", err)
	ok("merge-patch")

	applied, err := widgets.Apply(ctx, "w1", widget("w1", map[string]interface{}{"ports": []interface{}{map[string]interface{}{"name": "http", "port": int64(80)}}}), metav1.ApplyOptions{FieldManager: "crd-probe", Force: true})
	check("apply", err)
	owns := false
	for _, entry := range applied.GetManagedFields() {
		owns = owns || (entry.Manager == "crd-probe" && entry.Operation == metav1.ManagedFieldsOperationApply)
	}
	if !owns {
		fail("apply", fmt.Errorf("no Apply entry of crd-probe in managedFields: %v", applied.GetManagedFields()))
	}
	ok("apply")
	_, err = widgets.Apply(ctx, "w1", widget("w1", map[string]interface{}{"color": "green"}), metav1.ApplyOptions{FieldManager: "other"})
	if !apierrors.IsConflict(err) {
		fail("apply-conflict", fmt.Errorf("want a 409 conflict over spec.color, got %v", err))
	}
	ok("apply-conflict")

	scale, err := widgets.Get(ctx, "w1", metav1.GetOptions{}, "scale")
	check("scale-get", err)
	if replicas, _, _ := unstructured.NestedInt64(scale.Object, "spec", "replicas"); replicas != 2 || scale.GetKind() != "Scale" {
		fail("scale-get", fmt.Errorf("got %v", scale.Object))
	}
	check("scale-update", unstructured.SetNestedField(scale.Object, int64(4), "spec", "replicas"))
	_, err = widgets.Update(ctx, scale, metav1.UpdateOptions{}, "scale")
	check("scale-update", err)
	object, err = widgets.Get(ctx, "w1", metav1.GetOptions{})
	check("scale-update", err)
	if replicas, _, _ := unstructured.NestedInt64(object.Object, "spec", "replicas"); replicas != 4 {
		fail("scale-update", fmt.Errorf("spec.replicas is %d after the scale update", replicas))
	}
	ok("scale")

	check("delete", widgets.Delete(ctx, "w1", metav1.DeleteOptions{}))
	await("informer-deleted", "delete")

	check("crd-delete", crds.Delete(ctx, created.Name, metav1.DeleteOptions{}))
	for {
		_, err := crds.Get(ctx, created.Name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			break
		}
		check("crd-deleted", err)
		select {
		case <-ctx.Done():
			fail("crd-deleted", fmt.Errorf("the CRD is still there"))
		case <-time.After(100 * time.Millisecond):
		}
	}
	if _, err := widgets.List(ctx, metav1.ListOptions{}); !apierrors.IsNotFound(err) {
		fail("crd-deleted", fmt.Errorf("listing widgets after the CRD went: want 404, got %v", err))
	}
	ok("crd-deleted")
}
