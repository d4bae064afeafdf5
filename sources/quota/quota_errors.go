package quota

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"strings"
)

// Why a quota file could not be read, in plain words: no Go type names,
// no "opening log" for a file that is no log (F11).

// plainJSONError says what is wrong with a JSON document: where it stops
// being JSON, which field holds what kind of value instead of what, or
// that it ends early (a file half written by its owner).
func plainJSONError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &syn) && strings.HasPrefix(syn.Error(), "unexpected end"):
		return errors.New("it ends early (half written?)")
	case syn != nil:
		return fmt.Errorf("not valid JSON at byte %d", syn.Offset)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return fmt.Errorf("it holds a JSON %s where an object belongs", jsonKind(typ.Value))
		}
		return fmt.Errorf("%s is a JSON %s, not a %s", field, jsonKind(typ.Value), goKind(typ.Type))
	}
	return err
}

// jsonKind names a JSON value the way the json package reports it.
func jsonKind(v string) string {
	if strings.HasPrefix(v, "number") {
		return "number"
	}
	return v
}

// goKind names the kind of value a field wanted, in JSON's words.
func goKind(t reflect.Type) string {
	if t == nil {
		return "value of another kind"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	k := t.Kind().String()
	switch {
	case strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"), strings.HasPrefix(k, "float"):
		return "number"
	case k == "struct", k == "map":
		return "object"
	case k == "slice", k == "array":
		return "list"
	case k == "bool":
		return "true or false"
	}
	return k
}

// quotaFileError says why the quota file name could not be read.
func quotaFileError(name string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s: no permission to read it", name)
	case errors.As(err, &pe):
		return fmt.Errorf("%s: %v", name, pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}
