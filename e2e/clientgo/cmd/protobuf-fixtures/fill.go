package main

import "reflect"

// fill sets every field of value to its zero, made present: a pointer points at a filled zero, a
// list holds one filled zero item, a map one entry "k" -> filled zero, bytes are empty but not nil.
// A struct type already being filled further up is left at its zero (JSONSchemaProps nests itself).
func fill(value reflect.Value, filling map[reflect.Type]bool) {
	switch value.Kind() {
	case reflect.Pointer:
		if filling[value.Type().Elem()] {
			return
		}
		value.Set(reflect.New(value.Type().Elem()))
		fill(value.Elem(), filling)
	case reflect.Struct:
		if filling[value.Type()] {
			return
		}
		filling[value.Type()] = true
		defer delete(filling, value.Type())
		for i := 0; i < value.NumField(); i++ {
			field := value.Type().Field(i)
			if !field.IsExported() || field.Tag.Get("json") == "-" {
				continue
			}
			fill(value.Field(i), filling)
		}
	case reflect.Slice:
		if value.Type().Elem().Kind() == reflect.Uint8 {
			value.Set(reflect.MakeSlice(value.Type(), 0, 0))
			return
		}
		if filling[value.Type().Elem()] {
			return
		}
		items := reflect.MakeSlice(value.Type(), 1, 1)
		fill(items.Index(0), filling)
		value.Set(items)
	case reflect.Map:
		if filling[value.Type().Elem()] {
			return
		}
		entries := reflect.MakeMap(value.Type())
		item := reflect.New(value.Type().Elem()).Elem()
		fill(item, filling)
		entries.SetMapIndex(reflect.ValueOf("k").Convert(value.Type().Key()), item)
		value.Set(entries)
	}
}
