package sidecar_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/sidecar"
	"golang.org/x/time/rate"
)

// sidecarServer is a guarded server on a real 127.0.0.1 listener.
type sidecarServer struct {
	url   string // http://127.0.0.1:PORT
	port  string
	token sidecar.Token
	guard *sidecar.Guard
}

// serve starts a guarded test application: POST /v1/echo answers the body
// it read (413 when the body is cut off) and whether it saw credentials;
// GET /v1/events is an SSE stream of one event; /v1/ws echoes WebSocket
// messages.
func serve(t *testing.T, cfg sidecar.Config) *sidecarServer {
	t.Helper()
	tok, err := sidecar.NewToken()
	require.NoError(t, err)
	cfg.Token = tok
	s := &sidecarServer{token: tok}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/echo", func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		if r.Header.Get("Authorization") != "" || strings.Contains(r.Header.Get("Sec-WebSocket-Protocol"), "token") {
			http.Error(w, "the handler saw a credential", http.StatusInternalServerError)
			return
		}
		w.Write(b)
	})
	mux.HandleFunc("GET /v1/events", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: hello\n\n")
	})
	mux.HandleFunc("GET /v1/ws", func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.Header.Get("Sec-WebSocket-Protocol"), "token") {
			http.Error(w, "the handler saw a credential", http.StatusInternalServerError)
			return
		}
		c, err := s.guard.AcceptWebSocket(w, r, "toolgate.v1")
		if err != nil {
			return
		}
		defer c.CloseNow()
		for {
			typ, b, err := c.Read(r.Context())
			if err != nil {
				return
			}
			if err := c.Write(r.Context(), typ, b); err != nil {
				return
			}
		}
	})
	s.guard, err = sidecar.New(cfg, mux)
	require.NoError(t, err)
	l, err := sidecar.Listen(t.Context(), "127.0.0.1:0")
	require.NoError(t, err)
	srv := sidecar.NewServer(s.guard)
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	s.url = "http://" + l.Addr().String()
	_, s.port, _ = net.SplitHostPort(l.Addr().String())
	return s
}

func (s *sidecarServer) do(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func (s *sidecarServer) request(t *testing.T, method, path, body string, header ...string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, s.url+path, strings.NewReader(body))
	require.NoError(t, err)
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Add(header[i], header[i+1])
	}
	return req
}

func (s *sidecarServer) bearer() string { return "Bearer " + s.token.Reveal() }

func wsUpgrade(extra ...string) []string {
	return append([]string{"Connection", "Upgrade", "Upgrade", "websocket",
		"Sec-WebSocket-Version", "13", "Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}, extra...)
}

// TestGuardContract is contract test 10 of docs/security-model.md
// (Required contract tests): unauthorized browser-origin and missing-token
// sidecar requests fail, and the right client passes.
func TestGuardContract(t *testing.T) {
	s := serve(t, sidecar.Config{MaxBodyBytes: 1024, HealthPath: "/healthz"})
	other, err := sidecar.NewToken()
	require.NoError(t, err)
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		header []string
		want   int
	}{
		{"a request without the token is refused", "POST", "/v1/echo", "hi", nil, 401},
		{"a wrong token is refused", "POST", "/v1/echo", "hi", []string{"Authorization", "Bearer " + other.Reveal()}, 401},
		{"a token under another scheme is refused", "POST", "/v1/echo", "hi", []string{"Authorization", "Basic " + s.token.Reveal()}, 401},
		{"two Authorization headers are refused", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Authorization", s.bearer()}, 401},
		{"a token in the query string is refused even with the right header", "POST", "/v1/echo?token=" + s.token.Reveal(), "hi", []string{"Authorization", s.bearer()}, 400},
		{"the token as any query value is refused", "GET", "/v1/events?x=" + s.token.Reveal(), "", []string{"Authorization", s.bearer()}, 400},
		{"an access_token parameter is refused whatever its value", "GET", "/v1/events?access_token=abc", "", []string{"Authorization", s.bearer()}, 400},
		{"a foreign Origin is refused even with the right token", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Origin", "https://evil.example"}, 403},
		{"the null Origin is refused", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Origin", "null"}, 403},
		{"an origin that only contains a trusted one is refused", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Origin", "tauri://localhost.evil.example"}, 403},
		{"a WebSocket upgrade without Origin and without the token is refused", "GET", "/v1/ws", "", wsUpgrade(), 401},
		{"a WebSocket upgrade with a wrong token subprotocol is refused", "GET", "/v1/ws", "", wsUpgrade("Sec-WebSocket-Protocol", "toolgate.v1, toolgate.token."+other.Reveal()), 401},
		{"a WebSocket upgrade with two token subprotocols is refused", "GET", "/v1/ws", "", wsUpgrade("Sec-WebSocket-Protocol", "toolgate.token."+s.token.Reveal()+", toolgate.token."+s.token.Reveal()), 401},
		{"a WebSocket upgrade with a right subprotocol but a wrong Authorization is refused", "GET", "/v1/ws", "", wsUpgrade("Sec-WebSocket-Protocol", "toolgate.v1, toolgate.token."+s.token.Reveal(), "Authorization", "Bearer "+other.Reveal()), 401},
		{"a WebSocket upgrade from a foreign Origin is refused even with the token", "GET", "/v1/ws", "", wsUpgrade("Origin", "https://evil.example", "Sec-WebSocket-Protocol", "toolgate.v1, toolgate.token."+s.token.Reveal()), 403},
		{"a token subprotocol on a plain request is not a credential", "POST", "/v1/echo", "hi", []string{"Sec-WebSocket-Protocol", "toolgate.token." + s.token.Reveal()}, 401},
		{"a token subprotocol on a POST dressed as an upgrade is not a credential", "POST", "/v1/echo", "hi", wsUpgrade("Sec-WebSocket-Protocol", "toolgate.v1, toolgate.token."+s.token.Reveal()), 401},
		{"a rebinding Host is refused even with the token", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Host", "evil.example:" + s.port}, 403},
		{"a loopback Host with another port is refused", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Host", "127.0.0.1:1"}, 403},
		{"a loopback Host without the port is refused", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Host", "localhost"}, 403},
		{"an oversized body is refused", "POST", "/v1/echo", strings.Repeat("x", 1025), []string{"Authorization", s.bearer()}, 413},
		{"a body of exactly the limit passes", "POST", "/v1/echo", strings.Repeat("x", 1024), []string{"Authorization", s.bearer()}, 200},
		{"a preflight from a foreign origin is refused", "OPTIONS", "/v1/echo", "", []string{"Origin", "https://evil.example", "Access-Control-Request-Method", "POST"}, 403},
		{"a preflight from the Tauri origin passes without the token", "OPTIONS", "/v1/echo", "", []string{"Origin", "tauri://localhost", "Access-Control-Request-Method", "POST"}, 204},
		{"the health path answers without the token", "GET", "/healthz", "", nil, 204},
		{"the health path refuses a cross-site page's image, which has no Origin", "GET", "/healthz", "", []string{"Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "no-cors"}, 403},
		{"the health path refuses a same-site page on another port", "GET", "/healthz", "", []string{"Sec-Fetch-Site", "same-site"}, 403},
		{"a cross-site request without Origin is refused even with the token", "GET", "/v1/events", "", []string{"Authorization", s.bearer(), "Sec-Fetch-Site", "cross-site"}, 403},
		{"the user's own navigation to the health path passes", "GET", "/healthz", "", []string{"Sec-Fetch-Site", "none", "Sec-Fetch-Mode", "navigate"}, 204},
		{"the health path answers nothing but GET and HEAD without the token", "POST", "/healthz", "", nil, 401},
		{"the health path still refuses a rebinding Host", "GET", "/healthz", "", []string{"Host", "evil.example:" + s.port}, 403},
		{"the right client passes", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer()}, 200},
		{"the right client passes from the Tauri origin", "POST", "/v1/echo", "hi", []string{"Authorization", "bearer " + s.token.Reveal(), "Origin", "http://tauri.localhost"}, 200},
		{"the right client passes from the Tauri origin, which is cross-site", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Origin", "tauri://localhost", "Sec-Fetch-Site", "cross-site"}, 200},
		{"the right client passes with Host localhost", "POST", "/v1/echo", "hi", []string{"Authorization", s.bearer(), "Host", "localhost:" + s.port}, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := s.do(t, s.request(t, tt.method, tt.path, tt.body, tt.header...))
			assert.Equal(t, tt.want, resp.StatusCode, body)
			assert.NotContains(t, body, s.token.Reveal(), "an answer repeats the token")
			if tt.want >= 400 {
				assert.True(t, strings.HasPrefix(body, "refused: "), "the Guard itself refused, not the handler: %q", body)
			}
			if resp.StatusCode >= 400 {
				assert.NotEqual(t, "*", resp.Header.Get("Access-Control-Allow-Origin"), "a refusal allows any origin")
			}
		})
	}
}

func TestGuardAnswersAnAllowedPreflightWithCORSHeadersOnly(t *testing.T) {
	s := serve(t, sidecar.Config{Origins: []string{"http://localhost:5173"}})
	resp, body := s.do(t, s.request(t, "OPTIONS", "/v1/echo", "", "Origin", "http://localhost:5173", "Access-Control-Request-Method", "POST"))
	assert.Equal(t, 204, resp.StatusCode)
	assert.Empty(t, body)
	assert.Equal(t, "http://localhost:5173", resp.Header.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, resp.Header.Get("Access-Control-Allow-Headers"), "Authorization")
	assert.Equal(t, "Origin", resp.Header.Get("Vary"))
}

func TestGuardHealthRevealsNothing(t *testing.T) {
	s := serve(t, sidecar.Config{HealthPath: "/healthz"})
	resp, body := s.do(t, s.request(t, "GET", "/healthz", ""))
	assert.Equal(t, 204, resp.StatusCode)
	assert.Empty(t, body)
	for k := range resp.Header {
		assert.Contains(t, []string{"Cache-Control", "Date"}, k, "the health answer sets header %s", k)
	}
}

func TestGuardCutsOffAnUndeclaredOversizedBody(t *testing.T) {
	s := serve(t, sidecar.Config{MaxBodyBytes: 1024})
	req := s.request(t, "POST", "/v1/echo", "", "Authorization", s.bearer())
	req.Body = io.NopCloser(strings.NewReader(strings.Repeat("x", 4096)))
	req.ContentLength = -1 // chunked: the length is not declared
	resp, _ := s.do(t, req)
	assert.Equal(t, 413, resp.StatusCode)
}

func TestGuardRateLimit(t *testing.T) {
	const burst = 3
	s := serve(t, sidecar.Config{Rate: rate.Every(time.Hour), Burst: burst})
	t.Run("a burst over the rate limit is refused with 429", func(t *testing.T) {
		for range burst {
			resp, body := s.do(t, s.request(t, "POST", "/v1/echo", "hi", "Authorization", s.bearer()))
			require.Equal(t, 200, resp.StatusCode, body)
		}
		resp, _ := s.do(t, s.request(t, "POST", "/v1/echo", "hi", "Authorization", s.bearer()))
		assert.Equal(t, 429, resp.StatusCode)
		assert.Equal(t, "1", resp.Header.Get("Retry-After"))
	})
	t.Run("requests without the token have a budget of their own", func(t *testing.T) {
		for range burst {
			resp, _ := s.do(t, s.request(t, "POST", "/v1/echo", "hi"))
			require.Equal(t, 401, resp.StatusCode)
		}
		resp, _ := s.do(t, s.request(t, "POST", "/v1/echo", "hi"))
		assert.Equal(t, 429, resp.StatusCode)
	})
}

func TestGuardRateLimitKeepsTheTrustedClientsBudget(t *testing.T) {
	s := serve(t, sidecar.Config{Rate: rate.Every(time.Hour), Burst: 2})
	for range 5 {
		s.do(t, s.request(t, "POST", "/v1/echo", "hi", "Authorization", "Bearer wrong"))
	}
	resp, body := s.do(t, s.request(t, "POST", "/v1/echo", "hi", "Authorization", s.bearer()))
	assert.Equal(t, 200, resp.StatusCode, body)
}

func TestGuardPassesAnSSEClient(t *testing.T) {
	s := serve(t, sidecar.Config{})
	req := s.request(t, "GET", "/v1/events", "", "Authorization", s.bearer(), "Accept", "text/event-stream", "Origin", "tauri://localhost")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "tauri://localhost", resp.Header.Get("Access-Control-Allow-Origin"))
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, "data: hello\n", line)
}

func TestGuardWebSocket(t *testing.T) {
	s := serve(t, sidecar.Config{MaxMessageBytes: 512})
	wsURL := "ws" + strings.TrimPrefix(s.url, "http") + "/v1/ws"
	browser := func(token string) *websocket.DialOptions {
		return &websocket.DialOptions{
			Subprotocols: []string{"toolgate.v1", sidecar.TokenSubprotocolPrefix + token},
			HTTPHeader:   http.Header{"Origin": {"tauri://localhost"}},
		}
	}
	t.Run("a browser client presenting the token as a subprotocol passes", func(t *testing.T) {
		c, resp, err := websocket.Dial(t.Context(), wsURL, browser(s.token.Reveal()))
		require.NoError(t, err)
		defer c.CloseNow()
		assert.Equal(t, "toolgate.v1", c.Subprotocol(), "the server echoes the real protocol, never the token")
		assert.NotContains(t, resp.Header.Get("Sec-WebSocket-Protocol"), s.token.Reveal())
		require.NoError(t, c.Write(t.Context(), websocket.MessageText, []byte("ping")))
		_, b, err := c.Read(t.Context())
		require.NoError(t, err)
		assert.Equal(t, "ping", string(b))
	})
	t.Run("a non-browser client presenting Authorization passes", func(t *testing.T) {
		c, _, err := websocket.Dial(t.Context(), wsURL, &websocket.DialOptions{
			HTTPHeader: http.Header{"Authorization": {s.bearer()}}})
		require.NoError(t, err)
		c.CloseNow()
	})
	t.Run("a message over the cap closes the connection", func(t *testing.T) {
		c, _, err := websocket.Dial(t.Context(), wsURL, browser(s.token.Reveal()))
		require.NoError(t, err)
		defer c.CloseNow()
		require.NoError(t, c.Write(t.Context(), websocket.MessageBinary, make([]byte, 513)))
		_, _, err = c.Read(t.Context())
		assert.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)
	})
	refused := []struct {
		name string
		opts *websocket.DialOptions
		want int
	}{
		{"a client without the token is refused", &websocket.DialOptions{Subprotocols: []string{"toolgate.v1"}}, 401},
		{"a browser client with a wrong token is refused", browser(strings.Repeat("A", 43)), 401},
		{"a client from a foreign origin with the token is refused", &websocket.DialOptions{
			Subprotocols: []string{"toolgate.v1", sidecar.TokenSubprotocolPrefix + s.token.Reveal()},
			HTTPHeader:   http.Header{"Origin": {"https://evil.example"}}}, 403},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			c, resp, err := websocket.Dial(t.Context(), wsURL, tt.opts)
			if c != nil {
				c.CloseNow()
			}
			require.Error(t, err)
			require.NotNil(t, resp)
			assert.Equal(t, tt.want, resp.StatusCode)
		})
	}
}

func TestAcceptWebSocketRefusesAnUnguardedRequest(t *testing.T) {
	s := serve(t, sidecar.Config{})
	l, err := sidecar.Listen(t.Context(), "127.0.0.1:0")
	require.NoError(t, err)
	var acceptErr error
	srv := sidecar.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, acceptErr = s.guard.AcceptWebSocket(w, r)
	}))
	go srv.Serve(l)
	defer srv.Close()
	_, resp, err := websocket.Dial(t.Context(), "ws://"+l.Addr().String()+"/", nil)
	require.Error(t, err)
	assert.Equal(t, 403, resp.StatusCode)
	assert.ErrorIs(t, acceptErr, sidecar.ErrUnguarded)
}

func TestGuardReportsRefusals(t *testing.T) {
	got := make(chan sidecar.Refusal, 1)
	s := serve(t, sidecar.Config{OnRefuse: func(r *http.Request, why sidecar.Refusal) { got <- why }})
	s.do(t, s.request(t, "POST", "/v1/echo", "hi", "Origin", "https://evil.example"))
	select {
	case why := <-got:
		assert.Equal(t, sidecar.RefusedOrigin, why)
	default:
		t.Fatal("OnRefuse was not called before the answer")
	}
}

// rawRequest sends text as it stands on a new connection to s, for
// requests http.Client will not write, and reads one response.
func (s *sidecarServer) rawRequest(t *testing.T, text string) (*http.Response, string) {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(s.url, "http://"))
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SetDeadline(time.Now().Add(5*time.Second)))
	_, err = io.WriteString(c, text)
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// TestGuardRefusesTargetsThatAreNotPaths: net/http answers "OPTIONS *"
// itself unless told not to, and takes an absolute URL's host in place of
// the Host header; neither may pass by the Host check.
func TestGuardRefusesTargetsThatAreNotPaths(t *testing.T) {
	s := serve(t, sidecar.Config{HealthPath: "/healthz"})
	self := "127.0.0.1:" + s.port
	auth := "Authorization: " + s.bearer() + "\r\n"
	for _, tt := range []struct{ name, text string }{
		{"OPTIONS * without the token", "OPTIONS * HTTP/1.1\r\nHost: " + self + "\r\n\r\n"},
		{"OPTIONS * from a rebinding Host", "OPTIONS * HTTP/1.1\r\nHost: evil.example\r\n\r\n"},
		{"an absolute URL naming this server under a rebinding Host", "GET http://" + self + "/healthz HTTP/1.1\r\nHost: evil.example\r\n\r\n"},
		{"an absolute URL with the token under a rebinding Host", "POST http://" + self + "/v1/echo HTTP/1.1\r\nHost: evil.example\r\n" + auth + "Content-Length: 2\r\n\r\nhi"},
		{"an absolute URL naming another host", "POST http://evil.example/v1/echo HTTP/1.1\r\nHost: " + self + "\r\n" + auth + "Content-Length: 2\r\n\r\nhi"},
		{"CONNECT with the token", "CONNECT " + self + " HTTP/1.1\r\nHost: " + self + "\r\n" + auth + "\r\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := s.rawRequest(t, tt.text)
			assert.Equal(t, 400, resp.StatusCode, body)
			assert.Equal(t, "refused: the request target is not a path\n", body)
		})
	}
	resp, body := s.rawRequest(t, "GET /healthz HTTP/1.1\r\nHost: "+self+"\r\n\r\n")
	assert.Equal(t, 204, resp.StatusCode, "a path passes: %s", body)
}

// TestGuardRefusesTheTokenAnywhereInTheURL: a client that puts the token
// in its URL, in whatever form, is refused even with the right
// Authorization, so the mistake shows at once rather than in a log.
func TestGuardRefusesTheTokenAnywhereInTheURL(t *testing.T) {
	s := serve(t, sidecar.Config{})
	tok := s.token.Reveal()
	escaped := fmt.Sprintf("%%%02X", tok[0]) + tok[1:]
	other, err := sidecar.NewToken()
	require.NoError(t, err)
	for _, tt := range []struct {
		name, path string
		want       int
	}{
		{"as a subprotocol entry in a query value", "/v1/echo?x=toolgate.token." + tok, 400},
		{"after a lower-case bearer in a query value", "/v1/echo?x=bearer+" + tok, 400},
		{"after an escaped space in a query value", "/v1/echo?x=Bearer%20" + tok, 400},
		{"in a comma list in a query value", "/v1/echo?x=a," + tok + ",b", 400},
		{"as a query parameter's name", "/v1/echo?" + tok, 400},
		{"escaped in a query value", "/v1/echo?x=" + escaped, 400},
		{"as sent, before an escaped letter", "/v1/echo?x=" + tok + "%41", 400},
		{"as a path segment", "/v1/echo/" + tok, 400},
		{"escaped in a path segment", "/v1/" + escaped + "/echo", 400},
		{"after a semicolon in the path", "/v1/echo;" + tok, 400},
		{"another token of the same length passes", "/v1/echo?x=" + other.Reveal(), 200},
		{"an escaped letter without the token passes", "/v1/echo?x=%41b", 200},
		{"a malformed escape in the query is refused", "/v1/echo?x=%zz", 400},
		{"a longer run that only contains the token passes", "/v1/echo?x=a" + tok, 200},
	} {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := s.do(t, s.request(t, "POST", tt.path, "hi", "Authorization", s.bearer()))
			assert.Equal(t, tt.want, resp.StatusCode, body)
			if tt.want == 400 {
				assert.Equal(t, "refused: credentials never travel in the URL\n", body)
			}
		})
	}
}
