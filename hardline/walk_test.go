package hardline

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// visits records the nodes a walk visits, in order; "end" stands for the
// f(nil) calls. A node is named by its type and position, since comments
// are visited through copies.
func visits(walk func(syntax.Node, func(syntax.Node) bool), n syntax.Node) []string {
	var out []string
	walk(n, func(n syntax.Node) bool {
		if n == nil {
			out = append(out, "end")
			return true
		}
		out = append(out, fmt.Sprintf("%T@%d-%d", n, n.Pos().Offset(), n.End().Offset()))
		return true
	})
	return out
}

func TestWalkTreeIsSyntaxWalk(t *testing.T) {
	cmds := []string{
		"a # one\nb && c | d # two\n# three\n",
		"case $x in\n  # before\n  a) b ;; # after\n  *) c ;;\nesac # end",
		"arr=( # c1\n  [1]=a # c2\n  b\n) # c3",
		"for ((i=0; i<3; i++)); do echo $((i*2)) ${x:1:2} ${y/a/b} ${z:-w}; done",
		"f() { g | h & } ; time coproc p { q; }; let a=1+2; [[ -n $x && ! -f y ]]; ((a++))",
		"x=$(echo <(cat y) >(tee z)) cmd ${!p} \"${a[@]}\" 2>&1 >>out <<EOF\nbody $v\nEOF",
		"declare -A m=([k]=v); local q; select s in a b; do break; done; if a; then b; elif c; then d; else e; fi",
		"@(a|b) !(c) ${x,,} ${#y} ${@:1} $'esc' \"dq $v\" 'sq' `bq`",
	}
	for _, cf := range corpusFiles {
		for _, e := range loadCorpus(t, cf.name, cf.bad) {
			cmds = append(cmds, e.cmd)
		}
	}
	cmds = append(cmds, script2KiB)
	parsers := []*syntax.Parser{
		syntax.NewParser(syntax.Variant(syntax.LangBash)),
		syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)),
	}
	for _, p := range parsers {
		for _, cmd := range cmds {
			f, err := p.Parse(strings.NewReader(cmd), "")
			if err != nil {
				continue
			}
			want, got := visits(syntax.Walk, f), visits(walkTree, f)
			if !slices.Equal(got, want) {
				t.Fatalf("walkTree visits differ from syntax.Walk on %q:\n got %q\nwant %q", cmd, got, want)
			}
		}
	}
}

func TestSingleQuotedIsQuote(t *testing.T) {
	words := []string{"a b", "a}", "if", "a'b", "x=y", "~/x", "é b", "a\tb", "{print $5, $9}", "s/^v: .*/v: 1/", "", "]", "a]b", "-s -w"}
	for _, cf := range corpusFiles {
		for _, e := range loadCorpus(t, cf.name, cf.bad) {
			words = append(words, strings.Fields(e.cmd)...)
			words = append(words, e.cmd)
		}
	}
	for _, w := range words {
		if !singleQuoted(w) {
			continue
		}
		if q, err := syntax.Quote(w, syntax.LangBash); err != nil || q != "'"+w+"'" {
			t.Errorf("singleQuoted(%q), but syntax.Quote gives %q, %v", w, q, err)
		}
	}
}

func TestCachesDoNotOutliveACall(t *testing.T) {
	a := testAnalyzer(t)
	linked := testEnv()
	linked.Canonical = func(p string) (string, error) {
		if rest, ok := strings.CutPrefix(p, "/home/dev/work/proj/data"); ok {
			return "/home/dev/.ssh" + rest, nil
		}
		return p, nil
	}
	plain := testEnv()
	plain.Canonical = func(p string) (string, error) { return p, nil }
	cmd := "cat data/id_rsa; ls data"
	// What a first call sees, from analysers that have made no call before.
	want := map[bool]Result{true: testAnalyzer(t).Command(cmd, linked), false: testAnalyzer(t).Command(cmd, plain)}
	if !want[true].Blocked() || want[false].Blocked() || len(want[false].Findings) != 0 {
		t.Fatalf("first calls: linked %+v, plain %+v; want the linked one blocked and the plain one clean", want[true], want[false])
	}
	envs := map[bool]Env{true: linked, false: plain}
	for i := range 6 {
		link := i%2 == 0
		if got := a.Command(cmd, envs[link]); !reflect.DeepEqual(got, want[link]) {
			t.Fatalf("call %d (link %v) = %+v, want %+v: an earlier call's answers were seen", i, link, got, want[link])
		}
	}
	t.Run("calls running at once each see their own answers", func(t *testing.T) {
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range 50 {
					link := (i+j)%2 == 0
					if got := a.Command(cmd, envs[link]); !reflect.DeepEqual(got, want[link]) {
						t.Errorf("goroutine %d, call %d (link %v) = %+v, want %+v", i, j, link, got, want[link])
						return
					}
				}
			}()
		}
		wg.Wait()
	})
}
