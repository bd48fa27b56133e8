package mcpreview

import (
	"bytes"
	"encoding/json"
	"io"
	"unicode/utf8"

	"github.com/toolgate/toolgate/toolmeta"
)

// listingLevels is how far above a tool's schema a listing nests: the
// response, its result, the tools array and the tool itself.
const listingLevels = 4

// toolFields are the fields of a tool that are reviewed; responseFields
// and resultFields those of the answer around the tools.
var (
	toolFields     = []string{"name", "title", "description", "inputSchema", "outputSchema", "annotations"}
	resultFields   = []string{"tools"}
	responseFields = []string{"result", "tools"}
	connFields     = []string{"name", "transport", "url", "command", "dir", "env", "headers"}
)

// DecodeConnection reads a connection's description (a JSON object with
// the fields of Connection) as strictly as DecodeListing reads a listing:
// a key given twice anywhere, a key that differs from a field only in
// case, a field Connection does not have, invalid UTF-8 and data after
// the object are refused with an error matching ErrInvalid, so the
// connection reviewed is the one a host launches whatever parser it uses.
// The description is not validated (see Connection.Validate).
func DecodeConnection(b []byte) (Connection, error) {
	var c Connection
	if !utf8.Valid(b) {
		return c, invalid("the connection is not valid UTF-8")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	v, err := decodeValue(d, 0)
	if err != nil {
		return c, invalid("the connection: %v", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return c, invalid("the connection: data after the object")
	}
	m, ok := v.(map[string]any)
	if !ok {
		return c, invalid("the connection is not a JSON object")
	}
	if err := foldedKeys(m, connFields, "the connection"); err != nil {
		return c, err
	}
	d = json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		return Connection{}, invalid("the connection: %v", err)
	}
	return c, nil
}

// DecodeListing reads a server's tools/list answer: the JSON-RPC response,
// its result {"tools": [...]}, or the array of tools. It is stricter than
// encoding/json, because the host and the model may read the same bytes
// with another parser, and what they read must be what was reviewed (see
// docs/security-model.md, MCP tools): a key given twice anywhere (most
// parsers keep the last, some the first), a key of the response, its
// result or a tool that differs from one of their fields only in case
// ("Name", "DESCRIPTION", which encoding/json reads as the field and
// others ignore), invalid UTF-8, nesting deeper than MaxSchemaDepth below
// a tool, and data after the answer are refused with an error matching
// ErrInvalid. Fields a tool has besides the reviewed ones are ignored.
func DecodeListing(b []byte) ([]Tool, error) {
	if !utf8.Valid(b) {
		return nil, invalid("the listing is not valid UTF-8")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	v, err := decodeValue(d, -listingLevels)
	if err != nil {
		return nil, invalid("the listing: %v", err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, invalid("the listing: data after the answer")
	}
	var tools []any
	switch v := v.(type) {
	case []any:
		tools = v
	case map[string]any:
		if err := foldedKeys(v, responseFields, "the answer"); err != nil {
			return nil, err
		}
		_, hasTools := v["tools"]
		_, hasResult := v["result"]
		if hasTools && hasResult {
			// A JSON-RPC host reads the result's tools, a plain one the
			// answer's: two readings of one answer.
			return nil, invalid(`the answer has both "tools" and "result"`)
		}
		if r, ok := v["result"].(map[string]any); ok {
			if err := foldedKeys(r, resultFields, "the result"); err != nil {
				return nil, err
			}
			v = r
		}
		tools, _ = v["tools"].([]any)
	}
	if tools == nil {
		return nil, invalid(`want a tools/list answer: {"result": {"tools": [...]}}, {"tools": [...]} or [...]`)
	}
	for i, t := range tools {
		m, ok := t.(map[string]any)
		if !ok {
			return nil, invalid("tool %d is not an object", i)
		}
		if err := foldedKeys(m, toolFields, "a tool"); err != nil {
			return nil, err
		}
	}
	// The text holds no key twice and none in another case: encoding/json
	// reads it as every other parser does. The schemas keep their bytes.
	var out []Tool
	var err2 error
	if bytes.HasPrefix(bytes.TrimSpace(b), []byte("[")) {
		err2 = json.Unmarshal(b, &out)
	} else {
		var r struct {
			Tools  []Tool `json:"tools"`
			Result struct {
				Tools []Tool `json:"tools"`
			} `json:"result"`
		}
		err2 = json.Unmarshal(b, &r)
		out = r.Tools
		if out == nil {
			out = r.Result.Tools
		}
	}
	if err2 != nil {
		return nil, invalid("the listing: %v", err2)
	}
	if out == nil {
		out = []Tool{}
	}
	return out, nil
}

// foldedKeys refuses a key of m that differs from one of fields only in
// case, as encoding/json folds it (Unicode simple folding), or in '_' and
// '-', as encoding/json/v2 matches names without case
// (toolmeta.ArgumentsCollide).
func foldedKeys(m map[string]any, fields []string, what string) error {
	for k := range m {
		for _, f := range fields {
			if k != f && toolmeta.ArgumentsCollide(k, f) {
				return invalid("%s has the key %q, which differs from %q only in case, '_' or '-'", what, k, f)
			}
		}
	}
	return nil
}
