package dest

import (
	"fmt"
	"net/netip"
	"strings"

	"github.com/toolgate/toolgate/internal/hostaddr"
)

var (
	linkLocal4 = netip.MustParsePrefix("169.254.0.0/16")
	thisNet4   = netip.MustParsePrefix("0.0.0.0/8")
	linkLocal6 = netip.MustParsePrefix("fe80::/10")
)

// blocked reports why a is refused, or "" when it is not. A zone is
// ignored: fe80::1%eth0 is judged as fe80::1.
func blocked(a netip.Addr) (Reason, string) {
	a = a.WithZone("")
	if hostaddr.MetadataService(a) {
		return ReasonMetadata, fmt.Sprintf("%s is a cloud metadata service, which answers the machine's credentials", a)
	}
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
	for form, in := range hostaddr.Embedded(a) {
		switch {
		case linkLocal4.Contains(in):
			return ReasonLinkLocal, fmt.Sprintf("%s is the %s form of %s, in %s (IPv4 link-local)", a, form, in, linkLocal4)
		case hostaddr.MetadataService(in):
			return ReasonMetadata, fmt.Sprintf("%s is the %s form of %s, a cloud metadata service", a, form, in)
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
	if a, ok := hostaddr.InetAton(trimmed); ok {
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
	if hostaddr.MetadataName(lower) {
		return deny(ReasonMetadata, "%s names a cloud metadata service, which answers the machine's credentials", h)
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
		hi, ok1 := hostaddr.Unhex(s[i+1])
		lo, ok2 := hostaddr.Unhex(s[i+2])
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteByte(hi<<4 | lo)
		i += 2
	}
	return b.String(), true
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
