// Package jsonl reads calls and writes decisions in the JSON lines form of
// the toolgate command, faster and stricter than encoding/json.
//
// Strict means: a call is one JSON object; its keys are exactly the
// documented names (case included) and none is given twice, in the call or
// in its args; every string is valid UTF-8; every integer is one a JSON
// number holds exactly (9007199254740993, past 2^53, would be judged as
// 9007199254740992 by the engine and read exactly by a tool that keeps
// integers, so it is refused; see docs/security-model.md, "Approvals"). A
// call that breaks any of these
// is refused whole rather than guessed at, because a host in another
// language might read it differently (which of two "agent" keys wins?).
package jsonl

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/toolgate/toolgate/policy"
)

// MaxDepth bounds the nesting of JSON values inside args.
const MaxDepth = 64

// DecodeCall decodes one call from line (which may carry surrounding white
// space). On error it still returns the call's id when it read one, so the
// caller can answer that call by id.
func DecodeCall(line []byte) (policy.Call, error) {
	d := decoder{b: line}
	var c policy.Call
	err := d.call(&c)
	if err == nil {
		d.space()
		if d.i != len(d.b) {
			err = d.errorf("data after the call object")
		}
	}
	return c, err
}

type decoder struct {
	b []byte
	i int
}

// SyntaxError is a malformed call; Offset is the byte at fault.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg) }

func (d *decoder) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: d.i, Msg: fmt.Sprintf(format, args...)}
}

func (d *decoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *decoder) expect(c byte) error {
	d.space()
	if d.i >= len(d.b) {
		return d.errorf("want %q, found the end of the line", c)
	}
	if d.b[d.i] != c {
		return d.errorf("want %q, found %q", c, d.b[d.i])
	}
	d.i++
	return nil
}

// fields of a call, as bits, to find keys given twice.
const (
	fID = 1 << iota
	fTool
	fArgs
	fSession
	fTask
	fGoal
	fAgent
	fSurface
)

func (d *decoder) call(c *policy.Call) error {
	if err := d.expect('{'); err != nil {
		return err
	}
	var seen int
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return nil
	}
	for {
		d.space()
		key, err := d.str()
		if err != nil {
			return err
		}
		if err := d.expect(':'); err != nil {
			return err
		}
		var bit int
		var dst *string
		switch key {
		case "id":
			bit, dst = fID, &c.ID
		case "tool":
			bit, dst = fTool, &c.Tool
		case "session":
			bit, dst = fSession, &c.Session
		case "task":
			bit, dst = fTask, &c.Task
		case "goal":
			bit, dst = fGoal, &c.Goal
		case "agent":
			bit, dst = fAgent, &c.Agent
		case "surface":
			bit = fSurface
		case "args":
			bit = fArgs
		default:
			return d.errorf("unknown field %q", key)
		}
		if seen&bit != 0 {
			return d.errorf("field %q given twice", key)
		}
		seen |= bit
		d.space()
		switch {
		case bit == fArgs:
			if d.i < len(d.b) && d.b[d.i] == 'n' && d.literal("null") {
				break
			}
			m, err := d.object(0)
			if err != nil {
				return err
			}
			c.Args = m
		default:
			if d.i < len(d.b) && d.b[d.i] == 'n' && d.literal("null") {
				break
			}
			s, err := d.str()
			if err != nil {
				return fmt.Errorf("field %q: %w", key, err)
			}
			if dst != nil {
				*dst = s
			} else {
				c.Surface = policy.Surface(s)
			}
		}
		d.space()
		if d.i >= len(d.b) {
			return d.errorf("the call object is not closed")
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			return nil
		default:
			return d.errorf("want ',' or '}', found %q", d.b[d.i])
		}
	}
}

func (d *decoder) literal(lit string) bool {
	if len(d.b)-d.i >= len(lit) && string(d.b[d.i:d.i+len(lit)]) == lit {
		d.i += len(lit)
		return true
	}
	return false
}

// object decodes a JSON object whose opening brace is next.
func (d *decoder) object(depth int) (map[string]any, error) {
	if depth > MaxDepth {
		return nil, d.errorf("nested deeper than %d", MaxDepth)
	}
	if err := d.expect('{'); err != nil {
		return nil, err
	}
	m := make(map[string]any, 4)
	d.space()
	if d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return m, nil
	}
	for {
		d.space()
		key, err := d.str()
		if err != nil {
			return nil, err
		}
		if _, dup := m[key]; dup {
			return nil, d.errorf("key %q given twice", key)
		}
		if err := d.expect(':'); err != nil {
			return nil, err
		}
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		m[key] = v
		d.space()
		if d.i >= len(d.b) {
			return nil, d.errorf("an object is not closed")
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case '}':
			d.i++
			return m, nil
		default:
			return nil, d.errorf("want ',' or '}', found %q", d.b[d.i])
		}
	}
}

func (d *decoder) array(depth int) ([]any, error) {
	if depth > MaxDepth {
		return nil, d.errorf("nested deeper than %d", MaxDepth)
	}
	d.i++ // '['
	a := []any{}
	d.space()
	if d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return a, nil
	}
	for {
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		d.space()
		if d.i >= len(d.b) {
			return nil, d.errorf("an array is not closed")
		}
		switch d.b[d.i] {
		case ',':
			d.i++
		case ']':
			d.i++
			return a, nil
		default:
			return nil, d.errorf("want ',' or ']', found %q", d.b[d.i])
		}
	}
}

// value decodes any JSON value the way encoding/json decodes into an any:
// objects as map[string]any, arrays as []any, numbers as float64.
func (d *decoder) value(depth int) (any, error) {
	d.space()
	if d.i >= len(d.b) {
		return nil, d.errorf("want a value, found the end of the line")
	}
	switch c := d.b[d.i]; {
	case c == '"':
		return d.str()
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == 't' && d.literal("true"):
		return true, nil
	case c == 'f' && d.literal("false"):
		return false, nil
	case c == 'n' && d.literal("null"):
		return nil, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number()
	}
	return nil, d.errorf("want a value, found %q", d.b[d.i])
}

func (d *decoder) number() (any, error) {
	start := d.i
	if d.b[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	intStart := d.i
	if n := digits(); n == 0 || (n > 1 && d.b[intStart] == '0') {
		return nil, &SyntaxError{Offset: start, Msg: "malformed number"}
	}
	integer := d.i == len(d.b) || d.b[d.i] != '.' && d.b[d.i] != 'e' && d.b[d.i] != 'E'
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, &SyntaxError{Offset: start, Msg: "malformed number"}
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, &SyntaxError{Offset: start, Msg: "malformed number"}
		}
	}
	f, err := strconv.ParseFloat(string(d.b[start:d.i]), 64)
	if err != nil {
		return nil, &SyntaxError{Offset: start, Msg: "number out of range"}
	}
	if lit := string(d.b[start:d.i]); integer && (f >= maxExactInt || f <= -maxExactInt) && strconv.FormatFloat(f, 'f', -1, 64) != lit {
		// 9007199254740993 is read as 9007199254740992: the call would be
		// judged and approved with one number and run with another by a
		// tool that reads integers exactly.
		return nil, &SyntaxError{Offset: start, Msg: "integer " + lit + " is not held exactly by a JSON number (past 2^53)"}
	}
	return f, nil
}

// maxExactInt is 2^53: every integer up to it is held exactly as a
// float64, and past it only some are.
const maxExactInt = 1 << 53

var errNotString = errors.New("want a string")

// str decodes a JSON string whose quote is next. Invalid UTF-8, control
// characters and lone surrogate escapes are errors.
func (d *decoder) str() (string, error) {
	if d.i >= len(d.b) || d.b[d.i] != '"' {
		if d.i >= len(d.b) {
			return "", &SyntaxError{Offset: d.i, Msg: errNotString.Error() + ", found the end of the line"}
		}
		return "", &SyntaxError{Offset: d.i, Msg: fmt.Sprintf("%v, found %q", errNotString, d.b[d.i])}
	}
	d.i++
	start := d.i
	// Fast path: no escapes, all ASCII printable.
	for d.i < len(d.b) {
		c := d.b[d.i]
		if c == '"' {
			s := string(d.b[start:d.i])
			d.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		d.i++
	}
	buf := make([]byte, 0, d.i-start+16)
	buf = append(buf, d.b[start:d.i]...)
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			d.i++
			return string(buf), nil
		case c < 0x20:
			return "", d.errorf("control character %#x in a string", c)
		case c == '\\':
			d.i++
			if d.i >= len(d.b) {
				return "", d.errorf("a string is not closed")
			}
			e := d.b[d.i]
			d.i++
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return "", d.errorf("malformed \\u escape")
				}
				if utf16.IsSurrogate(r) {
					var r2 rune = -1
					if d.i+1 < len(d.b) && d.b[d.i] == '\\' && d.b[d.i+1] == 'u' {
						d.i += 2
						if r2, ok = d.hex4(); !ok {
							return "", d.errorf("malformed \\u escape")
						}
					}
					r = utf16.DecodeRune(r, r2)
					if r == utf8.RuneError {
						return "", d.errorf("a lone surrogate in a \\u escape")
					}
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", d.errorf("unknown escape \\%c", e)
			}
		case c < 0x80:
			buf = append(buf, c)
			d.i++
		default:
			r, n := utf8.DecodeRune(d.b[d.i:])
			if r == utf8.RuneError && n <= 1 {
				return "", d.errorf("invalid UTF-8 in a string")
			}
			buf = append(buf, d.b[d.i:d.i+n]...)
			d.i += n
		}
	}
	return "", d.errorf("a string is not closed")
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.b)-d.i < 4 {
		return 0, false
	}
	var r rune
	for _, c := range d.b[d.i : d.i+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	d.i += 4
	return r, true
}
