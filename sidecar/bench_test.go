package sidecar_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/toolgate/toolgate/sidecar"
	"golang.org/x/time/rate"
)

// BenchmarkLoopback measures whole requests over loopback, one keep-alive
// connection, to the same handler with and without a Guard in front. The
// Guard keeps its rate limiter in the path with a limit no request reaches.
func BenchmarkLoopback(b *testing.B) {
	tok, err := sidecar.NewToken()
	if err != nil {
		b.Fatal(err)
	}
	guard, err := sidecar.New(sidecar.Config{Token: tok, Rate: rate.Limit(1e12), Burst: 1 << 30}, noop{})
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		h    http.Handler
	}{{"guard=off", noop{}}, {"guard=on", guard}} {
		b.Run(bc.name, func(b *testing.B) {
			l, err := sidecar.Listen(b.Context(), "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			srv := sidecar.NewServer(bc.h)
			go srv.Serve(l)
			defer srv.Close()
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
			req, err := http.NewRequest("GET", "http://"+l.Addr().String()+"/v1/x", nil)
			if err != nil {
				b.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+tok.Reveal())
			req.Header.Set("Origin", "tauri://localhost")
			for b.Loop() {
				resp, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Fatalf("status %d", resp.StatusCode)
				}
			}
		})
	}
}

// discardWriter is a ResponseWriter that keeps nothing.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

// BenchmarkServeHTTP measures the Guard's own work per request, without
// the network: one authenticated request from the Tauri origin, against
// the bare handler.
func BenchmarkServeHTTP(b *testing.B) {
	tok, err := sidecar.NewToken()
	if err != nil {
		b.Fatal(err)
	}
	guard, err := sidecar.New(sidecar.Config{Token: tok, Rate: rate.Limit(1e12), Burst: 1 << 30}, noop{})
	if err != nil {
		b.Fatal(err)
	}
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 43125}
	for _, bc := range []struct {
		name string
		h    http.Handler
	}{{"guard=off", noop{}}, {"guard=on", guard}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.WithValue(context.Background(), http.LocalAddrContextKey, local)
			req := httptest.NewRequestWithContext(ctx, "GET", "/v1/x", nil)
			req.Host = "127.0.0.1:43125"
			req.RemoteAddr = "127.0.0.1:50000"
			w := &discardWriter{h: http.Header{}}
			auth := "Bearer " + tok.Reveal()
			for b.Loop() {
				req.Header = http.Header{"Authorization": {auth}, "Origin": {"tauri://localhost"}}
				clear(w.h)
				bc.h.ServeHTTP(w, req)
			}
		})
	}
}
