package dest_test

import (
	"testing"

	"github.com/toolgate/toolgate/dest"
)

func BenchmarkOriginCheck(b *testing.B) {
	o, err := dest.ParseOrigin("https://api.example.com")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, url string }{
		{"allowed", "https://api.example.com/v1/chat/completions?stream=true"},
		{"hex-link-local", "https://0xa9.0xfe.0xa9.0xfe/latest/meta-data/"},
		{"mapped-ipv6", "https://[::ffff:169.254.169.254]/"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = o.Check(bc.url)
			}
		})
	}
}
