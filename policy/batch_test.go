package policy_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

func call(id, tool string, args map[string]any) policy.Call {
	return policy.Call{ID: id, Tool: tool, Args: args}
}

// nest returns an args map whose value is nested depth levels below the
// args object, alternating objects and arrays.
func nest(depth int) map[string]any {
	var v any = "leaf"
	for i := depth; i > 0; i-- {
		if i%2 == 0 {
			v = []any{v}
		} else {
			v = map[string]any{"k": v}
		}
	}
	return map[string]any{"a": v}
}

func TestValidateBatch(t *testing.T) {
	ok := func(id string) policy.Call { return call(id, "read_file", map[string]any{"path": "src/main.go"}) }
	cycle := map[string]any{}
	cycle["self"] = cycle
	cases := []struct {
		name  string
		calls []policy.Call
		lim   policy.BatchLimits
		want  []string // every problem, in order; none for a valid list
	}{
		{"a list of well-formed calls is valid", []policy.Call{ok("c1"), ok("c2"), call("c3", "shell", map[string]any{"command": "go test ./...", "n": 1.0, "x": []any{true, nil}})}, policy.BatchLimits{}, nil},
		{"an empty list is valid", nil, policy.BatchLimits{}, nil},
		{"a call without args is valid", []policy.Call{call("c1", "list_roots", nil)}, policy.BatchLimits{}, nil},
		{"Go values a host builds are valid", []policy.Call{call("c1", "read_file", map[string]any{"path": []string{"a", "b"}, "n": 3, "u": uint8(1)})}, policy.BatchLimits{}, nil},
		{"a blank id fails the list", []policy.Call{ok("c1"), ok("")}, policy.BatchLimits{}, []string{"calls[1].id: blank"}},
		{"an id of white space is blank", []policy.Call{ok(" \t")}, policy.BatchLimits{}, []string{"calls[0].id: blank"}},
		{"a blank tool name fails the list", []policy.Call{ok("c1"), call("c2", "", nil)}, policy.BatchLimits{}, []string{"calls[1].tool: blank"}},
		{"a tool name of white space is blank", []policy.Call{call("c1", "  ", nil)}, policy.BatchLimits{}, []string{"calls[0].tool: blank"}},
		{"a duplicate id fails the list and names the first", []policy.Call{ok("c1"), ok("c2"), ok("c1")}, policy.BatchLimits{},
			[]string{`calls[2].id: "c1" is also the id of calls[0]`}},
		{"every duplicate is reported against the first", []policy.Call{ok("c1"), ok("c1"), ok("c1")}, policy.BatchLimits{},
			[]string{`calls[1].id: "c1" is also the id of calls[0]`, `calls[2].id: "c1" is also the id of calls[0]`}},
		{"ids differing in case are distinct", []policy.Call{ok("c1"), ok("C1")}, policy.BatchLimits{}, nil},
		{"two blank ids are reported as blank, not as duplicates", []policy.Call{ok(""), ok("")}, policy.BatchLimits{},
			[]string{"calls[0].id: blank", "calls[1].id: blank"}},
		{"every problem of every call is listed in order", []policy.Call{ok("c1"), call("", "", nil), ok("c3"), ok("c1")}, policy.BatchLimits{},
			[]string{"calls[1].id: blank", "calls[1].tool: blank", `calls[3].id: "c1" is also the id of calls[0]`}},
		{"an id that is not UTF-8 fails", []policy.Call{ok("c\xff")}, policy.BatchLimits{}, []string{"calls[0].id: not valid UTF-8"}},
		{"a tool name longer than the limit fails", []policy.Call{call("c1", strings.Repeat("t", 9), nil)}, policy.BatchLimits{MaxNameBytes: 8},
			[]string{"calls[0].tool: 9 bytes, more than 8"}},
		{"an id longer than the default limit fails", []policy.Call{ok(strings.Repeat("i", policy.DefaultMaxNameBytes+1))}, policy.BatchLimits{},
			[]string{"calls[0].id: 257 bytes, more than 256"}},
		{"a list longer than the limit fails whole", []policy.Call{ok("c1"), ok("c2"), ok("c3")}, policy.BatchLimits{MaxCalls: 2},
			[]string{"calls: 3 calls, more than the 2 one list may hold"}},
		{"a call larger than the limit fails", []policy.Call{ok("c1"), call("c2", "write_file", map[string]any{"content": strings.Repeat("x", 100)})}, policy.BatchLimits{MaxCallBytes: 64},
			[]string{"calls[1]: larger than 64 bytes"}},
		{"a call's other fields count towards its size", []policy.Call{{ID: "c1", Tool: "t", Session: strings.Repeat("s", 100)}}, policy.BatchLimits{MaxCallBytes: 64},
			[]string{"calls[0]: larger than 64 bytes"}},
		{"argument keys count towards the size", []policy.Call{call("c1", "t", map[string]any{strings.Repeat("k", 100): nil})}, policy.BatchLimits{MaxCallBytes: 64},
			[]string{"calls[0]: larger than 64 bytes"}},
		{"many small values count towards the size", []policy.Call{call("c1", "t", map[string]any{"n": make([]any, 20)})}, policy.BatchLimits{MaxCallBytes: 64},
			[]string{"calls[0]: larger than 64 bytes"}},
		{"arguments at the depth limit are valid", []policy.Call{call("c1", "t", nest(4))}, policy.BatchLimits{MaxArgDepth: 4}, nil},
		{"arguments nested deeper than the limit fail", []policy.Call{call("c1", "t", nest(5))}, policy.BatchLimits{MaxArgDepth: 4},
			[]string{"calls[0].args.a.k[0].k[0]: nested deeper than 4"}},
		{"an array nested deeper than the limit fails", []policy.Call{call("c1", "t", nest(4))}, policy.BatchLimits{MaxArgDepth: 3},
			[]string{"calls[0].args.a.k[0].k: nested deeper than 3"}},
		{"a map that contains itself stops at the depth limit", []policy.Call{call("c1", "t", cycle)}, policy.BatchLimits{MaxArgDepth: 3, MaxCallBytes: 1024},
			[]string{"calls[0].args.self.self.self.self: nested deeper than 3"}},
		{"a value that is not JSON fails", []policy.Call{call("c1", "t", map[string]any{"f": func() {}})}, policy.BatchLimits{},
			[]string{"calls[0].args.f: a func() is not a JSON value"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := policy.ValidateBatch(tc.calls, tc.lim)
			if tc.want == nil {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, policy.ErrBatchInvalid)
			var be *policy.BatchError
			require.ErrorAs(t, err, &be)
			var got []string
			for _, p := range be.Problems {
				got = append(got, p.String())
			}
			assert.Equal(t, tc.want, got)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestZeroBatchLimitsTakeTheDefaults(t *testing.T) {
	calls := make([]policy.Call, policy.DefaultMaxBatchCalls+1)
	for i := range calls {
		calls[i] = call(fmt.Sprint("c", i), "t", nil)
	}
	for _, lim := range []policy.BatchLimits{{}, {MaxCalls: -1, MaxCallBytes: -1, MaxArgDepth: -1, MaxNameBytes: -1}} {
		assert.NoError(t, policy.ValidateBatch(calls[:policy.DefaultMaxBatchCalls], lim))
		assert.ErrorIs(t, policy.ValidateBatch(calls, lim), policy.ErrBatchInvalid)
		assert.NoError(t, policy.ValidateBatch([]policy.Call{call("c", "t", nest(policy.DefaultMaxArgDepth))}, lim))
		assert.ErrorIs(t, policy.ValidateBatch([]policy.Call{call("c", "t", nest(policy.DefaultMaxArgDepth+1))}, lim), policy.ErrBatchInvalid)
		big := map[string]any{"content": strings.Repeat("x", policy.DefaultMaxCallBytes)}
		assert.ErrorIs(t, policy.ValidateBatch([]policy.Call{call("c", "t", big)}, lim), policy.ErrBatchInvalid)
	}
}

// A host validates the whole list first, so a list whose last call is
// invalid runs nothing, not the valid-looking calls before it.
func TestAnInvalidListRunsNoPrefix(t *testing.T) {
	var ran []string
	dispatch := func(calls []policy.Call) []policy.Decision {
		if err := policy.ValidateBatch(calls, policy.BatchLimits{}); err != nil {
			return policy.DenyBatch(calls, err)
		}
		ds := make([]policy.Decision, len(calls))
		for i, c := range calls {
			ran = append(ran, c.ID)
			ds[i] = policy.Decision{ID: c.ID, Verdict: policy.Allow}
		}
		return ds
	}
	calls := []policy.Call{call("c1", "write_file", nil), call("c2", "shell", nil), call("c1", "shell", nil)}
	ds := dispatch(calls)
	assert.Empty(t, ran, "no call of an invalid list runs")
	require.Len(t, ds, 3)
	for i, d := range ds {
		assert.Equal(t, calls[i].ID, d.ID)
		assert.Equal(t, policy.Deny, d.Verdict)
		assert.Equal(t, policy.ReasonCallInvalid, d.Reason)
	}
	assert.Contains(t, ds[0].Message, "another call in it is invalid")
	assert.Contains(t, ds[2].Message, `calls[2].id: "c1" is also the id of calls[0]`)

	dispatch(calls[:2])
	assert.Equal(t, []string{"c1", "c2"}, ran, "a valid list runs in order")
}

func TestDenyBatchNamesTheWholeListsProblem(t *testing.T) {
	calls := []policy.Call{call("c1", "t", nil), call("c2", "t", nil)}
	err := policy.ValidateBatch(calls, policy.BatchLimits{MaxCalls: 1})
	for _, d := range policy.DenyBatch(calls, err) {
		assert.Equal(t, policy.Deny, d.Verdict)
		assert.Contains(t, d.Message, "calls: 2 calls, more than the 1")
	}
	for _, d := range policy.DenyBatch(calls, errors.New("some other failure")) {
		assert.Equal(t, policy.Deny, d.Verdict, "any error denies every call")
	}
}

func ExampleValidateBatch() {
	calls := []policy.Call{
		{ID: "c1", Tool: "read_file", Args: map[string]any{"path": "README.md"}},
		{ID: "c2", Tool: "shell", Args: map[string]any{"command": "go test ./..."}},
		{ID: "c1", Tool: "write_file", Args: map[string]any{"path": "main.go"}},
		{ID: "c4", Tool: ""},
	}
	err := policy.ValidateBatch(calls, policy.BatchLimits{})
	fmt.Println(err)
	for _, d := range policy.DenyBatch(calls, err) {
		fmt.Println(d.ID, d.Verdict, d.Reason)
	}
	// Output:
	// policy: the list of tool calls is refused whole, none of it runs:
	// 	calls[2].id: "c1" is also the id of calls[0]
	// 	calls[3].tool: blank
	// c1 deny call.invalid
	// c2 deny call.invalid
	// c1 deny call.invalid
	// c4 deny call.invalid
}

func BenchmarkValidateBatch(b *testing.B) {
	calls := make([]policy.Call, 16)
	for i := range calls {
		calls[i] = policy.Call{ID: fmt.Sprint("call_", i), Tool: "write_file", Session: "s1",
			Args: map[string]any{"path": "src/main.go", "content": strings.Repeat("x", 512), "opts": map[string]any{"mode": 420.0, "tags": []any{"a", "b"}}}}
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := policy.ValidateBatch(calls, policy.BatchLimits{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestACallsSizeIsCountedAsDocumented pins BatchLimits.MaxCallBytes'
// accounting: a call of exactly the limit passes and one byte more fails,
// whatever the bytes are made of.
func TestACallsSizeIsCountedAsDocumented(t *testing.T) {
	fields := policy.Call{ID: "c1", Tool: "tool", Session: "s", Task: "task", Goal: "goal", Agent: "ag", Surface: "chat"}
	const fieldBytes = 2 + 4 + 1 + 4 + 4 + 2 + 4
	for _, tc := range []struct {
		name string
		args map[string]any
		size int // beyond the call's other fields
	}{
		{"no arguments", nil, 0},
		{"a key and a string", map[string]any{"path": "a.txt"}, 4 + 5},
		{"a number, a bool and null count 8 each", map[string]any{"n": 1.5, "b": true, "z": nil}, 3 + 3*8},
		{"a list counts 8 and its strings their bytes", map[string]any{"l": []any{"ab", "cde"}}, 1 + 8 + 5},
		{"a list of strings counts the same", map[string]any{"l": []string{"ab", "cde"}}, 1 + 8 + 5},
		{"a list of numbers", map[string]any{"l": []any{1.0, 2.0}}, 1 + 8 + 16},
		{"an object counts its keys and values", map[string]any{"o": map[string]any{"k": "v", "kk": 3.0}}, 1 + 1 + 1 + 2 + 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fields
			c.Args = tc.args
			limit := fieldBytes + tc.size
			assert.NoError(t, policy.ValidateBatch([]policy.Call{c}, policy.BatchLimits{MaxCallBytes: limit}), "at the limit")
			err := policy.ValidateBatch([]policy.Call{c}, policy.BatchLimits{MaxCallBytes: limit - 1})
			assert.ErrorContains(t, err, fmt.Sprintf("larger than %d bytes", limit-1), "one byte over")
		})
	}
	t.Run("reaching the limit halfway does not end the count", func(t *testing.T) {
		c := fields
		c.Args = map[string]any{"a": "x", "b": "y"}
		err := policy.ValidateBatch([]policy.Call{c}, policy.BatchLimits{MaxCallBytes: fieldBytes + 2})
		assert.ErrorContains(t, err, "larger than")
	})
}

func TestDenyBatchKeepsTheFirstCallsProblemsToIt(t *testing.T) {
	calls := []policy.Call{call("c1", "", nil), call("c2", "t", nil)}
	ds := policy.DenyBatch(calls, policy.ValidateBatch(calls, policy.BatchLimits{}))
	require.Len(t, ds, 2)
	assert.Contains(t, ds[0].Message, "calls[0].tool: blank")
	assert.Contains(t, ds[1].Message, "another call in it is invalid")
	assert.NotContains(t, ds[1].Message, "calls[0]", "a call's problem is its own, not the whole list's")
}

func TestABatchProblemNamesTheFieldItIsIn(t *testing.T) {
	c := call("c1", "t", map[string]any{"o": map[string]any{"l": []any{"x", map[string]any{"bad": complex(1, 2)}}}})
	err := policy.ValidateBatch([]policy.Call{c}, policy.BatchLimits{})
	assert.ErrorContains(t, err, "calls[0].args.o.l[1].bad: a complex128 is not a JSON value")
}

// TestSequenceBatch: a list decided before any of it runs judges a script
// a later call runs as it was before the list; an earlier call that may
// write it makes the later call need a decision after it has run.
func TestSequenceBatch(t *testing.T) {
	w := newWorld(t)
	e := w.engine(t, nil)
	script := filepath.Join(w.ws, "run.sh")
	require.NoError(t, os.WriteFile(script, []byte("go build ./...\n"), 0o755))
	shell := func(id, cmd string) policy.Call {
		return policy.Call{ID: id, Tool: "shell", Args: map[string]any{"command": cmd}}
	}
	decide := func(calls ...policy.Call) []string {
		ds := make([]policy.Decision, len(calls))
		for i, c := range calls {
			ds[i] = e.Evaluate(c)
		}
		policy.SequenceBatch(ds)
		var out []string
		for _, d := range ds {
			out = append(out, d.ID+" "+d.Verdict.String())
		}
		return out
	}
	// (The written texts block nothing themselves: a write of one that
	// would is judged by its text, TestAWriteToolsTextIsJudgedAsAShellsWrite.)
	write := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": script, "content": "rm -rf ./build\n"}}
	read := policy.Call{ID: "r", Tool: "read_file", Args: map[string]any{"path": script}}
	other := policy.Call{ID: "o", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "notes.txt")}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(write, shell("s", "bash run.sh")))
	assert.Equal(t, []string{"x allow", "s approval-required"}, decide(shell("x", "go generate ./..."), shell("s", "./run.sh")))
	assert.Equal(t, []string{"s allow", "w approval-required"}, decide(shell("s", "bash run.sh"), write), "a write after an exec call, which may link its path elsewhere")
	assert.Equal(t, []string{"w allow", "r allow"}, decide(write, read), "a read after a write tool's write, which makes no link")
	assert.Equal(t, []string{"r allow", "o allow", "s allow"}, decide(read, other, shell("s", "bash run.sh")), "a read, and a write of another file")
	assert.Equal(t, []string{"w allow", "g allow"}, decide(write, shell("g", "go vet ./...")), "a command that runs no file")
	denied := policy.Call{ID: "d", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.home, ".bashrc")}}
	assert.Equal(t, []string{"d deny", "s allow"}, decide(denied, shell("s", "bash run.sh")), "a denied call does not run")
	run := e.Evaluate(shell("s", "bash run.sh"))
	ds := []policy.Decision{{ID: "d", Verdict: policy.Deny, Risk: toolmeta.RiskWriteLocal, Targets: []policy.Target{{Argument: "path", Value: script, Resolved: script}}}, run}
	policy.SequenceBatch(ds)
	assert.Equal(t, policy.Allow, ds[1].Verdict, "a denied write of the script does not run")
	asked := run
	asked.Verdict, asked.Reason = policy.ApprovalRequired, policy.ReasonModeAsk
	ds = []policy.Decision{e.Evaluate(write), asked}
	policy.SequenceBatch(ds)
	assert.Equal(t, policy.ReasonModeAsk, ds[1].Reason, "a call that asks anyway keeps its reason")
	ds = []policy.Decision{e.Evaluate(write), e.Evaluate(shell("s", "bash run.sh"))}
	policy.SequenceBatch(ds)
	assert.Equal(t, policy.ReasonHardlineDynamic, ds[1].Reason)
	assert.Contains(t, ds[1].Message, `which call "w" before it in the same list may write`)
	// A script, makefile or package.json that is not there yet is the
	// file an earlier call of the list writes: what it will hold was not
	// judged. A later command that runs none is not held back.
	fresh := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "fresh.sh"), "content": "rm -rf ./build\n"}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(fresh, shell("s", "bash fresh.sh")))
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(fresh, shell("s", "sh < fresh.sh")))
	mk := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "Makefile")}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(mk, shell("s", "make")))
	pkg := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "package.json")}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(pkg, shell("s", "npm test")))
	py := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "gen.py")}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(py, shell("s", "python3 gen.py")))
	assert.Equal(t, []string{"w allow", "s allow"}, decide(fresh, shell("s", "bash run.sh")), "another script, which is there")
	// A makefile make reads before the one there (GNUmakefile before
	// Makefile) is read in its stead once an earlier call writes it.
	require.NoError(t, os.MkdirAll(filepath.Join(w.ws, "m"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(w.ws, "m", "Makefile"), []byte("all:\n\tgo build\n"), 0o644))
	gnu := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "m", "GNUmakefile")}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(gnu, shell("s", "make -C m")))
	later := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "m", "Makefile.bak")}}
	assert.Equal(t, []string{"w allow", "s allow"}, decide(later, shell("s", "make -C m")), "a file make does not read")
	assert.Equal(t, []string{"x allow", "s approval-required"}, decide(shell("x", "go generate ./..."), shell("s", "bash fresh.sh")))
	// A file a runner finds by a pattern (terraform's *.tf, a monorepo's
	// packages/*/package.json) that an earlier call of the list makes is
	// read too: the pattern binds it. A file it matches nowhere does not.
	require.NoError(t, os.MkdirAll(filepath.Join(w.ws, "mono", "packages", "a"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(w.ws, "mono", "package.json"), []byte(`{"workspaces": ["packages/*"]}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(w.ws, "mono", "packages", "a", "package.json"), []byte(`{"scripts": {"build": "tsc -b"}}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(w.ws, "mono", "main.tf"), []byte("terraform {}\n"), 0o644))
	newPkg := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "mono", "packages", "new", "package.json")}}
	newTf := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "mono", "evil.tf")}}
	notes := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": filepath.Join(w.ws, "mono", "notes.txt")}}
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(newPkg, shell("s", "cd mono && turbo run build")))
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(newPkg, shell("s", "cd mono && npm run build -ws")))
	assert.Equal(t, []string{"w allow", "s approval-required"}, decide(newTf, shell("s", "cd mono && terraform apply")))
	assert.Equal(t, []string{"w allow", "s allow"}, decide(notes, shell("s", "cd mono && turbo run build")), "a file no pattern matches")
	assert.Equal(t, []string{"w allow", "s allow"}, decide(newPkg, shell("s", "cd mono && npm run build")), "npm not given the workspaces")
	// A path resolved before an exec call of the list runs: the call may
	// make a link on its way (ln -s ~/.config cfg), so the later call is
	// decided again after it, a read, a write or a working folder alike.
	link := shell("l", "ln -s "+filepath.Join(w.home, ".config")+" cfg")
	cfgWrite := policy.Call{ID: "w", Tool: "write_file", Args: map[string]any{"path": "cfg/autostart/x.desktop"}}
	cfgRead := policy.Call{ID: "r", Tool: "read_file", Args: map[string]any{"path": "cfg/gh/hosts.yml"}}
	assert.Equal(t, []string{"l allow", "w approval-required"}, decide(link, cfgWrite))
	assert.Equal(t, []string{"l allow", "r approval-required"}, decide(link, cfgRead))
	e2 := w.withShellTool(t, "sh")
	ds2 := []policy.Decision{e2.Evaluate(policy.Call{ID: "l", Tool: "sh", Args: map[string]any{"command": "ln -s " + filepath.Join(w.home, ".config") + " cfg"}}),
		e2.Evaluate(policy.Call{ID: "s", Tool: "sh", Args: map[string]any{"command": "rm -rf ./*", "cwd": "src"}})}
	require.Equal(t, policy.Allow, ds2[1].Verdict)
	policy.SequenceBatch(ds2)
	assert.Equal(t, policy.ApprovalRequired, ds2[1].Verdict, "its working folder: %s", ds2[1].Message)
	ds = []policy.Decision{e.Evaluate(link), e.Evaluate(cfgRead)}
	policy.SequenceBatch(ds)
	assert.Contains(t, ds[1].Message, `resolved before call "l" of the same list runs, which may make a link on its way`)
	assert.Equal(t, []string{"d deny", "r allow"}, decide(policy.Call{ID: "d", Tool: "shell", Args: map[string]any{"command": "rm -rf ~"}}, cfgRead), "a denied exec call does not run")
	assert.Equal(t, []string{"e allow", "r allow"}, decide(policy.Call{ID: "e", Tool: "email", Args: map[string]any{"to": "a@example.com"}}, cfgRead), "a call of no exec risk makes no link")
	assert.Equal(t, []string{"l allow", "m allow"}, decide(link, policy.Call{ID: "m", Tool: "email", Args: map[string]any{"to": "a@example.com"}}), "a later call that names no path")
}

// TestAnAbsentScriptIsBound: a command that runs a file that is not there
// names the file's absence among its targets, so that an approval of it
// does not reach the file once something writes it.
func TestAnAbsentScriptIsBound(t *testing.T) {
	w := newWorld(t)
	e := w.engine(t, nil)
	call := policy.Call{ID: "s", Tool: "shell", Args: map[string]any{"command": "bash later.sh"}}
	before := e.Evaluate(call)
	i := slices.IndexFunc(before.Targets, func(tg policy.Target) bool {
		return tg.Value == "script "+filepath.Join(w.ws, "later.sh")+" (absent)"
	})
	require.GreaterOrEqual(t, i, 0, "%+v", before.Targets)
	require.NoError(t, os.WriteFile(filepath.Join(w.ws, "later.sh"), []byte(""), 0o755))
	after := e.Evaluate(call)
	assert.NotContains(t, after.Targets, before.Targets[i], "the empty file binds its text, not the absence")
	assert.True(t, slices.ContainsFunc(after.Targets, func(tg policy.Target) bool {
		return strings.HasPrefix(tg.Value, "script "+filepath.Join(w.ws, "later.sh")+" hmac-sha256:")
	}), "%+v", after.Targets)
}
