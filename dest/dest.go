package dest

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"
)

// Reason is a stable code for why a destination is refused. The codes never
// change meaning.
type Reason string

// The reason codes.
const (
	// ReasonLinkLocal: the host is, or spells, a link-local address
	// (169.254.0.0/16, fe80::/10) or an IPv6 address that embeds one.
	ReasonLinkLocal Reason = "dest.link-local"
	// ReasonMetadata: the host is a cloud metadata service that answers
	// outside link-local space (Alibaba's 100.100.100.200, Azure's wire
	// server 168.63.129.16, Oracle's 192.0.0.192, AWS's fd00:ec2::254,
	// Google's fd20:ce::254, or an IPv6 form that carries one), or a name
	// that resolves to one (metadata.google.internal, EC2's instance-data,
	// a wildcard DNS name such as 169.254.169.254.nip.io).
	ReasonMetadata Reason = "dest.metadata"
	// ReasonUnspecified: the host is an unspecified address (0.0.0.0/8,
	// ::), which reaches the local host on many systems.
	ReasonUnspecified Reason = "dest.unspecified"
	// ReasonAmbiguousHost: readers disagree on what the host names: a
	// non-canonical IPv4 spelling, a number that is no address, trailing
	// dots, percent-encoding, an IPv6 zone, non-ASCII characters.
	ReasonAmbiguousHost Reason = "dest.ambiguous-host"
	// ReasonMalformed: the URL or address cannot be read strictly.
	ReasonMalformed Reason = "dest.malformed"
	// ReasonScheme: the scheme is neither https nor http.
	ReasonScheme Reason = "dest.scheme"
	// ReasonPlainHTTP: http to a host that is not a literal loopback
	// address.
	ReasonPlainHTTP Reason = "dest.plain-http"
	// ReasonUserinfo: the URL carries userinfo (user@host).
	ReasonUserinfo Reason = "dest.userinfo"
	// ReasonOriginMismatch: the scheme, host or effective port differs from
	// the configured origin.
	ReasonOriginMismatch Reason = "dest.origin-mismatch"
	// ReasonNoOrigin: no origin is configured (the zero Origin).
	ReasonNoOrigin Reason = "dest.no-origin"
)

// Reasons lists every reason code, for documentation and tests.
func Reasons() []Reason {
	return []Reason{ReasonLinkLocal, ReasonMetadata, ReasonUnspecified, ReasonAmbiguousHost, ReasonMalformed,
		ReasonScheme, ReasonPlainHTTP, ReasonUserinfo, ReasonOriginMismatch, ReasonNoOrigin}
}

// MaxURLLength is the longest URL the check reads; a longer one is refused
// as malformed.
const MaxURLLength = 8 << 10

// ErrDenied is the sentinel every refusal matches with errors.Is.
var ErrDenied = errors.New("dest: destination refused")

// DeniedError is a refused destination. It matches [ErrDenied].
type DeniedError struct {
	// Input is the URL, origin or address that was refused, as given.
	Input string
	// Reason is the stable code.
	Reason Reason
	// Detail explains the refusal for a person; it is not a stable string.
	Detail string
}

// Error returns the refusal with its input, reason and detail.
func (e *DeniedError) Error() string {
	return fmt.Sprintf("dest: %q refused (%s): %s", e.Input, e.Reason, e.Detail)
}

// Is reports whether target is [ErrDenied].
func (e *DeniedError) Is(target error) bool { return target == ErrDenied }

// target is a URL read strictly: its lower-case scheme, its canonical host
// and its effective port.
type target struct {
	scheme string
	host   string     // lower-case name, or the address's canonical text
	addr   netip.Addr // valid when the host is an IP literal
	port   uint16
	path   string // everything from the first '/', '?' or '#'
}

// CheckURL reports whether rawURL is a destination a credential could go
// to at all: https (or http to a literal loopback address) to a host that is
// not link-local or unspecified in any spelling. It returns nil or a
// *[DeniedError]. It does not compare with an origin: use [Origin.Check]
// before attaching a credential.
func CheckURL(rawURL string) error {
	_, err := check(rawURL)
	if err != nil {
		return err
	}
	return nil
}

// check reads rawURL and applies the destination rules.
func check(rawURL string) (target, *DeniedError) {
	t, err := parse(rawURL)
	if err != nil {
		return t, err
	}
	if t.scheme == "http" && !literalLoopback(t.addr) {
		return t, &DeniedError{rawURL, ReasonPlainHTTP, "plain http is accepted only for a literal loopback address (127.0.0.1, [::1]); use https"}
	}
	return t, nil
}

// literalLoopback reports whether a is 127.0.0.0/8 or ::1 written directly
// (an IPv4-mapped loopback does not count).
func literalLoopback(a netip.Addr) bool {
	return a.IsValid() && !a.Is4In6() && a.IsLoopback()
}

// parse reads rawURL strictly. A link-local host is reported as such even
// when the URL has other faults, so the reason names the worst one.
func parse(rawURL string) (target, *DeniedError) {
	var t target
	deny := func(r Reason, format string, args ...any) (target, *DeniedError) {
		return target{}, &DeniedError{rawURL, r, fmt.Sprintf(format, args...)}
	}
	if len(rawURL) > MaxURLLength {
		return deny(ReasonMalformed, "longer than %d bytes", MaxURLLength)
	}
	for i := 0; i < len(rawURL); i++ {
		switch c := rawURL[i]; {
		case c <= ' ' || c == 0x7f:
			return deny(ReasonMalformed, "a space or control character at byte %d", i)
		case c == '\\':
			return deny(ReasonMalformed, "a backslash at byte %d (browsers read it as '/')", i)
		}
	}
	colon := strings.IndexByte(rawURL, ':')
	if colon <= 0 || !validScheme(rawURL[:colon]) {
		return deny(ReasonMalformed, "no scheme")
	}
	t.scheme = strings.ToLower(rawURL[:colon])
	rest := rawURL[colon+1:]
	if !strings.HasPrefix(rest, "//") { // "https:///host" then has no host
		return deny(ReasonMalformed, "want %s://host", t.scheme)
	}
	rest = rest[2:]
	authority := rest
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		authority, t.path = rest[:end], rest[end:]
	}
	userinfo := false
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		userinfo, authority = true, authority[at+1:]
	}
	host, portText, bracketed, ok := splitHostPort(authority)
	h, herr := classifyHost(rawURL, host, bracketed)
	if herr != nil && herr.Reason == ReasonLinkLocal {
		return target{}, herr
	}
	switch {
	case userinfo:
		return deny(ReasonUserinfo, "userinfo (user@host) is refused; credentials travel in headers")
	case !ok:
		return deny(ReasonMalformed, "cannot split %q into host and port (an IPv6 address goes in brackets)", authority)
	case herr != nil:
		return target{}, herr
	}
	t.host, t.addr = h.name, h.addr
	if t.scheme != "https" && t.scheme != "http" {
		return deny(ReasonScheme, "scheme %q is neither https nor http", t.scheme)
	}
	port, perr := parsePort(portText, t.scheme)
	if perr != "" {
		return deny(ReasonMalformed, "%s", perr)
	}
	t.port = port
	if _, ok := percentDecode(t.path); !ok {
		return deny(ReasonMalformed, "a '%%' in the path, query or fragment that is not followed by two hexadecimal digits")
	}
	return t, nil
}

// validScheme reports whether s is an RFC 3986 scheme.
func validScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// splitHostPort splits an authority without userinfo; port is "" or
// ":digits". ok is false when the
// text after the host is neither empty nor ":port", or when an unbracketed
// host holds a colon (then host is the whole authority, so that an
// unbracketed IPv6 address is still judged).
func splitHostPort(authority string) (host, port string, bracketed, ok bool) {
	rest := ""
	switch {
	case strings.HasPrefix(authority, "["):
		end := strings.IndexByte(authority, ']')
		if end < 0 {
			return authority[1:], "", true, false
		}
		host, rest, bracketed = authority[1:end], authority[end+1:], true
	case strings.Count(authority, ":") > 1:
		return authority, "", false, false
	default:
		host = authority
		if i := strings.IndexByte(authority, ':'); i >= 0 {
			host, rest = authority[:i], authority[i:]
		}
	}
	switch {
	case rest == "":
		return host, "", bracketed, true
	case rest[0] == ':':
		return host, rest, bracketed, true
	}
	return host, "", bracketed, false
}

// parsePort returns the effective port of "" or ":digits", or a problem.
func parsePort(s, scheme string) (uint16, string) {
	if s == "" {
		if scheme == "http" {
			return 80, ""
		}
		return 443, ""
	}
	s = s[1:]
	if s == "" {
		return 0, "an empty port after ':'"
	}
	if s[0] == '0' {
		return 0, fmt.Sprintf("port %q: no leading zeros", s)
	}
	var n int
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, fmt.Sprintf("port %q is not a decimal number", s)
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return 0, fmt.Sprintf("port %q is above 65535", s)
		}
	}
	return uint16(n), ""
}

// Origin is the configured destination of a credential: a scheme, a host
// and an effective port. The zero Origin refuses every URL.
type Origin struct {
	t target
}

// ParseOrigin reads an origin such as "https://api.example.com" or
// "http://127.0.0.1:8080". It must itself pass [CheckURL] and carry no path
// other than "/", no query and no fragment. The error is a *[DeniedError].
func ParseOrigin(s string) (Origin, error) {
	t, err := check(s)
	if err == nil && t.path != "" && t.path != "/" {
		err = &DeniedError{s, ReasonMalformed, "an origin has no path, query or fragment"}
	}
	if err != nil {
		err.Detail = "as an origin: " + err.Detail
		return Origin{}, err
	}
	t.path = ""
	return Origin{t}, nil
}

// IsZero reports whether o is the zero Origin.
func (o Origin) IsZero() bool { return o.t.scheme == "" }

// String returns the origin in canonical form, scheme://host:port.
func (o Origin) String() string {
	if o.IsZero() {
		return ""
	}
	host := o.t.host
	if o.t.addr.Is6() {
		host = "[" + host + "]"
	}
	return fmt.Sprintf("%s://%s:%d", o.t.scheme, host, o.t.port)
}

// Check reports whether a credential for o may be attached to a request to
// rawURL: rawURL must pass [CheckURL] and have o's scheme, host and
// effective port exactly. It returns nil or a *[DeniedError].
func (o Origin) Check(rawURL string) error {
	if o.IsZero() {
		return &DeniedError{rawURL, ReasonNoOrigin, "no origin is configured"}
	}
	t, err := check(rawURL)
	if err != nil {
		return err
	}
	var differs string
	switch {
	case t.scheme != o.t.scheme:
		differs = fmt.Sprintf("scheme %s, want %s", t.scheme, o.t.scheme)
	case t.host != o.t.host || t.addr != o.t.addr:
		differs = fmt.Sprintf("host %s, want %s", t.host, o.t.host)
	case t.port != o.t.port:
		differs = fmt.Sprintf("port %d, want %d", t.port, o.t.port)
	default:
		return nil
	}
	return &DeniedError{rawURL, ReasonOriginMismatch, differs + " (origin " + o.String() + ")"}
}
