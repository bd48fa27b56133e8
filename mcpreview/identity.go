package mcpreview

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Transport is how a host reaches an MCP server.
type Transport string

// The transports.
const (
	// TransportStdio: the host launches Command and speaks over its
	// standard input and output.
	TransportStdio Transport = "stdio"
	// TransportHTTP: streamable HTTP at URL.
	TransportHTTP Transport = "http"
	// TransportSSE: the older HTTP with server-sent events at URL.
	TransportSSE Transport = "sse"
)

// Connection describes one MCP connection as a host configures it. Its
// identity (see [Connection.Identity]) covers every field: a change to any
// of them is a different connection, whose tools stay disabled until a
// person reviews it again.
//
// Env and Headers are part of the launch configuration; give secrets by
// reference (for example "env:GITHUB_TOKEN"), never as values. The store
// keeps only the identity's hash, never Env or Headers.
type Connection struct {
	// Name is the host's name for the server, the key of its review:
	// 1 to 64 letters, digits, '.', '_' or '-'.
	Name string `json:"name"`
	// Transport is stdio, http or sse.
	Transport Transport `json:"transport"`
	// URL is the server's address, for http and sse.
	URL string `json:"url,omitempty"`
	// Command is the program and its arguments, for stdio.
	Command []string `json:"command,omitempty"`
	// Dir is the folder the command starts in, for stdio.
	Dir string `json:"dir,omitempty"`
	// Env is the environment the host adds for the command, for stdio.
	Env map[string]string `json:"env,omitempty"`
	// Headers are the HTTP headers the host sends, for http and sse.
	Headers map[string]string `json:"headers,omitempty"`
}

var validName = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// ErrInvalid is the sentinel every validation error of a connection, a tool
// listing or a selection matches with errors.Is.
var ErrInvalid = errors.New("mcpreview: invalid input")

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...)
}

// Validate checks the connection: a valid name, a known transport, a
// command for stdio and a URL for http and sse, and no field of the other
// transport.
func (c Connection) Validate() error {
	var errs []error
	if !validName.MatchString(c.Name) || c.Name == "." || c.Name == ".." {
		errs = append(errs, invalid("name %q: want 1 to 64 letters, digits, '.', '_' or '-'", c.Name))
	}
	switch c.Transport {
	case TransportStdio:
		if len(c.Command) == 0 || c.Command[0] == "" {
			errs = append(errs, invalid("command: a stdio connection needs a program"))
		}
		if c.URL != "" || c.Headers != nil {
			errs = append(errs, invalid("url, headers: not used by a stdio connection"))
		}
	case TransportHTTP, TransportSSE:
		if c.URL == "" {
			errs = append(errs, invalid("url: a %s connection needs a URL", c.Transport))
		}
		if c.Command != nil || c.Dir != "" || c.Env != nil {
			errs = append(errs, invalid("command, dir, env: not used by a %s connection", c.Transport))
		}
	default:
		errs = append(errs, invalid("transport %q: want stdio, http or sse", c.Transport))
	}
	if !utf8.ValidString(fmt.Sprint(c)) {
		errs = append(errs, invalid("a field is not valid UTF-8"))
	}
	return errors.Join(errs...)
}

// Identity returns the connection's canonical encoding (JSON with a fixed
// field order and sorted map keys, a version first) and its hash,
// "sha256:" and 64 hexadecimal digits.
func (c Connection) Identity() (canonical []byte, hash string, err error) {
	if err := c.Validate(); err != nil {
		return nil, "", err
	}
	canonical, err = json.Marshal(struct {
		V int `json:"v"`
		Connection
	}{1, c})
	if err != nil {
		return nil, "", fmt.Errorf("mcpreview: encoding the connection: %w", err)
	}
	return canonical, hashOf(canonical), nil
}

func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Tool is one entry of an MCP server's tools/list result. Other fields of
// the entry are ignored.
type Tool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  json.RawMessage `json:"annotations,omitempty"`
}

// MaxSchemaDepth bounds the nesting of a schema or annotations object.
const MaxSchemaDepth = 64

// Fingerprint returns "sha256:" and the hexadecimal SHA-256 of the tool's
// canonical JSON: its name, title, description, input schema, output schema
// and annotations, with object keys sorted at every level, insignificant
// white space removed and numbers in one exact form (1, 1.0 and 1e0 are the
// same), so a reordered schema has the same fingerprint and any change of
// meaning a different one. A schema with a key given twice, invalid UTF-8 or
// nesting deeper than MaxSchemaDepth is refused rather than guessed at.
func (t Tool) Fingerprint() (string, error) {
	if strings.TrimSpace(t.Name) == "" || !utf8.ValidString(t.Name+t.Title+t.Description) {
		return "", invalid("tool %q: a blank name or a field that is not valid UTF-8", t.Name)
	}
	var parts [3]any
	for i, raw := range []json.RawMessage{t.InputSchema, t.OutputSchema, t.Annotations} {
		if len(raw) == 0 {
			continue
		}
		v, err := canonicalValue(raw)
		if err != nil {
			return "", invalid("tool %q: %s: %v", t.Name, [...]string{"inputSchema", "outputSchema", "annotations"}[i], err)
		}
		parts[i] = v
	}
	b, err := json.Marshal(map[string]any{
		"name": t.Name, "title": t.Title, "description": t.Description,
		"inputSchema": parts[0], "outputSchema": parts[1], "annotations": parts[2],
	})
	if err != nil {
		return "", fmt.Errorf("mcpreview: tool %q: %w", t.Name, err)
	}
	return hashOf(b), nil
}

// canonicalValue decodes raw into maps, slices, strings, booleans, nil and
// canonical numbers (json.Number), refusing duplicate keys and invalid
// UTF-8. encoding/json then writes maps with sorted keys.
func canonicalValue(raw []byte) (any, error) {
	if !utf8.Valid(raw) {
		return nil, errors.New("not valid UTF-8")
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	v, err := decodeValue(d, 0)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("data after the value")
	}
	return v, nil
}

func decodeValue(d *json.Decoder, depth int) (any, error) {
	if depth > MaxSchemaDepth {
		return nil, fmt.Errorf("nested deeper than %d", MaxSchemaDepth)
	}
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch tok := tok.(type) {
	case json.Delim:
		switch tok {
		case '{':
			m := map[string]any{}
			for d.More() {
				kt, err := d.Token()
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				if _, dup := m[k]; dup {
					return nil, fmt.Errorf("key %q given twice", k)
				}
				if m[k], err = decodeValue(d, depth+1); err != nil {
					return nil, err
				}
			}
			_, err := d.Token()
			return m, err
		case '[':
			a := []any{}
			for d.More() {
				v, err := decodeValue(d, depth+1)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			_, err := d.Token()
			return a, err
		}
		return nil, fmt.Errorf("unexpected %v", tok)
	case json.Number:
		return canonicalNumber(tok), nil
	}
	return tok, nil
}

// canonicalNumber writes a JSON number exactly in one form: its
// significant digits without leading or trailing zeros and a decimal
// exponent ("15e-1" for 1.5, "1" for 1.0 and 1e0, "0" for -0.0), so equal
// numbers agree and 2^53+1 stays itself. A number whose exponent has more
// than 6 digits keeps its text, which is exact though not canonical.
func canonicalNumber(n json.Number) json.Number {
	s := string(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	exp := 0
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || len(s)-i > 8 {
			return n
		}
		s, exp = s[:i], e
	}
	intPart, frac, _ := strings.Cut(s, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	exp -= len(frac)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	switch {
	case trimmed == "":
		return "0"
	case neg:
		trimmed = "-" + trimmed
	}
	if exp == 0 {
		return json.Number(trimmed)
	}
	return json.Number(trimmed + "e" + strconv.Itoa(exp))
}

// sortedNames returns the keys of m in order.
func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
