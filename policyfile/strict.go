package policyfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
)

// strictCheck walks the JSON document tok by token beside the Go type t and
// reports, with their JSON paths, every object key that t does not declare
// (names are matched exactly, unlike encoding/json, which folds case) and
// every key given twice in one object. It does not check value types; the
// decoder that runs after it does.
func strictCheck(data []byte, t reflect.Type) []error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &checker{dec: dec}
	c.value(t, "")
	if c.err == nil {
		if _, err := dec.Token(); err != io.EOF {
			c.errs = append(c.errs, errors.New("the document has data after its end"))
		}
	}
	if c.err != nil {
		c.errs = append(c.errs, c.err)
	}
	return c.errs
}

type checker struct {
	dec  *json.Decoder
	errs []error
	err  error // a syntax error: the walk stops
}

func (c *checker) token() (json.Token, bool) {
	if c.err != nil {
		return nil, false
	}
	tok, err := c.dec.Token()
	if err != nil {
		c.err = fmt.Errorf("not valid JSON near byte %d: %w", c.dec.InputOffset(), err)
		return nil, false
	}
	return tok, true
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (c *checker) value(t reflect.Type, path string) {
	tok, ok := c.token()
	if !ok {
		return
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch tok {
	case json.Delim('{'):
		c.object(t, path)
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; c.err == nil && c.dec.More(); i++ {
			c.value(elem, path+"["+strconv.Itoa(i)+"]")
		}
		c.token() // ']'
	}
}

func (c *checker) object(t reflect.Type, path string) {
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
		key, _ := tok.(string)
		at := join(path, key)
		if seen[key] {
			c.errs = append(c.errs, fmt.Errorf("%s: given twice", at))
		}
		seen[key] = true
		next := elem
		if fields != nil {
			ft, ok := fields[key]
			if !ok {
				msg := fmt.Sprintf("%s: unknown field", at)
				for name := range fields {
					if strings.EqualFold(name, key) {
						msg += fmt.Sprintf(" (did you mean %q?)", name)
					}
				}
				c.errs = append(c.errs, errors.New(msg))
			}
			next = ft
		}
		c.value(next, at)
	}
	c.token() // '}'
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
