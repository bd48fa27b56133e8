package hardline

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestPortHostsRangesAtTheirEnds: a port range holds the remote-access
// server when 22 or 3389 is inside it, its ends included.
func TestPortHostsRangesAtTheirEnds(t *testing.T) {
	for spec, want := range map[string]bool{
		"22": true, "ssh": true, "3389": true, "ms-wbt-server": true, "80,22": true,
		"22-22": true, "1-22": true, "22-80": true, "3389-3389": true, "3000-3389": true, "3389-4000": true, "1-65535": true,
		"1-21": false, "23-3388": false, "3390-4000": false, "80": false, "": false, "x-y": false, "22-": false,
	} {
		if got := len(portHosts(spec)) > 0; got != want {
			t.Errorf("portHosts(%q) holds the remote-access server: %v, want %v", spec, got, want)
		}
	}
}

// TestListingOptionsWithoutTheirValue: an option that takes a value given
// last, with none after it, is read without looking past the words
// (ps --pid, lsof -p), and takes a word after it as its value.
func TestListingOptionsWithoutTheirValue(t *testing.T) {
	words := func(ws ...string) []field {
		out := make([]field, len(ws))
		for i, w := range ws {
			out[i] = field{val: w}
		}
		return out
	}
	for _, opt := range []string{"--pid", "--sort", "--format", "--ppid", "-p", "-C", "-o"} {
		psSelection(words("-e", opt)) // must not read past the end
	}
	a := testAnalyzer(t)
	r := &run{a: a}
	for _, opt := range []string{"-p", "-c", "-u", "-g", "-d", "+D"} {
		r.lsofSelection(words("-t", opt))
	}
	// The word after --user is its value: the listing is every process
	// of that user, not a listing of the IDs the word would name.
	if l := psSelection(words("-o", "pid=", "--user", "dev")); l.all == "" {
		t.Errorf("ps --user dev: the listing is not every process of the user")
	}
	if l := psSelection(words("-o", "pid=", "--pid", "4242")); l.all != "" {
		t.Errorf("ps --pid 4242: the listing is every process (%s)", l.all)
	}
	// BSD's o takes the next word as the format, when there is one.
	psSelection(words("ax", "o"))
	if l := psSelection(words("axo", "pid=")); !l.pidOnly || l.all == "" {
		t.Errorf("ps axo pid=: pidOnly %v, all %q; want the IDs of every process", l.pidOnly, l.all)
	}
}

// TestPipeLongerCountsEveryStage: pipeLonger says a pipeline of n+1
// stages is longer than n, and one of n stages is not.
func TestPipeLongerCountsEveryStage(t *testing.T) {
	for _, n := range []int{1, 2, maxPidStages} {
		for _, stages := range []int{n - 1, n, n + 1} {
			if stages < 1 {
				continue
			}
			src := "ps -e" + strings.Repeat(" | cat", stages-1)
			f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
			if err != nil {
				t.Fatal(err)
			}
			if got := pipeLonger(f.Stmts[0], n); got != (stages > n) {
				t.Errorf("pipeLonger(%d stages, %d) = %v", stages, n, got)
			}
		}
	}
}

// TestSedCommandsAtTheirEdges reads scripts that end right after each
// part (an address, a comma, a command, a delimiter, a flag) and
// addresses and flags made of every digit, so that a reader that looks one
// byte too far or stops one too soon fails.
func TestSedCommandsAtTheirEdges(t *testing.T) {
	for _, c := range []struct {
		script string
		want   []sedCommand // nil: not read
	}{
		{"d", []sedCommand{{cmd: 'd'}}},
		{" \t;d ;", []sedCommand{{cmd: 'd'}}},
		{"0d", []sedCommand{{cmd: 'd'}}},
		{"9d", []sedCommand{{cmd: 'd'}}},
		{"19p", []sedCommand{{cmd: 'p'}}},
		{"$d", []sedCommand{{cmd: 'd'}}},
		{"1,9d", []sedCommand{{cmd: 'd'}}},
		{"0,$ p", []sedCommand{{cmd: 'p'}}},
		{"/x/d", []sedCommand{{cmd: 'd', re: "x"}}},
		{"/x/ !d", []sedCommand{{cmd: 'd', re: "x", not: true}}},
		{"/x/!\td\n/y/p", []sedCommand{{cmd: 'd', re: "x", not: true}, {cmd: 'p', re: "y"}}},
		{"s/a/b/", []sedCommand{{cmd: 's'}}},
		{"s/a/b/p", []sedCommand{{cmd: 's', prints: true}}},
		{"s|a|b|g9p", []sedCommand{{cmd: 's', prints: true}}},
		{"s/a/b/0", []sedCommand{{cmd: 's'}}},
		{"s/a/b/9;q", []sedCommand{{cmd: 's'}, {cmd: 'q'}}},
		{"1", nil}, {"1,", nil}, {"1,d", nil}, {"/x/", nil}, {"/x", nil}, {"/x/!", nil}, {"s", nil}, {"s/a", nil}, {"s/a/b", nil},
		{"s\\a\\b\\", nil}, {"/a/,/b/d", nil}, {"1,/b/d", nil}, {"y/a/b/", nil}, {"dx", nil}, {"1!", nil}, {"$", nil},
	} {
		got, ok := sedCommands(c.script)
		if ok != (c.want != nil) || ok && !slices.Equal(got, c.want) {
			t.Errorf("sedCommands(%q) = %+v, %v; want %+v", c.script, got, ok, c.want)
		}
	}
}
