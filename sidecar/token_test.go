package sidecar_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/sidecar"
)

func TestNewTokenIsFreshAndLongEnough(t *testing.T) {
	a, err := sidecar.NewToken()
	require.NoError(t, err)
	b, err := sidecar.NewToken()
	require.NoError(t, err)
	assert.Len(t, a.Reveal(), sidecar.MinTokenLen, "32 bytes in unpadded base64url")
	assert.NotEqual(t, a.Reveal(), b.Reveal())
	assert.True(t, a.Equal(a.Reveal()))
	assert.False(t, a.Equal(b.Reveal()))
	assert.Equal(t, "TOOLGATE_TOKEN="+a.Reveal(), a.Env())
	back, err := sidecar.ParseToken(a.Reveal())
	require.NoError(t, err)
	assert.True(t, back.Equal(a.Reveal()))
}

func TestTokenRedactsItselfEverywhere(t *testing.T) {
	tok, err := sidecar.NewToken()
	require.NoError(t, err)
	secret := tok.Reveal()
	type holder struct {
		Public  sidecar.Token
		private sidecar.Token
	}
	h := holder{tok, tok}
	var out []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%T %v"} {
		out = append(out, fmt.Sprintf(verb, tok), fmt.Sprintf(verb, h), fmt.Sprintf(verb, &h))
	}
	out = append(out, tok.String(), tok.GoString(), fmt.Sprint(tok), fmt.Sprintln(tok, h), fmt.Sprint([]sidecar.Token{tok}), fmt.Sprint(map[string]sidecar.Token{"k": tok}))
	j, err := json.Marshal(map[string]any{"token": tok, "holder": h})
	require.NoError(t, err)
	out = append(out, string(j))
	var buf bytes.Buffer
	for _, hnd := range []slog.Handler{slog.NewJSONHandler(&buf, nil), slog.NewTextHandler(&buf, nil)} {
		slog.New(hnd).Info("launch", "token", tok, "holder", h)
	}
	out = append(out, buf.String())
	all := strings.Join(out, "\n")
	assert.NotContains(t, all, secret)
	assert.Contains(t, all, "[REDACTED]")
}

func TestParseTokenRefusesBadTokensWithoutRepeatingThem(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"an empty token is refused", "", ""},
		{"a short token is refused", strings.Repeat("a", sidecar.MinTokenLen-1), ""},
		{"a long token is refused", strings.Repeat("a", sidecar.MaxTokenLen+1), ""},
		{"a token with padding is refused", strings.Repeat("a", sidecar.MinTokenLen) + "=", fmt.Sprintf("character %d ", sidecar.MinTokenLen+1)},
		{"a token with a space is refused", strings.Repeat("a", sidecar.MinTokenLen) + " b", fmt.Sprintf("character %d ", sidecar.MinTokenLen+1)},
		{"a token with a slash is refused", strings.Repeat("a", sidecar.MinTokenLen) + "/", ""},
		{"a token with a slash first is refused", "/" + strings.Repeat("a", sidecar.MinTokenLen), "character 1 "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sidecar.ParseToken(tt.text)
			require.ErrorIs(t, err, sidecar.ErrBadToken)
			if tt.text != "" {
				assert.NotContains(t, err.Error(), tt.text)
			}
			if tt.want != "" {
				assert.Contains(t, err.Error(), tt.want)
			}
		})
	}
	t.Run("64 hex digits are accepted", func(t *testing.T) {
		_, err := sidecar.ParseToken(strings.Repeat("0f", 32))
		assert.NoError(t, err)
	})
}

func TestTheZeroTokenEqualsNothing(t *testing.T) {
	var zero sidecar.Token
	assert.True(t, zero.IsZero())
	assert.False(t, zero.Equal(""))
	assert.Empty(t, zero.Reveal())
	_, err := sidecar.New(sidecar.Config{}, nil)
	assert.ErrorIs(t, err, sidecar.ErrConfig)
}
