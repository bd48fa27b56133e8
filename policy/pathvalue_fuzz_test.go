package policy

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzFileURL checks parseFileURL against net/url read independently: a
// value it accepts is a file URL on this machine whose decoded path is
// exactly what it returns, and a value it accepts never carries a host, a
// user, a query or a fragment a consumer could read differently.
func FuzzFileURL(f *testing.F) {
	for _, s := range []string{
		"file:///etc/passwd", "FILE:///etc/x", "file:/etc/x", "file://localhost/etc/x", "File://LOCALHOST/x",
		"file:///ws/%2e%2e/x", "file:///ws/%2E%2E%2Fx", "file://evil/x", "file://u@localhost/x", "file:x",
		"file:///x?y", "file:///x#y", "file:///%zz", "file:///%00", "file://[::1]/x", "file:////x", "file:///C:/x",
		"file://localhost:80/x", "file:///a%2Fb", "file:", "file://", "file:///",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !isFileURL(s) {
			return
		}
		p, err := parseFileURL(s)
		if err != nil {
			return
		}
		u, uerr := url.Parse(s)
		if uerr != nil {
			t.Fatalf("accepted %q, which net/url refuses: %v", s, uerr)
		}
		if !strings.EqualFold(u.Scheme, "file") || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
			t.Fatalf("accepted %q with scheme %q user %v query %q fragment %q opaque %q", s, u.Scheme, u.User, u.RawQuery, u.Fragment, u.Opaque)
		}
		if u.Host != "" && !strings.EqualFold(u.Host, "localhost") {
			t.Fatalf("accepted %q naming host %q", s, u.Host)
		}
		if p != u.Path || !strings.HasPrefix(p, "/") {
			t.Fatalf("parseFileURL(%q) = %q, net/url reads path %q", s, p, u.Path)
		}
		if strings.Contains(p, "%") && !strings.Contains(u.Path, "%") {
			t.Fatalf("parseFileURL(%q) = %q left an escape undecoded", s, p)
		}
	})
}
