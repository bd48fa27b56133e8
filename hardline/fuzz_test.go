package hardline

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// FuzzCommand checks that Command never panics, never reports an internal
// error and returns within a generous bound on inputs up to 64 KiB.
func FuzzCommand(f *testing.F) {
	for _, cf := range corpusFiles {
		for i, e := range loadCorpus(f, cf.name, cf.bad) {
			// The class corpora are sampled, so that the baseline stays
			// small enough for a 15-second run to make progress.
			if strings.HasSuffix(cf.name, "destructive.txt") || strings.HasSuffix(cf.name, "everyday.txt") || i%5 == 0 {
				f.Add(e.cmd)
			}
		}
	}
	a := testAnalyzer(f)
	// The same text on Windows, where it is also read as cmd.exe and
	// PowerShell read it (windowsReading).
	win, err := New(Config{Home: `C:\Users\Dev`, OS: "windows"})
	if err != nil {
		f.Fatal(err)
	}
	winEnv := Env{WorkDir: `C:\Users\Dev\proj`, Roots: []Root{{Path: `C:\Users\Dev\proj`, Writable: true}}}
	f.Fuzz(func(t *testing.T, cmd string) {
		if len(cmd) > DefaultMaxBytes {
			cmd = cmd[:DefaultMaxBytes]
		}
		if d := timed(func() {
			for _, fd := range win.Command(cmd, winEnv).Findings {
				if fd.Rule == ruleInternal {
					t.Fatalf("internal error on Windows: %s", fd.Detail)
				}
			}
		}); d > 4*time.Second {
			t.Fatalf("Command on Windows took %v of CPU time on %d bytes", d, len(cmd))
		}
		// The bound is on the CPU time of the analysis itself (on Linux;
		// wall time elsewhere), so a busy machine cannot fail it.
		var res Result
		if d := timed(func() { res = a.Command(cmd, testEnv()) }); d > 2*time.Second {
			t.Fatalf("Command took %v of CPU time on %d bytes", d, len(cmd))
		}
		for _, fd := range res.Findings {
			if fd.Rule == ruleInternal {
				t.Fatalf("internal error: %s", fd.Detail)
			}
			if fd.Severity != Ask && fd.Severity != Block || fd.Kind < Command || fd.Kind > Dynamic {
				t.Fatalf("bad finding %+v", fd)
			}
			if len(fd.Command) > MaxCommandText {
				t.Fatalf("command text too long: %d", len(fd.Command))
			}
		}
		// Analysing a command inside bash -c never makes it less strict,
		// unless the wrapped text no longer parses (which asks). Text that
		// starts with - or + is not a script to bash -c but an invalid
		// option ("bash -c '-- rm x'" runs nothing), so it is left out.
		if w, ok := res.Worst(); ok && w.Severity == Block && len(cmd) < 512 && !strings.ContainsAny(cmd, "'\x00") &&
			!strings.HasPrefix(cmd, "-") && !strings.HasPrefix(cmd, "+") {
			inner := a.Command("bash -c '"+cmd+"'", testEnv())
			parseErr := slices.ContainsFunc(inner.Findings, func(f Finding) bool { return f.Rule == ruleParseError })
			if !inner.Blocked() && !parseErr {
				t.Fatalf("%q blocks but bash -c of it does not: %+v", cmd, inner.Findings)
			}
		}
	})
}
