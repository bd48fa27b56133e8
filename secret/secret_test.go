package secret_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/secret"
)

// fakeValue returns a random value made at test time, so no fixed
// credential-shaped string lives in the repository.
func fakeValue(t *testing.T) string {
	t.Helper()
	b := make([]byte, 16)
	rand.Read(b)
	return "fake-" + hex.EncodeToString(b)
}

type holder struct {
	Exported secret.Secret
	hidden   secret.Secret
	Ptr      *secret.Secret
}

func TestNoPrintingPathRevealsTheValue(t *testing.T) {
	v := fakeValue(t)
	s := secret.FromString("openai", v)
	h := holder{Exported: s, hidden: s, Ptr: &s}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("x", "key", s, "holder", h)
	slog.New(slog.NewTextHandler(&logged, nil)).Info("x", "key", s, "ptr", &s)
	jsonOut, err := json.Marshal(map[string]any{"s": s, "h": h})
	require.NoError(t, err)
	text, err := s.MarshalText()
	require.NoError(t, err)

	outputs := map[string]string{"slog": logged.String(), "json": string(jsonOut), "text": string(text)}
	verbs := []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%T", "%10.3s", "%-20v", "%p", "%t", "%U", "%c", "%e", "%b", "%o"}
	for _, verb := range verbs {
		for name, arg := range map[string]any{"value": s, "pointer": &s, "struct": h, "pointer to struct": &h, "slice": []secret.Secret{s}, "map": map[string]secret.Secret{"k": s}} {
			outputs[verb+" of a "+name] = fmt.Sprintf(verb, arg)
		}
	}
	outputs["String"] = s.String()
	outputs["GoString"] = s.GoString()
	outputs["Sprint"] = fmt.Sprint(s, &s, h)
	outputs["Sprintln"] = fmt.Sprintln(s, h)

	hexV := hex.EncodeToString([]byte(v))
	for name, out := range outputs {
		t.Run("printing with "+name+" hides the value", func(t *testing.T) {
			assert.NotContains(t, out, v)
			assert.NotContains(t, strings.ToLower(out), hexV)
			assert.NotContains(t, out, "fake-")
		})
	}
	assert.Equal(t, "[REDACTED:openai]", s.String())
	assert.Equal(t, `"[REDACTED:openai]"`, fmt.Sprintf("%q", s))
	assert.Equal(t, v, string(s.Reveal()))
}

func TestReleaseZeroesTheValueForEveryCopy(t *testing.T) {
	s := secret.New("k", []byte("abcdef"))
	view := s.Reveal()
	cp := s
	s.Release()
	assert.Equal(t, make([]byte, 6), view, "the bytes Reveal returned are zeroed")
	assert.Nil(t, cp.Reveal())
	assert.Zero(t, cp.Len())
	s.Release() // idempotent
	var zero secret.Secret
	zero.Release()
	assert.Nil(t, zero.Reveal())
	assert.Equal(t, "[REDACTED]", zero.String())
}

func TestNewCopiesTheCallersBytes(t *testing.T) {
	b := []byte("abcdef")
	s := secret.New("k", b)
	clear(b)
	assert.Equal(t, "abcdef", string(s.Reveal()))
}

func TestEnvResolver(t *testing.T) {
	env := map[string]string{"SET": "value-1", "EMPTY": ""}
	r := secret.EnvResolver{LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
	tests := []struct {
		name     string
		ref      secret.Ref
		want     string
		notFound bool
	}{
		{"a set variable resolves to its value", secret.Ref{Name: "a", Env: "SET"}, "value-1", false},
		{"an unset variable is not found", secret.Ref{Name: "b", Env: "UNSET"}, "", true},
		{"an empty variable is not found", secret.Ref{Name: "c", Env: "EMPTY"}, "", true},
		{"a reference without a variable is an error", secret.Ref{Name: "d"}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := r.Resolve(context.Background(), tt.ref)
			if tt.want != "" {
				require.NoError(t, err)
				assert.Equal(t, tt.want, string(s.Reveal()))
				assert.Equal(t, tt.ref.Name, s.Name())
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.notFound, errors.Is(err, secret.ErrNotFound), err)
			var re *secret.ResolveError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, tt.ref, re.Ref)
			assert.Contains(t, err.Error(), tt.ref.Name)
			if tt.ref.Env != "" {
				assert.Contains(t, err.Error(), "(environment variable "+tt.ref.Env+")", "the error names the variable to set")
			} else {
				assert.NotContains(t, err.Error(), "(environment variable", "no variable to name")
			}
		})
	}
}

func TestResolveAllFailsWhole(t *testing.T) {
	env := map[string]string{"A": "value-a"}
	r := secret.EnvResolver{LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
	got, err := secret.ResolveAll(context.Background(), r, []secret.Ref{{Name: "a", Env: "A"}})
	require.NoError(t, err)
	require.Len(t, got, 1)
	assert.Equal(t, "value-a", string(got[0].Reveal()))

	got, err = secret.ResolveAll(context.Background(), r, []secret.Ref{{Name: "a", Env: "A"}, {Name: "x", Env: "X"}, {Name: "y", Env: "Y"}})
	require.Error(t, err)
	assert.Nil(t, got)
	assert.ErrorIs(t, err, secret.ErrNotFound)
	assert.Contains(t, err.Error(), `"x"`)
	assert.Contains(t, err.Error(), `"y"`)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = secret.ResolveAll(ctx, r, []secret.Ref{{Name: "a", Env: "A"}})
	assert.ErrorIs(t, err, context.Canceled)
}
