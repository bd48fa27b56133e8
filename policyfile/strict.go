package policyfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgate/toolgate/internal/suggest"
)

// checkShape walks the JSON document token by token beside the Go type t
// and reports, each with its JSON path, every object key t does not
// declare (names match exactly, unlike encoding/json, which folds case;
// a near name is suggested), every key given twice in one object, and
// every value whose JSON type does not fit its place (a number for a
// string, an object for a list, null where nothing can be absent). It is
// the keys phase and the types phase in one streaming pass, so the
// decoder that runs after it only fills in what this pass approved.
//
// fatal is true when the document is not valid JSON: nothing after this
// phase can read it.
func checkShape(data []byte, t reflect.Type) (problems []*Problem, fatal bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &shapeChecker{dec: dec, data: data}
	c.value(t, "")
	if c.err == nil {
		if _, err := dec.Token(); err != io.EOF {
			line, col := position(data, int(dec.InputOffset()))
			c.err = &Problem{Msg: fmt.Sprintf("line %d, column %d: the document has data after its end", line, col), Err: ErrSyntax}
		}
	}
	if c.err != nil {
		return append(c.problems, c.err), true
	}
	return c.problems, false
}

type shapeChecker struct {
	dec      *json.Decoder
	data     []byte
	problems []*Problem
	err      *Problem // a syntax error: the walk stops
}

func (c *shapeChecker) token() (json.Token, bool) {
	if c.err != nil {
		return nil, false
	}
	tok, err := c.dec.Token()
	if err != nil {
		off := int(c.dec.InputOffset())
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = int(se.Offset)
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		line, col := position(c.data, off)
		c.err = &Problem{Msg: fmt.Sprintf("line %d, column %d: not valid JSON: %v", line, col, err), Err: fmt.Errorf("%w: %w", ErrSyntax, err)}
		return nil, false
	}
	return tok, true
}

func (c *shapeChecker) bad(path string, sentinel error, format string, args ...any) {
	c.problems = append(c.problems, &Problem{Path: path, Msg: fmt.Sprintf(format, args...), Err: sentinel})
}

// value checks one value against t; a nil t (an unknown key's value) is
// walked without checks.
func (c *shapeChecker) value(t reflect.Type, path string) {
	tok, ok := c.token()
	if !ok {
		return
	}
	if tok == nil {
		if t != nil && !nullable(t) {
			c.bad(path, ErrType, "null is not allowed here (want %s)", want(t))
		}
		return
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t != nil && t.Kind() == reflect.Interface {
		t = nil
	}
	if t != nil && !fits(tok, t) {
		c.bad(path, ErrType, "%s is not allowed here (want %s)", got(tok), want(t))
		t = nil // walk what is inside without further checks
	}
	switch tok {
	case json.Delim('{'):
		c.object(t, path)
	case json.Delim('['):
		var elem reflect.Type
		if t != nil {
			elem = t.Elem()
		}
		for i := 0; c.err == nil && c.dec.More(); i++ {
			c.value(elem, index(path, i))
		}
		c.token() // ']'
	}
}

func (c *shapeChecker) object(t reflect.Type, path string) {
	var fields map[string]reflect.Type
	var elem reflect.Type
	switch {
	case t == nil:
	case t.Kind() == reflect.Struct:
		fields = structFields(t)
	case t.Kind() == reflect.Map:
		elem = t.Elem()
	}
	seen := map[string]bool{}
	for c.err == nil && c.dec.More() {
		tok, ok := c.token()
		if !ok {
			return
		}
		k, _ := tok.(string)
		at := key(path, k)
		if seen[k] {
			c.bad(at, ErrDuplicateKey, "given twice")
		}
		seen[k] = true
		next := elem
		if fields != nil {
			ft, ok := fields[k]
			if !ok {
				c.bad(at, ErrUnknownField, "unknown field%s", suggest.Phrase(k, slices.Sorted(maps.Keys(fields))))
			}
			next = ft
		}
		c.value(next, at)
	}
	c.token() // '}'
}

// nullable reports whether encoding/json reads null into t as "absent".
func nullable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return true
	}
	return false
}

// fits reports whether a JSON token (not null) can be decoded into t.
func fits(tok json.Token, t reflect.Type) bool {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return t.Kind() == reflect.Slice || t.Kind() == reflect.Array
		}
		return t.Kind() == reflect.Struct || (t.Kind() == reflect.Map && t.Key().Kind() == reflect.String)
	case string:
		return t.Kind() == reflect.String
	case bool:
		return t.Kind() == reflect.Bool
	case json.Number:
		var err error
		switch t.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			_, err = strconv.ParseInt(string(v), 10, t.Bits())
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			_, err = strconv.ParseUint(string(v), 10, t.Bits())
		case reflect.Float32, reflect.Float64:
			_, err = strconv.ParseFloat(string(v), t.Bits())
		default:
			return false
		}
		return err == nil
	}
	return false
}

func got(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return "an array"
		}
		return "an object"
	case string:
		return "a string"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return "the number " + string(v)
	}
	return "this value"
}

func want(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array of " + plural(t.Elem())
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return t.String()
}

func plural(t reflect.Type) string {
	switch w := want(t); w {
	case "a string":
		return "strings"
	case "an object":
		return "objects"
	default:
		return "values"
	}
}

// structFields maps the JSON names of t's exported fields to their types.
func structFields(t reflect.Type) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		m[name] = f.Type
	}
	return m
}
