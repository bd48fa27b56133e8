package jsonl

import (
	"unicode/utf8"

	"github.com/toolgate/toolgate/policy"
)

// AppendDecision appends d to b as one JSON object, with the same fields
// and values as encoding/json gives for policy.Decision, and no newline.
func AppendDecision(b []byte, d *policy.Decision) []byte {
	b = append(b, `{"id":`...)
	b = AppendString(b, d.ID)
	b = append(b, `,"decision":"`...)
	b = append(b, d.Verdict.String()...)
	b = append(b, `","reason":`...)
	b = AppendString(b, string(d.Reason))
	b = append(b, `,"rule":`...)
	b = AppendString(b, d.Rule)
	b = append(b, `,"risk":`...)
	b = AppendString(b, string(d.Risk))
	b = append(b, `,"interaction":`...)
	b = AppendString(b, string(d.Interaction))
	if d.HumanRequired {
		b = append(b, `,"humanRequired":true,"targets":[`...)
	} else {
		b = append(b, `,"humanRequired":false,"targets":[`...)
	}
	for i, t := range d.Targets {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"argument":`...)
		b = AppendString(b, t.Argument)
		b = append(b, `,"value":`...)
		b = AppendString(b, t.Value)
		if t.Resolved != "" {
			b = append(b, `,"resolved":`...)
			b = AppendString(b, t.Resolved)
		}
		if t.Root != "" {
			b = append(b, `,"root":`...)
			b = AppendString(b, t.Root)
		}
		if t.Access != "" {
			b = append(b, `,"access":`...)
			b = AppendString(b, string(t.Access))
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if d.Approval != "" {
		b = append(b, `,"approval":`...)
		b = AppendString(b, d.Approval)
	}
	if d.Message != "" {
		b = append(b, `,"message":`...)
		b = AppendString(b, d.Message)
	}
	return append(b, '}')
}

const hex = "0123456789abcdef"

// AppendString appends s as a JSON string, escaping as encoding/json does
// (including <, > and & and the line separators U+2028 and U+2029, so the
// output is safe to embed in HTML) and replacing invalid UTF-8 with U+FFFD.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
