package sidecar

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheDefaultRateLimit holds the documented defaults to their promise:
// no looser than a burst of 100 and 200 requests a second.
func TestTheDefaultRateLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g, err := New(Config{Token: newToken("t")}, http.NotFoundHandler())
		require.NoError(t, err)
		l := g.limits
		trusted := clientKey{authed: true}
		for i := range 100 {
			require.True(t, l.allow(trusted), "request %d of the burst", i+1)
		}
		assert.False(t, l.allow(trusted), "the request after a burst of 100 is refused")
		assert.True(t, l.allow(clientKey{}), "a client without the token has a bucket of its own")

		time.Sleep(time.Second / 200)
		assert.True(t, l.allow(trusted), "one request is allowed again after 1/200 s")
		assert.False(t, l.allow(trusted))

		time.Sleep(time.Hour)
		n := 0
		for l.allow(trusted) {
			n++
		}
		assert.Equal(t, 100, n, "an idle client gets at most a burst of 100")
	})
}

func TestTheLimiterTableIsBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newLimiter(1, 1)
		key := func(i int) clientKey {
			r := &http.Request{RemoteAddr: "127.0." + strconv.Itoa(i/256) + "." + strconv.Itoa(i%256) + ":1000"}
			return clientOf(r, false)
		}
		for i := range maxClients {
			require.True(t, l.allow(key(i)))
		}
		assert.True(t, l.allow(key(maxClients)), "a newcomer to a full table gets the overflow bucket")
		assert.False(t, l.allow(key(maxClients+1)), "which the next newcomer shares")
		assert.Len(t, l.clients, maxClients)
		time.Sleep(2 * time.Second)
		assert.True(t, l.allow(key(maxClients+2)), "idle clients are swept out")
		assert.Len(t, l.clients, 1)
	})
}

// allowedHosts is every Host a server on port p answers to: the finite set
// against which FuzzHostAllowed checks hostAllowed.
func allowedHosts(p string) []string {
	hs := []string{"localhost:" + p, "127.0.0.1:" + p, "[::1]:" + p}
	if p == "80" {
		hs = append(hs, "localhost", "127.0.0.1", "[::1]")
	}
	return hs
}

func TestHostAllowed(t *testing.T) {
	for _, h := range allowedHosts("8080") {
		assert.True(t, hostAllowed(h, 8080), h)
	}
	for _, h := range []string{"", "evil.example:8080", "localhost:80", "localhost", "127.0.0.2:8080",
		"localhost.:8080", "[localhost]:8080", "::1:8080", "[::1:8080", "0.0.0.0:8080", "127.0.0.1:08080", "127.0.0.1:+8080", "[::ffff:127.0.0.1]:8080"} {
		assert.False(t, hostAllowed(h, 8080), h)
	}
	assert.False(t, hostAllowed("localhost:8080", 0), "no known local port allows nothing")
}

func FuzzHostAllowed(f *testing.F) {
	for _, h := range append(allowedHosts("80"), "evil.example:80", "[localhost]:80", "::1", "LOCALHOST:80", "127.0.0.1:", "[::1]]:80", "localhost:+80", "localhost:080") {
		f.Add(h, uint16(80))
	}
	f.Add("localhost:8080", uint16(8080))
	f.Fuzz(func(t *testing.T, host string, port uint16) {
		got := hostAllowed(host, int(port))
		want := port != 0 && slices.Contains(allowedHosts(strconv.Itoa(int(port))), strings.ToLower(host))
		if got != want {
			t.Fatalf("hostAllowed(%q, %d) = %v, want %v", host, port, got, want)
		}
	})
}

// FuzzCredentials checks the parsing of the two places a token may be
// presented, and that the handler never sees a token subprotocol.
func FuzzCredentials(f *testing.F) {
	tok := strings.Repeat("A", MinTokenLen)
	f.Add("Bearer "+tok, "toolgate.v1, toolgate.token."+tok)
	f.Add("bearer "+tok, "toolgate.token."+tok+",toolgate.token.x")
	f.Add("Basic "+tok, "TOOLGATE.TOKEN."+tok)
	f.Add("Bearer  "+tok, " , toolgate.v1 ,, ")
	f.Add("", "")
	f.Add("", "toolgate.token., toolgate.token."+tok)
	token, err := ParseToken(tok)
	if err != nil {
		f.Fatal(err)
	}
	g := &Guard{token: token}
	f.Fuzz(func(t *testing.T, auth, protocols string) {
		if got, ok := BearerToken([]string{auth}); ok {
			if !strings.EqualFold(auth[:7], "bearer ") || auth[7:] != got || got == "" {
				t.Fatalf("BearerToken(%q) = %q", auth, got)
			}
			for i := 0; i < len(got); i++ {
				if !tokenChar(got[i]) {
					t.Fatalf("BearerToken(%q) = %q, with a character outside the alphabet", auth, got)
				}
			}
		}
		h := http.Header{}
		if auth != "" {
			h.Set("Authorization", auth)
		}
		h.Set("Sec-WebSocket-Protocol", protocols)
		sub, n := SubprotocolToken(h.Values("Sec-WebSocket-Protocol"))
		if g.authenticated(h, true) {
			b, bok := BearerToken(h.Values("Authorization"))
			if !(bok && b == tok || auth == "" && n == 1 && sub == tok) {
				t.Fatalf("authenticated %q %q", auth, protocols)
			}
		}
		var others []string
		for e := range strings.SplitSeq(protocols, ",") {
			if e = strings.TrimSpace(e); e != "" && !strings.HasPrefix(strings.ToLower(e), TokenSubprotocolPrefix) {
				others = append(others, e)
			}
		}
		stripTokenSubprotocol(h)
		if _, n := SubprotocolToken(h.Values("Sec-WebSocket-Protocol")); n != 0 {
			t.Fatalf("a token entry survived stripping %q: %q", protocols, h.Values("Sec-WebSocket-Protocol"))
		}
		if got := strings.Join(others, ", "); h.Get("Sec-WebSocket-Protocol") != got {
			t.Fatalf("stripping %q kept %q, want %q", protocols, h.Get("Sec-WebSocket-Protocol"), got)
		}
	})
}

func TestSubprotocolTokenCountsAnEmptyTokenEntry(t *testing.T) {
	tok := strings.Repeat("A", MinTokenLen)
	for _, tc := range []struct {
		header string
		want   int
	}{
		{"toolgate.token.", 1},
		{"TOOLGATE.TOKEN.", 1},
		{"toolgate.token., toolgate.token." + tok, 2},
		{"toolgate.token" + tok, 0},
		{"toolgate.v1", 0},
	} {
		if _, n := SubprotocolToken([]string{tc.header}); n != tc.want {
			t.Errorf("SubprotocolToken(%q) counts %d token entries, want %d", tc.header, n, tc.want)
		}
	}
	token, err := ParseToken(tok)
	if err != nil {
		t.Fatal(err)
	}
	g := &Guard{token: token}
	h := http.Header{}
	h.Set("Sec-WebSocket-Protocol", "toolgate.token., toolgate.token."+tok)
	if g.authenticated(h, true) {
		t.Error("an empty token entry beside the right one authenticated: two entries must be refused")
	}
}
