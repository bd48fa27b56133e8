package sidecar

import (
	"net/http"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// maxClients bounds the limiter's table. On loopback every local process
// is a 127.0.0.0/8 or ::1 address, so a handful of entries is normal; a
// client that cycles through 127.x.y.z addresses finds the table full and
// shares one overflow limiter with every other newcomer.
const maxClients = 1024

// clientKey is what a rate limit applies to: the client's address, and
// whether it presented the token. Keeping the two apart means a web page
// hammering the port without the token cannot use up the budget of the
// trusted client on the same address.
type clientKey struct {
	addr   netip.Addr
	authed bool
}

func clientOf(r *http.Request, authed bool) clientKey {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return clientKey{authed: authed} // unknown clients share one entry
	}
	return clientKey{addr: ap.Addr().Unmap(), authed: authed}
}

// limiter holds one token bucket per client.
type limiter struct {
	limit    rate.Limit
	burst    int
	mu       sync.Mutex
	clients  map[clientKey]*rate.Limiter
	overflow *rate.Limiter
}

func newLimiter(limit rate.Limit, burst int) *limiter {
	return &limiter{limit: limit, burst: burst, clients: map[clientKey]*rate.Limiter{},
		overflow: rate.NewLimiter(limit, burst)}
}

// allow reports whether client k may make one more request now.
func (l *limiter) allow(k clientKey) bool {
	if l.limit == rate.Inf {
		return true
	}
	l.mu.Lock()
	lim, ok := l.clients[k]
	if !ok {
		if len(l.clients) >= maxClients {
			l.sweep(time.Now())
		}
		if len(l.clients) >= maxClients {
			lim = l.overflow
		} else {
			lim = rate.NewLimiter(l.limit, l.burst)
			l.clients[k] = lim
		}
	}
	l.mu.Unlock()
	return lim.Allow()
}

// sweep forgets clients whose bucket is full again: they have been idle
// long enough that a fresh bucket is the same.
func (l *limiter) sweep(now time.Time) {
	for k, lim := range l.clients {
		if lim.TokensAt(now) >= float64(l.burst) {
			delete(l.clients, k)
		}
	}
}
