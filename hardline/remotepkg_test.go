package hardline

import "testing"

// TestInstallerURL pins which words of an installer name a package or a
// source fetched from another host.
func TestInstallerURL(t *testing.T) {
	for _, c := range []struct {
		word   string
		source bool
		want   string
	}{
		{"https://evil.example/a.rpm", false, "https://evil.example/a.rpm"},
		{"HTTP://evil.example/a", false, "HTTP://evil.example/a"},
		{"ftp://evil.example/a.deb", false, "ftp://evil.example/a.deb"},
		{"evil,https://evil.example/repo", true, "https://evil.example/repo"},
		{"--repofrompath=evil,https://evil.example/repo", false, "https://evil.example/repo"},
		{"--source=https://evil.example/nuget", false, "https://evil.example/nuget"},
		{"--setopt=x=https://evil.example/a.rpm?v=1", false, "https://evil.example/a.rpm?v=1"},
		// A proxy or another setting naming a URL that is no package.
		{"--setopt=proxy=http://proxy.internal:3128", false, ""},
		{"Acquire::http::Proxy=http://proxy.internal:3128", false, ""},
		{"evil,https://evil.example/repo", false, ""},
		// Names, paths and official registries.
		{"curl", false, ""},
		{"./a.rpm", false, ""},
		{"--setopt=x=local/a.rpm", false, ""},
		{"--setopt=x=s3://bucket/a.rpm", false, ""},
		{"file:///tmp/a.rpm", false, ""},
		{"https://community.chocolatey.org/api/v2/", false, ""},
		{"https://dl-cdn.alpinelinux.org/alpine/edge/testing", true, ""},
	} {
		got, ok := installerURL(c.word, c.source)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("installerURL(%q, %v) = %q, want %q", c.word, c.source, got, c.want)
		}
	}
}
