package hostaddr

import (
	"net/netip"
	"slices"
	"testing"
)

func TestInetAton(t *testing.T) {
	for _, tc := range []struct {
		in, want string // want "" for no address
	}{
		{"169.254.169.254", "169.254.169.254"},
		{"2852039166", "169.254.169.254"},
		{"0xa9fea9fe", "169.254.169.254"},
		{"0251.0376.0251.0376", "169.254.169.254"},
		{"169.254.43518", "169.254.169.254"},
		{"169.16689662", "169.254.169.254"},
		{"0x", "0.0.0.0"},
		{"127.1", "127.0.0.1"},
		{"08.1.1.1", ""},    // 8 is no octal digit
		{"1.2.3.4.5", ""},   // five parts
		{"256.1.1.1", ""},   // a part above a byte
		{"1.2.65536", ""},   // the last part too wide
		{"4294967296", ""},  // above 32 bits
		{"1..2", ""},        // an empty part
		{"0b101", ""},       // no binary in inet_aton
		{"1_000", ""},       // no digit separators
		{"example.com", ""}, // a name
		{"0XA9FEA9FE", ""},  // callers lower-case first
		{"169.254.169.254.", ""},
		// The bounds: a part of exactly a byte and 32 bits in one number.
		{"255.1.1.1", "255.1.1.1"},
		{"4294967295", "255.255.255.255"},
		{"0xffffffff", "255.255.255.255"},
		{"0x100000000", ""},
	} {
		a, ok := InetAton(tc.in)
		if got := map[bool]string{true: a.String(), false: ""}[ok]; got != tc.want {
			t.Errorf("InetAton(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEmbedded(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"::ffff:169.254.169.254", []string{"169.254.169.254"}},
		{"::a9fe:a9fe", []string{"169.254.169.254"}},
		{"::ffff:0:a9fe:a9fe", []string{"169.254.169.254"}},
		{"64:ff9b::a9fe:a9fe", []string{"169.254.169.254"}},
		{"2002:a9fe:a9fe::1", []string{"169.254.169.254"}},
		{"2001:0:a9fe:a9fe::5601:5601", []string{"169.254.169.254", "169.254.169.254"}},
		// Local-use NAT64 after a /48, /56, /64 and /96 prefix.
		{"64:ff9b:1:a9fe:a9:fe00::", []string{"169.254.169.254", "254.169.254.0", "169.254.0.0", "0.0.0.0"}},
		{"64:ff9b:1:a9:fe:a9fe::", []string{"0.169.254.169", "169.254.169.254", "254.169.254.0", "0.0.0.0"}},
		{"64:ff9b:1::a9:fea9:fe00:0", []string{"0.0.169.254", "0.169.254.169", "169.254.169.254", "254.0.0.0"}},
		{"64:ff9b:1::a9fe:a9fe", []string{"0.0.0.0", "0.0.0.0", "0.0.0.169", "169.254.169.254"}},
		{"2606:4700::1111", nil},
		{"169.254.169.254", nil},
	} {
		var got []string
		for _, a := range Embedded(netip.MustParseAddr(tc.in)) {
			got = append(got, a.String())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Embedded(%s) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestMetadata(t *testing.T) {
	for in, want := range map[string]bool{
		"169.254.169.254": true, "169.254.0.23": true, "::ffff:169.254.170.2": true,
		"100.100.100.200": true, "168.63.129.16": true, "192.0.0.192": true,
		"fd00:ec2::254": true, "fd20:ce::254%eth0": true, "64:ff9b::6464:64c8": true,
		"2002:a83f:8110::": true, "64:ff9b:1::c000:c0": true,
		"100.100.100.100": false, "169.255.0.1": false, "fd00:ec2::253": false,
		"10.0.0.1": false, "::1": false, "64:ff9b::808:808": false,
	} {
		if got := Metadata(netip.MustParseAddr(in)); got != want {
			t.Errorf("Metadata(%s) = %v, want %v", in, got, want)
		}
	}
}

func TestMetadataName(t *testing.T) {
	for in, want := range map[string]bool{
		"metadata.google.internal": true, "metadata": true, "instance-data": true,
		"metadata.tencentyun.com": true, "169.254.169.254.nip.io": true,
		"app.169-254-169-254.sslip.io": true, "app-a9fea9fe.nip.io": true,
		"100.100.100.200.traefik.me": true, "-a9fea9fe.nip.io": true, "a9fea9fe.nip.io": true,
		"metadata.example.com": false, "10.0.0.1.nip.io": false, "app-0a000001.nip.io": false,
		"nip.io": false, "example.com": false,
	} {
		if got := MetadataName(in); got != want {
			t.Errorf("MetadataName(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestTransferURL(t *testing.T) {
	for _, tc := range []struct {
		in               string
		user, host, path string
		ok               bool
	}{
		{"sftp://localhost/home/dev/x", "", "localhost", "home/dev/x", true},
		{"SCP://dev:pw@[::1]:22/%7E/.ssh/id_rsa?x#y", "dev", "::1", "~/.ssh/id_rsa", true},
		{"url=ftp://LocalHost./pub", "", "localhost", "pub", true},
		{"git+ssh://127.1/r.git", "", "127.1", "r.git", true},
		{"ssh+git://h/r", "", "h", "r", true},
		{"https://localhost/etc/shadow", "", "", "", false},
		{"file:///etc/shadow", "", "", "", false},
		{"sftp:/localhost/x", "", "", "", false},
		{"localhost:/x", "", "", "", false},
		{"://localhost/x", "", "", "", false},
		// A user, a port, a bracket and a query at the first byte they
		// may stand at; the scheme's first and last letters of each class.
		{"sftp://@h/x", "", "h", "x", true},
		{"sftp://:pw@h/x", "", "h", "x", true},
		{"sftp://h:22/x", "", "h", "x", true},
		{"sftp://[]/x", "", "", "x", true},
		{"sftp://[::1]/?q", "", "::1", "", true},
		{"sftp://h/#f", "", "h", "", true},
		{"sftp://:22/x", "", "", "x", true},
		{"0ftp://h/x", "", "", "", false},
		{"9ftp://h/x", "", "", "", false},
		{"aftp://h/x", "", "", "", false},
		{"zftp://h/x", "", "", "", false},
		{"Aftp://h/x", "", "", "", false},
		{"Zscp://h/x", "", "", "", false},
	} {
		user, host, p, ok := TransferURL(tc.in)
		if ok != tc.ok || ok && (user != tc.user || host != tc.host || p != tc.path) {
			t.Errorf("TransferURL(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tc.in, user, host, p, ok, tc.user, tc.host, tc.path, tc.ok)
		}
	}
}

func TestLoopback(t *testing.T) {
	for in, want := range map[string]bool{
		"localhost": true, "app.localhost": true, "[::1]": true, "127.0.0.1": true, "127.1": true,
		"2130706433": true, "0x7f000001": true, "::ffff:127.0.0.1": true, "0.0.0.0": true, "0": true,
		"localhost.example.com": false, "10.0.0.1": false, "example.com": false, "128.0.0.1": false,
	} {
		if got := Loopback(in); got != want {
			t.Errorf("Loopback(%q) = %v, want %v", in, got, want)
		}
	}
}
