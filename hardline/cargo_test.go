package hardline

import (
	"slices"
	"testing"
)

// TestCargoBuildScripts: the build scripts a cargo build reads are its
// package's, its workspace members' and its path dependencies', each as
// its manifest names it, and no other.
func TestCargoBuildScripts(t *testing.T) {
	a := testAnalyzer(t)
	const p = "/home/dev/work/proj/runme/"
	for _, c := range []struct {
		cmd       string
		read, not []string
	}{
		{"cd runme/cws && cargo build",
			[]string{p + "cws/crates/a/build.rs", p + "cws/tools/gen/scripts/gen.rs", p + "cws/crates/*"},
			[]string{p + "cws/build.rs", p + "cws/tools/gen/build.rs"}}, // a workspace without a package; a build key
		{"cd runme/cwsok && cargo build",
			[]string{p + "cwsok/crates/cli/build.rs", p + "cwsok/crates/core/Cargo.toml"},
			[]string{p + "cwsok/crates/core/build.rs", p + "cwsok/crates/core/false"}}, // build = false
		{"cd runme/cpath && cargo build", // helper depends on x again: read once
			[]string{p + "chelper/build.rs", p + "chelper/Cargo.toml"}, nil},
		{"cd runme/nothere && cargo build", // no manifest: build.rs beside it is absent
			[]string{p + "nothere/build.rs"}, nil},
	} {
		res := a.Command(c.cmd, testEnv())
		var got []string
		for _, s := range res.Scripts {
			got = append(got, s.Path)
		}
		for _, w := range c.read {
			if !slices.Contains(got, w) {
				t.Errorf("%s: %s not among the files read %v", c.cmd, w, got)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("%s: %s read, which cargo does not run", c.cmd, w)
			}
		}
	}
}
