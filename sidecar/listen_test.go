package sidecar_test

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/sidecar"
)

func TestListenBindsOnlyToLoopback(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:0", "localhost:0", "LOCALHOST:0", "[::ffff:127.0.0.1]:0"} {
		t.Run(addr+" is accepted", func(t *testing.T) {
			l, err := sidecar.Listen(t.Context(), addr)
			require.NoError(t, err)
			defer l.Close()
			ap, err := netip.ParseAddrPort(l.Addr().String())
			require.NoError(t, err)
			assert.True(t, ap.Addr().IsLoopback())
		})
	}
	refused := []struct{ name, addr string }{
		{"the unspecified IPv4 address is refused", "0.0.0.0:0"},
		{"the unspecified IPv6 address is refused", "[::]:0"},
		{"an empty host, meaning every interface, is refused", ":0"},
		{"a LAN address is refused", "192.168.1.10:0"},
		{"a host name is refused whatever it resolves to", "example.com:0"},
		{"a name that looks local is refused", "localhost.localdomain:0"},
		{"a loopback address with a zone is refused", "[::1%lo]:0"},
		{"an address without a port is refused", "127.0.0.1"},
		{"a port out of range is refused", "127.0.0.1:70000"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			l, err := sidecar.Listen(t.Context(), tt.addr)
			if l != nil {
				l.Close()
			}
			var ae *sidecar.AddrError
			require.ErrorAs(t, err, &ae)
			assert.Equal(t, tt.addr, ae.Addr)
			_, err = sidecar.LoopbackAddr(tt.addr)
			require.ErrorAs(t, err, &ae, "LoopbackAddr refuses it before any bind")
		})
	}
	_, err := sidecar.Listen(t.Context(), "0.0.0.0:0")
	assert.ErrorIs(t, err, sidecar.ErrNotLoopback)
}

func TestNewServerSetsTimeouts(t *testing.T) {
	srv := sidecar.NewServer(nil)
	assert.Equal(t, sidecar.ReadHeaderTimeout, srv.ReadHeaderTimeout)
	assert.Equal(t, sidecar.IdleTimeout, srv.IdleTimeout)
	assert.Equal(t, sidecar.MaxHeaderBytes, srv.MaxHeaderBytes)
}

func TestNewRefusesABadConfig(t *testing.T) {
	tok, err := sidecar.NewToken()
	require.NoError(t, err)
	for _, tt := range []struct {
		name string
		cfg  sidecar.Config
		want string
	}{
		{"a zero token is refused", sidecar.Config{}, "Token"},
		{"a wildcard origin is refused", sidecar.Config{Token: tok, Origins: []string{"http://*.example"}}, "Origins[0]"},
		{"an origin with a path is refused", sidecar.Config{Token: tok, Origins: []string{"http://localhost:5173/app"}}, "Origins[0]"},
		{"the null origin is refused", sidecar.Config{Token: tok, Origins: []string{"null"}}, "Origins[0]"},
		{"a negative body cap is refused", sidecar.Config{Token: tok, MaxBodyBytes: -1}, "MaxBodyBytes"},
		{"a negative burst is refused", sidecar.Config{Token: tok, Burst: -1}, "Burst"},
		{"a relative health path is refused", sidecar.Config{Token: tok, HealthPath: "healthz"}, "HealthPath"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sidecar.New(tt.cfg, noop{})
			require.ErrorIs(t, err, sidecar.ErrConfig)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
