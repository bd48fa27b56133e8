package sidecar_test

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/toolgate/toolgate/sidecar"
)

type noop struct{}

func (noop) ServeHTTP(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "hello\n") }

// A host makes a token per launch, guards its handler, binds to loopback
// and hands the token to its trusted client (here, Go's own HTTP client).
func Example() {
	tok, err := sidecar.NewToken()
	if err != nil {
		panic(err)
	}
	guard, err := sidecar.New(sidecar.Config{Token: tok, HealthPath: "/healthz"}, noop{})
	if err != nil {
		panic(err)
	}
	l, err := sidecar.Listen(context.Background(), "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := sidecar.NewServer(guard)
	go srv.Serve(l)
	defer srv.Close()

	get := func(bearer string) int {
		req, _ := http.NewRequest("GET", "http://"+l.Addr().String()+"/", nil)
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			panic(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	fmt.Println("without the token:", get(""))
	fmt.Println("with the token:", get(tok.Reveal()))
	fmt.Printf("the token prints as %v\n", tok)
	// Output:
	// without the token: 401
	// with the token: 200
	// the token prints as [REDACTED]
}
