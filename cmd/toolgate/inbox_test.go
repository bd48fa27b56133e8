package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const inboxPolicy = `{
  "version": 1,
  "mode": "allow",
  "surfaces": {"scheduled-task": {"interaction": "unattended"}},
  "roots": [{"id": "ws", "path": ".", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {"slack_post": {"risk": "external", "targetArgument": "channel", "approvalDefault": "ask", "source": "mcp"}}
}`

// line is a decision line with the inbox's fields.
type line struct {
	ID            string `json:"id"`
	Decision      string `json:"decision"`
	Reason        string `json:"reason"`
	ApprovalID    string `json:"approvalId"`
	ApprovalState string `json:"approvalState"`
	Key           string `json:"idempotencyKey"`
}

func evalLines(t *testing.T, policyPath, state, calls string) []line {
	t.Helper()
	code, out, stderr := runCmd(t, calls, "eval", "--policy", policyPath, "--state", state)
	require.Equal(t, 0, code, stderr)
	var ls []line
	for l := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var x line
		require.NoError(t, json.Unmarshal([]byte(l), &x), l)
		ls = append(ls, x)
	}
	return ls
}

var codeLine = regexp.MustCompile(`(?m)^    ([A-Z0-9]{8})$`)

func showCode(t *testing.T, state, id string) string {
	t.Helper()
	code, out, stderr := runCmd(t, "", "inbox", "show", id, "--state", state)
	require.Equal(t, 0, code, stderr)
	m := codeLine.FindStringSubmatch(out)
	require.NotNil(t, m, out)
	return m[1]
}

func TestTheInboxFlowFromAShell(t *testing.T) {
	dir := t.TempDir()
	policyPath := filepath.Join(dir, "policy.json")
	require.NoError(t, os.WriteFile(policyPath, []byte(inboxPolicy), 0o600))
	state := filepath.Join(dir, "state")
	post := `{"id":"c1","tool":"slack_post","args":{"channel":"#deploys","text":"ship it"},"task":"nightly","surface":"scheduled-task"}` + "\n"
	chat := `{"id":"c2","tool":"slack_post","args":{"channel":"#deploys"},"surface":"chat"}` + "\n"

	// An unattended call that needs approval is parked; an attended one is not.
	ls := evalLines(t, policyPath, state, post+chat)
	require.Len(t, ls, 2)
	assert.Equal(t, "approval-required", ls[0].Decision)
	assert.Equal(t, "waiting_for_approval", ls[0].ApprovalState)
	id := ls[0].ApprovalID
	require.NotEmpty(t, id)
	assert.Empty(t, ls[1].ApprovalID, "an attended call is asked inline, not parked")

	// Asking again parks nothing new.
	ls = evalLines(t, policyPath, state, post)
	assert.Equal(t, id, ls[0].ApprovalID)
	assert.Equal(t, "approval-required", ls[0].Decision)

	code, out, _ := runCmd(t, "", "inbox", "list", "--state", state)
	require.Equal(t, 0, code)
	assert.Contains(t, out, id)
	assert.Contains(t, out, "channel=#deploys")
	code, out, _ = runCmd(t, "", "inbox", "list", "--json", "--state", state)
	require.Equal(t, 0, code)
	assert.Equal(t, 1, strings.Count(out, "\n"))
	assert.NotContains(t, out, "ship it", "arguments are stored only as targets until a redactor is configured")
	assert.NotContains(t, out, "codeHash")

	t.Run("approving with no code and no terminal declines", func(t *testing.T) {
		code, _, stderr := runCmd(t, "", "inbox", "approve", id, "--state", state, "--by", "ann")
		assert.Equal(t, 1, code)
		assert.Contains(t, stderr, "declined")
	})
	for _, typed := range []string{"y", "yes", "YES", ""} {
		t.Run("a pre-typed "+typed+" declines", func(t *testing.T) {
			showCode(t, state, id)
			code, _, _ := runCmd(t, "", "inbox", "approve", id, "--code", typed, "--state", state, "--by", "ann")
			assert.Equal(t, 1, code)
		})
	}
	t.Run("a code older than the last show declines", func(t *testing.T) {
		old := showCode(t, state, id)
		showCode(t, state, id)
		code, _, _ := runCmd(t, "", "inbox", "approve", id, "--code", old, "--state", state, "--by", "ann")
		assert.Equal(t, 1, code)
	})
	t.Run("a wrong code burns the code it was meant to match", func(t *testing.T) {
		good := showCode(t, state, id)
		code, _, _ := runCmd(t, "", "inbox", "approve", id, "--code", "22222222", "--state", state, "--by", "ann")
		assert.Equal(t, 1, code)
		code, _, _ = runCmd(t, "", "inbox", "approve", id, "--code", good, "--state", state, "--by", "ann")
		assert.Equal(t, 1, code)
	})
	ls = evalLines(t, policyPath, state, post)
	assert.Equal(t, "approval-required", ls[0].Decision, "nothing approved yet")

	fresh := showCode(t, state, id)
	code, out, stderr := runCmd(t, "", "inbox", "approve", id, "--code", strings.ToLower(fresh), "--state", state, "--by", "ann")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "approved by ann")
	t.Run("a used code declines", func(t *testing.T) {
		code, _, _ := runCmd(t, "", "inbox", "approve", id, "--code", fresh, "--state", state, "--by", "ann")
		assert.Equal(t, 1, code)
	})

	// The same call, with another target, is another request.
	other := strings.Replace(post, "#deploys", "#general", 1)
	ls = evalLines(t, policyPath, state, other)
	assert.Equal(t, "approval-required", ls[0].Decision)
	assert.NotEqual(t, id, ls[0].ApprovalID)
	denyID := ls[0].ApprovalID

	// The approved call is allowed exactly once.
	ls = evalLines(t, policyPath, state, post+post)
	assert.Equal(t, "allow", ls[0].Decision)
	assert.Equal(t, "approval.inbox", ls[0].Reason)
	assert.Equal(t, id, ls[0].ApprovalID)
	assert.Len(t, ls[0].Key, 32, "the allowed call carries the record's idempotency key")
	assert.Empty(t, ls[1].Key)
	assert.Equal(t, "approval-required", ls[1].Decision)
	assert.Equal(t, "completed", ls[1].ApprovalState)
	ls = evalLines(t, policyPath, state, post)
	assert.Equal(t, "approval-required", ls[0].Decision)

	// A denial sticks, and records who.
	code, out, stderr = runCmd(t, "", "inbox", "deny", denyID, "--note", "not now", "--state", state, "--by", "bob")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "denied by bob")
	ls = evalLines(t, policyPath, state, other)
	assert.Equal(t, "approval-required", ls[0].Decision)
	assert.Equal(t, "denied", ls[0].ApprovalState)
	code, out, _ = runCmd(t, "", "inbox", "show", denyID, "--state", state)
	require.Equal(t, 0, code)
	assert.Contains(t, out, "denied by bob")
	assert.NotContains(t, out, "To approve")
	code, _, _ = runCmd(t, "", "inbox", "deny", denyID, "--state", state, "--by", "bob")
	assert.Equal(t, 1, code, "a decided request cannot be decided again")
}

func TestInboxUsage(t *testing.T) {
	state := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		want int
	}{
		{"help prints to stdout and succeeds", []string{"inbox", "--help"}, 0},
		{"a sub-command's help succeeds", []string{"inbox", "list", "--help"}, 0},
		{"no sub-command is bad usage", []string{"inbox", "--state", state}, 2},
		{"an unknown sub-command is bad usage", []string{"inbox", "frob", "--state", state}, 2},
		{"a missing state folder flag is bad usage", []string{"inbox", "list"}, 2},
		{"show without an ID is bad usage", []string{"inbox", "show", "--state", state}, 2},
		{"an unknown ID is bad input", []string{"inbox", "show", "ap-nope", "--state", state}, 2},
		{"listing an empty inbox succeeds", []string{"inbox", "list", "--state", state}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := runCmd(t, "", c.args...)
			assert.Equal(t, c.want, code, stderr)
			if c.want == 0 && strings.Contains(strings.Join(c.args, " "), "help") {
				assert.Contains(t, out, "toolgate inbox list")
			}
		})
	}
}

func TestShowMakesACallsTextSafeForATerminal(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"#deploys", "#deploys"},
		{"\x1b[2J#evil", "?[2J#evil"},
		{"#ops\u202egnp.exe", "#ops?gnp.exe"},
		{"a\nb\tc", "a?b?c"},
	} {
		assert.Equal(t, c.want, clip(c.in, 100), "%q", c.in)
	}
	assert.Equal(t, "abc…", clip("abcdef", 4))
}

func TestAParkedCallKeepsNoConfiguredSecret(t *testing.T) {
	dir := t.TempDir()
	policyPath := filepath.Join(dir, "policy.json")
	withSecret := strings.Replace(inboxPolicy, `"tools":`, `"secrets": [{"name": "hook", "env": "TOOLGATE_TEST_HOOK_SECRET"}], "tools":`, 1)
	require.NoError(t, os.WriteFile(policyPath, []byte(withSecret), 0o600))
	const value = "s3cr3t-Zq8wPv1Lm4Tn7Yc2"
	t.Setenv("TOOLGATE_TEST_HOOK_SECRET", value)
	state := filepath.Join(dir, "state")
	ls := evalLines(t, policyPath, state,
		`{"id":"p1","tool":"slack_post","args":{"channel":"#builds","text":"deploy with `+value+`","token":"tok-123"},"task":"t1","surface":"scheduled-task"}`+"\n")
	require.Len(t, ls, 1)
	require.NotEmpty(t, ls[0].ApprovalID, "the call was parked")
	err := filepath.WalkDir(state, func(p string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.NotContains(t, string(b), value, p)
		assert.NotContains(t, string(b), "tok-123", p)
		return nil
	})
	require.NoError(t, err)
	code, out, _ := runCmd(t, "", "inbox", "show", ls[0].ApprovalID, "--state", state)
	require.Equal(t, 0, code)
	assert.NotContains(t, out, value)
}

func TestAnApprovedCallLetsThroughOnlyThatCall(t *testing.T) {
	dir := t.TempDir()
	policyPath := filepath.Join(dir, "policy.json")
	require.NoError(t, os.WriteFile(policyPath, []byte(inboxPolicy), 0o600))
	state := filepath.Join(dir, "state")
	post := `{"id":"c1","tool":"slack_post","args":{"channel":"#deploys","text":"ship it","n":1,"ask":"x"},"task":"nightly","surface":"scheduled-task"}`
	ls := evalLines(t, policyPath, state, post+"\n")
	id := ls[0].ApprovalID
	require.NotEmpty(t, id)
	code, _, stderr := runCmd(t, "", "inbox", "approve", id, "--code", showCode(t, state, id), "--state", state, "--by", "ann")
	require.Equal(t, 0, code, stderr)

	// Under the same call ID, every call that would run differently is
	// another request: it is parked, and the approval stays unused.
	for name, other := range map[string]string{
		"another text":          strings.Replace(post, `"ship it"`, `"wire the funds"`, 1),
		"an extra argument":     strings.Replace(post, `"ask":"x"`, `"ask":"x","more":true`, 1),
		"a missing argument":    strings.Replace(post, `,"ask":"x"`, ``, 1),
		"a key in another case": strings.Replace(post, `"ask":`, `"Ask":`, 1),
		"a key with a long s":   strings.Replace(post, `"ask":`, `"a\u017fk":`, 1),
		"the number as text":    strings.Replace(post, `"n":1`, `"n":"1"`, 1),
		"another goal":          strings.Replace(post, `"task":"nightly"`, `"task":"nightly","goal":"g2"`, 1),
		"another session":       strings.Replace(post, `"task":"nightly"`, `"task":"nightly","session":"s2"`, 1),
		"another surface":       strings.Replace(post, `"scheduled-task"`, `"goal-loop"`, 1),
	} {
		ls := evalLines(t, policyPath, state, other+"\n")
		assert.Equal(t, "approval-required", ls[0].Decision, name)
		assert.NotEqual(t, id, ls[0].ApprovalID, name)
		assert.Empty(t, ls[0].Key, name)
	}

	// The approved call itself, with its arguments in another order and
	// 1 written as 1.0 (the same JSON values), runs, once.
	same := `{"id":"c1","tool":"slack_post","args":{"ask":"x","n":1.0,"text":"ship it","channel":"#deploys"},"task":"nightly","surface":"scheduled-task"}`
	ls = evalLines(t, policyPath, state, same+"\n"+post+"\n")
	assert.Equal(t, "allow", ls[0].Decision)
	assert.Equal(t, id, ls[0].ApprovalID)
	assert.Equal(t, "approval-required", ls[1].Decision)
	assert.Equal(t, "completed", ls[1].ApprovalState)
}

// TestTheStateFolderKeysTheDigestsItsApprovalsBind: the digest of an exec
// call's environment in a decision's targets is keyed with the state
// folder's own key, kept there, so that a parked call resubmitted by
// another process makes the same call hash.
func TestTheStateFolderKeysTheDigestsItsApprovalsBind(t *testing.T) {
	dir := t.TempDir()
	policyPath := filepath.Join(dir, "policy.json")
	require.NoError(t, os.WriteFile(policyPath, []byte(`{
  "version": 1,
  "mode": "allow",
  "roots": [{"id": "ws", "path": ".", "access": "read-write", "primary": true, "source": "workspace"}],
  "tools": {"shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "allow", "source": "builtin"}}
}`), 0o600))
	state := filepath.Join(dir, "state")
	call := `{"id":"c1","tool":"shell","args":{"command":"make","env":{"CI":"1"}}}` + "\n"
	target := func() string {
		code, out, stderr := runCmd(t, call, "eval", "--policy", policyPath, "--state", state)
		require.Equal(t, 0, code, stderr)
		var d struct {
			Targets []struct{ Argument, Value string } `json:"targets"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &d), out)
		require.NotEmpty(t, d.Targets)
		return d.Targets[len(d.Targets)-1].Value
	}
	first := target()
	key, err := os.ReadFile(filepath.Join(state, bindingKeyName))
	require.NoError(t, err)
	require.Len(t, key, 32)
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("CI=1\x00"))
	assert.Equal(t, "environment CI hmac-sha256:"+hex.EncodeToString(mac.Sum(nil)), first, "keyed with the folder's key")
	assert.Equal(t, first, target(), "the key is kept: the same call binds the same digest")
	info, err := os.Stat(filepath.Join(state, bindingKeyName))
	require.NoError(t, err)
	if runtime.GOOS != "windows" {
		assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	}

	t.Run("a key file of another size is refused", func(t *testing.T) {
		bad := filepath.Join(t.TempDir(), "state")
		require.NoError(t, os.MkdirAll(bad, 0o700))
		require.NoError(t, os.WriteFile(filepath.Join(bad, bindingKeyName), []byte("short"), 0o600))
		code, _, stderr := runCmd(t, call, "eval", "--policy", policyPath, "--state", bad)
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, stderr, "5 bytes, want 32")
	})
	if runtime.GOOS != "windows" {
		t.Run("a link in place of the key file is refused", func(t *testing.T) {
			bad := filepath.Join(t.TempDir(), "state")
			require.NoError(t, os.MkdirAll(bad, 0o700))
			other := filepath.Join(t.TempDir(), "key")
			require.NoError(t, os.WriteFile(other, make([]byte, 32), 0o600))
			require.NoError(t, os.Symlink(other, filepath.Join(bad, bindingKeyName)))
			code, _, _ := runCmd(t, call, "eval", "--policy", policyPath, "--state", bad)
			assert.Equal(t, exitUsage, code)
		})
	}
}

func TestShowListsEveryArgumentOfTheCall(t *testing.T) {
	dir := t.TempDir()
	policyPath := filepath.Join(dir, "policy.json")
	require.NoError(t, os.WriteFile(policyPath, []byte(inboxPolicy), 0o600))
	state := filepath.Join(dir, "state")
	ls := evalLines(t, policyPath, state,
		`{"id":"c1","tool":"slack_post","args":{"channel":"#deploys","text":"ship it","n":1,"thread":"","opts":{"notify":true},"token":"tok-123"},"task":"nightly","surface":"scheduled-task"}`+"\n")
	require.NotEmpty(t, ls[0].ApprovalID)
	code, out, _ := runCmd(t, "", "inbox", "show", ls[0].ApprovalID, "--state", state)
	require.Equal(t, 0, code)
	for _, want := range []string{"target channel   #deploys", "argument n       1", `argument opts    {"notify":true}`,
		`argument thread  ""`, "argument text    [REDACTED]", "argument token   [REDACTED]"} {
		assert.Contains(t, out, want)
	}
	assert.NotContains(t, out, "argument channel", "a target is shown once, as a target")
	assert.NotContains(t, out, "tok-123")
}
