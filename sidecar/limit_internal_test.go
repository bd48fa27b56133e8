package sidecar

import (
	"context"
	"io"
	"net"
	"sync/atomic"
	"testing"
	"time"
)

// TestListenHoldsAtMostMaxConnsOpen: past the bound, a connection waits
// in the kernel's queue until one closes, and a closed listener's waiting
// Accept returns.
func TestListenHoldsAtMostMaxConnsOpen(t *testing.T) {
	saved := maxConns
	maxConns = 3
	defer func() { maxConns = saved }()
	l, err := Listen(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var accepted atomic.Int32
	conns := make(chan net.Conn, 8)
	done := make(chan error, 1)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				done <- err
				return
			}
			accepted.Add(1)
			conns <- c
		}
	}()
	for range 4 {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
	}
	waitFor := func(n int32) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); accepted.Load() != n; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("accepted %d connections, want %d", accepted.Load(), n)
			}
		}
	}
	waitFor(3)
	time.Sleep(50 * time.Millisecond)
	if n := accepted.Load(); n != 3 {
		t.Fatalf("accepted %d connections with room for 3", n)
	}
	c := <-conns
	c.Close()
	c.Close() // a second Close gives nothing back twice
	waitFor(4)
	l.Close()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("Accept returned no error after Close")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("an Accept waiting for room did not return after Close")
	}
}

// TestListenKeepsCloseWrite: a connection from Listen still half-closes,
// which net/http relies on to deliver an answer before closing a
// connection whose body it did not read.
func TestListenKeepsCloseWrite(t *testing.T) {
	l, err := Listen(context.Background(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	client, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	server, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	cw, ok := server.(interface{ CloseWrite() error })
	if !ok {
		t.Fatalf("%T has no CloseWrite", server)
	}
	if err := cw.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	_ = client.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := client.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("after CloseWrite the client read %d bytes, %v; want end of stream", n, err)
	}
}
