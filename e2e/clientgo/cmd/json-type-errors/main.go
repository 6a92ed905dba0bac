// json-type-errors writes what kube's JSON decoding says of wrongly typed values in every built-in
// kind: it takes the zero-valued objects of common/test/fixtures/clientgo-zero-values/objects.json
// (every field present), replaces one value at a time with a value of another JSON type (a number
// for a string, a string for a number or a bool, an array for an object, an object for an array,
// 1.5 and 2^40 for an integer), decodes each body with kube's JSON serializer into the typed
// object, and writes the replacement and the decoder's error. Capstan's common tests hold its own
// checker to these words. Regenerate with
//
//	cd e2e/clientgo && go run ./cmd/json-type-errors \
//	  < ../../common/test/fixtures/clientgo-zero-values/objects.json \
//	  > ../../common/test/fixtures/go-json-type-errors.json
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	apiregistrationv1 "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"
)

type fixture struct {
	APIVersion string                 `json:"apiVersion"`
	Kind       string                 `json:"kind"`
	JSON       map[string]interface{} `json:"json"`
}

// A case: in the object of apiVersion/kind, the value at path replaced by value; the decoder's error.
type typeErrorCase struct {
	APIVersion string        `json:"apiVersion"`
	Kind       string        `json:"kind"`
	Path       []interface{} `json:"path"`
	Value      interface{}   `json:"value"`
	Error      string        `json:"error"`
}

// How many cases each kind gets at most, taken evenly over its values, so the fixture stays small.
const casesPerKind = 24

func main() {
	var fixtures []fixture
	if err := json.NewDecoder(os.Stdin).Decode(&fixtures); err != nil {
		fail(err)
	}
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{clientgoscheme.AddToScheme, apiextensionsv1.AddToScheme, apiregistrationv1.AddToScheme} {
		if err := add(scheme); err != nil {
			fail(err)
		}
	}
	serializer := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, scheme, scheme, kjson.SerializerOptions{})
	var cases []typeErrorCase
	for _, f := range fixtures {
		gv, err := schema.ParseGroupVersion(f.APIVersion)
		if err != nil {
			fail(err)
		}
		gvk := gv.WithKind(f.Kind)
		var candidates []typeErrorCase
		walk(f.JSON, nil, func(path []interface{}, value interface{}) {
			if len(path) == 1 && (path[0] == "apiVersion" || path[0] == "kind") {
				return
			}
			for _, replacement := range replacementsFor(value) {
				candidates = append(candidates, typeErrorCase{APIVersion: f.APIVersion, Kind: f.Kind, Path: append([]interface{}{}, path...), Value: replacement})
			}
		})
		step := 1
		if len(candidates) > casesPerKind {
			step = (len(candidates) + casesPerKind - 1) / casesPerKind
		}
		for i := 0; i < len(candidates); i += step {
			c := candidates[i]
			body, err := json.Marshal(replaced(f.JSON, c.Path, c.Value))
			if err != nil {
				fail(err)
			}
			_, _, err = serializer.Decode(body, &gvk, nil)
			if err == nil {
				continue // a value Go takes (a number into an IntOrString, anything into a RawExtension)
			}
			c.Error = err.Error()
			cases = append(cases, c)
		}
	}
	out, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		fail(err)
	}
	fmt.Println(string(out))
}

// The values of another JSON type that replace `value`.
func replacementsFor(value interface{}) []interface{} {
	switch value.(type) {
	case string:
		return []interface{}{123}
	case float64:
		return []interface{}{"x", 1.5, 1099511627776.0}
	case bool:
		return []interface{}{"true"}
	case map[string]interface{}:
		return []interface{}{[]interface{}{}}
	case []interface{}:
		return []interface{}{map[string]interface{}{}}
	}
	return nil
}

// Every value of the tree with its path (keys and indices), in a fixed order.
func walk(value interface{}, path []interface{}, visit func([]interface{}, interface{})) {
	if len(path) > 0 {
		visit(path, value)
	}
	switch v := value.(type) {
	case map[string]interface{}:
		keys := make([]string, 0, len(v))
		for key := range v {
			keys = append(keys, key)
		}
		sort.Strings(keys)
		for _, key := range keys {
			walk(v[key], append(path, key), visit)
		}
	case []interface{}:
		for i, item := range v {
			walk(item, append(path, float64(i)), visit)
		}
	}
}

// A deep copy of the tree with the value at path replaced.
func replaced(value interface{}, path []interface{}, with interface{}) interface{} {
	if len(path) == 0 {
		return with
	}
	switch v := value.(type) {
	case map[string]interface{}:
		out := make(map[string]interface{}, len(v))
		for key, item := range v {
			out[key] = item
		}
		key := path[0].(string)
		out[key] = replaced(v[key], path[1:], with)
		return out
	case []interface{}:
		out := append([]interface{}{}, v...)
		i := int(path[0].(float64))
		out[i] = replaced(v[i], path[1:], with)
		return out
	}
	fail(fmt.Errorf("no value at %v", strings.Repeat(".", len(path))))
	return nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
