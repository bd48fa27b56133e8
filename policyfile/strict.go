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
// decoder that runs after it only fills in what this pass approved. A
// path is written out only for a problem, so the pass costs memory in
// proportion to the nesting depth, not to the number of values.
//
// fatal is true when the document is not valid JSON: nothing after this
// phase can read it.
func checkShape(data []byte, t reflect.Type, out *problemList) (fatal bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &shapeChecker{dec: dec, data: data, out: out}
	c.value(t)
	if c.err == nil {
		if _, err := dec.Token(); err != io.EOF {
			line, col := position(data, int(dec.InputOffset()))
			c.err = &Problem{Msg: fmt.Sprintf("line %d, column %d: the document has data after its end", line, col), Err: ErrSyntax}
		}
	}
	if c.err != nil {
		out.add(c.err)
		return true
	}
	return false
}

type shapeChecker struct {
	dec  *json.Decoder
	data []byte
	out  *problemList
	path []segment // where the walk is
	err  *Problem  // a syntax error: the walk stops
	at   int       // the decoder's offset before the token last read
}

// segment is one step of a JSON path: an object key or an array index.
type segment struct {
	key   string
	index int // when key is ""; -1 for the empty key
}

// pathString writes the walk's current path out.
func (c *shapeChecker) pathString() string {
	var p string
	for _, s := range c.path {
		if s.index >= 0 && s.key == "" {
			p = index(p, s.index)
		} else {
			p = key(p, s.key)
		}
	}
	return p
}

func (c *shapeChecker) token() (json.Token, bool) {
	if c.err != nil {
		return nil, false
	}
	c.at = int(c.dec.InputOffset())
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

func (c *shapeChecker) bad(sentinel error, format string, args ...any) {
	if c.out.full() {
		c.out.more++
		return
	}
	// Where the token just read starts: after the blanks, commas and
	// colons between it and the one before.
	at := c.at
	for at < len(c.data) && strings.IndexByte(" \t\r\n,:", c.data[at]) >= 0 {
		at++
	}
	line, col := position(c.data, at)
	c.out.add(&Problem{Path: c.pathString(), Msg: fmt.Sprintf(format, args...) + fmt.Sprintf(" (line %d, column %d)", line, col), Err: sentinel})
}

// value checks the value at the current path against t; a nil t (an
// unknown key's value) is walked without checks.
func (c *shapeChecker) value(t reflect.Type) {
	tok, ok := c.token()
	if !ok {
		return
	}
	if tok == nil {
		if t != nil && !nullable(t) {
			c.bad(ErrType, "null is not allowed here (want %s)", want(t))
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
		c.bad(ErrType, "%s is not allowed here (want %s)", got(tok), want(t))
		t = nil // walk what is inside without further checks
	}
	switch tok {
	case json.Delim('{'):
		c.object(t)
	case json.Delim('['):
		var elem reflect.Type
		if t != nil {
			elem = t.Elem()
		}
		for i := 0; c.err == nil && c.dec.More(); i++ {
			c.path = append(c.path, segment{index: i})
			c.value(elem)
			c.path = c.path[:len(c.path)-1]
		}
		c.token() // ']'
	}
}

func (c *shapeChecker) object(t reflect.Type) {
	var fields map[string]reflect.Type
	var elem reflect.Type
	switch {
	case t == nil:
	case t.Kind() == reflect.Struct:
		fields = structFields(t)
	case t.Kind() == reflect.Map:
		elem = t.Elem()
	}
	var seen map[string]bool
	if t != nil {
		seen = map[string]bool{}
	}
	for c.err == nil && c.dec.More() {
		tok, ok := c.token()
		if !ok {
			return
		}
		k, _ := tok.(string)
		seg := segment{key: k}
		if k == "" {
			seg.index = -1
		}
		c.path = append(c.path, seg)
		if seen != nil {
			if seen[k] {
				c.bad(ErrDuplicateKey, "given twice")
			}
			seen[k] = true
		}
		next := elem
		if fields != nil {
			ft, ok := fields[k]
			if !ok {
				c.bad(ErrUnknownField, "unknown field%s", suggest.Phrase(k, slices.Sorted(maps.Keys(fields))))
			}
			next = ft
		}
		c.value(next)
		c.path = c.path[:len(c.path)-1]
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
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			maps.Copy(m, structFields(f.Type)) // encoding/json lifts an embedded struct's fields
			continue
		}
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
