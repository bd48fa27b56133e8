package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/sidecar"
)

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type served struct {
	url    string
	token  string
	stop   func() int // shuts the server down and returns its exit status
	stdout *syncBuffer
	stderr *syncBuffer
}

// startServe runs `toolgate serve` in the test process and waits for its
// first line, the bound address.
// withExampleSecret sets the environment variable of the example policy's
// configured secret: serve refuses to start without every configured
// secret, since it could not redact one it does not know.
func withExampleSecret(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-example-serve-test-0123456789")
}

func startServe(t *testing.T, args ...string) *served {
	withExampleSecret(t)
	t.Helper()
	tok, err := sidecar.NewToken()
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	s := &served{token: tok.Reveal(), stdout: &syncBuffer{}, stderr: &syncBuffer{}}
	code := make(chan int, 1)
	go func() {
		code <- serve(ctx, append([]string{"--policy", example + "/policy.json"}, args...), tok.Reveal(), pw, s.stderr)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	require.NoError(t, err, "stderr: %s", s.stderr)
	s.stdout.Write([]byte(line))
	go io.Copy(s.stdout, pr)
	s.url = "http://" + strings.TrimSpace(line)
	var once sync.Once
	status := -1
	s.stop = func() int {
		once.Do(func() { cancel(); status = <-code })
		return status
	}
	t.Cleanup(func() {
		s.stop()
		assert.NotContains(t, s.stdout.String()+s.stderr.String(), s.token, "serve printed the token")
	})
	return s
}

func (s *served) post(t *testing.T, body string, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", s.url+"/v1/evaluate", strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

func TestServeEvaluatesLikeEval(t *testing.T) {
	s := startServe(t)
	assert.Regexp(t, `^127\.0\.0\.1:\d+\n$`, s.stdout.String(), "the first line is the bound address")
	calls := readLines(t, example+"/calls.jsonl")
	_, evalOut, _ := runCmd(t, strings.Join(calls, "\n"), "eval", "--policy", example+"/policy.json")
	want := strings.Split(strings.TrimSuffix(evalOut, "\n"), "\n")
	require.Len(t, want, len(calls))
	for i, c := range calls {
		code, got := s.post(t, c)
		var d policy.Decision
		require.NoError(t, json.Unmarshal([]byte(got), &d), got)
		if d.Reason == policy.ReasonCallInvalid && strings.HasPrefix(d.Message, "malformed call") {
			// A line that does not decode is a bad request; a call the
			// engine judged invalid got a decision like any other.
			assert.Equal(t, 400, code, "a malformed call is a bad request: %s", c)
		} else {
			assert.Equal(t, 200, code, c)
		}
		assert.Equal(t, want[i]+"\n", got, "serve and eval agree on %s", c)
	}
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var lines []string
	for l := range strings.SplitSeq(strings.TrimSpace(string(b)), "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestServeRefusesWhatTheGuardRefuses(t *testing.T) {
	s := startServe(t)
	call := `{"id":"c1","tool":"read_file","args":{"path":"src/main.go"},"session":"s1","surface":"chat"}`
	tests := []struct {
		name   string
		header []string
		body   string
		want   int
	}{
		{"a call without the token is refused", []string{"Authorization", ""}, call, 401},
		{"a call with a wrong token is refused", []string{"Authorization", "Bearer " + strings.Repeat("x", 43)}, call, 401},
		{"a call from a foreign origin is refused", []string{"Origin", "https://evil.example"}, call, 403},
		{"a call that is not JSON is refused", []string{"Content-Type", "text/plain"}, call, 415},
		{"a call over 1 MiB is refused", nil, `{"id":"` + strings.Repeat("x", 1<<20) + `"}`, 413},
		{"a call from the Tauri origin passes", []string{"Origin", "tauri://localhost"}, call, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := s.post(t, tt.body, tt.header...)
			assert.Equal(t, tt.want, code, body)
		})
	}
	assert.Contains(t, s.stderr.String(), "refused POST from 127.0.0.1:", "refusals are logged")
}

func TestServeHealthNeedsNoToken(t *testing.T) {
	s := startServe(t)
	resp, err := http.Get(s.url + "/healthz")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 204, resp.StatusCode)
}

func TestServeStreamsDecisionEvents(t *testing.T) {
	s := startServe(t, "--allow-origin", "http://localhost:5173")
	req, err := http.NewRequest("GET", s.url+"/v1/events", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Origin", "http://localhost:5173")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	r := bufio.NewReader(resp.Body)
	hello, err := r.ReadString('\n') // the stream's opening comment: it is subscribed
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(hello, ":"), hello)

	code, _ := s.post(t, `{"id":"w1","tool":"write_file","args":{"path":"/etc/passwd-sk-example-serve-test-0123456789","content":"x"},"session":"s1","surface":"chat"}`)
	require.Equal(t, 200, code)
	var lines []string
	for len(lines) < 2 {
		l, err := r.ReadString('\n')
		require.NoError(t, err)
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	assert.Equal(t, "event: policy_decided", lines[0])
	data, ok := strings.CutPrefix(lines[1], "data: ")
	require.True(t, ok, lines[1])
	var ev map[string]any
	require.NoError(t, json.Unmarshal([]byte(data), &ev))
	assert.Equal(t, "w1", ev["callId"])
	assert.Equal(t, "deny", ev["status"])
	assert.Equal(t, "policy_decided", ev["kind"])
	assert.NotEmpty(t, ev["decisionId"])
	assert.NotContains(t, data, "sk-example-serve-test-0123456789", "a configured secret never leaves in an event")

	assert.Equal(t, 0, s.stop(), "shutting down with a stream open is graceful")
	_, err = io.ReadAll(r)
	assert.NoError(t, err, "the stream ends cleanly at shutdown")
}

func TestServeRefusesToStart(t *testing.T) {
	withExampleSecret(t)
	good := strings.Repeat("a", sidecar.MinTokenLen)
	tests := []struct {
		name  string
		args  []string
		token string
		want  string
	}{
		{"without a token", []string{"--policy", example + "/policy.json"}, "", "TOOLGATE_TOKEN"},
		{"with a short token", []string{"--policy", example + "/policy.json"}, "short-token-123", "TOOLGATE_TOKEN"},
		{"without a policy", nil, good, "--policy"},
		{"with an invalid policy", []string{"--policy", "testdata/nonexistent.json"}, good, "nonexistent.json"},
		{"on every interface", []string{"--policy", example + "/policy.json", "--addr", "0.0.0.0:0"}, good, "not a loopback address"},
		{"on a host name", []string{"--policy", example + "/policy.json", "--addr", "example.com:0"}, good, "not a loopback address"},
		{"with a wildcard origin", []string{"--policy", example + "/policy.json", "--allow-origin", "http://*.example"}, good, "wildcards"},
	}
	for _, tt := range tests {
		t.Run("it refuses to start "+tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := serve(context.Background(), tt.args, tt.token, &out, &errb)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, out.String())
			assert.Contains(t, errb.String(), tt.want)
			if tt.token != "" {
				assert.NotContains(t, errb.String(), tt.token)
			}
		})
	}
}

func TestServeHelp(t *testing.T) {
	code, out, _ := runCmd(t, "", "serve", "--help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Usage: toolgate serve")
	assert.Contains(t, out, "TOOLGATE_TOKEN")
}

// TestServeHelperProcess is not a test: TestServeStopsOnSIGTERM runs the
// test binary again with it, to play `toolgate` itself.
func TestServeHelperProcess(t *testing.T) {
	if os.Getenv("TOOLGATE_SERVE_HELPER") != "1" {
		t.Skip("runs only as the helper process of TestServeStopsOnSIGTERM")
	}
	args := os.Args
	for i, a := range args {
		if a == "--" {
			args = args[i+1:]
			break
		}
	}
	os.Exit(run(args, os.Stdin, os.Stdout, os.Stderr))
}

func TestServeStopsOnSIGTERM(t *testing.T) {
	withExampleSecret(t)
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM to send on Windows")
	}
	tok, err := sidecar.NewToken()
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeHelperProcess$", "--", "serve", "--policy", example+"/policy.json")
	cmd.Env = append(os.Environ(), "TOOLGATE_SERVE_HELPER=1", tok.Env())
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill() })
	r := bufio.NewReader(stdout)
	addr, err := r.ReadString('\n')
	require.NoError(t, err, "stderr: %s", stderr.String())

	req, err := http.NewRequest("POST", "http://"+strings.TrimSpace(addr)+"/v1/evaluate",
		strings.NewReader(`{"id":"c1","tool":"read_file","args":{"path":"src/main.go"},"session":"s1","surface":"chat"}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok.Reveal())
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)

	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	rest, err := io.ReadAll(r)
	require.NoError(t, err)
	require.NoError(t, cmd.Wait(), "serve exits 0 on SIGTERM; stderr: %s", stderr.String())
	assert.Empty(t, string(rest), "the address is the only line on standard output")
	assert.NotContains(t, addr+stderr.String(), tok.Reveal())
}
