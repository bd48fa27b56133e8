package dest_test

import (
	"errors"
	"net"
	"net/netip"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/dest"
)

// blockedSpellings are URLs whose host is, in some reader's eyes, an
// address in a refused range. Each must be refused for the reason given.
var blockedSpellings = []struct {
	name, url string
	reason    dest.Reason
}{
	{"the metadata address over http", "http://169.254.169.254/", dest.ReasonLinkLocal},
	{"the metadata address over https", "https://169.254.169.254/latest/meta-data/", dest.ReasonLinkLocal},
	{"the bottom of 169.254.0.0/16", "https://169.254.0.0/", dest.ReasonLinkLocal},
	{"the top of 169.254.0.0/16", "https://169.254.255.255/", dest.ReasonLinkLocal},
	{"an explicit port", "https://169.254.169.254:443/", dest.ReasonLinkLocal},
	{"one decimal number", "http://2852039166/", dest.ReasonLinkLocal},
	{"one decimal number with leading zeros, read as octal", "https://025177524776/", dest.ReasonLinkLocal},
	{"four octal parts", "https://0251.0376.0251.0376/", dest.ReasonLinkLocal},
	{"octal parts with many zeros", "https://00000251.000376.0251.0376/", dest.ReasonLinkLocal},
	{"one octal part among decimals", "https://0251.254.169.254/", dest.ReasonLinkLocal},
	{"a dotted quad with a zero-padded octet read as octal", "https://169.254.169.0376/", dest.ReasonLinkLocal},
	{"one hexadecimal number", "https://0xa9fea9fe/", dest.ReasonLinkLocal},
	{"one upper-case hexadecimal number", "https://0XA9FEA9FE/", dest.ReasonLinkLocal},
	{"hexadecimal with leading zeros", "https://0x00a9fea9fe/", dest.ReasonLinkLocal},
	{"four hexadecimal parts", "https://0xa9.0xfe.0xa9.0xfe/", dest.ReasonLinkLocal},
	{"mixed hexadecimal, decimal and octal parts", "https://0xa9.254.0251.0xfe/", dest.ReasonLinkLocal},
	{"three parts, the last filling two bytes", "https://169.254.43518/", dest.ReasonLinkLocal},
	{"two parts, the last filling three bytes", "https://169.16689662/", dest.ReasonLinkLocal},
	{"two hexadecimal parts", "https://0xa9.0xfea9fe/", dest.ReasonLinkLocal},
	{"three parts in octal and hexadecimal", "https://0251.0376.0xa9fe/", dest.ReasonLinkLocal},
	{"a trailing dot", "https://169.254.169.254./", dest.ReasonLinkLocal},
	{"two trailing dots", "https://169.254.169.254../", dest.ReasonLinkLocal},
	{"a trailing dot after a decimal number", "https://2852039166./", dest.ReasonLinkLocal},
	{"IPv6 link-local", "https://[fe80::1]/", dest.ReasonLinkLocal},
	{"IPv6 link-local in upper case", "https://[FE80::A9FE:A9FE]/", dest.ReasonLinkLocal},
	{"the top of fe80::/10", "https://[febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/", dest.ReasonLinkLocal},
	{"IPv6 link-local with a percent-encoded zone", "https://[fe80::1%25eth0]/", dest.ReasonLinkLocal},
	{"IPv6 link-local with a raw zone", "https://[fe80::1%eth0]:8443/", dest.ReasonLinkLocal},
	{"IPv6 link-local without brackets", "https://fe80::1/", dest.ReasonLinkLocal},
	{"IPv4-compatible, dotted", "https://[::169.254.169.254]/", dest.ReasonLinkLocal},
	{"IPv4-compatible, hexadecimal", "https://[::a9fe:a9fe]/", dest.ReasonLinkLocal},
	{"IPv4-mapped, dotted", "https://[::ffff:169.254.169.254]/", dest.ReasonLinkLocal},
	{"IPv4-mapped, hexadecimal", "https://[::ffff:a9fe:a9fe]/", dest.ReasonLinkLocal},
	{"IPv4-mapped, written out", "https://[0:0:0:0:0:ffff:a9fe:a9fe]/", dest.ReasonLinkLocal},
	{"IPv4-mapped with a zone", "https://[::ffff:169.254.169.254%25eth0]/", dest.ReasonLinkLocal},
	{"IPv4-mapped without brackets", "https://::ffff:169.254.169.254/", dest.ReasonLinkLocal},
	{"IPv4-translated", "https://[::ffff:0:a9fe:a9fe]/", dest.ReasonLinkLocal},
	{"NAT64, dotted", "https://[64:ff9b::169.254.169.254]/", dest.ReasonLinkLocal},
	{"NAT64, hexadecimal", "https://[64:ff9b::a9fe:a9fe]/", dest.ReasonLinkLocal},
	{"local-use NAT64 /48", "https://[64:ff9b:1:a9fe:a9:fe00::]/", dest.ReasonLinkLocal},
	{"local-use NAT64 /56", "https://[64:ff9b:1:a9:fe:a9fe::]/", dest.ReasonLinkLocal},
	{"local-use NAT64 /64", "https://[64:ff9b:1::a9:fea9:fe00:0]/", dest.ReasonLinkLocal},
	{"local-use NAT64 /96", "https://[64:ff9b:1::a9fe:a9fe]/", dest.ReasonLinkLocal},
	{"6to4", "https://[2002:a9fe:a9fe::1]/", dest.ReasonLinkLocal},
	{"6to4 of another link-local address", "https://[2002:a9fe:1::]/", dest.ReasonLinkLocal},
	{"Teredo with a link-local server", "https://[2001:0:a9fe:a9fe::1]/", dest.ReasonLinkLocal},
	{"Teredo with a link-local client", "https://[2001:0:102:304::5601:5601]/", dest.ReasonLinkLocal},
	{"a percent-encoded host", "https://%31%36%39.254.169.254/", dest.ReasonLinkLocal},
	{"a fully percent-encoded host", "https://%31%36%39%2e%32%35%34%2e%31%36%39%2e%32%35%34/", dest.ReasonLinkLocal},
	{"a doubly percent-encoded host", "https://%2531%2536%2539.254.169.254/", dest.ReasonLinkLocal},
	{"userinfo naming the origin", "https://api.example.com@169.254.169.254/", dest.ReasonLinkLocal},
	{"userinfo with a port", "https://api.example.com:443@169.254.169.254/", dest.ReasonLinkLocal},
	{"two @ signs", "https://a@api.example.com@169.254.169.254/", dest.ReasonLinkLocal},
	{"userinfo before a decimal host", "https://user:pass@2852039166/", dest.ReasonLinkLocal},
	{"an upper-case scheme", "HTTPS://169.254.169.254/", dest.ReasonLinkLocal},
	{"a mixed-case scheme", "HtTp://169.254.169.254/", dest.ReasonLinkLocal},
	{"another scheme", "ftp://169.254.169.254/", dest.ReasonLinkLocal},
	{"a path that looks like userinfo", "https://169.254.169.254/@api.example.com", dest.ReasonLinkLocal},
	{"a query that looks like userinfo", "https://169.254.169.254?@api.example.com", dest.ReasonLinkLocal},
	{"a fragment that looks like userinfo", "https://169.254.169.254#@api.example.com", dest.ReasonLinkLocal},
	{"a backslash before the host", `https://api.example.com\@169.254.169.254/`, dest.ReasonMalformed},
	{"backslashes for slashes", `https:\\169.254.169.254\`, dest.ReasonMalformed},
	{"no slashes", "https:169.254.169.254", dest.ReasonMalformed},
	{"one slash", "https:/169.254.169.254", dest.ReasonMalformed},
	{"three slashes", "https:///169.254.169.254", dest.ReasonMalformed},
	{"a tab inside the host", "https://169.254.\t169.254/", dest.ReasonMalformed},
	{"a line break inside the host", "https://169.254.169\n.254/", dest.ReasonMalformed},
	{"a leading space", " https://169.254.169.254/", dest.ReasonMalformed},
	{"full-width digits", "https://１６９.２５４.１６９.２５４/", dest.ReasonAmbiguousHost},
	{"ideographic full stops", "https://169。254。169。254/", dest.ReasonAmbiguousHost},
	{"Alibaba Cloud's metadata service", "http://100.100.100.200/latest/meta-data/", dest.ReasonMetadata},
	{"Alibaba Cloud's metadata service as one number", "https://1684301000/", dest.ReasonMetadata},
	{"Azure's wire server", "http://168.63.129.16/machine?comp=goalstate", dest.ReasonMetadata},
	{"Azure's wire server in hexadecimal parts", "https://0xa8.0x3f.0x81.0x10/", dest.ReasonMetadata},
	{"Oracle Cloud's older metadata address", "http://192.0.0.192/opc/v1/instance/", dest.ReasonMetadata},
	{"AWS's IPv6 metadata service", "http://[fd00:ec2::254]/latest/meta-data/", dest.ReasonMetadata},
	{"AWS's IPv6 metadata service written out", "https://[FD00:0EC2:0:0:0:0:0:0254]/", dest.ReasonMetadata},
	{"Google Cloud's IPv6 metadata service", "https://[fd20:ce::254]/", dest.ReasonMetadata},
	{"an IPv4-mapped metadata service", "https://[::ffff:100.100.100.200]/", dest.ReasonMetadata},
	{"a NAT64 metadata service", "https://[64:ff9b::a83f:8110]/", dest.ReasonMetadata},
	{"a 6to4 metadata service", "https://[2002:6464:64c8::]/", dest.ReasonMetadata},
	{"Google Cloud's metadata name", "http://metadata.google.internal/computeMetadata/v1/", dest.ReasonMetadata},
	{"Google Cloud's metadata name in upper case", "https://METADATA.Google.Internal/", dest.ReasonMetadata},
	{"Google Cloud's short metadata name", "https://metadata/", dest.ReasonMetadata},
	{"Google Cloud's other metadata name", "https://metadata.goog/", dest.ReasonMetadata},
	{"EC2's metadata name", "https://instance-data/", dest.ReasonMetadata},
	{"EC2's full metadata name", "https://instance-data.ec2.internal/", dest.ReasonMetadata},
	{"Tencent Cloud's metadata name", "https://metadata.tencentyun.com/", dest.ReasonMetadata},
	{"a wildcard DNS name holding the metadata address", "https://169.254.169.254.nip.io/", dest.ReasonMetadata},
	{"a wildcard DNS name with dashes", "https://app.169-254-169-254.sslip.io/", dest.ReasonMetadata},
	{"a wildcard DNS name in hexadecimal", "https://app-a9fea9fe.nip.io/", dest.ReasonMetadata},
	{"a wildcard DNS name holding Alibaba's address", "https://100.100.100.200.nip.io/", dest.ReasonMetadata},
	{"the unspecified IPv4 address", "https://0.0.0.0/", dest.ReasonUnspecified},
	{"zero as one number", "https://0/", dest.ReasonUnspecified},
	{"the unspecified IPv6 address", "https://[::]/", dest.ReasonUnspecified},
	{"IPv4-mapped unspecified", "https://[::ffff:0.0.0.0]/", dest.ReasonUnspecified},
}

func TestCheckURLRefusesEverySpellingOfABlockedAddress(t *testing.T) {
	require.GreaterOrEqual(t, len(blockedSpellings), 40)
	o, err := dest.ParseOrigin("https://api.example.com")
	require.NoError(t, err)
	for _, tc := range blockedSpellings {
		t.Run(tc.name+" is refused", func(t *testing.T) {
			for _, err := range []error{dest.CheckURL(tc.url), o.Check(tc.url)} {
				require.ErrorIs(t, err, dest.ErrDenied, tc.url)
				var de *dest.DeniedError
				require.ErrorAs(t, err, &de)
				assert.Equal(t, tc.reason, de.Reason, "%s: %v", tc.url, err)
				assert.Equal(t, tc.url, de.Input)
			}
		})
	}
}

// TestARefusalSaysWhatASpellingReadsAs checks that a refusal of an
// address written otherwise than plainly names the address it reads as,
// and that one written plainly is not said to read as itself.
func TestARefusalSaysWhatASpellingReadsAs(t *testing.T) {
	err := dest.CheckURL("http://2852039166/latest/meta-data/")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "2852039166 reads as 169.254.169.254")
	err = dest.CheckURL("http://169.254.169.254/latest/meta-data/")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "reads as")
}

// assertReason checks that err allows (want "") or is a refusal for want.
func assertReason(t *testing.T, want dest.Reason, err error) {
	t.Helper()
	if want == "" {
		assert.NoError(t, err)
		return
	}
	var de *dest.DeniedError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, want, de.Reason, "%v", err)
	assert.ErrorIs(t, err, dest.ErrDenied)
}

// verdict names an expected reason in a test's name.
func verdict(r dest.Reason) string {
	if r == "" {
		return "allowed"
	}
	return "refused as " + string(r)
}

func TestCheckURL(t *testing.T) {
	cases := []struct {
		name, url string
		reason    dest.Reason // "" allows
	}{
		{"an https name is allowed", "https://api.example.com/v1/chat", ""},
		{"an https name with a port is allowed", "https://api.example.com:8443/", ""},
		{"an upper-case host is allowed", "https://API.Example.COM/", ""},
		{"a LAN address over https is allowed", "https://10.0.0.1/", ""},
		{"an address just above 169.254.0.0/16 is allowed", "https://169.255.0.0/", ""},
		{"an address just below 169.254.0.0/16 is allowed", "https://169.253.255.255/", ""},
		{"an address just below fe80::/10 is allowed", "https://[fe7f:ffff::1]/", ""},
		{"an address just above fe80::/10 is allowed", "https://[fec0::1]/", ""},
		{"IPv6 loopback over https is allowed", "https://[::1]/", ""},
		{"NAT64 of an ordinary address is allowed", "https://[64:ff9b::808:808]/", ""},
		{"local-use NAT64 of an ordinary address is allowed", "https://[64:ff9b:1::808:808]/", ""},
		{"an address beside Alibaba's metadata service is allowed", "https://100.100.100.201/", ""},
		{"Tailscale's address space is allowed", "https://100.100.100.100/", ""},
		{"an address beside Azure's wire server is allowed", "https://168.63.129.17/", ""},
		{"an address beside AWS's IPv6 metadata service is allowed", "https://[fd00:ec2::253]/", ""},
		{"a wildcard DNS name of an ordinary address is allowed", "https://10.0.0.1.nip.io/", ""},
		{"a name that holds the word metadata is allowed", "https://metadata.example.com/", ""},
		{"6to4 of an ordinary address is allowed", "https://[2002:808:808::1]/", ""},
		{"loopback over http is allowed", "http://127.0.0.1:8080/", ""},
		{"the rest of 127.0.0.0/8 over http is allowed", "http://127.1.2.3/", ""},
		{"IPv6 loopback over http is allowed", "http://[::1]:8080/", ""},
		{"an underscore in a name is allowed", "https://my_host.example.com/", ""},
		{"a name over http is refused", "http://api.example.com/", dest.ReasonPlainHTTP},
		{"localhost over http is refused: it is a name, not a literal", "http://localhost:8080/", dest.ReasonPlainHTTP},
		{"an IPv4-mapped loopback over http is refused", "http://[::ffff:127.0.0.1]/", dest.ReasonPlainHTTP},
		{"a LAN address over http is refused", "http://10.0.0.1/", dest.ReasonPlainHTTP},
		{"a short loopback spelling is refused", "http://127.1/", dest.ReasonAmbiguousHost},
		{"a decimal spelling of an ordinary address is refused", "https://134744072/", dest.ReasonAmbiguousHost},
		{"a number that is no address is refused", "https://999.1.1.1/", dest.ReasonAmbiguousHost},
		{"an octal part with an 8 is refused", "https://08.1.1.1/", dest.ReasonAmbiguousHost},
		{"a name ending in a number is refused", "https://example.123/", dest.ReasonAmbiguousHost},
		{"a name with a trailing dot is refused", "https://api.example.com./", dest.ReasonAmbiguousHost},
		{"an IP address with a trailing dot is refused", "https://8.8.8.8./", dest.ReasonAmbiguousHost},
		{"a percent-encoded name is refused", "https://api%2eexample.com/", dest.ReasonAmbiguousHost},
		{"an IPv6 zone on another address is refused", "https://[fd00::1%25eth0]/", dest.ReasonAmbiguousHost},
		{"a non-ASCII name is refused", "https://bücher.example/", dest.ReasonAmbiguousHost},
		{"userinfo is refused", "https://user@api.example.com/", dest.ReasonUserinfo},
		{"an empty userinfo is refused", "https://@api.example.com/", dest.ReasonUserinfo},
		{"another scheme is refused", "ftp://api.example.com/", dest.ReasonScheme},
		{"a relative URL is refused", "/v1/chat", dest.ReasonMalformed},
		{"an empty URL is refused", "", dest.ReasonMalformed},
		{"no host is refused", "https:///", dest.ReasonMalformed},
		{"an empty host is refused", "https://:443/", dest.ReasonMalformed},
		{"an empty port is refused", "https://api.example.com:/", dest.ReasonMalformed},
		{"a port with a leading zero is refused", "https://api.example.com:0443/", dest.ReasonMalformed},
		{"a port above 65535 is refused", "https://api.example.com:65536/", dest.ReasonMalformed},
		{"a port that is not a number is refused", "https://api.example.com:https/", dest.ReasonMalformed},
		{"an IPv4 address in brackets is refused", "https://[8.8.8.8]/", dest.ReasonMalformed},
		{"an unclosed bracket is refused", "https://[::1/", dest.ReasonMalformed},
		{"text after the bracket is refused", "https://[::1]x/", dest.ReasonMalformed},
		{"an unbracketed IPv6 address is refused", "https://2001:db8::1/", dest.ReasonMalformed},
		{"an empty label is refused", "https://api..example.com/", dest.ReasonMalformed},
		{"a character outside a host name is refused", "https://api!.example.com/", dest.ReasonMalformed},
		{"a label longer than 63 bytes is refused", "https://" + strings.Repeat("a", 64) + ".example/", dest.ReasonMalformed},
		{"a URL longer than the limit is refused", "https://api.example.com/" + strings.Repeat("a", dest.MaxURLLength), dest.ReasonMalformed},
		// The bounds themselves, and the first and last characters of each
		// class a host, a port or a number is read in.
		{"a URL of exactly the limit is allowed", "https://api.example.com/" + strings.Repeat("a", dest.MaxURLLength-len("https://api.example.com/")), ""},
		{"a host name of 253 bytes is allowed", "https://" + strings.Repeat(strings.Repeat("a", 62)+".", 4)[:252] + "b/", ""},
		{"a host name of 254 bytes is refused", "https://" + strings.Repeat(strings.Repeat("a", 62)+".", 4)[:252] + "bc/", dest.ReasonMalformed},
		{"a label of 63 bytes is allowed", "https://" + strings.Repeat("a", 63) + ".example/", ""},
		{"a host of a, z, 0 and 9 is allowed", "https://az09.example/", ""},
		{"the highest port is allowed", "https://api.example.com:65535/", ""},
		{"a port of 0 and 9 digits is allowed", "https://api.example.com:9090/", ""},
		{"a name ending in 0 is refused", "https://example.0/", dest.ReasonAmbiguousHost},
		{"a name ending in 9 is refused", "https://example.9/", dest.ReasonAmbiguousHost},
		{"a name ending in a hex number of a and f is refused", "https://example.0xaf/", dest.ReasonAmbiguousHost},
		{"a name ending in a hex number of 0 and 9 is refused", "https://example.0x09/", dest.ReasonAmbiguousHost},
		{"a name ending in a word that starts 0x is allowed", "https://example.0xg/", ""},
		{"a byte 0x80 in a host is not ASCII", "https://a\x80b.example/", dest.ReasonAmbiguousHost},
		{"a host ending in a cut escape is refused", "https://api%2/", dest.ReasonAmbiguousHost},
		{"a host ending in a cut escape after text is refused", "https://ab%4/", dest.ReasonAmbiguousHost},
		{"a scheme with a character no scheme holds is refused", "ht!tp://api.example.com/", dest.ReasonMalformed},
		{"a scheme starting with a digit is refused", "1https://api.example.com/", dest.ReasonMalformed},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assertReason(t, tc.reason, dest.CheckURL(tc.url))
		})
	}
}

func TestOriginCheck(t *testing.T) {
	cases := []struct {
		name, origin, url string
		reason            dest.Reason
	}{
		{"the same origin is allowed", "https://api.example.com", "https://api.example.com/v1/chat?x=1", ""},
		{"the default port written out is allowed", "https://api.example.com", "https://api.example.com:443/", ""},
		{"an origin with a port matches the same port", "https://api.example.com:8443/", "https://api.example.com:8443/x", ""},
		{"case differences in scheme and host are allowed", "https://api.example.com", "HTTPS://API.EXAMPLE.COM/", ""},
		{"a loopback http origin is allowed", "http://127.0.0.1:8080", "http://127.0.0.1:8080/v1", ""},
		{"an IPv6 origin matches its canonical form", "https://[2001:db8::1]", "https://[2001:DB8:0::1]/", ""},
		{"another host is refused", "https://api.example.com", "https://evil.example.com/", dest.ReasonOriginMismatch},
		{"a sub-domain is refused", "https://example.com", "https://api.example.com/", dest.ReasonOriginMismatch},
		{"a suffix trick is refused", "https://api.example.com", "https://api.example.com.evil.net/", dest.ReasonOriginMismatch},
		{"another port is refused", "https://api.example.com", "https://api.example.com:8443/", dest.ReasonOriginMismatch},
		{"http to an https origin's host is refused", "https://api.example.com", "http://api.example.com/", dest.ReasonPlainHTTP},
		{"https to a loopback http origin is refused", "http://127.0.0.1:8080", "https://127.0.0.1:8080/", dest.ReasonOriginMismatch},
		{"another loopback port is refused", "http://127.0.0.1:8080", "http://127.0.0.1:8081/", dest.ReasonOriginMismatch},
		{"another loopback address is refused", "http://127.0.0.1:8080", "http://127.0.0.2:8080/", dest.ReasonOriginMismatch},
		{"http port 443 is not https", "http://127.0.0.1:443", "https://127.0.0.1/", dest.ReasonOriginMismatch},
		{"userinfo naming the origin is refused", "https://api.example.com", "https://x@api.example.com/", dest.ReasonUserinfo},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o, err := dest.ParseOrigin(tc.origin)
			require.NoError(t, err)
			assertReason(t, tc.reason, o.Check(tc.url))
		})
	}
}

func TestParseOrigin(t *testing.T) {
	for _, bad := range []string{
		"", "api.example.com", "http://api.example.com", "https://api.example.com/v1",
		"https://api.example.com?x", "https://api.example.com#x", "https://169.254.169.254",
		"https://u@api.example.com", "ftp://api.example.com", "https://0x7f.1",
	} {
		t.Run("the origin "+bad+" is refused", func(t *testing.T) {
			_, err := dest.ParseOrigin(bad)
			assert.ErrorIs(t, err, dest.ErrDenied)
			assert.ErrorContains(t, err, "origin")
		})
	}
	o, err := dest.ParseOrigin("HTTPS://API.example.com/")
	require.NoError(t, err)
	assert.Equal(t, "https://api.example.com:443", o.String())
	o, err = dest.ParseOrigin("https://[2001:DB8::1]:8443")
	require.NoError(t, err)
	assert.Equal(t, "https://[2001:db8::1]:8443", o.String())
}

func TestTheZeroOriginRefusesEverything(t *testing.T) {
	var o dest.Origin
	assert.True(t, o.IsZero())
	assert.Empty(t, o.String())
	var de *dest.DeniedError
	require.ErrorAs(t, o.Check("https://api.example.com/"), &de)
	assert.Equal(t, dest.ReasonNoOrigin, de.Reason)
}

func TestEveryReasonIsDistinctAndNamespaced(t *testing.T) {
	seen := map[dest.Reason]bool{}
	for _, r := range dest.Reasons() {
		assert.True(t, strings.HasPrefix(string(r), "dest."), r)
		assert.False(t, seen[r], "%s twice", r)
		seen[r] = true
	}
}

func TestCheckAddr(t *testing.T) {
	cases := []struct {
		addr   string
		reason dest.Reason
	}{
		{"169.254.169.254", dest.ReasonLinkLocal},
		{"fe80::1%eth0", dest.ReasonLinkLocal},
		{"::ffff:169.254.1.1", dest.ReasonLinkLocal},
		{"64:ff9b::a9fe:101", dest.ReasonLinkLocal},
		{"64:ff9b:1:a9fe:1:100::", dest.ReasonLinkLocal},
		{"100.100.100.200", dest.ReasonMetadata},
		{"::ffff:168.63.129.16", dest.ReasonMetadata},
		{"fd00:ec2::254", dest.ReasonMetadata},
		{"fd20:ce::254%eth0", dest.ReasonMetadata},
		{"100.100.100.199", ""},
		{"0.1.2.3", dest.ReasonUnspecified},
		{"::", dest.ReasonUnspecified},
		{"127.0.0.1", ""},
		{"::1", ""},
		{"192.168.1.10", ""},
		{"2606:4700::1111", ""},
	}
	for _, tc := range cases {
		t.Run(tc.addr+" is "+verdict(tc.reason), func(t *testing.T) {
			assertReason(t, tc.reason, dest.CheckAddr(netip.MustParseAddr(tc.addr)))
		})
	}
	assert.ErrorIs(t, dest.CheckAddr(netip.Addr{}), dest.ErrDenied, "the zero address is refused")
}

func TestDialControlJudgesTheAddressTheDialerUses(t *testing.T) {
	for _, tc := range []struct {
		address string
		reason  dest.Reason
	}{
		{"169.254.169.254:80", dest.ReasonLinkLocal},
		{"[fe80::1%eth0]:443", dest.ReasonLinkLocal},
		{"[::ffff:169.254.169.254]:443", dest.ReasonLinkLocal},
		{"[2002:a9fe:a9fe::]:443", dest.ReasonLinkLocal},
		{"0.0.0.0:80", dest.ReasonUnspecified},
		{"/run/docker.sock", dest.ReasonMalformed},
		{"api.example.com:443", dest.ReasonMalformed},
		{"127.0.0.1:8080", ""},
		{"[::1]:8080", ""},
	} {
		t.Run(tc.address+" is "+verdict(tc.reason), func(t *testing.T) {
			assertReason(t, tc.reason, dest.DialControl("tcp", tc.address, nil))
		})
	}
}

var errStopped = errors.New("the test stopped a dial the check allowed")

func TestDialControlWithARealDialer(t *testing.T) {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()

	t.Run("a loopback listener is reached", func(t *testing.T) {
		d := net.Dialer{Control: dest.DialControl}
		c, err := d.Dial("tcp4", ln.Addr().String())
		require.NoError(t, err)
		c.Close()
	})

	t.Run("a name is judged by the address it resolves to", func(t *testing.T) {
		var seen []string
		d := net.Dialer{Control: func(network, address string, c syscall.RawConn) error {
			seen = append(seen, address)
			return dest.DialControl(network, address, c)
		}}
		_, port, err := net.SplitHostPort(ln.Addr().String())
		require.NoError(t, err)
		c, err := d.Dial("tcp4", net.JoinHostPort("localhost", port))
		require.NoError(t, err)
		c.Close()
		require.NotEmpty(t, seen)
		ap, err := netip.ParseAddrPort(seen[len(seen)-1])
		require.NoError(t, err, "Control gets the resolved address, not the name")
		assert.True(t, ap.Addr().IsLoopback())
	})

	// guard stops every dial the check would let through, so a broken
	// check fails the test instead of connecting to the network.
	guard := func(network, address string, c syscall.RawConn) error {
		err := dest.DialControl(network, address, c)
		if err == nil {
			t.Errorf("DialControl allowed %s %s", network, address)
			return errStopped
		}
		return err
	}
	for _, address := range []string{"169.254.169.254:80", "169.254.0.1:443", "0.0.0.0:80"} {
		t.Run("a dial to "+address+" is refused before it connects", func(t *testing.T) {
			d := net.Dialer{Control: guard}
			c, err := d.Dial("tcp4", address)
			if c != nil {
				c.Close()
			}
			require.ErrorIs(t, err, dest.ErrDenied)
			var op *net.OpError
			assert.ErrorAs(t, err, &op, "the net package wraps the refusal")
		})
	}
}
