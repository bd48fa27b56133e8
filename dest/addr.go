package dest

import (
	"fmt"
	"net/netip"
	"strings"
)

var (
	linkLocal4  = netip.MustParsePrefix("169.254.0.0/16")
	thisNet4    = netip.MustParsePrefix("0.0.0.0/8")
	linkLocal6  = netip.MustParsePrefix("fe80::/10")
	nat64       = netip.MustParsePrefix("64:ff9b::/96")
	nat64Local  = netip.MustParsePrefix("64:ff9b:1::/48")
	sixToFour   = netip.MustParsePrefix("2002::/16")
	teredo      = netip.MustParsePrefix("2001::/32")
	translated4 = netip.MustParsePrefix("::ffff:0:0:0/96")
	compatible4 = netip.MustParsePrefix("::/96")
)

// embedding is one way an IPv6 address carries an IPv4 address.
type embedding struct {
	name    string
	prefix  netip.Prefix
	extract func(b [16]byte) []netip.Addr
}

func v4(b0, b1, b2, b3 byte) netip.Addr { return netip.AddrFrom4([4]byte{b0, b1, b2, b3}) }

// embeddings lists the IPv6 forms that carry an IPv4 address, so an address
// in a blocked IPv4 range is refused in each of them. IPv4-mapped
// (::ffff:0:0/96) is handled by unmapping first.
var embeddings = []embedding{
	{"IPv4-compatible", compatible4, func(b [16]byte) []netip.Addr { return []netip.Addr{v4(b[12], b[13], b[14], b[15])} }},
	{"IPv4-translated", translated4, func(b [16]byte) []netip.Addr { return []netip.Addr{v4(b[12], b[13], b[14], b[15])} }},
	{"NAT64", nat64, func(b [16]byte) []netip.Addr { return []netip.Addr{v4(b[12], b[13], b[14], b[15])} }},
	// RFC 6052 with a /48 prefix: the IPv4 address straddles the u octet.
	{"local-use NAT64", nat64Local, func(b [16]byte) []netip.Addr { return []netip.Addr{v4(b[6], b[7], b[9], b[10])} }},
	{"6to4", sixToFour, func(b [16]byte) []netip.Addr { return []netip.Addr{v4(b[2], b[3], b[4], b[5])} }},
	// Teredo: the server's address in clear, the client's inverted.
	{"Teredo", teredo, func(b [16]byte) []netip.Addr {
		return []netip.Addr{v4(b[4], b[5], b[6], b[7]), v4(^b[12], ^b[13], ^b[14], ^b[15])}
	}},
}

// blocked reports why a is refused, or "" when it is not. A zone is
// ignored: fe80::1%eth0 is judged as fe80::1.
func blocked(a netip.Addr) (Reason, string) {
	a = a.WithZone("")
	if a.Is4In6() {
		if r, d := blocked4(a.Unmap()); r != "" {
			return r, fmt.Sprintf("%s is the IPv4-mapped form of an address in %s", a, d)
		}
		return "", ""
	}
	if a.Is4() {
		if r, d := blocked4(a); r != "" {
			return r, fmt.Sprintf("%s is in %s", a, d)
		}
		return "", ""
	}
	switch {
	case a.IsUnspecified():
		return ReasonUnspecified, fmt.Sprintf("%s is the unspecified address", a)
	case linkLocal6.Contains(a):
		return ReasonLinkLocal, fmt.Sprintf("%s is in %s (IPv6 link-local)", a, linkLocal6)
	}
	b := a.As16()
	for _, e := range embeddings {
		if !e.prefix.Contains(a) {
			continue
		}
		for _, in := range e.extract(b) {
			if linkLocal4.Contains(in) {
				return ReasonLinkLocal, fmt.Sprintf("%s is the %s form of %s, in %s (IPv4 link-local)", a, e.name, in, linkLocal4)
			}
		}
	}
	return "", ""
}

// blocked4 judges an IPv4 address; the string describes the range.
func blocked4(a netip.Addr) (Reason, string) {
	switch {
	case linkLocal4.Contains(a):
		return ReasonLinkLocal, linkLocal4.String() + " (IPv4 link-local, cloud metadata)"
	case thisNet4.Contains(a):
		return ReasonUnspecified, thisNet4.String() + " (this host)"
	}
	return "", ""
}

// CheckAddr reports whether a is an address a credentialed connection may
// go to: not link-local, not unspecified, and no IPv6 form that embeds a
// blocked IPv4 address. It returns nil or a *[DeniedError]. A resolver that
// hands addresses to its own dialer calls it on every resolved address.
func CheckAddr(a netip.Addr) error {
	if !a.IsValid() {
		return &DeniedError{"", ReasonMalformed, "not an IP address"}
	}
	if r, d := blocked(a); r != "" {
		return &DeniedError{a.String(), r, d}
	}
	return nil
}

// host is a classified host: a lower-case DNS name, or an address.
type host struct {
	name string
	addr netip.Addr
}

// classifyHost judges the host of rawURL. bracketed is true for a host
// written in [brackets].
func classifyHost(rawURL, h string, bracketed bool) (host, *DeniedError) {
	deny := func(r Reason, format string, args ...any) (host, *DeniedError) {
		return host{}, &DeniedError{rawURL, r, fmt.Sprintf(format, args...)}
	}
	if h == "" {
		return deny(ReasonMalformed, "no host")
	}
	if bracketed {
		text, zone, _ := strings.Cut(h, "%")
		a, err := netip.ParseAddr(text)
		if err != nil {
			return deny(ReasonMalformed, "[%s] is not an IPv6 address", h)
		}
		if r, d := blocked(a); r != "" {
			return deny(r, "%s", d)
		}
		switch {
		case !a.Is6():
			return deny(ReasonMalformed, "[%s]: only an IPv6 address goes in brackets", h)
		case zone != "" || strings.Contains(h, "%"):
			return deny(ReasonAmbiguousHost, "an IPv6 zone (%s) is refused", h)
		}
		return host{name: a.String(), addr: a}, nil
	}
	return classifyName(rawURL, h, 0)
}

// maxDecodes bounds how often a percent-encoded host is decoded to find
// what it hides.
const maxDecodes = 3

// classifyName judges a host written without brackets.
func classifyName(rawURL, h string, decodes int) (host, *DeniedError) {
	deny := func(r Reason, format string, args ...any) (host, *DeniedError) {
		return host{}, &DeniedError{rawURL, r, fmt.Sprintf(format, args...)}
	}
	if strings.IndexByte(h, '%') >= 0 {
		if dec, ok := percentDecode(h); ok && decodes < maxDecodes && dec != "" {
			if _, err := classifyName(rawURL, dec, decodes+1); err != nil && err.Reason == ReasonLinkLocal {
				return host{}, err
			}
		}
		return deny(ReasonAmbiguousHost, "a percent-encoded host (%s) is refused", h)
	}
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			return deny(ReasonAmbiguousHost, "a host that is not ASCII is refused; give an internationalised name in its xn-- form")
		}
	}
	lower := strings.ToLower(h)
	trimmed := strings.TrimRight(lower, ".")
	if trimmed == "" {
		return deny(ReasonMalformed, "no host")
	}
	if strings.Contains(trimmed, ":") {
		text, _, _ := strings.Cut(trimmed, "%")
		if a, err := netip.ParseAddr(text); err == nil {
			if r, d := blocked(a); r != "" {
				return deny(r, "%s", d)
			}
		}
		return deny(ReasonMalformed, "%s: an IPv6 address goes in brackets", h)
	}
	if a, ok := inetAton(trimmed); ok {
		if r, d := blocked(a); r != "" {
			if a.String() == h {
				return deny(r, "%s", d)
			}
			return deny(r, "%s reads as %s, and %s", h, a, d)
		}
		if trimmed != lower {
			return deny(ReasonAmbiguousHost, "%s: an IP address with a trailing dot is refused", h)
		}
		if c, err := netip.ParseAddr(trimmed); err != nil || c.String() != trimmed {
			return deny(ReasonAmbiguousHost, "%s is a non-canonical spelling of %s; write %s", h, a, a)
		}
		return host{name: a.String(), addr: a}, nil
	}
	if endsInNumber(trimmed) {
		return deny(ReasonAmbiguousHost, "%s ends in a number but is no IPv4 address", h)
	}
	if trimmed != lower {
		return deny(ReasonAmbiguousHost, "%s: a trailing dot is refused", h)
	}
	if len(lower) > 253 {
		return deny(ReasonMalformed, "a host name longer than 253 bytes")
	}
	for label := range strings.SplitSeq(lower, ".") {
		if label == "" || len(label) > 63 {
			return deny(ReasonMalformed, "%s: an empty label or one longer than 63 bytes", h)
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
				return deny(ReasonMalformed, "%s: %q is not allowed in a host name", h, c)
			}
		}
	}
	return host{name: lower}, nil
}

// percentDecode decodes %XX escapes; ok is false for a malformed escape.
func percentDecode(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", false
		}
		hi, ok1 := unhex(s[i+1])
		lo, ok2 := unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), true
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// inetAton reads s as the C library's inet_aton and browsers' URL parsers
// read a host: one to four parts separated by dots, each decimal, octal
// (leading 0) or hexadecimal (leading 0x, possibly with no digits), the last
// part filling the remaining bytes. s is lower-case without trailing dots.
func inetAton(s string) (netip.Addr, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var vals [4]uint64
	for i, p := range parts {
		v, ok := atonPart(p)
		if !ok {
			return netip.Addr{}, false
		}
		vals[i] = v
	}
	n := len(parts)
	for _, v := range vals[:n-1] {
		if v > 0xff {
			return netip.Addr{}, false
		}
	}
	if vals[n-1] >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	var x uint64
	for _, v := range vals[:n-1] {
		x = x<<8 | v
	}
	x = x<<(8*(5-n)) | vals[n-1]
	return v4(byte(x>>24), byte(x>>16), byte(x>>8), byte(x)), true
}

// atonPart reads one part; values above 32 bits fail.
func atonPart(p string) (uint64, bool) {
	base := uint64(10)
	switch {
	case strings.HasPrefix(p, "0x"):
		base, p = 16, p[2:]
		if p == "" {
			return 0, true
		}
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	case p == "":
		return 0, false
	}
	var v uint64
	for i := 0; i < len(p); i++ {
		d, ok := unhex(p[i])
		if !ok || uint64(d) >= base {
			return 0, false
		}
		v = v*base + uint64(d)
		if v > 0xffffffff {
			return 0, false
		}
	}
	return v, true
}

// endsInNumber reports whether the last label of s is a number in the
// sense of the WHATWG URL standard: all decimal digits, or 0x followed by
// hexadecimal digits. Such a host is read as an IPv4 address or refused.
func endsInNumber(s string) bool {
	last := s[strings.LastIndexByte(s, '.')+1:]
	if last == "" {
		return false
	}
	digits := last
	hex := strings.HasPrefix(last, "0x")
	if hex {
		digits = last[2:]
	}
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if !('0' <= c && c <= '9' || hex && 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
