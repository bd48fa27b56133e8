package dest_test

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/dest"
)

// FuzzCheck checks the destination check against an independent reading
// of the same text (net/url, a lenient browser-like split, net/netip and an
// inet_aton written apart from the package's): a URL that any of those
// readings resolves into a blocked range is never allowed, and an allowed
// URL reads the same in net/url (same scheme, host and port).
func FuzzCheck(f *testing.F) {
	for _, tc := range blockedSpellings {
		f.Add(tc.url)
	}
	for _, s := range []string{
		"https://api.example.com/v1", "http://127.0.0.1:8080/", "https://[::1]/",
		"https://10.0.0.1:8443/x?y#z", "https://[2002:808:808::1]/",
	} {
		f.Add(s)
	}
	origin, err := dest.ParseOrigin("https://api.example.com")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := dest.CheckURL(s)
		oerr := origin.Check(s)
		if err != nil && oerr == nil {
			t.Fatalf("%q: the origin check allowed what the destination check refused: %v", s, err)
		}
		if err != nil {
			return
		}
		for _, h := range referenceHosts(s) {
			for _, a := range referenceAddrs(h) {
				if referenceBlocked(a) {
					t.Fatalf("%q allowed, but a reader sees host %q as %s", s, h, a)
				}
			}
		}
		u, perr := url.Parse(s)
		if perr != nil {
			t.Fatalf("%q allowed, but net/url cannot parse it: %v", s, perr)
		}
		if u.User != nil || u.Opaque != "" {
			t.Fatalf("%q allowed with userinfo or an opaque part in net/url's reading", s)
		}
		scheme := strings.ToLower(u.Scheme)
		if scheme != "https" && scheme != "http" {
			t.Fatalf("%q allowed with scheme %q", s, u.Scheme)
		}
		// net/url's reading of scheme, host and port, as an origin, must
		// be the origin this URL goes to.
		own, err := dest.ParseOrigin(scheme + "://" + u.Host)
		if err != nil {
			t.Fatalf("%q allowed, but net/url's host %q is refused as an origin: %v", s, u.Host, err)
		}
		if err := own.Check(s); err != nil {
			t.Fatalf("%q allowed, but it does not go to net/url's reading %s: %v", s, own, err)
		}
		if oerr == nil {
			port := u.Port()
			if port == "" {
				port = "443"
			}
			if scheme != "https" || strings.ToLower(u.Hostname()) != "api.example.com" || port != "443" {
				t.Fatalf("%q matched origin %s, but net/url reads %s %s %s", s, origin, scheme, u.Hostname(), port)
			}
		}
	})
}

// referenceHosts returns the hosts that lenient readers could see in s:
// net/url's reading, and a browser-like one that treats backslashes as
// slashes, drops tabs and line breaks, trims spaces and skips any number of
// slashes after the scheme.
func referenceHosts(s string) []string {
	var hosts []string
	trimmed := strings.Trim(s, " \x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f")
	cleaned := strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(trimmed)
	for _, v := range []string{s, cleaned, strings.ReplaceAll(cleaned, `\`, "/")} {
		if u, err := url.Parse(v); err == nil {
			hosts = append(hosts, u.Hostname(), u.Host)
		}
		_, rest, ok := strings.Cut(v, ":")
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, `/\`)
		if i := strings.IndexAny(rest, `/?#\`); i >= 0 {
			rest = rest[:i]
		}
		if i := strings.LastIndex(rest, "@"); i >= 0 {
			rest = rest[i+1:]
		}
		hosts = append(hosts, rest)
		if strings.HasPrefix(rest, "[") {
			if i := strings.Index(rest, "]"); i >= 0 {
				hosts = append(hosts, rest[1:i])
			}
		} else if i := strings.LastIndex(rest, ":"); i >= 0 {
			hosts = append(hosts, rest[:i])
		}
	}
	return hosts
}

// referenceAddrs returns every address a resolver could read host as: after
// percent-decoding (repeatedly), lower-casing, removing trailing dots and a
// zone, through netip and through inet_aton.
func referenceAddrs(host string) []netip.Addr {
	var addrs []netip.Addr
	forms := []string{host}
	for cur, i := host, 0; i < 4; i++ {
		dec, err := url.PathUnescape(cur)
		if err != nil || dec == cur {
			break
		}
		forms = append(forms, dec)
		cur = dec
	}
	for _, f := range forms {
		f = strings.TrimRight(strings.ToLower(f), ".")
		if i := strings.Index(f, "%"); i >= 0 {
			f = f[:i]
		}
		if a, err := netip.ParseAddr(f); err == nil {
			addrs = append(addrs, a)
		}
		if a, ok := referenceAton(f); ok {
			addrs = append(addrs, a)
		}
	}
	return addrs
}

// referenceAton is inet_aton written independently of the package's:
// strconv with an explicit base per part, then the byte layout by number of
// parts.
func referenceAton(s string) (netip.Addr, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	n := make([]uint64, len(parts))
	for i, p := range parts {
		var err error
		switch {
		case p == "0x":
			n[i] = 0
		case strings.HasPrefix(p, "0x"):
			n[i], err = strconv.ParseUint(p[2:], 16, 32)
		case len(p) > 1 && p[0] == '0':
			n[i], err = strconv.ParseUint(p[1:], 8, 32)
		default:
			n[i], err = strconv.ParseUint(p, 10, 32)
		}
		if err != nil {
			return netip.Addr{}, false
		}
	}
	var x uint64
	switch len(parts) {
	case 1:
		x = n[0]
	case 2:
		if n[0] > 255 || n[1] > 0xffffff {
			return netip.Addr{}, false
		}
		x = n[0]<<24 | n[1]
	case 3:
		if n[0] > 255 || n[1] > 255 || n[2] > 0xffff {
			return netip.Addr{}, false
		}
		x = n[0]<<24 | n[1]<<16 | n[2]
	case 4:
		if n[0] > 255 || n[1] > 255 || n[2] > 255 || n[3] > 255 {
			return netip.Addr{}, false
		}
		x = n[0]<<24 | n[1]<<16 | n[2]<<8 | n[3]
	}
	return netip.AddrFrom4([4]byte{byte(x >> 24), byte(x >> 16), byte(x >> 8), byte(x)}), true
}

// referenceBlocked says, byte by byte, whether a is link-local or carries a
// link-local IPv4 address in one of the IPv6 forms that embed one.
func referenceBlocked(a netip.Addr) bool {
	a = a.WithZone("")
	ll := func(b0, b1 byte) bool { return b0 == 169 && b1 == 254 }
	if a.Is4() {
		b := a.As4()
		return ll(b[0], b[1]) || b[0] == 0
	}
	b := a.As16()
	zero := func(bs ...byte) bool {
		for _, c := range bs {
			if c != 0 {
				return false
			}
		}
		return true
	}
	switch {
	case b[0] == 0xfe && b[1]&0xc0 == 0x80: // fe80::/10
		return true
	case zero(b[:10]...) && b[10] == 0xff && b[11] == 0xff: // mapped
		return ll(b[12], b[13]) || b[12] == 0
	case zero(b[:12]...): // compatible (and ::)
		return ll(b[12], b[13]) || a.IsUnspecified()
	case zero(b[:8]...) && b[8] == 0xff && b[9] == 0xff && zero(b[10], b[11]): // translated
		return ll(b[12], b[13])
	case b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && zero(b[4:12]...): // NAT64
		return ll(b[12], b[13])
	case b[0] == 0 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && b[4] == 0 && b[5] == 1: // local-use NAT64
		return ll(b[6], b[7])
	case b[0] == 0x20 && b[1] == 0x02: // 6to4
		return ll(b[2], b[3])
	case b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0: // Teredo
		return ll(b[4], b[5]) || ll(^b[12], ^b[13])
	}
	return false
}
