package audit_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
	"github.com/toolgate/toolgate/secret"
)

const contractPolicy = `{
  "version": 1, "mode": "ask",
  "roots": [{"id": "ws", "path": ".", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {
    "shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"},
    "http_post": {"risk": "external", "targetArgument": "url", "approvalDefault": "ask", "source": "mcp"},
    "write_file": {"risk": "write-local", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"}
  },
  "secrets": [
    {"name": "openai", "env": "T_OPENAI"}, {"name": "github", "env": "T_GITHUB"},
    {"name": "db", "env": "T_DB"}, {"name": "n-first", "env": "T_NFIRST"}
  ]
}`

// Contract 11: audit output contains no configured secret. Secrets are
// configured by reference in a policy file and resolved from the
// environment; calls carry them in their arguments, targets, messages,
// results and errors in every form, and no byte of the audit file holds
// any of them.
func TestContractAuditOutputContainsNoConfiguredSecret(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	env := map[string]string{
		"T_OPENAI": "sk-" + randString(rng, classes["AN"], 40),
		"T_GITHUB": randString(rng, classes["AN"], 36),
		"T_DB":     "pw" + randString(rng, classes["AN"], 12) + `"&<>+/= \`,
		"T_NFIRST": "nfake" + randString(rng, classes["LH"], 20), // starts like an escape letter
	}
	dir := t.TempDir()
	p, err := policyfile.Parse([]byte(contractPolicy), dir, policyfile.Options{Home: dir})
	require.NoError(t, err)
	refs := make([]secret.Ref, len(p.File.Secrets))
	for i, s := range p.File.Secrets {
		refs[i] = secret.Ref{Name: s.Name, Env: s.Env}
	}
	resolver := secret.EnvResolver{LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
	secrets, err := secret.ResolveAll(context.Background(), resolver, refs)
	require.NoError(t, err)
	red := audit.NewRedactor(secrets...)

	path := filepath.Join(dir, "state", "audit.jsonl")
	sink, err := audit.OpenFile(path, audit.FileOptions{Redactor: red})
	require.NoError(t, err)
	var values []string
	for _, v := range env {
		values = append(values, v)
	}
	for _, v := range values {
		all := everyForm(v)
		calls := []policy.Call{
			{ID: "shell", Tool: "shell", Session: "s1", Surface: policy.SurfaceChat,
				Args: map[string]any{"command": "curl -H 'X-Key: " + v + "' https://h/?k=" + url.QueryEscape(v), "forms": all}},
			{ID: "http", Tool: "http_post", Session: "s1", Surface: policy.SurfaceMCP,
				Args: map[string]any{"url": "https://api.example.test/v1?key=" + url.QueryEscape(v), "body": v, "note": all}},
			{ID: "write " + v, Tool: "write_file", Session: v, Agent: v, Surface: policy.SurfaceGoalLoop,
				Args: map[string]any{"path": "out/" + url.PathEscape(v) + ".txt", "content": all, v: "secret as a key"}},
			{ID: "unknown", Tool: "tool-" + v, Surface: policy.SurfaceScheduledTask, Args: map[string]any{"x": all}},
		}
		logger := audit.NewLogger(sink, red)
		for _, c := range calls {
			id := audit.NewDecisionID()
			require.NoError(t, logger.Proposed(ctx, id, c))
			d := p.Engine.Evaluate(c)
			d.Message += " while handling " + v
			require.NoError(t, logger.Decided(ctx, id, c, d))
			for _, e := range []audit.Event{
				{Kind: audit.ApprovalRequested, Status: "pending", Message: "approve " + v + "?"},
				{Kind: audit.ApprovalResolved, Status: "approved", Approver: "person " + v},
				{Kind: audit.Started, Status: "running"},
				{Kind: audit.Completed, Status: "ok", Result: map[string]any{"stdout": all, "items": []any{v, map[string]any{"token": v}}}},
				{Kind: audit.Failed, Status: "error", Error: "exit 1: " + strings.Join(all, " ")},
				{Kind: audit.Interrupted, Status: "interrupted", Result: v},
			} {
				e.DecisionID, e.Tool, e.Session = id, c.Tool, c.Session
				require.NoError(t, logger.Log(ctx, e))
			}
		}
		// A host that writes to the sink directly, bypassing the Logger,
		// is redacted by the sink.
		require.NoError(t, sink.Write(ctx, audit.Event{Kind: audit.Completed, Tool: "shell", Result: all, Error: v}))
	}
	require.NoError(t, sink.Close())
	secret.ReleaseAll(secrets)

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NotEmpty(t, data)
	for name, v := range env {
		assert.Empty(t, leaked(string(data), v), "%s leaked into the audit file", name)
		for _, f := range everyForm(v) {
			if len(f) >= 8 {
				assert.NotContains(t, strings.ToLower(string(data)), strings.ToLower(f), "%s leaked in the form %q", name, f)
			}
		}
	}
	_, err = audit.Verify(data)
	require.NoError(t, err)
	recs := audit.Records(data)
	assert.Len(t, recs, 4*4*8+4)
	redactedSome := 0
	for _, r := range recs {
		require.NoError(t, r.Err)
		if len(r.Event.Redacted) > 0 {
			redactedSome++
		}
	}
	// Every event records what it redacted, except the started events of
	// calls whose identity holds no secret (two calls for each secret).
	assert.Equal(t, len(recs)-4*2, redactedSome)
}

// everyForm lists the forms a secret takes in arguments and results.
func everyForm(v string) []string {
	jq, _ := json.Marshal(v)
	var b64 []string
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		for _, pre := range []string{"", "a", "ab"} {
			b64 = append(b64, enc.EncodeToString([]byte(pre+v)))
		}
	}
	return append([]string{
		v, strings.ToUpper(v), string(jq), string(jq[1 : len(jq)-1]),
		url.QueryEscape(v), url.PathEscape(v), strings.ToLower(url.QueryEscape(v)),
		"Authorization: Bearer " + v, "https://user:" + url.QueryEscape(v) + "@host/",
		"\n" + strings.TrimPrefix(v, "n"), // decodes without v, encodes as \n...: v's bytes
	}, b64...)
}

func TestASecretSplitByAnEscapeSequenceIsRedactedWhole(t *testing.T) {
	v := "nfake0123456789abcdef"
	red := audit.NewRedactor(secret.FromString("n", v))
	path := filepath.Join(t.TempDir(), "a.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{Redactor: red})
	require.NoError(t, err)
	require.NoError(t, s.Write(ctx, audit.Event{Kind: audit.Failed, Error: "line\n" + v[1:]}))
	require.NoError(t, s.Close())
	data, _ := os.ReadFile(path)
	assert.NotContains(t, string(data), v)
	assert.True(t, json.Valid(data[:len(data)-1]))
}

func TestASecretThatCannotBeRemovedCleanlyIsNotWritten(t *testing.T) {
	// A value that spans a JSON string's closing quote and the next key:
	// removing it from the line would break the line.
	v := `0123456789","tool`
	red := audit.NewRedactor(secret.FromString("q", v))
	path := filepath.Join(t.TempDir(), "a.jsonl")
	s, err := audit.OpenFile(path, audit.FileOptions{Redactor: red})
	require.NoError(t, err)
	err = s.Write(ctx, audit.Event{Kind: audit.Proposed, DecisionID: "sfake0123456789", Tool: "x"})
	assert.True(t, errors.Is(err, audit.ErrUnredactable), err)
	require.NoError(t, s.Close())
	data, _ := os.ReadFile(path)
	assert.NotContains(t, string(data), v)
	_, err = audit.Verify(data)
	assert.NoError(t, err, "whatever was written is whole lines of JSON")
}
