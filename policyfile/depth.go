package policyfile

import "fmt"

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
