package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policyfile"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/toolgate/toolgate/internal/jsonl"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/sidecar"
	"golang.org/x/time/rate"
)

const serveHelp = `Usage: toolgate serve --policy FILE [--managed FILE] [--repo FILE] [--addr 127.0.0.1:PORT] [--allow-origin ORIGIN]...

Serves the policy engine over HTTP on a loopback address, for hosts written
in other languages and for a desktop shell's webview. The token is read from
the TOOLGATE_TOKEN environment variable (never from the command line): at
least 43 characters of A-Z a-z 0-9 - _ such as the output of
'openssl rand -hex 32'. serve refuses to start without one.

Every request carries "Authorization: Bearer $TOOLGATE_TOKEN"; a browser
WebSocket offers "toolgate.token.$TOOLGATE_TOKEN" as a subprotocol instead.
Requests with a foreign Origin, a Host other than the loopback address, a
credential in the URL, a body over 1 MiB or over the rate (a burst of 100,
200 a second) are refused.

  POST /v1/evaluate  a call (the JSON of 'toolgate eval') -> its decision;
                     a malformed call gets 400 and a deny call.invalid
  GET  /v1/events    a server-sent event stream, one "policy_decided" event
                     per decision (id, tool, session, surface, decision,
                     reason, rule, risk, humanRequired, and the resources
                     judged: canonical paths, a command's text, a URL,
                     redacted as audit events are; no other argument)
  GET  /healthz      204 without a token, and nothing more

The first line on standard output is the bound address (127.0.0.1:PORT);
nothing secret is ever printed. SIGINT or SIGTERM shut the server down
gracefully. Exit status: 0 after a shutdown, 2 on bad usage, an invalid
policy, a refused layer, a missing or short token, or an address that is
not loopback.
` + layersHelp + `
Options:
`

// shutdownTimeout bounds a graceful shutdown.
const shutdownTimeout = 5 * time.Second

func cmdServe(args []string, stdout, stderr io.Writer) int {
	token := os.Getenv(sidecar.EnvVar)
	// Children of this process have no business with the token.
	os.Unsetenv(sidecar.EnvVar)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, token, stdout, stderr)
}

// serve runs the server until ctx is done.
func serve(ctx context.Context, args []string, tokenText string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", serveHelp, stderr)
	policyPath := fs.String("policy", "", "the policy `FILE` (required)")
	layers := addLayerFlags(fs)
	addr := fs.String("addr", "127.0.0.1:0", "the loopback `ADDRESS` to listen on; port 0 picks a free one")
	var origins []string
	fs.Func("allow-origin", "also allow this `ORIGIN` (a development server, e.g. http://localhost:5173); repeatable", func(o string) error {
		if _, err := sidecar.NormalizeOrigin(o); err != nil {
			return err
		}
		origins = append(origins, o)
		return nil
	})
	if slices.ContainsFunc(args, func(a string) bool { return a == "--help" || a == "-help" || a == "-h" }) {
		fs.SetOutput(stdout) // help asked for is an answer, on standard output
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if *policyPath == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "toolgate serve: --policy FILE is required, and nothing else")
		fs.Usage()
		return exitUsage
	}
	token, err := sidecar.ParseToken(tokenText)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate serve: %s: %v\n", sidecar.EnvVar, err)
		return exitUsage
	}
	p, _, err := loadPolicy(*policyPath, layers, false, policyfile.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "toolgate serve: %v\n", err)
		return exitUsage
	}
	red, err := policyRedactor(p)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate serve: %v\n", err)
		return exitUsage
	}
	events := newEventStream(red)
	srv := &evalServer{engine: p.Engine, sink: events}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/evaluate", srv.evaluate)
	mux.Handle("GET /v1/events", events)
	var logMu sync.Mutex
	// A page flooding the port must not flood the log: at most 10 lines a
	// second, with a count of those left out.
	logLimit, suppressed := rate.NewLimiter(10, 10), 0
	guard, err := sidecar.New(sidecar.Config{
		Token:      token,
		Origins:    origins,
		HealthPath: "/healthz",
		OnRefuse: func(r *http.Request, why sidecar.Refusal) {
			logMu.Lock()
			defer logMu.Unlock()
			if !logLimit.Allow() {
				suppressed++
				return
			}
			if suppressed > 0 {
				fmt.Fprintf(stderr, "toolgate serve: %d more refusals not logged\n", suppressed)
				suppressed = 0
			}
			// Method, address and reason only: the path and query of a
			// refused request may carry what they should not.
			fmt.Fprintf(stderr, "toolgate serve: refused %s from %s: %s\n", r.Method, r.RemoteAddr, why)
		},
	}, mux)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate serve: %v\n", err)
		return exitUsage
	}
	l, err := sidecar.Listen(ctx, *addr)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate serve: %v\n", err)
		return exitUsage
	}
	baseCtx, cancelStreams := context.WithCancel(context.Background())
	defer cancelStreams()
	hs := sidecar.NewServer(guard)
	hs.BaseContext = func(net.Listener) context.Context { return baseCtx }
	fmt.Fprintln(stdout, l.Addr().String())
	served := make(chan error, 1)
	go func() { served <- hs.Serve(l) }()
	select {
	case <-ctx.Done():
	case err := <-served:
		fmt.Fprintf(stderr, "toolgate serve: %v\n", err)
		return exitUsage
	}
	// Event streams never end by themselves: end them, then wait for the
	// requests in flight.
	cancelStreams()
	sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		hs.Close()
	}
	return exitOK
}

// decisionSink receives every decision the server makes, with its call.
// The event stream implements it.
type decisionSink interface {
	Decided(c *policy.Call, d *policy.Decision)
}

type evalServer struct {
	engine *policy.Engine
	sink   decisionSink
}

func (s *evalServer) evaluate(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		http.Error(w, "want Content-Type: application/json", http.StatusUnsupportedMediaType)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			http.Error(w, "the call is too large", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "reading the call: "+err.Error(), http.StatusBadRequest)
		return
	}
	status := http.StatusOK
	c, err := jsonl.DecodeCall(body)
	var d policy.Decision
	if err != nil {
		status = http.StatusBadRequest
		d = policy.Decision{ID: c.ID, Verdict: policy.Deny, Reason: policy.ReasonCallInvalid,
			Interaction: policy.Unattended, Message: "malformed call: " + err.Error()}
	} else {
		d = s.engine.Evaluate(c)
	}
	s.sink.Decided(&c, &d)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(jsonl.AppendDecision(nil, &d), '\n'))
}

// Event stream limits: the streams open at once, and the events a stream
// may fall behind before it is cut off (a client that cannot keep up is
// disconnected rather than silently missing events).
const (
	maxEventStreams = 32
	eventBuffer     = 256
	eventPing       = 15 * time.Second
)

// eventStream fans decision events out to server-sent event streams.
type eventStream struct {
	mu   sync.Mutex
	subs map[chan []byte]struct{}
	red  *audit.Redactor
}

func newEventStream(red *audit.Redactor) *eventStream {
	return &eventStream{subs: map[chan []byte]struct{}{}, red: red}
}

// Decided publishes the decision to every open stream as an audit event
// (package audit's policy_decided), redacted with the policy's configured
// secrets before it leaves the process.
func (s *eventStream) Decided(c *policy.Call, d *policy.Decision) {
	e := audit.FromDecision(audit.NewDecisionID(), *c, *d).Redact(s.red)
	e.Time = time.Now().UTC()
	ev, err := json.Marshal(e)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for ch := range s.subs {
		select {
		case ch <- ev:
		default:
			delete(s.subs, ch)
			close(ch)
		}
	}
}

func (s *eventStream) subscribe() (chan []byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.subs) >= maxEventStreams {
		return nil, false
	}
	ch := make(chan []byte, eventBuffer)
	s.subs[ch] = struct{}{}
	return ch, true
}

func (s *eventStream) unsubscribe(ch chan []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.subs[ch]; ok {
		delete(s.subs, ch)
		close(ch)
	}
}

// ServeHTTP streams events until the client goes or the server shuts down.
func (s *eventStream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ch, ok := s.subscribe()
	if !ok {
		http.Error(w, "too many event streams", http.StatusServiceUnavailable)
		return
	}
	defer s.unsubscribe(ch)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, ": toolgate events\n\n"); err != nil || rc.Flush() != nil {
		return
	}
	ping := time.NewTicker(eventPing)
	defer ping.Stop()
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case ev, ok := <-ch:
			if !ok {
				return // fell behind
			}
			_, err = fmt.Fprintf(w, "event: policy_decided\ndata: %s\n\n", ev)
		case <-ping.C:
			_, err = io.WriteString(w, ": ping\n\n")
		}
		if err != nil || rc.Flush() != nil {
			return
		}
	}
}
