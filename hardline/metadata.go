package hardline

import (
	"net/netip"
	"net/url"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/internal/hostaddr"
)

// Cloud instance metadata services answer, to any process on the machine,
// the credentials of the machine's role (AWS, Google Cloud, Azure, Alibaba,
// Oracle, ECS tasks) and the user data a machine was started with, which
// often holds secrets. A command that fetches one of those reads a secret
// as surely as cat ~/.aws/credentials does (sensitive-path; see
// docs/security-model.md, Hardline). Other metadata (an instance's ID, its
// region) is not secret and stays allowed.

// metadataSecretPaths are the parts of a metadata path that name
// credentials, tokens, passwords or user data.
// (IMDSv2's session token, /latest/api/token, opens the service and is
// no credential; instance-identity documents are signed facts.)
var metadataSecretPaths = newMarkers("security-credentials", "identity-credentials", "user-data", "user_data", "userdata",
	"service-accounts", "/identity", "attributes", "password", "/credentials", "/instance/metadata", "recursive=true")

// metadataMarkers are substrings that every word naming a metadata
// service holds, in some spelling: the analyser looks no further into a
// word that holds none. A host spelled as one number or in octal or hex
// (curl accepts http://2852039166/ for 169.254.169.254) is found through
// "://".
var metadataMarkers = newMarkers(slices.Concat([]string{"169.254.", "://", "100.100.100.200", "168.63.129.16", "192.0.0.192",
	"fd00:ec2", "fd20:ce", "[::", "[64:ff9b", "[2002:", "[2001:", "AWS_CONTAINER_CREDENTIALS"}, hostaddr.MetadataNames(), hostaddr.WildcardDomains)...)

// metadataFetch judges the arguments of a command that may fetch from a
// metadata service: any word (a URL, a host and port, code given inline)
// that names a secret path of one blocks. A word naming the ECS
// credentials variable reads the task's credentials.
func (r *run) metadataFetch(b string, args []field, cmd string) {
	switch b {
	case "echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "git":
		return // text printed or searched for, not fetched
	}
	raw := rawSockets[b]
	if b == "curl" {
		r.curlRouted(args, cmd)
	}
	for _, f := range args {
		v := f.val
		if raw && metadataAddress(v) {
			// The request a raw connection sends is not on its command
			// line (printf 'GET /latest/...' | nc 169.254.169.254 80).
			r.finding(ruleSensitivePath, Path, Block, b+" connects to "+v+", a cloud metadata service, which answers the machine's credentials", cmd, v)
			return
		}
		if !holdsAny(v, metadataMarkers) && !numericHost(v) {
			continue
		}
		if strings.Contains(v, "AWS_CONTAINER_CREDENTIALS_") {
			r.finding(ruleSensitivePath, Path, Block, b+" is given the ECS task's credentials address, which answers the task's cloud credentials", cmd, "")
			return
		}
		if u, ok := metadataSecret(v); ok {
			r.finding(ruleSensitivePath, Path, Block, b+" is given "+u+", a cloud metadata service's credentials or user data", cmd, u)
			return
		}
		if host, _, ok := splitHostPath(v); f.dyn && ok && isMetadataHost(host) {
			r.finding(ruleDynamicTarget, Dynamic, Ask, b+" is given an address on a cloud metadata service whose path is not known: it may name the machine's credentials", cmd, "")
			return
		}
	}
}

// curlRouted judges curl told to reach a metadata service under another
// name: --resolve HOST:PORT:ADDR and --connect-to HOST:PORT:ADDR:PORT send
// the request for HOST to ADDR, and -x/--proxy sends every request through
// the proxy, so a URL whose path names credentials reaches the service
// whatever host it names.
func (r *run) curlRouted(args []field, cmd string) {
	routed := ""
	for i, f := range args {
		v, name := f.val, f.val
		if j := strings.IndexByte(v, '='); j > 0 && strings.HasPrefix(v, "--") {
			name, v = v[:j], v[j+1:]
		} else if i+1 < len(args) {
			v = args[i+1].val
		}
		switch name {
		case "--resolve", "--connect-to", "-x", "--proxy", "--preproxy", "--socks5", "--socks5-hostname", "--socks4", "--socks4a":
			if metadataAddress(v) {
				routed = v
			}
		}
		if strings.HasPrefix(name, "-x") && len(name) > 2 && !strings.HasPrefix(name, "--") && metadataAddress(name[2:]) {
			routed = name[2:] // -xhttp://169.254.169.254
		}
	}
	if routed == "" {
		return
	}
	for _, f := range args {
		if f.dyn || strings.HasPrefix(f.val, "-") {
			continue
		}
		if _, p, ok := splitHostPath(f.val); ok && holdsAny(strings.ToLower(p), metadataSecretPaths) {
			r.finding(ruleSensitivePath, Path, Block, "curl sends the request for "+f.val+" to "+routed+", a cloud metadata service, which answers the machine's credentials", cmd, f.val)
			return
		}
	}
}

// rawSockets are programs that open a connection and send what they are
// given on standard input.
var rawSockets = map[string]bool{"nc": true, "ncat": true, "netcat": true, "nc.traditional": true, "nc.openbsd": true,
	"socat": true, "telnet": true, "openssl": true, "websocat": true, "cryptcat": true, "pwncat": true}

// metadataAddress reports whether v, an argument of a raw connection
// (169.254.169.254, TCP:169.254.169.254:80, -connect host:80), names a
// metadata service's host.
func metadataAddress(v string) bool {
	v = strings.ToLower(v)
	for {
		// An IPv6 address in brackets holds the separators below.
		open := strings.IndexByte(v, '[')
		end := strings.IndexByte(v, ']')
		if open < 0 || end < open {
			break
		}
		if isMetadataHost(v[open+1 : end]) {
			return true
		}
		v = v[:open] + " " + v[end+1:]
	}
	if isMetadataHost(v) {
		return true // a bare IPv6 address
	}
	for _, part := range strings.FieldsFunc(v, func(c rune) bool { return c == ':' || c == ',' || c == '=' || c == '/' || c == ' ' }) {
		if isMetadataHost(part) {
			return true
		}
	}
	return false
}

// metadataSecret finds in text a URL, or a host followed by a path, that
// names a secret path of a metadata service, and returns it.
func metadataSecret(text string) (string, bool) {
	for i := 0; i < len(text); {
		j := strings.IndexAny(text[i:], " \t\n'\"`()<>;,|&\\")
		// An & inside a URL's query joins its parameters (?alt=json&recursive=true).
		for j >= 0 && text[i+j] == '&' && strings.IndexByte(text[i:i+j], '?') >= 0 {
			k := strings.IndexAny(text[i+j+1:], " \t\n'\"`()<>;,|&\\")
			if k < 0 {
				j = -1
			} else {
				j += k + 1
			}
		}
		word := text[i:]
		if j >= 0 {
			word = text[i : i+j]
			i += j + 1
		} else {
			i = len(text)
		}
		if word == "" {
			continue
		}
		if host, p, ok := splitHostPath(word); ok && isMetadataHost(host) && metadataSecretPath(host, p) {
			return word, true
		}
	}
	return "", false
}

// splitHostPath splits a URL or a host/path word into its host (without
// user, port or brackets) and its path, percent escapes decoded.
func splitHostPath(w string) (host, p string, ok bool) {
	if i := strings.Index(w, "://"); i >= 0 {
		w = w[i+3:]
	}
	hostPort, rest, _ := strings.Cut(w, "/")
	if at := strings.LastIndexByte(hostPort, '@'); at >= 0 {
		hostPort = hostPort[at+1:]
	}
	switch {
	case strings.HasPrefix(hostPort, "["):
		end := strings.IndexByte(hostPort, ']')
		if end < 0 {
			return "", "", false
		}
		host = hostPort[1:end]
	case strings.Count(hostPort, ":") == 1:
		host, _, _ = strings.Cut(hostPort, ":")
	default:
		host = hostPort
	}
	if host == "" {
		return "", "", false
	}
	// The query stays: a request's query can select secrets too (Google
	// Cloud's ?recursive=true returns every attribute below the path).
	if d, err := url.PathUnescape(rest); err == nil {
		rest = d
	}
	return strings.ToLower(strings.TrimSuffix(host, ".")), "/" + rest, true
}

// isMetadataHost reports whether host is a metadata service: a named one,
// or any IPv4 link-local address however it is spelled (dotted, one
// number, octal or hex parts, as inet_aton reads them; or IPv4-mapped
// IPv6).
func isMetadataHost(host string) bool {
	if hostaddr.MetadataName(host) || strings.Contains(host, "169.254.169.254") || strings.Contains(host, "169-254-169-254") {
		return true // wildcard DNS names it too (169.254.169.254.nip.io)
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		var ok bool
		if a, ok = hostaddr.InetAton(host); !ok {
			return false
		}
	}
	return hostaddr.Metadata(a)
}

var (
	ecsCredentials  = netip.AddrFrom4([4]byte{169, 254, 170, 2})
	azureWireServer = netip.AddrFrom4([4]byte{168, 63, 129, 16})
)

// metadataSecretPath reports whether p, on the metadata service host,
// names credentials or user data. The ECS credentials address and Azure's
// wire server answer nothing else.
func metadataSecretPath(host, p string) bool {
	if a, ok := hostaddr.InetAton(host); ok && (a == ecsCredentials || a == azureWireServer) {
		return true
	}
	p = strings.ToLower(p)
	if holdsAny(p, metadataSecretPaths) {
		return true
	}
	// Oracle Cloud's whole instance document holds its metadata, the
	// user data among it.
	p, _, _ = strings.Cut(p, "?")
	p = strings.TrimRight(p, "/")
	return strings.HasSuffix(p, "/opc/v1/instance") || strings.HasSuffix(p, "/opc/v2/instance")
}

// MetadataSecret reports whether text names a cloud metadata service's
// credentials or user data: a URL, or a host followed by a path, in any
// spelling of the service's address (169.254.169.254 as one number, in
// hex or IPv4-mapped IPv6, metadata.google.internal, fd00:ec2::254), as a
// shell command's argument would block (see docs/security-model.md,
// Hardline). It returns the word that names it. A host whose path is not
// known is not reported.
func MetadataSecret(text string) (string, bool) {
	if !holdsAny(text, metadataMarkers) && !slices.ContainsFunc(strings.Fields(text), numericHost) {
		return "", false
	}
	return metadataSecret(text)
}

// numericHost reports whether w starts with a host written as numbers, as
// curl and wget read a word without a scheme: digits, dots and hex
// (2852039166/..., 0xa9fea9fe/..., 0251.0376.0251.0376/...), which the
// markers miss.
func numericHost(w string) bool {
	host, _, _ := strings.Cut(w, "/")
	if _, h, ok := strings.Cut(host, "@"); ok {
		host = h
	}
	host, _, _ = strings.Cut(host, ":")
	if host == "" || host[0] < '0' || host[0] > '9' {
		return false
	}
	for i := 0; i < len(host); i++ {
		if c := host[i] | 0x20; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c == 'x' || c == '.') {
			return false
		}
	}
	return true
}
