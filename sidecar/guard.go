package sidecar

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"golang.org/x/time/rate"
)

// Defaults of Config. They are the loosest a zero Config gets; a host may
// tighten them, and loosen them only by saying so in its Config.
const (
	// DefaultMaxBodyBytes caps a request body (1 MiB).
	DefaultMaxBodyBytes = 1 << 20
	// DefaultMaxMessageBytes caps one WebSocket message read by AcceptWebSocket (64 KiB).
	DefaultMaxMessageBytes = 64 << 10
	// DefaultRate is the sustained requests per second each client may make.
	DefaultRate = 200
	// DefaultBurst is how many requests a client may make at once.
	DefaultBurst = 100
	// DefaultBodyTimeout bounds the time a client has to send a request body.
	DefaultBodyTimeout = 30 * time.Second
)

// TrustedOrigins are the webview origins of a Tauri desktop shell, allowed
// by every Guard. Config.Origins adds development origins.
var TrustedOrigins = []string{"tauri://localhost", "http://tauri.localhost", "https://tauri.localhost"}

// TokenSubprotocolPrefix starts the Sec-WebSocket-Protocol entry in which a
// browser WebSocket client presents the token, because a browser cannot set
// an Authorization header on a WebSocket:
//
//	new WebSocket(url, ["toolgate.v1", "toolgate.token." + token])
//
// The client also offers the protocol it actually speaks ("toolgate.v1"
// above), which the server echoes; the token entry is removed from the
// request before the handler sees it, so it is never echoed or logged.
const TokenSubprotocolPrefix = "toolgate.token."

// Config configures a Guard. Its zero value (apart from Token, which has no
// usable zero) is the strict default.
type Config struct {
	// Token is the per-launch secret. The zero Token refuses every request
	// that needs one.
	Token Token

	// Origins adds allowed origins (development servers such as
	// "http://localhost:5173") to TrustedOrigins. Each is scheme://host or
	// scheme://host:port, nothing more, and matches exactly.
	Origins []string

	// HealthPath, when not empty, is answered 204 No Content without a token
	// for GET and HEAD (the Host, Origin and rate checks still apply). The
	// answer has no body and says nothing about the server.
	HealthPath string

	// MaxBodyBytes caps a request body; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// MaxMessageBytes caps a WebSocket message read through
	// AcceptWebSocket; 0 means DefaultMaxMessageBytes.
	MaxMessageBytes int64
	// Rate is the sustained requests per second per client; 0 means
	// DefaultRate. rate.Inf turns rate limiting off.
	Rate rate.Limit
	// Burst is the requests a client may make at once; 0 means DefaultBurst.
	Burst int
	// BodyTimeout bounds the time a client has to send a request body;
	// 0 means DefaultBodyTimeout.
	BodyTimeout time.Duration

	// OnRefuse, when set, is called for every refused request with the
	// reason. The request's credentials are never passed on: log r.Method,
	// r.URL.Path and r.RemoteAddr, not its headers or query.
	OnRefuse func(r *http.Request, reason Refusal)
}

// Refusal says why a Guard refused a request.
type Refusal string

// Refusals, each with its status code (Refusal.Status).
const (
	RefusedTarget          Refusal = "target"           // 400: the request target is not a path (absolute URL, authority or *)
	RefusedHost            Refusal = "host"             // 403: Host is not a loopback name with the bound port (DNS rebinding)
	RefusedQueryCredential Refusal = "query-credential" // 400: the URL (query or path) carries a credential
	RefusedOrigin          Refusal = "origin"           // 403: Origin is present and not allowed
	RefusedRate            Refusal = "rate"             // 429: the client is over its rate
	RefusedToken           Refusal = "token"            // 401: no token, a wrong one, or a malformed Authorization
	RefusedBodyTooLarge    Refusal = "body-too-large"   // 413: the body is over MaxBodyBytes
)

// Status returns the HTTP status code the Guard answers for r.
func (r Refusal) Status() int {
	switch r {
	case RefusedTarget, RefusedQueryCredential:
		return http.StatusBadRequest
	case RefusedToken:
		return http.StatusUnauthorized
	case RefusedRate:
		return http.StatusTooManyRequests
	case RefusedBodyTooLarge:
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusForbidden
}

var refusalText = map[Refusal]string{
	RefusedTarget:          "refused: the request target is not a path\n",
	RefusedHost:            "refused: Host is not this loopback server\n",
	RefusedQueryCredential: "refused: credentials never travel in the URL\n",
	RefusedOrigin:          "refused: Origin not allowed\n",
	RefusedRate:            "refused: too many requests\n",
	RefusedToken:           "refused: missing or wrong token\n",
	RefusedBodyTooLarge:    "refused: request body too large\n",
}

// ErrConfig is returned (wrapped) by New for an invalid Config.
var ErrConfig = errors.New("sidecar: invalid config")

// Guard is net/http middleware that lets through only requests from the
// trusted client of one sidecar launch. See the package documentation for
// the checks and their order. A Guard is safe for concurrent use.
type Guard struct {
	next        http.Handler
	token       Token
	origins     map[string]bool
	health      string
	maxBody     int64
	maxMessage  int64
	bodyTimeout time.Duration
	limits      *limiter
	onRefuse    func(*http.Request, Refusal)
}

// New returns a Guard in front of next. It fails, naming the field, on a
// zero Token, a malformed origin, or a negative limit.
func New(cfg Config, next http.Handler) (*Guard, error) {
	if next == nil {
		return nil, fmt.Errorf("%w: the next handler is nil", ErrConfig)
	}
	if cfg.Token.IsZero() {
		return nil, fmt.Errorf("%w: Token is the zero Token", ErrConfig)
	}
	g := &Guard{
		next:        next,
		token:       cfg.Token,
		origins:     make(map[string]bool, len(TrustedOrigins)+len(cfg.Origins)),
		health:      cfg.HealthPath,
		maxBody:     orDefault(cfg.MaxBodyBytes, DefaultMaxBodyBytes),
		maxMessage:  orDefault(cfg.MaxMessageBytes, DefaultMaxMessageBytes),
		bodyTimeout: orDefault(cfg.BodyTimeout, DefaultBodyTimeout),
		onRefuse:    cfg.OnRefuse,
	}
	for _, o := range TrustedOrigins {
		g.origins[o] = true
	}
	for i, o := range cfg.Origins {
		n, err := NormalizeOrigin(o)
		if err != nil {
			return nil, fmt.Errorf("%w: Origins[%d]: %w", ErrConfig, i, err)
		}
		g.origins[n] = true
	}
	if cfg.HealthPath != "" && !strings.HasPrefix(cfg.HealthPath, "/") {
		return nil, fmt.Errorf("%w: HealthPath %q does not start with /", ErrConfig, cfg.HealthPath)
	}
	switch {
	case cfg.MaxBodyBytes < 0:
		return nil, fmt.Errorf("%w: MaxBodyBytes is negative", ErrConfig)
	case cfg.MaxMessageBytes < 0:
		return nil, fmt.Errorf("%w: MaxMessageBytes is negative", ErrConfig)
	case cfg.Rate < 0:
		return nil, fmt.Errorf("%w: Rate is negative", ErrConfig)
	case cfg.Burst < 0:
		return nil, fmt.Errorf("%w: Burst is negative", ErrConfig)
	case cfg.BodyTimeout < 0:
		return nil, fmt.Errorf("%w: BodyTimeout is negative", ErrConfig)
	}
	g.limits = newLimiter(orDefault(cfg.Rate, DefaultRate), orDefault(cfg.Burst, DefaultBurst))
	return g, nil
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// NormalizeOrigin checks that origin is a bare web origin, scheme://host or
// scheme://host:port with nothing after it, and returns it with scheme and
// host in lower case, as browsers send it. "null" and wildcards are refused.
func NormalizeOrigin(origin string) (string, error) {
	u, err := url.Parse(origin)
	switch {
	case err != nil:
		return "", fmt.Errorf("origin %q: %w", origin, err)
	case u.Scheme == "" || u.Host == "":
		return "", fmt.Errorf("origin %q: want scheme://host[:port]", origin)
	case u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" || u.ForceQuery:
		return "", fmt.Errorf("origin %q: an origin has no user, path, query or fragment", origin)
	case strings.ContainsAny(u.Host, "*?[]") && !strings.HasPrefix(u.Host, "["):
		return "", fmt.Errorf("origin %q: wildcards are not allowed", origin)
	}
	return strings.ToLower(u.Scheme) + "://" + strings.ToLower(u.Host), nil
}

type guardedKey struct{}

// ServeHTTP checks r and passes it to the next handler or refuses it. It
// learns the port the connection came in on from the request's
// http.LocalAddrContextKey, which net/http's Server sets; without it the
// Host check refuses every request.
func (g *Guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength != 0 {
		// Bound the time the client may take to send the body, so that a
		// refused request cannot hold the connection by trickling it.
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(g.bodyTimeout))
	}
	if !strings.HasPrefix(r.RequestURI, "/") {
		// An absolute URL as the target ("GET http://127.0.0.1:PORT/ HTTP/1.1")
		// takes the place of the Host header, which net/http then drops, so
		// the Host check would judge a name the client chose apart from its
		// Host line. No browser sends one to an origin server.
		g.refuse(w, r, RefusedTarget)
		return
	}
	if !hostAllowed(r.Host, localPort(r)) {
		g.refuse(w, r, RefusedHost)
		return
	}
	if g.urlCarriesCredential(r) {
		g.refuse(w, r, RefusedQueryCredential)
		return
	}
	origin, hasOrigin := singleHeader(r.Header, "Origin")
	if hasOrigin && !g.origins[origin] || !hasOrigin && fetchedByAnotherSite(r.Header) {
		g.refuse(w, r, RefusedOrigin)
		return
	}
	if hasOrigin {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			// An unauthenticated CORS preflight, only for an allowed origin.
			h.Set("Access-Control-Allow-Methods", "GET, POST, HEAD, OPTIONS")
			h.Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
			h.Set("Access-Control-Max-Age", "600")
			if !g.limits.allow(clientOf(r, false)) {
				g.refuse(w, r, RefusedRate)
				return
			}
			w.WriteHeader(http.StatusNoContent)
			return
		}
	}
	// A WebSocket opening handshake is a GET (RFC 6455, 4.1); only there
	// may the token travel as a subprotocol.
	upgrade := r.Method == http.MethodGet && isWebSocketUpgrade(r.Header)
	authed := g.authenticated(r.Header, upgrade)
	if !g.limits.allow(clientOf(r, authed)) {
		g.refuse(w, r, RefusedRate)
		return
	}
	if g.health != "" && r.URL.Path == g.health && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if !authed {
		w.Header().Set("WWW-Authenticate", `Bearer realm="toolgate"`)
		g.refuse(w, r, RefusedToken)
		return
	}
	if r.ContentLength > g.maxBody {
		g.refuse(w, r, RefusedBodyTooLarge)
		return
	}
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = http.MaxBytesReader(w, r.Body, g.maxBody)
	}
	// The handler never sees the credential, so it cannot echo or log it.
	r.Header.Del("Authorization")
	if upgrade {
		stripTokenSubprotocol(r.Header)
		r = r.WithContext(context.WithValue(r.Context(), guardedKey{}, g))
	}
	g.next.ServeHTTP(w, r)
}

func (g *Guard) refuse(w http.ResponseWriter, r *http.Request, why Refusal) {
	if g.onRefuse != nil {
		g.onRefuse(r, why)
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	if why == RefusedRate {
		h.Set("Retry-After", "1")
	}
	// Access-Control-Allow-Origin is set only once the origin passed, so an
	// allowed page may read why it was refused; a refused origin and a
	// rebinding page learn nothing.
	w.WriteHeader(why.Status())
	_, _ = w.Write([]byte(refusalText[why]))
}

// authenticated reports whether the request presents the token, and only
// correct ones: an Authorization header (Bearer), and on a WebSocket
// upgrade also a TokenSubprotocolPrefix entry. Every credential presented
// must be right; a malformed one counts as wrong.
func (g *Guard) authenticated(h http.Header, upgrade bool) bool {
	presented := false
	if vs := h.Values("Authorization"); len(vs) > 0 {
		tok, ok := BearerToken(vs)
		if !ok || !g.token.Equal(tok) {
			return false
		}
		presented = true
	}
	if upgrade {
		tok, n := SubprotocolToken(h.Values("Sec-WebSocket-Protocol"))
		if n > 1 || n == 1 && !g.token.Equal(tok) {
			return false
		}
		presented = presented || n == 1
	}
	return presented
}

// BearerToken returns the token of an Authorization header given as its
// values. It accepts exactly one value of the form "Bearer TOKEN" (the
// scheme in any case, one space) and nothing else.
func BearerToken(values []string) (string, bool) {
	if len(values) != 1 {
		return "", false
	}
	v := values[0]
	const scheme = "bearer "
	if len(v) <= len(scheme) || !strings.EqualFold(v[:len(scheme)], scheme) {
		return "", false
	}
	tok := v[len(scheme):]
	for i := 0; i < len(tok); i++ {
		if !tokenChar(tok[i]) {
			return "", false
		}
	}
	return tok, true
}

// SubprotocolToken returns the token of the first TokenSubprotocolPrefix
// entry among the Sec-WebSocket-Protocol values, and how many such entries
// there are (a request with more than one is refused).
func SubprotocolToken(values []string) (tok string, n int) {
	for _, v := range values {
		for entry := range strings.SplitSeq(v, ",") {
			entry = strings.TrimSpace(entry)
			if len(entry) >= len(TokenSubprotocolPrefix) && strings.EqualFold(entry[:len(TokenSubprotocolPrefix)], TokenSubprotocolPrefix) {
				if n == 0 {
					tok = entry[len(TokenSubprotocolPrefix):]
				}
				n++
			}
		}
	}
	return tok, n
}

// stripTokenSubprotocol removes every token entry from the
// Sec-WebSocket-Protocol header, keeping the others in order.
func stripTokenSubprotocol(h http.Header) {
	vs := h.Values("Sec-WebSocket-Protocol")
	if len(vs) == 0 {
		return
	}
	var kept []string
	for _, v := range vs {
		for entry := range strings.SplitSeq(v, ",") {
			entry = strings.TrimSpace(entry)
			if entry == "" || len(entry) >= len(TokenSubprotocolPrefix) && strings.EqualFold(entry[:len(TokenSubprotocolPrefix)], TokenSubprotocolPrefix) {
				continue
			}
			kept = append(kept, entry)
		}
	}
	if len(kept) == 0 {
		h.Del("Sec-WebSocket-Protocol")
		return
	}
	h.Set("Sec-WebSocket-Protocol", strings.Join(kept, ", "))
}

// credentialParams are query parameter names that carry credentials by
// convention; a URL with any of them is refused whatever its value.
var credentialParams = map[string]bool{
	"token": true, "access_token": true, "auth": true, "authorization": true,
	"bearer": true, "key": true, "api_key": true, "apikey": true,
	"secret": true, "password": true, "toolgate_token": true,
}

// urlCarriesCredential reports whether the request's URL names a
// credential parameter or carries the token anywhere, in its path or its
// query, as it was sent or unescaped once: as a parameter's name or value,
// after "Bearer " or TokenSubprotocolPrefix, in a list, or as a path
// segment. An unparsable query counts as carrying one.
func (g *Guard) urlCarriesCredential(r *http.Request) bool {
	target := r.RequestURI
	if g.hasTokenRun(target) {
		return true
	}
	// Only a %XX escape can change the runs: '+', which unescaping turns
	// into a space, lies outside the token's alphabet either way. Most
	// targets hold none, and are scanned once.
	if strings.IndexByte(target, '%') >= 0 {
		if u, err := url.QueryUnescape(target); err != nil || g.hasTokenRun(u) {
			return true
		}
	}
	if r.URL.RawQuery == "" {
		return false
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return true
	}
	for k := range q {
		if credentialParams[strings.ToLower(k)] {
			return true
		}
	}
	return false
}

// hasTokenRun reports whether one of the maximal runs of token characters
// in s (A-Z a-z 0-9 - _) is the token. The token is such a run wherever a
// client could put it: every separator ('=', '&', '.', ',', ' ', '/', ...)
// lies outside the token's alphabet. Each run is compared with Token.Equal,
// so the time taken depends on the lengths of the runs, not on how much of
// the token they match.
func (g *Guard) hasTokenRun(s string) bool {
	for i := 0; i < len(s); {
		if !tokenChar(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && tokenChar(s[j]) {
			j++
		}
		if g.token.Equal(s[i:j]) {
			return true
		}
		i = j
	}
	return false
}

func singleHeader(h http.Header, name string) (string, bool) {
	vs := h.Values(name)
	switch len(vs) {
	case 0:
		return "", false
	case 1:
		return vs[0], true
	}
	return "\x00several", true // never an allowed origin
}

// fetchedByAnotherSite reports whether a browser marked the request as
// made by a page of another site, or of the same site on another origin
// (Sec-Fetch-Site other than "same-origin" or "none", the user's own
// navigation). A browser leaves out Origin on a GET that an image, a
// script, a link or a frame makes, so without this such a request from
// any page would meet only the token check, and the health path none.
// Every request of the trusted webview carries Origin: its fetches,
// EventSources and WebSockets are all cross-origin.
func fetchedByAnotherSite(h http.Header) bool {
	for _, v := range h.Values("Sec-Fetch-Site") {
		if v != "same-origin" && v != "none" {
			return true
		}
	}
	return false
}

func isWebSocketUpgrade(h http.Header) bool {
	return headerHasToken(h, "Upgrade", "websocket") && headerHasToken(h, "Connection", "upgrade")
}

func headerHasToken(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for t := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// loopbackNames are the Host names a loopback server answers to. Any other
// name, however it resolves, is a page that rebinds its own name to
// 127.0.0.1 and is refused.
var loopbackNames = map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}

// hostAllowed reports whether a Host header names this server: a loopback
// name, and the port the connection came in on (80 when absent), written
// in plain digits. A port of 0 or less (no local address known) allows
// nothing.
func hostAllowed(host string, port int) bool {
	if port <= 0 || host == "" {
		return false
	}
	name, p := host, "80"
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
		name, p = host[:i], host[i+1:]
	}
	if strings.HasPrefix(name, "[") {
		if !strings.HasSuffix(name, "]") {
			return false
		}
		name = name[1 : len(name)-1]
		if name != "::1" {
			return false
		}
	} else if strings.Contains(name, ":") {
		return false
	}
	return portIs(p, port) && loopbackNames[strings.ToLower(name)]
}

// portIs reports whether p is port written in decimal digits, without a
// sign or a leading zero.
func portIs(p string, port int) bool {
	if p == "" || len(p) > 5 || p[0] == '0' {
		return false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
		n = n*10 + int(p[i]-'0')
	}
	return n == port
}

func localPort(r *http.Request) int {
	a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return 0
	}
	if tcp, ok := a.(*net.TCPAddr); ok {
		return tcp.Port
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return 0
	}
	return int(ap.Port())
}
