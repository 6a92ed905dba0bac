// cbor-fixtures writes what kube's own CBOR serializer (k8s.io/apimachinery v0.35, the one client-go
// uses) produces and refuses, as fixtures for Capstan's CBOR codec tests:
//
//	cd e2e/clientgo && go run ./cmd/cbor-fixtures ../../common/test/fixtures/cbor
//
// For each object: <name>.cbor (the bytes client-go sends, and kube-apiserver answers) and
// <name>.json (the same object in JSON). decoding.json lists hand-made inputs with what kube's
// decoder makes of them: the JSON form of the value, or its error message.
package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	certificatesv1 "k8s.io/api/certificates/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/cbor"
	"k8s.io/apimachinery/pkg/runtime/serializer/cbor/direct"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes/scheme"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cbor-fixtures OUTDIR")
		os.Exit(2)
	}
	out := os.Args[1]
	must(os.MkdirAll(out, 0o755))
	serializer := cbor.NewSerializer(scheme.Scheme, scheme.Scheme)
	for name, object := range objects() {
		var body bytes.Buffer
		must(serializer.Encode(object, &body))
		must(os.WriteFile(filepath.Join(out, name+".cbor"), body.Bytes(), 0o644))
		must(os.WriteFile(filepath.Join(out, name+".json"), jsonOf(object), 0o644))
	}
	// A watch event as kube-apiserver frames it: the object encoded first, then embedded raw in a
	// WatchEvent encoded by the same serializer.
	var embedded, event bytes.Buffer
	secret := objects()["secret"]
	must(serializer.Encode(secret, &embedded))
	must(serializer.Encode(&metav1.WatchEvent{Type: "ADDED", Object: runtime.RawExtension{Raw: embedded.Bytes()}}, &event))
	must(os.WriteFile(filepath.Join(out, "watch-event-secret.cbor"), event.Bytes(), 0o644))
	must(os.WriteFile(filepath.Join(out, "watch-event-secret.json"), []byte(fmt.Sprintf(`{"type":"ADDED","object":%s}`, jsonOf(secret))), 0o644))

	var results []decoding
	for _, c := range decodingCases() {
		data, err := hex.DecodeString(strings.ReplaceAll(c.hex, " ", ""))
		must(err)
		var value interface{}
		result := decoding{Name: c.name, Hex: hex.EncodeToString(data)}
		if err := direct.Unmarshal(data, &value); err != nil {
			result.Error = err.Error()
		} else {
			result.JSON = json.RawMessage(jsonOf(value))
		}
		results = append(results, result)
	}
	text, err := json.MarshalIndent(results, "", "  ")
	must(err)
	must(os.WriteFile(filepath.Join(out, "decoding.json"), append(text, '\n'), 0o644))

	// Bodies of built-in kinds decoded as kube-apiserver decodes them (typed, strict): how []byte
	// fields take byte strings, tagged or not, and text strings.
	strict := cbor.NewSerializer(scheme.Scheme, scheme.Scheme, cbor.Strict(true))
	results = nil
	for _, c := range typedDecodingCases() {
		data, err := hex.DecodeString(strings.ReplaceAll(c.hex, " ", ""))
		must(err)
		result := decoding{Name: c.name, Hex: hex.EncodeToString(data)}
		if object, _, err := strict.Decode(data, nil, nil); err != nil {
			result.Error = err.Error()
		} else {
			result.JSON = json.RawMessage(jsonOf(object))
		}
		results = append(results, result)
	}
	text, err = json.MarshalIndent(results, "", "  ")
	must(err)
	must(os.WriteFile(filepath.Join(out, "typed-decoding.json"), append(text, '\n'), 0o644))
}

// typedDecodingCases are Secrets and ConfigMaps whose []byte fields come in every shape CBOR allows.
func typedDecodingCases() []struct{ name, hex string } {
	// {"apiVersion":"v1","kind":K,"metadata":{"name":"x"}, FIELD: VALUE} with byte-string keys.
	object := func(kind string, field string, value string) string {
		return "a4 4a " + hex.EncodeToString([]byte("apiVersion")) + " 42 7631 44 6b696e64 " + cborBytes(kind) +
			" 48 " + hex.EncodeToString([]byte("metadata")) + " a1 44 6e616d65 41 78 " + cborBytes(field) + " " + value
	}
	secretData := func(value string) string { return object("Secret", "data", "a1 41 6b "+value) }
	return []struct{ name, hex string }{
		{"Secret data under tag 22", secretData("d6 44 000102ff")},
		{"Secret data under tag 21", secretData("d5 44 000102ff")},
		{"Secret data under tag 23", secretData("d7 44 000102ff")},
		{"Secret data as an untagged byte string of base64 text", secretData("48 " + hex.EncodeToString([]byte("AAEC/w==")))},
		{"Secret data as an untagged byte string of base64 text with a line break", secretData("49 " + hex.EncodeToString([]byte("AAEC\n/w==")))},
		{"Secret data as an untagged byte string that is no base64", secretData("44 000102ff")},
		{"Secret data as an untagged byte string of base64 text without padding", secretData("46 " + hex.EncodeToString([]byte("AAEC/w")))},
		{"Secret data as a text string of base64", secretData("68 " + hex.EncodeToString([]byte("AAEC/w==")))},
		{"Secret data as null", secretData("f6")},
		{"Secret data as an integer", secretData("01")},
		{"Secret data as a boolean", secretData("f5")},
		{"Secret data as undefined", secretData("f7")},
		{"Secret data as an indefinite-length byte string of base64 text", secretData("5f 42 4141 46 45432f773d3d ff")},
		{"Secret data as an indefinite-length byte string under tag 22", secretData("d6 5f 42 0001 42 02ff ff")},
		{"Secret data under an unknown tag", secretData("d9 04d2 44 " + hex.EncodeToString([]byte("AAE=")))},
		{"ConfigMap binaryData under tag 22", object("ConfigMap", "binaryData", "a1 41 62 d6 43 616263")},
		{"ConfigMap binaryData as a text string", object("ConfigMap", "binaryData", "a1 41 62 63 616263")},
		{"ConfigMap data as a tag 22 byte string", object("ConfigMap", "data", "a1 41 62 d6 43 616263")},
		{"ConfigMap with an unknown field", object("ConfigMap", "bogus", "01")},
		// Scalars of the wrong type where the Go type is a plain int32, int64 or bool.
		{"ConfigMap immutable as an integer", object("ConfigMap", "immutable", "01")},
		{"ConfigMap immutable as a text", object("ConfigMap", "immutable", "64 74727565")},
		{"ConfigMap immutable as null", object("ConfigMap", "immutable", "f6")},
		{"Pod spec.terminationGracePeriodSeconds as a text", object("Pod", "spec", "a1 58 1d "+hex.EncodeToString([]byte("terminationGracePeriodSeconds"))+" 62 3330")},
		{"Pod spec.terminationGracePeriodSeconds as a float", object("Pod", "spec", "a1 58 1d "+hex.EncodeToString([]byte("terminationGracePeriodSeconds"))+" f9 3e00")},
		{"Pod spec.terminationGracePeriodSeconds as an integral float", object("Pod", "spec", "a1 58 1d "+hex.EncodeToString([]byte("terminationGracePeriodSeconds"))+" f9 4000")},
		{"Pod spec.terminationGracePeriodSeconds as a boolean", object("Pod", "spec", "a1 58 1d "+hex.EncodeToString([]byte("terminationGracePeriodSeconds"))+" f5")},
		{"Pod spec.priority (int32) past int32", object("Pod", "spec", "a1 48 "+hex.EncodeToString([]byte("priority"))+" 1a b2d05e00")},
		{"Pod spec.priority (int32) below int32", object("Pod", "spec", "a1 48 "+hex.EncodeToString([]byte("priority"))+" 3a b2d05e00")},
		{"Pod spec.terminationGracePeriodSeconds past int64", object("Pod", "spec", "a1 58 1d "+hex.EncodeToString([]byte("terminationGracePeriodSeconds"))+" 1b ffffffffffffffff")},
		{"Pod spec.terminationGracePeriodSeconds under a tag", object("Pod", "spec", "a1 58 1d "+hex.EncodeToString([]byte("terminationGracePeriodSeconds"))+" d9 04d2 18 1e")},
		{"ConfigMap data value as an integer", object("ConfigMap", "data", "a1 41 61 01")},
		{"Secret type as an integer", object("Secret", "type", "01")},
		{"Pod spec.restartPolicy as a boolean", object("Pod", "spec", "a1 4d "+hex.EncodeToString([]byte("restartPolicy"))+" f5")},
		{"Pod spec.nodeName as a map", object("Pod", "spec", "a1 48 "+hex.EncodeToString([]byte("nodeName"))+" a0")},
		{"Pod capability as an integer", object("Pod", "spec", "a1 4a "+hex.EncodeToString([]byte("containers"))+" 81 a2 44 6e616d65 41 63 4f "+hex.EncodeToString([]byte("securityContext"))+" a1 4c "+hex.EncodeToString([]byte("capabilities"))+" a1 43 616464 81 01")},
		{"Pod metadata.uid as an integer", "a3 4a " + hex.EncodeToString([]byte("apiVersion")) + " 42 7631 44 6b696e64 43 506f64 48 " + hex.EncodeToString([]byte("metadata")) + " a2 44 6e616d65 41 78 43 " + hex.EncodeToString([]byte("uid")) + " 05"},
		{"Pod spec as a text", object("Pod", "spec", "61 78")},
		{"Pod spec as a list", object("Pod", "spec", "80")},
		{"Pod spec.affinity (a pointer) as an integer", object("Pod", "spec", "a1 48 "+hex.EncodeToString([]byte("affinity"))+" 01")},
		{"Pod spec.containers as a map", object("Pod", "spec", "a1 4a "+hex.EncodeToString([]byte("containers"))+" a0")},
		{"Pod spec.containers item as a text", object("Pod", "spec", "a1 4a "+hex.EncodeToString([]byte("containers"))+" 81 61 78")},
		{"Pod spec.nodeSelector as a list", object("Pod", "spec", "a1 4c "+hex.EncodeToString([]byte("nodeSelector"))+" 80")},
		{"Pod metadata.finalizers as a text", "a3 4a " + hex.EncodeToString([]byte("apiVersion")) + " 42 7631 44 6b696e64 43 506f64 48 " + hex.EncodeToString([]byte("metadata")) + " a2 44 6e616d65 41 78 4a " + hex.EncodeToString([]byte("finalizers")) + " 61 78"},
		{"Pod spec.hostNetwork as a text", object("Pod", "spec", "a1 4b "+hex.EncodeToString([]byte("hostNetwork"))+" 61 79")},
		{"Pod metadata.generation as a negative integer", object("Pod", "spec", "a0")[0:0] + "a3 4a " + hex.EncodeToString([]byte("apiVersion")) + " 42 7631 44 6b696e64 43 506f64 48 " + hex.EncodeToString([]byte("metadata")) + " a2 44 6e616d65 41 78 4a " + hex.EncodeToString([]byte("generation")) + " 20"},
	}
}

// textHex is the CBOR text string of a short text.
func textHex(text string) string {
	if len(text) < 24 {
		return fmt.Sprintf("%02x", 0x60+len(text)) + hex.EncodeToString([]byte(text))
	}
	return fmt.Sprintf("78%02x", len(text)) + hex.EncodeToString([]byte(text))
}

// cborBytes is the CBOR byte string of a short text.
func cborBytes(text string) string {
	return fmt.Sprintf("%02x", 0x40+len(text)) + hex.EncodeToString([]byte(text))
}

type decoding struct {
	Name  string          `json:"name"`
	Hex   string          `json:"hex"`
	JSON  json.RawMessage `json:"json,omitempty"`
	Error string          `json:"error,omitempty"`
}

func objects() map[string]runtime.Object {
	created := metav1.NewTime(time.Date(2025, 3, 4, 5, 6, 7, 0, time.UTC))
	seconds := int64(30)
	replicas := int32(3)
	surge := intstr.FromString("25%")
	unavailable := intstr.FromInt32(1)
	url := "https://hooks.example.com/validate"
	none := admissionregistrationv1.SideEffectClassNone
	timeout := int32(5)
	dynamic := &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": "v1",
		"kind":       "ConfigMap",
		"metadata":   map[string]interface{}{"name": "dynamic", "namespace": "default", "labels": map[string]interface{}{"via": "dynamic"}},
		"data":       map[string]interface{}{"a": "1"},
		"binaryData": map[string]interface{}{"bin": "AAEC/w=="},
	}}
	dynamic.SetGroupVersionKind(schema.GroupVersionKind{Version: "v1", Kind: "ConfigMap"})
	return map[string]runtime.Object{
		"secret": &corev1.Secret{
			TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Secret"},
			ObjectMeta: metav1.ObjectMeta{Name: "binary", Namespace: "default", Labels: map[string]string{"app": "cbor"}},
			Data:       map[string][]byte{"key": {0, 1, 2, 255}, "text": []byte("hello"), "empty": {}},
			Type:       corev1.SecretTypeOpaque,
		},
		"configmap": &corev1.ConfigMap{
			TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"},
			ObjectMeta: metav1.ObjectMeta{Name: "mixed", Namespace: "default", Annotations: map[string]string{"note": "ünïcode ✓"}},
			Data:       map[string]string{"plain": "text"},
			BinaryData: map[string][]byte{"bin": {0, 1, 2, 255}},
		},
		"pod": &corev1.Pod{
			TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
			ObjectMeta: metav1.ObjectMeta{
				Name: "web", Namespace: "default", UID: "6b1f3f0e-4a7c-4a56-9f3e-0c1a2b3c4d5e", ResourceVersion: "42",
				CreationTimestamp: created, Generation: 1 << 60,
			},
			Spec: corev1.PodSpec{
				TerminationGracePeriodSeconds: &seconds,
				Containers: []corev1.Container{{
					Name: "web", Image: "nginx:1.27",
					Ports: []corev1.ContainerPort{{ContainerPort: 8080, Protocol: corev1.ProtocolTCP}},
					Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{
						corev1.ResourceCPU: resource.MustParse("250m"), corev1.ResourceMemory: resource.MustParse("64Mi"),
					}},
					ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/", Port: intstr.FromInt32(8080)}}},
				}},
			},
		},
		"deployment": &appsv1.Deployment{
			TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
			ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "default"},
			Spec: appsv1.DeploymentSpec{
				Replicas: &replicas,
				Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
				Strategy: appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType, RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &surge, MaxUnavailable: &unavailable}},
				Template: corev1.PodTemplateSpec{
					ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "web"}},
					Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "nginx"}}},
				},
			},
		},
		"secret-list": &corev1.SecretList{
			TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "SecretList"},
			ListMeta: metav1.ListMeta{ResourceVersion: "7"},
			Items: []corev1.Secret{{
				ObjectMeta: metav1.ObjectMeta{Name: "one", Namespace: "default"},
				Data:       map[string][]byte{"k": {9, 8, 7}},
				Type:       corev1.SecretTypeOpaque,
			}},
		},
		"status-not-found": &metav1.Status{
			TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "Status"},
			Status:   metav1.StatusFailure,
			Message:  `secrets "nowhere" not found`,
			Reason:   metav1.StatusReasonNotFound,
			Details:  &metav1.StatusDetails{Name: "nowhere", Kind: "secrets"},
			Code:     404,
		},
		"delete-options": &metav1.DeleteOptions{
			TypeMeta:           metav1.TypeMeta{APIVersion: "v1", Kind: "DeleteOptions"},
			GracePeriodSeconds: &seconds,
		},
		"dynamic-configmap": dynamic,
		// []byte fields deeper down: a struct in a struct, and structs in a list.
		"certificatesigningrequest": &certificatesv1.CertificateSigningRequest{
			TypeMeta:   metav1.TypeMeta{APIVersion: "certificates.k8s.io/v1", Kind: "CertificateSigningRequest"},
			ObjectMeta: metav1.ObjectMeta{Name: "csr"},
			Spec: certificatesv1.CertificateSigningRequestSpec{
				Request:    []byte("-----BEGIN CERTIFICATE REQUEST-----\n"),
				SignerName: "example.com/signer",
				Usages:     []certificatesv1.KeyUsage{certificatesv1.UsageDigitalSignature},
			},
			Status: certificatesv1.CertificateSigningRequestStatus{Certificate: []byte{0x30, 0x82, 0x01, 0x0a}},
		},
		"validatingwebhookconfiguration": &admissionregistrationv1.ValidatingWebhookConfiguration{
			TypeMeta:   metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
			ObjectMeta: metav1.ObjectMeta{Name: "hooks"},
			Webhooks: []admissionregistrationv1.ValidatingWebhook{{
				Name:                    "a.example.com",
				ClientConfig:            admissionregistrationv1.WebhookClientConfig{URL: &url, CABundle: []byte{1, 2, 3, 4, 5}},
				SideEffects:             &none,
				AdmissionReviewVersions: []string{"v1"},
				TimeoutSeconds:          &timeout,
			}},
		},
	}
}

func decodingCases() []struct{ name, hex string } {
	long := func(head string, item string, n int) string { return head + strings.Repeat(item, n) }
	nested := strings.Repeat("81", 64) + "00"
	tooDeep := strings.Repeat("81", 65) + "00"
	return []struct{ name, hex string }{
		// accepted
		{"byte-string keys and values are strings", "a2 44 6b696e64 46 536563726574 42 6f6b 41 79"},
		{"tag 22 byte string is base64 text", "a1 41 6b d6 44 000102ff"},
		{"tag 21 byte string is base64url text", "a1 41 6b d5 44 000102ff"},
		{"tag 23 byte string is hex text", "a1 41 6b d7 44 000102ff"},
		{"self-described anywhere", "d9d9f7 a1 41 6b d9d9f7 a1 41 6a 01"},
		{"indefinite lengths", "bf 5f 41 61 41 62 ff 9f 01 7f 61 78 61 79 ff ff ff"},
		{"integers and floats", "a6 41 61 00 41 62 20 41 63 1b 0fffffffffffffff 41 64 3b 0fffffffffffffff 41 65 f9 3e00 41 66 fb 3ff199999999999a"},
		{"float16 and float32 integral values", "a2 41 61 f9 3c00 41 62 fa 47c35000"},
		{"booleans and null", "a3 41 61 f4 41 62 f5 41 63 f6"},
		{"unknown tag yields its content", "a1 41 61 d9 04d2 41 78"},
		{"tag 0 RFC 3339 text", "a1 41 74 c0 74 323032352d30332d30345430353a30363a30375a"},
		{"tag 1 epoch integer", "a1 41 74 c1 1a 67c68a0f"},
		{"tag 1 epoch float", "a1 41 74 c1 fb 41d9f1a283c80000"},
		{"tag 1 negative epoch", "a1 41 74 c1 38 63"},
		{"tag 1 negative epoch float", "a1 41 74 c1 f9 be00"},
		{"tag 0 with an offset and a fraction", "a1 41 74 c0 " + textHex("2025-03-04T05:06:07.500+01:00")},
		{"tag 0 with nine zeros of fraction", "a1 41 74 c0 " + textHex("2025-03-04T05:06:07.000000000Z")},
		{"tag 0 with offset -00:00", "a1 41 74 c0 " + textHex("2025-03-04T05:06:07-00:00")},
		{"tag 0 on 29 February of a leap year", "a1 41 74 c0 " + textHex("2024-02-29T00:00:00Z")},
		{"tag 0 on 29 February of year 0", "a1 41 74 c0 " + textHex("0000-02-29T00:00:00Z")},
		{"empty map and array", "a2 41 6d a0 41 61 80"},
		{"64 levels of nesting", nested},
		{"1024 array elements", long("99 0400", "00", 1024)},
		// refused
		{"duplicate text keys", "a2 61 61 01 61 61 02"},
		{"duplicate keys text and byte string", "a2 61 61 01 41 61 02"},
		{"duplicate keys in indefinite map", "bf 61 61 01 61 61 02 ff"},
		{"NaN", "a1 61 61 f9 7e00"},
		{"positive infinity", "a1 61 61 f9 7c00"},
		{"negative infinity float64", "a1 61 61 fb fff0000000000000"},
		{"undefined", "a1 61 61 f7"},
		{"simple value 0", "a1 61 61 e0"},
		{"simple value 255", "a1 61 61 f8 ff"},
		{"simple value 24 ill-formed", "a1 61 61 f8 18"},
		{"bignum tag", "a1 61 61 c2 41 01"},
		{"negative bignum tag", "a1 61 61 c3 41 01"},
		{"unsigned integer beyond int64", "a1 61 61 1b ffffffffffffffff"},
		{"negative integer beyond int64", "a1 61 61 3b ffffffffffffffff"},
		{"invalid UTF-8 text", "a1 61 61 61 ff"},
		{"invalid UTF-8 text key", "a1 61 ff 01"},
		{"extraneous data", "a0 00"},
		{"truncated", "a1 61"},
		{"empty", ""},
		{"reserved additional information", "a1 61 61 1c"},
		{"integer map key", "a1 01 02"},
		{"array map key", "a1 80 02"},
		{"null map key", "a1 f6 02"},
		{"undefined map key", "a1 f7 02"},
		{"boolean map key", "a1 f5 02"},
		{"float map key", "a1 f9 3c00 02"},
		{"tagged byte string map key", "a1 d6 41 ff 02"},
		{"unknown tag around a map key", "a1 d9 04d2 61 6b 02"},
		{"undefined inside an array", "82 01 f7"},
		{"tag 55799 around a simple value", "d9d9f7 f5"},
		{"top-level integer", "01"},
		{"float64 that fits in float16", "fb 3ff8000000000000"},
		{"negative zero", "f9 8000"},
		{"1025 array elements", long("99 0401", "00", 1025)},
		{"1025 map pairs", "b9 0401" + func() string {
			var b strings.Builder
			for i := 0; i < 1025; i++ {
				fmt.Fprintf(&b, "59%04x", i)
				b.WriteString("00")
			}
			return strings.ReplaceAll(b.String(), "59", "42")
		}()},
		{"65 levels of nesting", tooDeep},
		{"tag 0 with an integer", "a1 61 74 c0 01"},
		{"tag 0 with a text that is no time", "a1 61 74 c0 63 616263"},
		{"tag 1 with NaN", "a1 61 74 c1 f9 7e00"},
		{"tag 0 on 30 February", "a1 41 74 c0 " + textHex("2025-02-30T00:00:00Z")},
		{"tag 0 with text after the offset", "a1 41 74 c0 " + textHex("2025-03-04T05:06:07+01:00x")},
		{"tag 0 in lower case", "a1 41 74 c0 " + textHex("2025-03-04t05:06:07z")},
		{"tag 0 with hour 24", "a1 41 74 c0 " + textHex("2025-03-04T24:00:00Z")},
		{"tag 0 without seconds", "a1 41 74 c0 " + textHex("2025-03-04T05:06Z")},
		{"tag 1 with a year past 9999", "a1 41 74 c1 1b 0000003afff44180"},
		{"break outside indefinite item", "ff"},
		{"indefinite text with a byte string chunk", "a1 61 61 7f 41 61 ff"},
		{"indefinite map with a missing value", "bf 61 61 ff"},
		{"byte string length beyond the input", "a1 61 61 5a ffffffff"},
		{"array length beyond the input", "9b 00000000ffffffff"},
	}
}

func jsonOf(value interface{}) []byte {
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	must(encoder.Encode(value))
	return bytes.TrimSuffix(out.Bytes(), []byte("\n"))
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
