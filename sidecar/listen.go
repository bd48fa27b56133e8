package sidecar

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrNotLoopback is returned (wrapped in an *AddrError) by Listen for an
// address that is not a loopback address.
var ErrNotLoopback = errors.New("not a loopback address")

// AddrError is an address Listen refused, and why.
type AddrError struct {
	Addr string
	Err  error
}

// Error names the address and the reason.
func (e *AddrError) Error() string { return fmt.Sprintf("sidecar: listen on %q: %v", e.Addr, e.Err) }

// Unwrap returns the reason, ErrNotLoopback when the address is not loopback.
func (e *AddrError) Unwrap() error { return e.Err }

// Listen binds a TCP listener to a loopback address and nothing else. addr
// is host:port where host is an IP literal in 127.0.0.0/8, ::1, or the name
// "localhost" (taken as 127.0.0.1 without asking a resolver, whose answer
// could be changed); port 0 picks a free port. It refuses every other
// address, the unspecified ones (0.0.0.0, ::, an empty host) and every
// other host name included, whatever it would resolve to.
func Listen(ctx context.Context, addr string) (net.Listener, error) {
	ap, err := LoopbackAddr(addr)
	if err != nil {
		return nil, err
	}
	var lc net.ListenConfig
	network := "tcp4"
	if ap.Addr().Is6() {
		network = "tcp6"
	}
	l, err := lc.Listen(ctx, network, ap.String())
	if err != nil {
		return nil, &AddrError{Addr: addr, Err: err}
	}
	if bound, err := netip.ParseAddrPort(l.Addr().String()); err != nil || !bound.Addr().IsLoopback() {
		l.Close()
		return nil, &AddrError{Addr: addr, Err: fmt.Errorf("%w: bound to %s", ErrNotLoopback, l.Addr())}
	}
	return &limitListener{Listener: l, slots: make(chan struct{}, maxConns), done: make(chan struct{})}, nil
}

// MaxConns bounds the connections a listener from Listen holds open at
// once. Past it, Accept waits until one closes (the kernel queues the
// rest): another local process opening connections without end uses up
// neither the server's file descriptors nor its memory, and the idle and
// slow ones it holds are cut by the server's timeouts (see NewServer and
// docs/security-model.md).
const MaxConns = 512

// maxConns is MaxConns; tests lower it.
var maxConns = MaxConns

// limitListener holds at most cap(slots) accepted connections open.
type limitListener struct {
	net.Listener
	slots     chan struct{}
	done      chan struct{} // closed by Close: a waiting Accept returns
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, slots: l.slots}, nil
}

// Close closes the listener; an Accept waiting for a slot returns.
func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitConn gives its slot back once, on its first Close.
type limitConn struct {
	net.Conn
	once  sync.Once
	slots chan struct{} // the listener's
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { <-c.slots })
	return err
}

// CloseWrite shuts down the writing side of a TCP connection. net/http
// calls it, when the connection offers it, before closing a connection
// whose request body it did not read (a refused upload, for one), so that
// the client reads the answer instead of a reset; wrapping the connection
// must not hide it.
func (c *limitConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// LoopbackAddr parses addr as Listen does and returns the address to bind.
func LoopbackAddr(addr string) (netip.AddrPort, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return netip.AddrPort{}, &AddrError{Addr: addr, Err: err}
	}
	if strings.EqualFold(host, "localhost") {
		host = "127.0.0.1"
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.AddrPort{}, &AddrError{Addr: addr, Err: fmt.Errorf("%w: host %q is not an IP literal or localhost", ErrNotLoopback, host)}
	}
	if ip.Zone() != "" || !ip.Unmap().IsLoopback() {
		return netip.AddrPort{}, &AddrError{Addr: addr, Err: fmt.Errorf("%w: %s", ErrNotLoopback, host)}
	}
	p, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return netip.AddrPort{}, &AddrError{Addr: addr, Err: fmt.Errorf("port %q is not a number from 0 to 65535", port)}
	}
	return netip.AddrPortFrom(ip.Unmap(), uint16(p)), nil
}

// Server timeouts and limits set by NewServer.
const (
	ReadHeaderTimeout = 10 * time.Second
	IdleTimeout       = 60 * time.Second
	MaxHeaderBytes    = 16 << 10
)

// NewServer returns an http.Server for h with the header timeout, idle
// timeout and header size cap above, and with net/http's own answer to
// "OPTIONS *" turned off: that answer is given before h is called, so it
// would pass by the Guard and its Host check, rate limit and body timeout.
// It sets no overall read or write
// timeout, which would cut SSE streams and WebSockets: a Guard bounds the
// time to send a body (Config.BodyTimeout) and caps its size instead.
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		// "OPTIONS *" reaches h like any request, so the Guard refuses it.
		DisableGeneralOptionsHandler: true,
	}
}
