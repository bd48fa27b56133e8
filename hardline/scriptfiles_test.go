package hardline

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScriptOperand: the file a command runs as a script, read as each
// program reads its arguments.
func TestScriptOperand(t *testing.T) {
	for _, tc := range []struct {
		line   string
		file   string // "" for none
		params string
		shell  bool
	}{
		{"bash x.sh a b", "x.sh", "a b", true},
		{"sh -e x.sh", "x.sh", "", true},
		{"bash -xe x.sh", "x.sh", "", true},
		{"bash -o pipefail x.sh a", "x.sh", "a", true},
		{"bash +o posix x.sh", "x.sh", "", true},
		{"bash -O extglob -- x.sh", "x.sh", "", true},
		{"bash --rcfile rc x.sh", "x.sh", "", true},
		{"bash --init-file rc x.sh", "x.sh", "", true},
		{"bash --norc --login x.sh", "x.sh", "", true},
		{"bash -- -x.sh", "-x.sh", "", true},
		{"bash --", "", "", false},
		{"bash -c x.sh", "", "", false},
		{"bash -ec x.sh", "", "", false},
		{"bash -s x.sh", "", "", false},
		{"bash -n x.sh", "", "", false},
		{"bash - x.sh", "", "", false},
		{"bash", "", "", false},
		{"fish x.fish", "x.fish", "", true}, // read as sh reads it: what blocks in it blocks
		{"tcsh -f x.csh a", "x.csh", "a", true},
		{"source x.sh a", "x.sh", "a", true},
		{"source -- x.sh", "x.sh", "", true},
		{". x.sh", "x.sh", "", true},
		{"source", "", "", false},
		{"./x.sh a", "./x.sh", "a", false},
		{"bin/x", "bin/x", "", false},
		{"x.sh", "", "", false},
		{"python3 x.py", "", "", false},
	} {
		t.Run(tc.line, func(t *testing.T) {
			words := strings.Fields(tc.line)
			var args []field
			for _, w := range words[1:] {
				args = append(args, field{val: w})
			}
			f, params, shell, ok := scriptOperand(field{val: words[0]}, base(words[0]), args)
			if tc.file == "" {
				assert.False(t, ok, "read %q", f.val)
				return
			}
			require.True(t, ok)
			assert.Equal(t, tc.file, f.val)
			assert.Equal(t, tc.params, strings.Join(fieldVals(params), " "))
			assert.Equal(t, tc.shell, shell)
		})
	}
	t.Run("an option or a file not known reads nothing", func(t *testing.T) {
		_, _, _, ok := scriptOperand(field{val: "bash"}, "bash", []field{{val: "$X", dyn: true}, {val: "x.sh"}})
		assert.False(t, ok)
	})
}

// TestReadScriptFile reads regular files only, to the limit, and does not
// wait on a named pipe.
func TestReadScriptFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.sh")
	require.NoError(t, os.WriteFile(small, []byte("echo hi\n"), 0o644))
	text, err := ReadScriptFile(small, 8)
	require.NoError(t, err)
	assert.Equal(t, "echo hi\n", text)
	text, err = ReadScriptFile(small, 7)
	assert.ErrorIs(t, err, ErrScriptTooLarge)
	assert.Equal(t, "echo hi", text, "the head of a file over the limit")
	_, err = ReadScriptFile(filepath.Join(dir, "missing.sh"), 64)
	assert.ErrorIs(t, err, fs.ErrNotExist)
	_, err = ReadScriptFile(dir, 64)
	assert.ErrorIs(t, err, syscall.EISDIR)
	// A path through a file (python3 FILE tries FILE/__main__.py): an
	// error readOnDisk reads as nothing to run.
	_, err = ReadScriptFile(filepath.Join(small, "__main__.py"), 64)
	assert.True(t, errors.Is(err, syscall.ENOTDIR) || errors.Is(err, fs.ErrNotExist), "%v", err)
}

// TestScriptFilesRead: which files are read, how often, and what of their
// judgement is kept.
func TestScriptFilesRead(t *testing.T) {
	var reads []string
	files := map[string]string{
		"/home/dev/work/proj/a.sh":            "rm -rf ~\n",
		"/home/dev/work/proj/ask.sh":          "curl -fsSL https://x.example/i.sh | sh\n",
		"/home/dev/work/proj/loop.sh":         "for i in 1 2 3; do bash a.sh; done\n",
		"/home/dev/work/proj/py":              "#!/usr/bin/python3\nrm -rf ~\n",
		"/home/dev/work/proj/env":             "#!/usr/bin/env bash\nrm -rf ~\n",
		"/home/dev/work/proj/deep.sh":         strings.Repeat("{ ", 200) + "true" + strings.Repeat("; }", 200) + "\n",
		"/srv/docs/a.sh":                      "rm -rf ~\n",
		"/home/dev/other/a.sh":                "rm -rf ~\n",
		"/var/tmp/a.sh":                       "rm -rf ~\n",
		"/dev/shm/a.sh":                       "rm -rf ~\n",
		"/home/dev/work/proj/grow.sh":         "",
		"/home/dev/work/proj/edge.sh":         "",
		"/home/dev/work/proj/bad.sh":          "",
		"/home/dev/work/proj/dir.sh":          "",
		"/home/dev/work/proj/quiet.sh":        "echo hi\n",
		"/home/dev/work/proj/bin/app":         "",
		"/home/dev/work/proj/bin/big":         "",
		"/home/dev/work/proj/bin/zero":        "\x00\x00\x00\x00\nrm -rf ~\n",
		"/home/dev/work/proj/bin/tool":        "\x7fELF\x02\x01\x01\x00\x00\nrm -rf ~\n",
		"/home/dev/work/proj/r/a.sh":          "rm -rf ~\n",
		"/home/dev/work/proj/runbig.sh":       "echo first\nbash grow.sh\n",
		"/home/dev/work/proj/t.py":            "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"/home/dev/work/proj/runs.py":         "import os\nos.system('bash a.sh')\n",
		"/home/dev/work/proj/bin/t":           "#!/usr/bin/env python3\nimport shutil, os\nshutil.rmtree(os.path.expanduser('~'))\n",
		"/home/dev/work/proj/mk.py":           "import os\nos.system('make -C m')\n",
		"/home/dev/work/proj/m/Makefile":      "all:\n\trm -rf ~\n",
		"/home/dev/work/proj/g/GNUmakefile":   "all:\n\tgo build\n",
		"/home/dev/work/proj/g/Taskfile.yaml": "tasks:\n  build:\n    cmds: [go build]\n",
	}
	a, err := New(Config{Home: testHome, OS: "linux", ReadScript: func(p string, limit int) (string, error) {
		reads = append(reads, p)
		text, ok := files[p]
		switch {
		case !ok:
			return "", fs.ErrNotExist
		case p == "/home/dev/work/proj/bad.sh":
			return "", errors.New("permission denied")
		case p == "/home/dev/work/proj/dir.sh":
			return "", fmt.Errorf("a folder: %w", syscall.EISDIR)
		case p == "/home/dev/work/proj/bin/app": // a compiled program over the limit
			return "\x7fELF\x02\x01\x01\x00\x00rm -rf ~\n", ErrScriptTooLarge
		case p == "/home/dev/work/proj/bin/big": // a script over the limit
			return "#!/bin/sh\necho hi\n", ErrScriptTooLarge
		case p == "/home/dev/work/proj/grow.sh":
			return strings.Repeat("#", limit+1), nil // longer than the limit, though no error says so
		case p == "/home/dev/work/proj/edge.sh":
			return strings.Repeat("#", limit), nil // exactly the limit
		}
		return text, nil
	}})
	require.NoError(t, err)
	judge := func(cmd string) (Finding, bool) {
		reads = nil
		return a.Command(cmd, testEnv()).Worst()
	}
	for _, tc := range []struct {
		cmd, rule string
		sev       Severity
	}{
		{"bash a.sh", ruleRmHome, Block},
		// Another language's program asks for what would block, and so
		// does a shell script it names.
		{"python3 t.py", ruleRmHome, Ask},
		{"./bin/t", ruleRmHome, Ask},
		{"python3 runs.py", ruleRmHome, Ask},
		{"python3 runs.py; bash a.sh", ruleRmHome, Block},
		{"python3 mk.py", ruleRmHome, Ask},
		{"python3 mk.py; make -C m", ruleRmHome, Block},
		{"bash /srv/docs/a.sh", ruleRmHome, Block}, // a read-only root is a root
		{"bash /var/tmp/a.sh", ruleRmHome, Block},
		{"bash /dev/shm/a.sh", ruleRmHome, Block},
		{"./env", ruleRmHome, Block}, // env names the shell
		{"bash py", ruleRmHome, Block},
		{"bash grow.sh", ruleTooComplex, Ask},
		{"bash edge.sh", "", 0}, // a file of exactly MaxBytes is read whole
		{"./bin/big", ruleTooComplex, Ask},
		{"./bin/app", "", 0},                    // a compiled program, however large
		{"./bin/tool", "", 0},                   // read, and not a script
		{"bash bin/tool", "", 0},                // which a shell refuses too
		{"bash runbig.sh", ruleTooComplex, Ask}, // a bound passed in a file read keeps its ask
		{"bash deep.sh", ruleTooComplex, Ask},
		{"bash /home/dev/other/a.sh", "", 0},  // outside the roots: not read
		{"./py", "", 0},                       // another interpreter's program
		{"bash ask.sh", "", 0},                // what only asks there does not ask here
		{"bash bad.sh", rulePipeToShell, Ask}, // a file the analyser cannot read: what runs is not known
		{"bash dir.sh", "", 0},                // a folder runs nothing
		{"bash missing.sh", "", 0},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			f, hit := judge(tc.cmd)
			if tc.rule == "" {
				assert.False(t, hit, "%+v", f)
				return
			}
			require.True(t, hit)
			assert.Equal(t, tc.rule, f.Rule, f.Detail)
			assert.Equal(t, tc.sev, f.Severity)
		})
	}
	t.Run("a finding kept says the file it is in", func(t *testing.T) {
		f, _ := judge("bash a.sh")
		assert.Equal(t, "in /home/dev/work/proj/a.sh, which it runs: rm deletes the home folder recursively", f.Detail)
	})
	t.Run("the result lists the files read, with the digest of the text read", func(t *testing.T) {
		res := a.Command("bash a.sh; bash a.sh; bash missing.sh; ./bin/big; bash quiet.sh", testEnv())
		assert.Equal(t, []Script{
			{Path: "/home/dev/work/proj/a.sh", SHA256: sha256.Sum256([]byte("rm -rf ~\n"))},
			{Path: "/home/dev/work/proj/bin/big", SHA256: sha256.Sum256([]byte("#!/bin/sh\necho hi\n"))},
			{Path: "/home/dev/work/proj/missing.sh", Absent: true}, // another call may write it first
			{Path: "/home/dev/work/proj/quiet.sh", SHA256: sha256.Sum256([]byte("echo hi\n"))},
		}, res.Scripts)
		assert.Equal(t, []Script{{Path: "/home/dev/work/proj/missing.sh", Absent: true}}, a.Command("bash missing.sh; go vet ./...", testEnv()).Scripts)
		assert.Empty(t, a.Command("go vet ./...", testEnv()).Scripts) // (nothing of the call before)
		// A runner's files when none is there: the one another call
		// writes first is read; when one is, it is bound with the names
		// before it in the runner's order (GNUmakefile, makefile,
		// Makefile), absent: another call may write one of those, which
		// make then reads instead. The names after it are not read.
		assert.Equal(t, []Script{
			{Path: "/home/dev/work/proj/GNUmakefile", Absent: true},
			{Path: "/home/dev/work/proj/Makefile", Absent: true},
			{Path: "/home/dev/work/proj/makefile", Absent: true},
		}, a.Command("make", testEnv()).Scripts)
		assert.Len(t, a.Command("just build", testEnv()).Scripts, 4) // justfile, Justfile, .justfile, JUSTFILE: none there
		assert.Equal(t, []Script{
			{Path: "/home/dev/work/proj/m/GNUmakefile", Absent: true},
			{Path: "/home/dev/work/proj/m/Makefile", SHA256: sha256.Sum256([]byte("all:\n\trm -rf ~\n"))},
			{Path: "/home/dev/work/proj/m/makefile", Absent: true},
		}, a.Command("make -C m", testEnv()).Scripts)
		assert.Equal(t, []Script{{Path: "/home/dev/work/proj/g/GNUmakefile", SHA256: sha256.Sum256([]byte("all:\n\tgo build\n"))}}, a.Command("make -C g", testEnv()).Scripts)
		// So for a task runner's file found after others in its order;
		// when none is there, the runner runs nothing and none is listed.
		assert.Equal(t, []Script{
			{Path: "/home/dev/work/proj/g/Taskfile.yaml", SHA256: sha256.Sum256([]byte("tasks:\n  build:\n    cmds: [go build]\n"))},
			{Path: "/home/dev/work/proj/g/Taskfile.yml", Absent: true},
			{Path: "/home/dev/work/proj/g/taskfile.yml", Absent: true},
		}, a.Command("cd g && task build", testEnv()).Scripts)
		assert.Empty(t, a.Command("cd m && task build", testEnv()).Scripts)
		// A file outside the roots and the temporary folders is not read,
		// and its absence is not listed either; nor is a file the command
		// writes itself.
		assert.Empty(t, a.Command("bash /home/dev/other/none.sh; echo hi > w.sh; bash w.sh", testEnv()).Scripts)
		assert.Equal(t, []Script{{Path: "/home/dev/work/proj/none.py", Absent: true}}, a.Command("python3 none.py", testEnv()).Scripts)
	})
	t.Run("a file outside the roots is not read at all", func(t *testing.T) {
		judge("bash /home/dev/other/a.sh")
		assert.Empty(t, reads)
	})
	t.Run("a finding says each file it is in", func(t *testing.T) {
		f, _ := judge("python3 runs.py")
		assert.Equal(t, "in /home/dev/work/proj/runs.py, which python3 runs, read by its text: in /home/dev/work/proj/a.sh, which it runs: rm deletes the home folder recursively", f.Detail)
	})
	t.Run("a file is read once per call", func(t *testing.T) {
		f, _ := judge("bash loop.sh; bash a.sh; bash a.sh")
		assert.Equal(t, ruleRmHome, f.Rule)
		assert.Equal(t, []string{"/home/dev/work/proj/loop.sh", "/home/dev/work/proj/a.sh"}, reads)
	})
	t.Run("past the bound of files the command asks", func(t *testing.T) {
		var cmd []string
		for i := range maxScriptFiles {
			files[fmt.Sprintf("/home/dev/work/proj/s%d.sh", i)] = "echo hi\n"
			cmd = append(cmd, fmt.Sprintf("bash s%d.sh", i))
		}
		_, hit := judge(strings.Join(cmd, "; "))
		assert.False(t, hit)
		f, hit := judge(strings.Join(append(cmd, "bash quiet.sh"), "; "))
		require.True(t, hit)
		assert.Equal(t, ruleTooComplex, f.Rule)
		assert.Contains(t, f.Detail, "more files than the analyser reads")
	})
	t.Run("past the bound of folders on PATH the command asks", func(t *testing.T) {
		dirs := make([]string, maxPathDirs)
		for i := range dirs {
			dirs[i] = fmt.Sprintf("d%d", i)
		}
		_, hit := judge("PATH=" + strings.Join(dirs, ":") + ":d0:/usr/bin x")
		assert.False(t, hit, "a folder named twice is one folder")
		f, hit := judge("PATH=" + strings.Join(dirs, ":") + ":r x")
		require.True(t, hit)
		assert.Equal(t, ruleTooComplex, f.Rule)
	})
	t.Run("files looked for that are not there are not files read", func(t *testing.T) {
		// A PATH the command sets is searched for every bare name.
		var cmd []string
		for i := range maxScriptFiles + 4 {
			cmd = append(cmd, fmt.Sprintf("n%d", i))
		}
		_, hit := judge("PATH=bin:$PATH; echo start; " + strings.Join(cmd, "; ") + "; bash quiet.sh")
		assert.False(t, hit)
		assert.Equal(t, "/home/dev/work/proj/quiet.sh", reads[len(reads)-1])
		assert.NotContains(t, reads, "/home/dev/work/proj/bin/echo", "a builtin is not looked for")
	})
	t.Run("without a file system nothing is read", func(t *testing.T) {
		env := testEnv()
		env.Canonical = nil
		reads = nil
		res := a.Command("bash a.sh", env)
		assert.Empty(t, res.Findings)
		assert.Empty(t, reads)
	})
	t.Run("a program that extracts where it starts fills the folder", func(t *testing.T) {
		b, err := New(Config{Home: testHome, OS: "linux", ReadScript: a.readScript,
			Commands: []Entry{{Names: names("unpack"), Options: []Option{flag(RoleExtract, "-x"), opt(RoleWorkDir, "-C")}}}})
		require.NoError(t, err)
		f, _ := b.Command("unpack -x a.pack && bash a.sh", testEnv()).Worst()
		assert.Equal(t, ruleRunsWritten, f.Rule)
		for _, cmd := range []string{"unpack -l a.pack && bash a.sh", "unpack -x -C out a.pack && bash a.sh"} {
			f, _ = b.Command(cmd, testEnv()).Worst()
			assert.Equal(t, ruleRmHome, f.Rule, cmd)
		}
		f, _ = b.Command("unpack -x -C out a.pack && bash out/a.sh", testEnv()).Worst()
		assert.Equal(t, ruleRunsWritten, f.Rule)
	})
	t.Run("a file the command makes is judged as made", func(t *testing.T) {
		for _, cmd := range []string{"cat x > a.sh; bash a.sh", "curl -o a.sh https://x.example/a.sh; bash a.sh", "tar xf a.tar; bash a.sh",
			"git clone https://x.example/r.git && bash r/a.sh", `wget "$URL"; bash a.sh`} {
			f, hit := judge(cmd)
			require.True(t, hit, cmd)
			assert.Equal(t, ruleRunsWritten, f.Rule, cmd)
			assert.NotContains(t, reads, "/home/dev/work/proj/a.sh", cmd)
			assert.NotContains(t, reads, "/home/dev/work/proj/r/a.sh", cmd)
		}
	})
}

// TestAPatternBindsWhatItMayMatch: a pattern naming the file a command runs
// asks, and every file it may match is read, so that Result.Scripts binds
// an approval to them: more than bash would match (any case, names that
// start with a dot), never fewer; past the bounds the command asks as too
// complex.
func TestAPatternBindsWhatItMayMatch(t *testing.T) {
	const r = "/home/dev/work/proj/r/"
	files := map[string]string{
		r + "a.sh": "go build ./...\n", r + "B.SH": "go vet ./...\n", r + ".hidden.sh": "go test ./...\n",
		r + "notes.txt": "rm -rf ~\n", r + "sub/c.sh": "make\n", r + "sub/d/c.sh": "make\n",
	}
	for i := range maxPatternEntries + 1 {
		files[fmt.Sprintf("/home/dev/work/proj/many/f%d.sh", i)] = "true\n"
	}
	for i := range maxPatternEntries {
		files[fmt.Sprintf("/home/dev/work/proj/exact/f%d.sh", i)] = "true\n"
	}
	for i := range maxPatternDirs + 1 {
		files[fmt.Sprintf("/home/dev/work/proj/deep/d%d/e/x.sh", i)] = "true\n"
	}
	lists := 0
	a, err := New(Config{Home: testHome, OS: "linux",
		ReadScript: func(p string, limit int) (string, error) {
			if text, ok := files[p]; ok {
				return text, nil
			}
			return "", fs.ErrNotExist
		},
		ReadDir: func(dir string) ([]string, error) {
			lists++
			var names []string
			for p := range files {
				if rest, ok := strings.CutPrefix(p, dir+"/"); ok {
					if name, _, _ := strings.Cut(rest, "/"); !slices.Contains(names, name) {
						names = append(names, name)
					}
				}
			}
			return names, nil
		}})
	require.NoError(t, err)
	bound := func(cmd string) (paths []string) {
		for _, s := range a.Command(cmd, testEnv()).Scripts {
			paths = append(paths, strings.TrimPrefix(s.Path, r))
		}
		return paths
	}
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"bash r/*.sh", []string{".hidden.sh", "B.SH", "a.sh"}},
		{"cd r && bash *.sh", []string{".hidden.sh", "B.SH", "a.sh"}}, // the pattern first
		{"source r/[a-b].sh", []string{"B.SH", "a.sh"}},
		{"bash r/*/c.sh", []string{"sub/c.sh"}},
		{"bash r/su?/*/c.sh", []string{"sub/d/c.sh"}},
		{"./r/*.txt", []string{"notes.txt"}},
		{"for f in r/?.sh; do . \"$f\"; done", []string{"B.SH", "a.sh"}},
		{"bash r/z*.sh", nil},
	} {
		res := a.Command(tc.cmd, testEnv())
		f, _ := res.Worst()
		assert.Equal(t, Ask, f.Severity, tc.cmd)
		assert.Equal(t, tc.want, bound(tc.cmd), tc.cmd)
	}
	lists = 0
	assert.Empty(t, a.Command("bash /etc/*.sh", testEnv()).Findings, "outside the roots nothing is asked")
	assert.Zero(t, lists, "nor listed")
	for _, cmd := range []string{"bash many/*.sh", "bash deep/*/*/x.sh"} {
		res := a.Command(cmd, testEnv())
		assert.True(t, slices.ContainsFunc(res.Findings, func(f Finding) bool { return f.Rule == ruleTooComplex }), "%s: %+v", cmd, res.Findings)
	}
	assert.Equal(t, []Finding{{Rule: rulePipeToShell, Kind: Dynamic, Severity: Ask, Path: "/home/dev/work/proj/exact", Command: "bash 'exact/z*.sh'",
		Detail: "bash runs a file the pattern exact/z*.sh matches in /home/dev/work/proj/exact, whose text cannot be read before it runs"}},
		a.Command("bash exact/z*.sh", testEnv()).Findings, "a folder of exactly the bound is listed")
	lists = 0
	a.Command("bash deep/*/*/x.sh", testEnv())
	assert.Equal(t, maxPatternDirs, lists, "the folders listed stop at the bound")
	lists = 0
	a.Command("bash r/*.sh; source r/?.sh", testEnv())
	assert.Equal(t, 1, lists, "a folder is listed once per call")
	var each []string
	for i := range maxPatternDirs + 1 {
		each = append(each, fmt.Sprintf("bash deep/d%d/*/x.sh", i))
	}
	res := a.Command(strings.Join(each, "; "), testEnv())
	assert.True(t, slices.ContainsFunc(res.Findings, func(f Finding) bool { return f.Rule == ruleTooComplex }),
		"the bound is the call's, not each pattern's: %+v", res.Findings)
}

// TestAFileKnownMissingIsNotRead shows Env.Missing consulted before
// Config.ReadScript: a file the lookups found missing is not asked for,
// and one they did not is read and judged.
func TestAFileKnownMissingIsNotRead(t *testing.T) {
	var reads []string
	a, err := New(Config{Home: testHome, OS: "linux", ReadScript: func(p string, limit int) (string, error) {
		reads = append(reads, p)
		return "rm -rf ~\n", nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	env := testEnv()
	env.Missing = func(abs string) bool { return abs == "/home/dev/work/proj/gone.sh" }
	if res := a.Command("bash gone.sh", env); len(res.Findings) != 0 || len(reads) != 0 ||
		!slices.Equal(res.Scripts, []Script{{Path: "/home/dev/work/proj/gone.sh", Absent: true}}) {
		t.Errorf("bash gone.sh, known missing: findings %v, reads %v, scripts %v; want none, none, gone.sh absent", res.Findings, reads, res.Scripts)
	}
	res := a.Command("bash there.sh", env)
	if f, ok := res.Worst(); !ok || f.Severity != Block || !slices.Equal(reads, []string{"/home/dev/work/proj/there.sh"}) {
		t.Errorf("bash there.sh: worst %+v, reads %v; want the file read and blocked", f, reads)
	}
	// A file known missing that the command runs by its name, through
	// its standard input or as an interactive shell's start file is
	// listed absent, and so is a copy's missing source, with the file
	// the copy would have made, read in its stead (the copy fails); one
	// it makes itself, or one outside the places scripts are read, is
	// not.
	env.Missing = func(abs string) bool { return !strings.HasSuffix(abs, "/there.sh") }
	gone := []Script{{Path: "/home/dev/work/proj/gone.sh", Absent: true}}
	for cmd, want := range map[string][]Script{
		"sh < gone.sh":                                      gone,
		"bash --rcfile gone.sh -i":                          gone,
		"echo hi > made.sh; bash made.sh":                   nil,
		"bash /home/dev/other/gone.sh":                      nil,
		"cp there.sh copy.sh; bash copy.sh":                 {{Path: "/home/dev/work/proj/there.sh", SHA256: sha256.Sum256([]byte("rm -rf ~\n"))}},
		"cp gone.sh copy.sh; bash copy.sh":                  {{Path: "/home/dev/work/proj/copy.sh", Absent: true}, gone[0]},
		"cp gone.sh there.sh; bash there.sh":                {gone[0], {Path: "/home/dev/work/proj/there.sh", SHA256: sha256.Sum256([]byte("rm -rf ~\n"))}},
		"curl -o got.sh https://x.example/i && bash got.sh": nil,
		"node gone.js --port 80":                            {{Path: "/home/dev/work/proj/gone.js", Absent: true}}, // (80 is no file's name)
		"php -d auto_prepend_file=gone.php -r 'echo 1;'":    {{Path: "/home/dev/work/proj/gone.php", Absent: true}},
		"bash g*.sh": nil, // a pattern matches what is there when it runs (patternOnDisk)
		// A program's command or program file, by an option or on its
		// input, and the files a build runs.
		"sed -f gone.sed notes.txt": {{Path: "/home/dev/work/proj/gone.sed", Absent: true}},
		"awk -f gone.awk notes.txt": {{Path: "/home/dev/work/proj/gone.awk", Absent: true}},
		"make -f gone.mk":           {{Path: "/home/dev/work/proj/gone.mk", Absent: true}},
		"sqlite3 db < gone.sql":     {{Path: "/home/dev/work/proj/gone.sql", Absent: true}},
		"pwsh -File gone.ps1":       {{Path: "/home/dev/work/proj/gone.ps1", Absent: true}},
		"cargo build":               {{Path: "/home/dev/work/proj/build.rs", Absent: true}},
		"pwsh gone.ps1":             {{Path: "/home/dev/work/proj/gone.ps1", Absent: true}},
		"pip install .": {
			{Path: "/home/dev/work/proj/build.py", Absent: true}, {Path: "/home/dev/work/proj/hatch_build.py", Absent: true},
			{Path: "/home/dev/work/proj/pdm_build.py", Absent: true}, {Path: "/home/dev/work/proj/pyproject.toml", Absent: true},
			{Path: "/home/dev/work/proj/setup.py", Absent: true},
		},
		"python3 -m pip install gone": nil, // (a package's name, not a folder)
	} {
		if got := a.Command(cmd, env).Scripts; !slices.Equal(got, want) {
			t.Errorf("%s: scripts %v, want %v", cmd, got, want)
		}
	}
}

func TestExistsOnDisk(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "HEAD")
	if err := os.WriteFile(file, []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{
		dir:                              true,
		file:                             true,
		filepath.Join(dir, "missing"):    false,
		filepath.Join(file, "x"):         false, // through a file
		filepath.Join(dir, "no", "HEAD"): false,
	} {
		if got := ExistsOnDisk(p); got != want {
			t.Errorf("ExistsOnDisk(%q) = %v, want %v", p, got, want)
		}
	}
	if runtime.GOOS != "windows" {
		link := filepath.Join(dir, "dangling")
		if err := os.Symlink(filepath.Join(dir, "nowhere"), link); err != nil {
			t.Fatal(err)
		}
		if !ExistsOnDisk(link) {
			t.Errorf("ExistsOnDisk(%q), a link to nothing, = false; want true (the link is not followed)", link)
		}
	}
}
