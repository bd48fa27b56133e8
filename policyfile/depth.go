package policyfile

import (
	"bytes"
	"cmp"
	"fmt"
	"unicode/utf8"
)

// MaxDepth is how deeply a policy file may nest arrays and objects. The
// deepest place a valid file reaches is five levels down
// (agents.ID.roots[i].path); the cap leaves room and bounds the work and
// memory every later phase spends on a hostile file.
const MaxDepth = 64

// checkDepth scans data once, byte by byte, and reports where it first
// nests deeper than MaxDepth. It allocates nothing and runs before any
// decoding, so a file of a few megabytes of brackets costs a few
// megabytes of reading and nothing more. It does not judge the syntax;
// the phases after it do.
func checkDepth(data []byte) *Problem {
	depth := 0
	inString, escaped := false, false
	for i, c := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			if depth > MaxDepth {
				line, col := position(data, i)
				return &Problem{Msg: fmt.Sprintf("line %d, column %d: arrays and objects are nested more than %d deep", line, col, MaxDepth), Err: ErrTooDeep}
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return nil
}

// checkText is the check of a policy file's text before it is decoded:
// its encoding, then its nesting.
func checkText(data []byte) *Problem {
	return cmp.Or(checkEncoding(data), checkDepth(data))
}

// checkEncoding refuses a file that is not UTF-8 text, JSON's one
// encoding, at the first byte that breaks it: encoding/json would read
// each such byte as U+FFFD, so a path or pattern would silently not be
// the one its author wrote. A byte-order mark, which JSON forbids, gets
// an error saying so.
func checkEncoding(data []byte) *Problem {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		return &Problem{Msg: "line 1, column 1: the file starts with a UTF-8 byte-order mark, which JSON does not allow; save it without one", Err: ErrSyntax}
	}
	if utf8.Valid(data) {
		return nil // the common file: the walk below only finds the byte at fault
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			line, col := position(data, i)
			return &Problem{Msg: fmt.Sprintf("line %d, column %d: byte %#02x is not UTF-8 text, which a policy file must be", line, col, data[i]), Err: ErrSyntax}
		}
		i += n
	}
	return nil
}

// position returns the line and column (both from 1) of byte offset off.
func position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line, col = 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
