package main

import (
	"encoding/json"
	"reflect"
	"strings"
)

var jsonMarshaler = reflect.TypeFor[json.Marshaler]()

// goField is what Capstan's declarations must know of a Go struct field to read Protobuf as Go does.
type goField struct {
	Pointer   bool `json:"pointer,omitempty"`
	OmitEmpty bool `json:"omitempty,omitempty"`
	// Kind is Go's reflect kind of the field (of what it points at, for a pointer).
	Kind string `json:"kind"`
}

// fieldReport: OpenAPI schema name -> JSON field name -> goField. Inline-embedded structs' fields
// are listed flat in the outer type, as JSON and Capstan's declarations have them.
type fieldReport map[string]map[string]goField

// openAPIName names a Go type as Kubernetes' OpenAPI does: k8s.io/api/core/v1.Pod -> io.k8s.api.core.v1.Pod.
func openAPIName(goType reflect.Type) string {
	return "io.k8s." + strings.ReplaceAll(strings.TrimPrefix(goType.PkgPath(), "k8s.io/"), "/", ".") + "." + goType.Name()
}

func (report fieldReport) add(goType reflect.Type) {
	name := openAPIName(goType)
	if _, seen := report[name]; seen {
		return
	}
	fields := map[string]goField{}
	report[name] = fields
	report.addFields(goType, fields)
}

func (report fieldReport) addFields(goType reflect.Type, fields map[string]goField) {
	for i := 0; i < goType.NumField(); i++ {
		field := goType.Field(i)
		tag := field.Tag.Get("json")
		if !field.IsExported() || tag == "-" {
			continue
		}
		name, options, _ := strings.Cut(tag, ",")
		if name == "" && (field.Anonymous || strings.Contains(options, "inline")) {
			report.addFields(field.Type, fields)
			continue
		}
		fieldType := field.Type
		described := goField{OmitEmpty: strings.Contains(","+options+",", ",omitempty,")}
		if fieldType.Kind() == reflect.Pointer {
			described.Pointer = true
			fieldType = fieldType.Elem()
		}
		described.Kind = fieldType.Kind().String()
		fields[name] = described
		report.addReachable(fieldType)
	}
}

// addReachable lists the struct types a field's type leads to.
func (report fieldReport) addReachable(goType reflect.Type) {
	switch goType.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Array:
		report.addReachable(goType.Elem())
	case reflect.Struct:
		// Types with a JSON form of their own (Time, Quantity, IntOrString, ...) are opaque.
		if goType.Implements(jsonMarshaler) || reflect.PointerTo(goType).Implements(jsonMarshaler) {
			return
		}
		if strings.HasPrefix(goType.PkgPath(), "k8s.io/") {
			report.add(goType)
		}
	}
}
