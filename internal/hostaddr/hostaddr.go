// Package hostaddr reads hosts the way the programs that connect to them
// do, for the checks that judge a destination by its address: package dest
// (may a credential go there?) and the shell analyser (does a command fetch
// a cloud metadata service's credentials?). Both must agree on which
// spellings name an address and which addresses are metadata services, so
// the knowledge lives here once (see docs/security-model.md, Outbound
// destinations and Hardline).
package hostaddr

import (
	"iter"
	"net/netip"
	"net/url"
	"slices"
	"strings"
)

// InetAton reads s as the C library's inet_aton and browsers' URL parsers
// read a host: one to four parts separated by dots, each decimal, octal
// (leading 0) or hexadecimal (leading 0x, possibly with no digits), the
// last part filling the remaining bytes (169.254.43518 and 2852039166 are
// 169.254.169.254). s is lower case without trailing dots; anything else
// is not an address (ok is false).
func InetAton(s string) (netip.Addr, bool) {
	var vals [4]uint64
	n := 0
	for rest, more := s, true; more; n++ {
		if n == 4 {
			return netip.Addr{}, false
		}
		var p string
		p, rest, more = strings.Cut(rest, ".")
		v, ok := atonPart(p)
		if !ok {
			return netip.Addr{}, false
		}
		vals[n] = v
	}
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
	return netip.AddrFrom4([4]byte{byte(x >> 24), byte(x >> 16), byte(x >> 8), byte(x)}), true
}

// atonPart reads one part of an inet_aton address; values above 32 bits
// fail.
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
		d, ok := Unhex(p[i])
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

// Unhex reads one hexadecimal digit of either case.
func Unhex(c byte) (byte, bool) {
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

var (
	mapped4     = netip.MustParsePrefix("::ffff:0:0/96")
	compatible4 = netip.MustParsePrefix("::/96")
	translated4 = netip.MustParsePrefix("::ffff:0:0:0/96")
	nat64       = netip.MustParsePrefix("64:ff9b::/96")
	nat64Local  = netip.MustParsePrefix("64:ff9b:1::/48")
	sixToFour   = netip.MustParsePrefix("2002::/16")
	teredo      = netip.MustParsePrefix("2001::/32")
)

func v4(b0, b1, b2, b3 byte) netip.Addr { return netip.AddrFrom4([4]byte{b0, b1, b2, b3}) }

// Embedded yields each IPv4 address the IPv6 address a may carry, with the
// name of the form that carries it: IPv4-mapped (::ffff:169.254.169.254),
// IPv4-compatible (::a9fe:a9fe), IPv4-translated (::ffff:0:a9fe:a9fe),
// NAT64 (64:ff9b::/96), local-use NAT64 (64:ff9b:1::/48, whose operator
// may place the address after a prefix of 48, 56, 64 or 96 bits, so each
// placement is yielded), 6to4 (2002::/16) and Teredo (the server's address
// in clear and the client's inverted). An IPv4 address yields nothing. A
// zone is ignored.
func Embedded(a netip.Addr) iter.Seq2[string, netip.Addr] {
	return func(yield func(string, netip.Addr) bool) {
		a = a.WithZone("")
		if !a.Is6() {
			return
		}
		b := a.As16()
		last := v4(b[12], b[13], b[14], b[15])
		var in [4]netip.Addr
		form, n := "", 1
		switch {
		case mapped4.Contains(a):
			form, in[0] = "IPv4-mapped", last
		case compatible4.Contains(a):
			form, in[0] = "IPv4-compatible", last
		case translated4.Contains(a):
			form, in[0] = "IPv4-translated", last
		case nat64.Contains(a):
			form, in[0] = "NAT64", last
		case nat64Local.Contains(a):
			// RFC 6052: bits 64 to 71 (byte 8) are always zero, so an
			// address after a short prefix straddles them.
			form, n = "local-use NAT64", 4
			in = [4]netip.Addr{v4(b[6], b[7], b[9], b[10]), v4(b[7], b[9], b[10], b[11]), v4(b[9], b[10], b[11], b[12]), last}
		case sixToFour.Contains(a):
			form, in[0] = "6to4", v4(b[2], b[3], b[4], b[5])
		case teredo.Contains(a):
			form, n = "Teredo", 2
			in[0], in[1] = v4(b[4], b[5], b[6], b[7]), v4(^b[12], ^b[13], ^b[14], ^b[15])
		default:
			return
		}
		for _, x := range in[:n] {
			if !yield(form, x) {
				return
			}
		}
	}
}

// metadataLinkLocal is IPv4 link-local space, where most clouds answer
// (169.254.169.254, ECS's 169.254.170.2, Tencent's 169.254.0.23).
var metadataLinkLocal = netip.MustParsePrefix("169.254.0.0/16")

// metadataServices are the metadata services that answer outside IPv4
// link-local space.
var metadataServices = []netip.Addr{
	netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud
	netip.MustParseAddr("168.63.129.16"),   // Azure's wire server
	netip.MustParseAddr("192.0.0.192"),     // Oracle Cloud (its older address)
	netip.MustParseAddr("fd00:ec2::254"),   // AWS (IPv6)
	netip.MustParseAddr("fd20:ce::254"),    // Google Cloud (IPv6)
}

// MetadataService reports whether a is one of the cloud metadata services
// that answer outside IPv4 link-local space (Alibaba's 100.100.100.200,
// Azure's wire server 168.63.129.16, Oracle's 192.0.0.192, AWS's
// fd00:ec2::254, Google's fd20:ce::254), written directly or IPv4-mapped.
// Link-local space, where the others answer, is the caller's to judge.
func MetadataService(a netip.Addr) bool {
	return slices.Contains(metadataServices, a.WithZone("").Unmap())
}

// Metadata reports whether a reaches a cloud metadata service: any IPv4
// link-local address, a [MetadataService], or an IPv6 address that
// carries one of those ([Embedded]).
func Metadata(a netip.Addr) bool {
	a = a.WithZone("").Unmap()
	if metadataLinkLocal.Contains(a) || MetadataService(a) {
		return true
	}
	for _, in := range Embedded(a) {
		if metadataLinkLocal.Contains(in) || MetadataService(in) {
			return true
		}
	}
	return false
}

// metadataNames are host names that clouds resolve to their metadata
// service on an instance.
var metadataNames = []string{
	"metadata.google.internal", "metadata.goog", "metadata", // Google Cloud
	"instance-data", "instance-data.ec2.internal", // EC2's own names for 169.254.169.254
	"metadata.tencentyun.com", // Tencent Cloud (169.254.0.23)
}

// MetadataNames lists the host names of metadata services, lower case,
// for checks that look for them in text.
func MetadataNames() []string { return append([]string(nil), metadataNames...) }

// MetadataName reports whether host, lower case without trailing dots,
// is a name a cloud resolves to its metadata service on an instance
// (metadata.google.internal, EC2's instance-data, Tencent's
// metadata.tencentyun.com) or a wildcard DNS name that resolves to a
// metadata address ([WildcardAddr]).
func MetadataName(host string) bool {
	if slices.Contains(metadataNames, host) {
		return true
	}
	a, ok := WildcardAddr(host)
	return ok && Metadata(a)
}

// WildcardDomains are domains whose names resolve to the address written
// in them (169.254.169.254.nip.io, 169-254-169-254.sslip.io,
// a9fea9fe.nip.io).
var WildcardDomains = []string{".nip.io", ".sslip.io", ".xip.io", ".traefik.me", ".nip.direct", ".local.gd"}

// WildcardAddr reads the IPv4 address a wildcard DNS name (host, lower
// case) stands for: its last four labels before the domain, or its last
// label written with dashes or as eight hexadecimal digits (app-a9fea9fe).
func WildcardAddr(host string) (netip.Addr, bool) {
	for _, d := range WildcardDomains {
		rest, ok := strings.CutSuffix(host, d)
		if !ok {
			continue
		}
		labels := strings.Split(rest, ".")
		if n := len(labels); n >= 4 {
			if a, ok := InetAton(strings.Join(labels[n-4:], ".")); ok {
				return a, true
			}
		}
		last := labels[len(labels)-1]
		if i := strings.LastIndexByte(last, '-'); i >= 0 && len(last)-i-1 == 8 {
			last = last[i+1:] // app-a9fea9fe
		}
		if strings.Count(last, "-") == 3 {
			if a, ok := InetAton(strings.ReplaceAll(last, "-", ".")); ok {
				return a, true
			}
		}
		if len(last) == 8 {
			var x [4]byte
			good := true
			for i := 0; i < 8 && good; i++ {
				d, ok := Unhex(last[i])
				good = ok
				x[i/2] = x[i/2]<<4 | d
			}
			if good {
				return netip.AddrFrom4(x), true
			}
		}
	}
	return netip.Addr{}, false
}

// loopbackNames are names of this machine on every system.
var loopbackNames = []string{"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback", "::1", "0.0.0.0", "0"}

// Loopback reports whether host (lower case, brackets allowed) is this
// machine: localhost and its kin, a name under .localhost, or a loopback
// or unspecified address, IPv4-mapped into IPv6 (::ffff:127.0.0.1) or
// written in one of the forms the C resolver also reads (127.1,
// 0x7f.0.0.1, 0177.0.0.1, 2130706433).
func Loopback(host string) bool {
	host = strings.Trim(host, "[]")
	if slices.Contains(loopbackNames, host) || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if strings.IndexByte(host, ':') >= 0 {
		ip, err := netip.ParseAddr(host)
		return err == nil && (ip.IsLoopback() || ip.IsUnspecified()) // ::ffff:127.0.0.1 too
	}
	a, ok := InetAton(host)
	return ok && (a.IsLoopback() || a.IsUnspecified())
}

// TransferSchemes are the URL schemes by which a program fetches a file
// from a host by its path (curl, wget, lftp, git, gio): on a host that is
// this machine, such a URL names a local file.
var TransferSchemes = []string{"sftp", "scp", "ftp", "ftps", "ssh", "git+ssh", "ssh+git", "smb", "tftp", "fish"}

// TransferURL finds in v a URL of a TransferSchemes scheme (its scheme may
// follow other text: url=sftp://...) and returns its user (without a
// password), its host (lower case, without brackets, port or final dot)
// and its path after the host's slash, percent escapes decoded, without
// query or fragment. ok is false when v holds no such URL.
func TransferURL(v string) (user, host, p string, ok bool) {
	i := strings.Index(v, "://")
	if i <= 0 {
		return "", "", "", false
	}
	start := i
	for start > 0 && (isAlnum(v[start-1]) || v[start-1] == '+') {
		start--
	}
	if !slices.Contains(TransferSchemes, strings.ToLower(v[start:i])) {
		return "", "", "", false
	}
	authority, p, _ := strings.Cut(v[i+3:], "/")
	hostPort := authority
	if at := strings.LastIndexByte(authority, '@'); at >= 0 {
		user, hostPort = authority[:at], authority[at+1:]
		user, _, _ = strings.Cut(user, ":")
	}
	host = hostPort
	if strings.HasPrefix(host, "[") {
		if end := strings.IndexByte(host, ']'); end > 0 {
			host = host[1:end]
		}
	} else if j := strings.IndexByte(host, ':'); j >= 0 {
		host = host[:j]
	}
	if j := strings.IndexAny(p, "?#"); j >= 0 {
		p = p[:j]
	}
	if d, err := url.PathUnescape(p); err == nil {
		p = d
	}
	return user, strings.TrimSuffix(strings.ToLower(host), "."), p, true
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
