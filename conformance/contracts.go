package conformance

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// contract is one row of the matrix, as data: what to set up, what to do
// through the host, and checks that each return "" or what the host did
// instead of what was expected.
type contract struct {
	num       int
	name      string
	invariant int    // of docs/security-model.md, Invariants; 0: see section
	section   string // the section of docs/security-model.md when invariant is 0
	setup     func(e *env)
	action    func(e *env) error
	checks    []check
}

// check is one expectation. call, when set, is the ID of the call it is
// about.
type check struct {
	call   string
	expect string
	got    func(e *env) string
}

func (c contract) cellName() string { return fmt.Sprintf("%02d-%s", c.num, c.name) }

// notRun expects the call never to run.
func notRun(id string) check {
	return check{call: id, expect: "it never runs", got: func(e *env) string {
		if n := e.ran(id); n > 0 {
			return fmt.Sprintf("ran it %d time(s)", n)
		}
		return ""
	}}
}

// ranOnce expects the call to run exactly once: it is the control that
// shows the cell exercised the host at all.
func ranOnce(id string) check {
	return check{call: id, expect: "it runs exactly once", got: func(e *env) string {
		if n := e.ran(id); n != 1 {
			return fmt.Sprintf("ran it %d time(s)", n)
		}
		return ""
	}}
}

// asked expects the host to ask the attended person about the call.
func asked(id string) check {
	return check{call: id, expect: "the host asks the person before running it", got: func(e *env) string {
		if e.timesAsked(id) == 0 {
			return fmt.Sprintf("never asked (and ran it %d time(s))", e.ran(id))
		}
		return ""
	}}
}

// onlyIfAsked expects the call to run at most once, and only after the
// person was asked. A refusal (a delegated agent that does not hold the
// tool) is stricter, and passes.
func onlyIfAsked(id string) check {
	return check{call: id, expect: "it runs only after a person approves it, at most once", got: func(e *env) string {
		n, q := e.ran(id), e.timesAsked(id)
		switch {
		case n > 0 && q == 0:
			return fmt.Sprintf("ran it %d time(s) without asking", n)
		case n > 1:
			return fmt.Sprintf("ran it %d times on one approval", n)
		}
		return ""
	}}
}

// notAsked expects no question about the call: nothing a person could
// answer would make it run, or it needs none.
func notAsked(id, why string) check {
	return check{call: id, expect: why, got: func(e *env) string {
		if n := e.timesAsked(id); n > 0 {
			return fmt.Sprintf("asked the person %d time(s), offering an override", n)
		}
		return ""
	}}
}

// seen is a check over what an action recorded.
func seen(expect string, got func(e *env) string) check { return check{expect: expect, got: got} }

// contracts are the twelve contracts of docs/security-model.md, "Contract
// tests", in order.
var contracts = []contract{
	{
		num: 1, name: "allow-cannot-escape-roots-or-hardline", invariant: 2,
		setup: func(e *env) {
			e.answer = true // a person who approves anything offered
			os.Symlink(e.outside, filepath.Join(e.ws, "link"))
		},
		action: func(e *env) error {
			return e.turn(
				e.write("c1-outside", filepath.Join(e.outside, "c1.txt")),
				e.write("c1-link", filepath.Join(e.ws, "link", "c1.txt")),
				e.read("c1-dotdot", "../outside/o.txt"),
				e.read("c1-key", filepath.Join(e.home, ".ssh", "id_rsa")),
				e.read("c1-key-expanded", "$(echo ~)/.ssh/id_rsa"), // for a tool that hands its path to a shell
				e.shell("c1-cat-key", "cat "+filepath.Join(e.home, ".ssh", "id_rsa")),
				e.shell("c1-rm-home", "rm -rf "+e.home),
				e.write("c1-control", filepath.Join(e.ws, "c1.txt")),
			)
		},
		checks: []check{notRun("c1-outside"), notRun("c1-link"), notRun("c1-dotdot"), notRun("c1-key"),
			notRun("c1-key-expanded"), notRun("c1-cat-key"), notRun("c1-rm-home"), ranOnce("c1-control")},
	},
	{
		num: 2, name: "ask-allows-reads-and-asks-for-changes", invariant: 1,
		setup: func(e *env) { e.cfg.Mode = policy.ModeAsk },
		action: func(e *env) error {
			return e.turn(
				e.read("c2-read", filepath.Join(e.ws, "a.txt")),
				e.write("c2-write", filepath.Join(e.ws, "b.txt")),
				e.shell("c2-shell", ""),
				e.post("c2-post", "#general"),
			)
		},
		checks: []check{ranOnce("c2-read"), notAsked("c2-read", "a read runs without a question"),
			asked("c2-write"), notRun("c2-write"), asked("c2-shell"), notRun("c2-shell"),
			asked("c2-post"), notRun("c2-post")},
	},
	{
		num: 3, name: "deny-runs-nothing", invariant: 1,
		setup: func(e *env) { e.cfg.Mode = policy.ModeDeny; e.answer = true },
		action: func(e *env) error {
			return e.turn(
				e.read("c3-read", filepath.Join(e.ws, "a.txt")),
				e.write("c3-write", filepath.Join(e.ws, "b.txt")),
				e.shell("c3-shell", ""),
				e.post("c3-post", "#general"),
				Call{ID: "c3-unknown", Tool: ToolUnknown, Args: map[string]any{"note": "c3-unknown"}},
			)
		},
		checks: []check{notRun("c3-read"), notRun("c3-write"), notRun("c3-shell"), notRun("c3-post"), notRun("c3-unknown")},
	},
	{
		num: 4, name: "unknown-tools-need-approval", invariant: 3,
		setup: func(e *env) { e.answer = true }, // the person approves: the call may run, once asked
		action: func(e *env) error {
			return e.turn(
				Call{ID: "c4-unknown", Tool: ToolUnknown, Args: map[string]any{"path": "a.txt", "note": "c4-unknown"}},
				Call{ID: "c4-bad-meta", Tool: ToolBadMeta, Args: map[string]any{"command": "true", "note": "c4-bad-meta"}},
				e.read("c4-control", filepath.Join(e.ws, "a.txt")),
			)
		},
		checks: []check{onlyIfAsked("c4-unknown"), onlyIfAsked("c4-bad-meta"), ranOnce("c4-control")},
	},
	{
		num: 5, name: "read-only-roots-refuse-writes", invariant: 4,
		setup: func(e *env) { e.answer = true },
		action: func(e *env) error {
			return e.turn(
				e.write("c5-new", filepath.Join(e.ref, "new.txt")),
				e.write("c5-existing", filepath.Join(e.ref, "r.txt")),
				e.write("c5-control", filepath.Join(e.ws, "c5.txt")),
			)
		},
		checks: []check{notRun("c5-new"), notAsked("c5-new", "a deny with no override offered"),
			notRun("c5-existing"), notAsked("c5-existing", "a deny with no override offered"), ranOnce("c5-control")},
	},
	{
		num: 6, name: "children-never-exceed-parents", invariant: 5,
		setup: func(e *env) {
			e.answer = true
			e.cfg.Agents["lead"] = delegation.Definition{Mode: policy.ModeAsk,
				Tools: []string{ToolRead, ToolWrite, ToolPost},
				Roots: []delegation.RootRequest{{Path: e.ws, Access: roots.ReadWrite}}}
			e.cfg.Agents["worker"] = delegation.Definition{Parent: "lead", Mode: policy.ModeAllow,
				Tools: []string{ToolRead, ToolWrite, ToolPost, ToolShell},
				Roots: []delegation.RootRequest{{Path: e.ws, Access: roots.ReadWrite}, {Path: e.extra, Access: roots.ReadWrite}}}
		},
		action: func(e *env) error {
			return e.turn(
				e.as("worker", e.read("c6-read", filepath.Join(e.ws, "a.txt"))),
				e.as("worker", e.write("c6-mode", filepath.Join(e.ws, "c6.txt"))),
				e.as("worker", e.write("c6-root", filepath.Join(e.extra, "c6.txt"))),
				e.as("worker", e.shell("c6-tool", "")),
			)
		},
		checks: []check{ranOnce("c6-read"), asked("c6-mode"), notRun("c6-root"), notRun("c6-tool")},
	},
	{
		num: 7, name: "unattended-approval-parks-and-survives-restart", invariant: 6,
		setup: func(e *env) {
			e.cfg.Mode, e.cfg.Interaction = policy.ModeAsk, policy.Unattended
			e.answer = true // nobody should be asked; a host that asks anyway gets a yes
		},
		action: func(e *env) error {
			if err := e.turn(e.write("c7-write", filepath.Join(e.ws, "c7.txt")), e.post("c7-post", "#ops")); err != nil {
				return err
			}
			before, err := e.pending()
			if err != nil {
				return err
			}
			e.note("parked", before)
			if err := e.restart(); err != nil {
				return err
			}
			after, err := e.pending()
			if err != nil {
				return err
			}
			e.note("after-restart", after)
			for _, it := range after {
				if it.CallID == "c7-write" {
					e.setStep("Decide")
					if err := e.host.Decide(e.ctx, it.ID, false); err != nil {
						return fmt.Errorf("deciding %s: %w", it.ID, err)
					}
				}
			}
			return e.restart()
		},
		checks: []check{notRun("c7-write"), notRun("c7-post"),
			seen("both calls are parked", func(e *env) string { return e.parkedMissing("parked", "c7-write", "c7-post") }),
			seen("both calls are still parked, under the same IDs, after a restart", func(e *env) string {
				if m := e.parkedMissing("after-restart", "c7-write", "c7-post"); m != "" {
					return m
				}
				return e.sameItems("parked", "after-restart")
			})},
	},
	{
		num: 8, name: "resume-runs-an-approved-call-once", invariant: 10,
		setup: func(e *env) {
			e.cfg.Mode, e.cfg.Interaction = policy.ModeAsk, policy.Unattended
			e.answer = true
		},
		action: func(e *env) error {
			if err := e.turn(e.post("c8-post", "#ops")); err != nil {
				return err
			}
			e.noteRuns("before-approval", "c8-post")
			items, err := e.pending()
			if err != nil {
				return err
			}
			id := ""
			for _, it := range items {
				if it.CallID == "c8-post" {
					id = it.ID
				}
			}
			if id == "" {
				return fmt.Errorf("the host parked no call c8-post (pending: %v)", items)
			}
			e.setStep("Decide")
			if err := e.host.Decide(e.ctx, id, true); err != nil {
				return fmt.Errorf("deciding %s: %w", id, err)
			}
			if err := e.restart(); err != nil {
				return err
			}
			e.setStep("Decide again")
			_ = e.host.Decide(e.ctx, id, true) // a second approval must change nothing
			return e.restart()
		},
		checks: []check{
			seen("nothing runs before the approval", func(e *env) string {
				if n := e.notedRuns("before-approval"); n > 0 {
					return fmt.Sprintf("ran it %d time(s) before anyone approved", n)
				}
				return ""
			}),
			ranOnce("c8-post"),
			seen("the resumed run carries an idempotency key", func(e *env) string {
				for _, inv := range e.invocations("c8-post") {
					if inv.IdempotencyKey == "" {
						return "ran it with no idempotency key"
					}
				}
				return ""
			}),
		},
	},
	{
		num: 9, name: "standing-approval-matches-only-its-exact-target", invariant: 7,
		setup: func(e *env) {
			e.cfg.Standing = []policy.StandingApproval{{ID: "sa-9", Task: e.cfg.Task, Tool: ToolPost, Target: "#builds"}}
		},
		action: func(e *env) error {
			return e.turn(e.post("c9-exact", "#builds"), e.post("c9-longer", "#builds-ops"),
				e.post("c9-case", "#Builds"), e.post("c9-space", "#builds "))
		},
		checks: []check{ranOnce("c9-exact"), notAsked("c9-exact", "the standing approval lifts it without a question"),
			notRun("c9-longer"), notRun("c9-case"), notRun("c9-space")},
	},
	{
		num: 10, name: "sidecar-refuses-strangers", invariant: 8,
		action: func(e *env) error { return e.probeSidecar() },
		checks: []check{seen("the sidecar refuses a request with no token, a wrong token, a token in the URL, "+
			"a foreign Origin or a foreign Host, and serves its own client", func(e *env) string { return e.sidecarProblem }),
		},
	},
	{
		num: 11, name: "audit-holds-no-configured-secret", invariant: 9,
		action: func(e *env) error {
			v1, v2 := e.secrets[0], e.secrets[1]
			return e.turn(
				Call{ID: "c11-write", Tool: ToolWrite, Args: map[string]any{"path": filepath.Join(e.ws, "s.txt"),
					"content": "the key is " + v1, "note": "c11-write"}},
				Call{ID: "c11-post", Tool: ToolPost, Args: map[string]any{"channel": "#general",
					"text": "token " + base64.StdEncoding.EncodeToString([]byte(v1)) + " " + url.QueryEscape(v2), "note": "c11-post"}},
				e.read("c11-read", filepath.Join(e.outside, v2+".txt")),
				e.shell("c11-shell", "echo "+v2+" > /dev/null"),
			)
		},
		checks: []check{ranOnce("c11-write"), seen("the audit records the calls and holds no configured secret in any common encoding",
			func(e *env) string { return e.auditProblem }),
		},
	},
	{
		num: 12, name: "close-ends-the-process-tree", section: "Secrets and child processes",
		setup: func(e *env) { e.answer = true },
		action: func(e *env) error {
			pidFile := filepath.Join(e.ws, ".probe", "c12.pid")
			if err := e.turn(e.shell("c12-shell", "sleep 300 >/dev/null 2>&1 & echo $! > "+pidFile)); err != nil {
				return err
			}
			data, err := os.ReadFile(pidFile)
			pid, perr := strconv.Atoi(strings.TrimSpace(string(data)))
			if err != nil || perr != nil || pid <= 0 {
				e.treeProblem = "never ran the allowed shell command that starts a grandchild, so the cell proves nothing"
				return nil
			}
			e.t.Cleanup(func() { kill(pid) })
			e.setStep("Close")
			e.closed = true
			if err := e.host.Close(); err != nil {
				e.t.Logf("Close: %v", err)
			}
			for deadline := time.Now().Add(3 * time.Second); alive(pid); {
				if time.Now().After(deadline) {
					e.treeProblem = fmt.Sprintf("left process %d (a grandchild the shell command started in the background) running after Close", pid)
					kill(pid)
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			return nil
		},
		checks: []check{ranOnce("c12-shell"),
			seen("no process the host started survives Close", func(e *env) string { return e.treeProblem })},
	},
}

// probeSidecar sends the sidecar one request from its own client and
// several from strangers, and notes what went wrong in e.sidecarProblem.
func (e *env) probeSidecar() error {
	base, token := e.host.Sidecar()
	if base == "" && token == "" {
		e.t.Logf("the host declares no local API: nothing to refuse")
		return nil
	}
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		e.sidecarProblem = fmt.Sprintf("gave a sidecar address %q that is not a URL", base)
		return nil
	}
	client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	send := func(target, tok string, edit func(*http.Request)) (int, error) {
		ctx, cancel := context.WithTimeout(e.ctx, 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
		if err != nil {
			return 0, err
		}
		if tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		if edit != nil {
			edit(req)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	e.setStep("sidecar")
	status, err := send(base, token, nil)
	if err != nil || status >= 400 {
		e.sidecarProblem = fmt.Sprintf("refused its own client with the right token (status %d, %v), so the cell proves nothing", status, err)
		return nil
	}
	wrong := strings.Repeat("x", len(token))
	if wrong == token || wrong == "" {
		wrong = "wrong-token-0123456789abcdefghijkl"
	}
	q := u.Query()
	q.Set("token", token)
	withQuery := *u
	withQuery.RawQuery = q.Encode()
	strangers := []struct {
		what  string
		url   string
		token string
		edit  func(*http.Request)
	}{
		{"no token", base, "", nil},
		{"a wrong token", base, wrong, nil},
		{"the token in the URL's query and no header", withQuery.String(), "", nil},
		{"the right token from Origin https://evil.example", base, token, func(r *http.Request) { r.Header.Set("Origin", "https://evil.example") }},
		{"no token from Origin http://localhost:1", base, "", func(r *http.Request) { r.Header.Set("Origin", "http://localhost:1") }},
		{"the right token with Host evil.example (DNS rebinding)", base, token, func(r *http.Request) { r.Host = "evil.example:" + u.Port() }},
	}
	var bad []string
	for _, s := range strangers {
		status, err := send(s.url, s.token, s.edit)
		if err == nil && status < 400 {
			bad = append(bad, fmt.Sprintf("%s (status %d)", s.what, status))
		}
	}
	if len(bad) > 0 {
		e.sidecarProblem = "served a request with " + strings.Join(bad, "; ")
	}
	return nil
}

// auditSecrets reads the audit and notes in e.auditProblem any configured
// secret it holds.
func (e *env) auditSecrets() {
	e.setStep("Audit")
	data, err := e.host.Audit(e.ctx)
	if err != nil {
		e.auditProblem = fmt.Sprintf("could not hand over its audit: %v", err)
		return
	}
	if !strings.Contains(string(data), ToolWrite) {
		e.auditProblem = "wrote an audit that does not record the calls, so the cell proves nothing"
		return
	}
	var found []string
	for i, v := range e.secrets {
		forms := map[string]string{
			"as is":              v,
			"in base64":          strings.TrimRight(base64.StdEncoding.EncodeToString([]byte(v)), "="),
			"in URL-safe base64": strings.TrimRight(base64.URLEncoding.EncodeToString([]byte(v)), "="),
			"URL-encoded":        url.QueryEscape(v),
		}
		for form, s := range forms {
			if strings.Contains(string(data), s) {
				found = append(found, fmt.Sprintf("secret %d %s", i+1, form))
			}
		}
	}
	if len(found) > 0 {
		e.auditProblem = "wrote into its audit " + strings.Join(found, ", ")
	}
}

// errNoHost is the error of a NewHost that returned neither host nor error.
var errNoHost = errors.New("NewHost returned a nil Host and no error")

// runCell runs contract c on surface s with a fresh host.
func runCell(t testing.TB, newHost NewHost, s policy.Surface, c contract, sv *surfaceState, timeout time.Duration) {
	t.Helper()
	e, err := newEnv(t, s)
	if err != nil {
		t.Errorf("setting up the cell: %v", err)
		return
	}
	if c.setup != nil {
		c.setup(e)
	}
	e.finish()
	sv.mu.Lock()
	undeclared := sv.undeclare
	sv.mu.Unlock()
	if undeclared {
		t.Skipf("surface %s is not declared by the host", s)
		return
	}
	host, err := newHost(t, e.cfg)
	if err == nil && host == nil {
		err = errNoHost
	}
	sv.mu.Lock()
	first := !sv.declared
	switch {
	case errors.Is(err, ErrUndeclared) && first:
		sv.undeclare = true
	case err == nil:
		sv.declared = true
	}
	sv.mu.Unlock()
	switch {
	case errors.Is(err, ErrUndeclared) && first:
		t.Skipf("surface %s is not declared by the host", s)
		return
	case errors.Is(err, ErrUndeclared):
		t.Errorf("surface %s: the host served other contracts on it but declined this one (%v): a declared surface never skips a contract", s, err)
		return
	case err != nil:
		t.Errorf("the host did not start: %v", err)
		return
	}
	e.host = host
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	e.ctx = ctx
	done := make(chan []string, 1)
	go func() {
		var problems []string
		defer func() {
			if p := recover(); p != nil {
				problems = append(problems, fmt.Sprintf("panic during %s: %v", e.currentStep(), p))
			}
			done <- problems
		}()
		problems = e.play(c)
	}()
	watchdog := time.NewTimer(timeout + timeout/6)
	defer watchdog.Stop()
	select {
	case problems := <-done:
		if !e.closed {
			if err := host.Close(); err != nil {
				t.Logf("Close: %v", err)
			}
		}
		for _, p := range problems {
			t.Error(p)
		}
	case <-watchdog.C:
		t.Errorf("watchdog: the cell did not finish within %v; the host was stuck in %s", timeout, e.currentStep())
	}
}

// play runs the contract's action and checks, returning its failures.
func (e *env) play(c contract) []string {
	breaks := fmt.Sprintf("docs/security-model.md, %s", c.section)
	if c.invariant > 0 {
		breaks = fmt.Sprintf("invariant %d, %q (docs/security-model.md, Invariants)", c.invariant, invariants[c.invariant])
	}
	if err := c.action(e); err != nil {
		return []string{fmt.Sprintf("proposed: %s\nexpected: the host to carry the cell through\nthe host: failed at %v\nbreaks: nothing proven; %s cannot be checked",
			e.describeAll(), err, breaks)}
	}
	if c.num == 11 {
		e.auditSecrets()
	}
	var out []string
	for _, ch := range c.checks {
		got := ch.got(e)
		if got == "" {
			continue
		}
		what := e.describeAll()
		if ch.call != "" {
			what = e.describe(ch.call)
		}
		out = append(out, fmt.Sprintf("proposed: %s\nexpected: %s\nthe host: %s\nbreaks: %s", what, ch.expect, got, breaks))
	}
	return out
}
