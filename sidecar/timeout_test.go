package sidecar_test

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/sidecar"
)

// pipeListener hands out in-memory connections that look like loopback
// TCP, so that an http.Server runs inside a synctest bubble.
type pipeListener struct {
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

type loopbackConn struct{ net.Conn }

func (loopbackConn) LocalAddr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080} }
func (loopbackConn) RemoteAddr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 50000}
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error   { l.once.Do(func() { close(l.done) }); return nil }
func (l *pipeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080} }

func (l *pipeListener) dial() net.Conn {
	server, client := net.Pipe()
	l.conns <- loopbackConn{server}
	return client
}

// TestGuardBoundsTheTimeToSendABody holds a client that declares a body
// and stops sending it: its request fails when BodyTimeout has passed, not
// before, so a slow client cannot hold a connection.
func TestGuardBoundsTheTimeToSendABody(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		tok, err := sidecar.NewToken()
		require.NoError(t, err)
		readErr := make(chan error, 1)
		guard, err := sidecar.New(sidecar.Config{Token: tok, BodyTimeout: 30 * time.Second},
			http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, err := io.ReadAll(r.Body)
				readErr <- err
			}))
		require.NoError(t, err)
		l := newPipeListener()
		srv := sidecar.NewServer(guard)
		go srv.Serve(l)
		defer srv.Close()

		c := l.dial()
		defer c.Close()
		go io.Copy(io.Discard, c)
		_, err = io.WriteString(c, "POST /v1/x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAuthorization: Bearer "+tok.Reveal()+
			"\r\nContent-Length: 100\r\n\r\n0123456789")
		require.NoError(t, err)

		time.Sleep(29 * time.Second)
		synctest.Wait()
		select {
		case err := <-readErr:
			t.Fatalf("the body read ended before the timeout: %v", err)
		default:
		}
		time.Sleep(2 * time.Second)
		synctest.Wait()
		select {
		case err := <-readErr:
			var ne net.Error
			assert.True(t, errors.As(err, &ne) && ne.Timeout(), "want a timeout, got %v", err)
		default:
			t.Fatal("the body read still waits after the timeout")
		}
	})
}

// TestNewServerBoundsTheTimeToSendHeaders: a client that never finishes
// its headers is cut off after ReadHeaderTimeout.
func TestNewServerBoundsTheTimeToSendHeaders(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newPipeListener()
		srv := sidecar.NewServer(http.NotFoundHandler())
		go srv.Serve(l)
		defer srv.Close()
		c := l.dial()
		defer c.Close()
		_, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n")
		require.NoError(t, err)
		closed := make(chan string, 1)
		go func() {
			line, _ := bufio.NewReader(c).ReadString('\n')
			closed <- line
		}()
		time.Sleep(sidecar.ReadHeaderTimeout - time.Second)
		synctest.Wait()
		assert.Empty(t, closed, "cut off before the timeout")
		time.Sleep(2 * time.Second)
		synctest.Wait()
		require.Len(t, closed, 1, "still waiting after the timeout")
		line := <-closed
		assert.True(t, line == "" || strings.HasPrefix(line, "HTTP/1.1 408"), line)
	})
}
