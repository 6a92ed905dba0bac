// protobuf-fixtures writes, for every kind of the built-in API, an object whose every field holds
// its Go zero value (pointers pointing at zeros, lists of one zero item, maps of one zero entry),
// encoded twice: as client-go's Protobuf serializer writes it (the "k8s\0" envelope) and as
// encoding/json writes it. It also writes, for every struct type reachable from those kinds, which
// fields are Go pointers and which are omitempty. Capstan's tests read these files to check that a
// Protobuf body decodes to what the same object sent as JSON would.
//
// Regenerate (from e2e/clientgo): go run ./cmd/protobuf-fixtures ../../common/test/fixtures/clientgo-zero-values
//
// With "decode" instead of a directory, it reads Protobuf bodies (base64, one a line) on stdin and
// writes each as client-go decodes it, in encoding/json's JSON, one a line: the judge of what
// Capstan's Protobuf writer makes.
package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer/protobuf"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
)

// fixture is one kind's zero-valued object in both encodings.
type fixture struct {
	APIVersion string          `json:"apiVersion"`
	Kind       string          `json:"kind"`
	Protobuf   string          `json:"protobuf"`
	JSON       json.RawMessage `json:"json"`
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: protobuf-fixtures OUTPUT_DIR")
		os.Exit(2)
	}
	out := os.Args[1]
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, apiextensionsv1.AddToScheme, apiregistrationv1.AddToScheme} {
		if err := add(scheme); err != nil {
			fail(err)
		}
	}
	serializer := protobuf.NewSerializer(scheme, scheme)
	if out == "decode" {
		decodeLines(serializer)
		return
	}
	fields := fieldReport{}
	var fixtures []fixture
	for gvk, goType := range scheme.AllKnownTypes() {
		if !servedKind(gvk, goType) {
			continue
		}
		object := reflect.New(goType)
		fill(object.Elem(), map[reflect.Type]bool{})
		runtimeObject := object.Interface().(runtime.Object)
		runtimeObject.GetObjectKind().SetGroupVersionKind(gvk)
		var wire bytes.Buffer
		if err := serializer.Encode(runtimeObject, &wire); err != nil {
			fail(fmt.Errorf("%s: %w", gvk, err))
		}
		text, err := json.Marshal(runtimeObject)
		if err != nil {
			fail(fmt.Errorf("%s: %w", gvk, err))
		}
		fixtures = append(fixtures, fixture{APIVersion: gvk.GroupVersion().String(), Kind: gvk.Kind, Protobuf: base64.StdEncoding.EncodeToString(wire.Bytes()), JSON: text})
		fields.add(goType)
	}
	sort.Slice(fixtures, func(i, j int) bool {
		return fixtures[i].APIVersion+"/"+fixtures[i].Kind < fixtures[j].APIVersion+"/"+fixtures[j].Kind
	})
	if err := os.MkdirAll(out, 0o755); err != nil {
		fail(err)
	}
	write(filepath.Join(out, "objects.json"), fixtures)
	write(filepath.Join(out, "go-fields.json"), fields)
}

// stableVersion: v1, v2; kube-apiserver 1.35 serves no alpha or beta version by default.
var stableVersion = regexp.MustCompile(`^v[0-9]+$`)

// optionalGroupVersions: the beta versions Capstan serves when enabled (--runtime-config), as kube does.
var optionalGroupVersions = map[string]bool{"admissionregistration.k8s.io/v1beta1": true}

// servedKind: the top-level kinds of the stable versions of Kubernetes' API packages and of the
// optional ones Capstan serves, not their lists nor the option kinds every group version registers
// from meta/v1.
func servedKind(gvk schema.GroupVersionKind, goType reflect.Type) bool {
	if strings.HasSuffix(gvk.Kind, "List") || strings.HasSuffix(gvk.Kind, "Options") || strings.HasPrefix(goType.PkgPath(), "k8s.io/apimachinery/") {
		return false
	}
	if optionalGroupVersions[gvk.GroupVersion().String()] {
		return optionalKinds[gvk.Kind]
	}
	return stableVersion.MatchString(gvk.Version)
}

// optionalKinds: of the optional group-versions, the kinds kube-apiserver 1.35 serves there
// (admissionregistration.k8s.io/v1beta1 also registers webhook and validating policy kinds it no
// longer serves).
var optionalKinds = map[string]bool{"MutatingAdmissionPolicy": true, "MutatingAdmissionPolicyBinding": true}

// decodeLines: each base64 Protobuf body of stdin, decoded by client-go, as a JSON line.
func decodeLines(serializer *protobuf.Serializer) {
	lines := bufio.NewScanner(os.Stdin)
	lines.Buffer(make([]byte, 1<<20), 64<<20)
	for lines.Scan() {
		body, err := base64.StdEncoding.DecodeString(lines.Text())
		if err != nil {
			fail(err)
		}
		object, _, err := serializer.Decode(body, nil, nil)
		if err != nil {
			fail(err)
		}
		text, err := json.Marshal(object)
		if err != nil {
			fail(err)
		}
		fmt.Println(string(text))
	}
	if err := lines.Err(); err != nil {
		fail(err)
	}
}

func write(path string, value any) {
	text, err := json.MarshalIndent(value, "", " ")
	if err != nil {
		fail(err)
	}
	if err := os.WriteFile(path, append(text, '\n'), 0o644); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
