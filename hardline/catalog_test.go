package hardline

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestRuleTableMatchesRules checks the package documentation's rule table
// against Rules, so the two cannot drift.
func TestRuleTableMatchesRules(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`^//\t([a-z0-9-]+)\s+(command|path|dynamic)\s+(ask|block)\s+\S`)
	doc := map[string][2]string{}
	var order []string
	for line := range strings.SplitSeq(string(src), "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			doc[m[1]] = [2]string{m[2], m[3]}
			order = append(order, m[1])
		}
	}
	var names []string
	for _, ri := range Rules() {
		names = append(names, ri.Name)
		d, ok := doc[ri.Name]
		switch {
		case !ok:
			t.Errorf("rule %s is not in the package documentation's table", ri.Name)
		case d[0] != ri.Kind.String() || d[1] != ri.Severity.String():
			t.Errorf("rule %s: documented as %s %s, Rules says %s %s", ri.Name, d[0], d[1], ri.Kind, ri.Severity)
		}
	}
	for _, n := range order {
		if !slices.Contains(names, n) {
			t.Errorf("the documentation's table lists %s, which Rules does not", n)
		}
	}
	if !slices.Equal(order, names) {
		t.Errorf("the documentation's table is not in Rules order:\n doc   %v\n rules %v", order, names)
	}
	// The run-time rules the documentation lists are those Rules marks.
	prose := strings.ReplaceAll(string(src), "\n// ", " ")
	_, list, ok := strings.Cut(prose, "They are the run-time rules:")
	if !ok {
		t.Fatal("the documentation does not list the run-time rules")
	}
	list, _, _ = strings.Cut(list, ".")
	var documented, marked []string
	for _, w := range strings.Split(list, ",") {
		documented = append(documented, strings.TrimSpace(w))
	}
	for _, ri := range Rules() {
		if ri.RunTime {
			marked = append(marked, ri.Name)
		}
	}
	if !slices.Equal(documented, marked) {
		t.Errorf("the documentation's run-time rules are not those Rules marks:\n doc   %q\n rules %q", documented, marked)
	}
}

// TestCatalogIsDocumentedAndExercised checks that every catalogue entry has
// a family and a summary, that the package documentation names every
// family, and that the corpus runs at least one program of every entry.
func TestCatalogIsDocumentedAndExercised(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var corpus strings.Builder
	for _, cf := range corpusFiles {
		for _, e := range loadCorpus(t, cf.name, cf.bad) {
			corpus.WriteString(" " + e.cmd + "\n")
		}
	}
	words := map[string]bool{}
	for _, w := range regexp.MustCompile(`[^\s;|&()'"=]+`).FindAllString(corpus.String(), -1) {
		words[w] = true
		if i := strings.LastIndexByte(w, '/'); i >= 0 {
			words[w[i+1:]] = true
		}
	}
	seen := map[string]bool{}
	for _, e := range Catalog() {
		if e.Family == "" || e.Summary == "" {
			t.Errorf("entry %v has no family or summary", e.Names)
		}
		if !seen[e.Family] && !strings.Contains(string(src), "\t"+e.Family+" ") {
			t.Errorf("the package documentation does not describe the family %q", e.Family)
		}
		seen[e.Family] = true
		if !slices.ContainsFunc(e.Names, func(n string) bool { return words[n] }) {
			t.Errorf("no corpus command runs %v", e.Names)
		}
		for _, s := range e.Subcommands {
			if s.Summary == "" && !s.DataOnly && len(s.Subcommands) == 0 && len(s.Operands) == 0 && len(s.Options) == 0 && s.special == nil {
				t.Errorf("sub-command %v of %v says nothing", s.Names, e.Names)
			}
		}
	}
	if err := ValidateCommands(Catalog()); err != nil {
		t.Errorf("the built-in catalogue does not validate: %v", err)
	}
}

func TestValidateCommandsReportsEveryProblemWithItsPath(t *testing.T) {
	entries := []Entry{
		{Names: []string{"ok"}, Options: []Option{{Names: []string{"--exec"}, Takes: 1, Role: RoleScript}}},
		{Names: []string{"bad/name", ""}, Options: []Option{{Names: []string{"x"}, Takes: 3, Role: "run"}}},
		{Names: []string{"tool"}, Operands: []Operand{{Index: 0, Role: RoleRecursive}, {Index: -1, Rest: true, Role: RoleWrite}},
			Env: []EnvVar{{Name: "1X", Role: RoleEscape}}, Rule: "no-such-rule", Stdin: "nothing",
			Subcommands: []Entry{{Names: []string{"sub"}, Options: []Option{{Names: []string{"-o"}, Role: RoleWrite}}}}},
		{Names: []string{"search"}, Options: []Option{{Names: []string{"-e"}, Takes: 1}},
			Operands: []Operand{{Index: 0, Role: RoleData, Unless: []string{"-e", "-x"}}, {Index: 1, Rest: true, Role: RoleRead, Unless: []string{"-e"}}}},
		{Names: []string{"fetch"}, Options: []Option{{Names: []string{"-o"}, Takes: 1}}, WorkDirOptions: []string{"-o", "-d"}},
		{Names: []string{"runner"}, RunsFiles: []string{"Runfile", "", "/etc/x", "../x", `a\b`, "a/../b", "[x"}},
	}
	err := ValidateCommands(entries)
	if err == nil {
		t.Fatal("want errors")
	}
	want := []string{"commands[1].names[0]", "commands[1].names[1]", "commands[1].options[0].names[0]", "commands[1].options[0].takes",
		"commands[1].options[0].role", "commands[2].operands[0].role", "commands[2].operands[1].rest", "commands[2].stdin",
		"commands[2].env[0].name", "commands[2].env[0].markers", "commands[2].rule", "commands[2].subcommands[0].options[0].role",
		"commands[3].operands[0].unless[1]", "commands[3].operands[1].unless", "commands[4].workDirOptions", "commands[4].workDirOptions[1]",
		"commands[5].runsFiles[1]", "commands[5].runsFiles[2]", "commands[5].runsFiles[3]", "commands[5].runsFiles[4]", "commands[5].runsFiles[5]", "commands[5].runsFiles[6]"}
	var got []string
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ee *EntryError
		if !errors.As(e, &ee) || !errors.Is(e, ErrInvalidEntry) {
			t.Errorf("%v is not an *EntryError wrapping ErrInvalidEntry", e)
			continue
		}
		got = append(got, ee.Path)
	}
	if !slices.Equal(got, want) {
		t.Errorf("paths\n got %v\nwant %v", got, want)
	}
	if _, err := New(Config{Home: "/h", Commands: entries[1:2]}); err == nil || !strings.Contains(err.Error(), "Config.Commands: commands[1]") && !strings.Contains(err.Error(), "commands[0].names[0]") {
		t.Errorf("New does not report bad commands: %v", err)
	}
}

func TestPolicyEntriesOnlyAdd(t *testing.T) {
	a := analyzerWithEntries(t, `[
		{"names": ["deploy"], "options": [{"names": ["--hook"], "takes": 1, "role": "script"}, {"names": ["-o", "--out"], "takes": 1, "role": "write"}],
		 "operands": [{"index": 0, "role": "readTree"}], "env": [{"name": "DEPLOY_HOOK", "role": "script"}, {"name": "DEPLOY_LOG", "role": "write"}]},
		{"names": ["rm", "grep"], "dataOnly": true},
		{"names": ["quiet"], "dataOnly": true},
		{"names": ["fetch"], "dataOnly": true, "writesWorkDir": true, "workDirOptions": ["-d"],
		 "options": [{"names": ["-d", "--dir"], "takes": 1, "role": "writeTree"}]},
		{"names": ["runner"], "dataOnly": true, "runsFiles": ["Runfile", "scripts/**/*.run"]},
		{"names": ["mycc"], "dataOnly": true, "argFiles": true, "options": [{"names": ["-o"], "takes": 1, "role": "write"}]}
	]`)
	runCases(t, a, testEnv(), []tcase{
		{"deploy --hook 'rm -rf ~' site", "rm-home"},
		{"deploy -o /etc/passwd site", "protected-write"},
		{"deploy ~", "sensitive-path"},
		{"DEPLOY_HOOK='rm -rf /' deploy site", "rm-root"},
		{"DEPLOY_LOG=~/.bashrc deploy site", "startup-file-write"},
		{"DEPLOY_LOG=deploy.log deploy site", ""},
		{"deploy --hook 'make build' site", ""},
		{"rm -rf /", "rm-root"},
		{"grep -r 'rm -rf /' .", ""},
		{"quiet 'rm -rf ~'", ""},
		{"unknown-tool 'rm -rf ~'", "argument-command"},
		{"cd ~ && fetch https://example.com/.bashrc", "startup-file-write"},
		{"cd ~ && fetch --dir build https://example.com/.bashrc", "write-outside-roots"},
		{"fetch https://example.com/.bashrc", ""},
		{"cd build && fetch https://example.com/x", ""},
		{"echo 'rm -rf ~' > Runfile && runner", "runs-written-file"},
		{"echo x > scripts/a/b/c.run && runner go", "runs-written-file"},
		{"cd sub && echo x > Runfile && cd .. && runner", ""},
		{"echo x > notes.txt && runner", ""},
		{"runner > Runfile", ""},
		{"cd \"$X\" && echo x > /home/dev/work/proj/a/Runfile && runner", "runs-written-file"},
		{"cd \"$X\" && echo x > /home/dev/work/proj/scripts/b.run && runner", "runs-written-file"},
		{"cd \"$X\" && echo x > /home/dev/work/proj/a/notes && runner", ""},
		{"mycc @<(echo '-o /home/dev/.bashrc x.c')", "startup-file-write"},
		{"mycc @<(echo '-o build/x x.c')", ""},
	})
}

// TestEveryRoleIsJudged runs one command per role and per kind of entry
// field, each with a case that must be caught and one that must not.
func TestEveryRoleIsJudged(t *testing.T) {
	a := testAnalyzer(t)
	cases := map[string][]tcase{
		"a command line after a flag or as operands runs": {
			{"xterm -e rm -rf ~", "rm-home"}, {"xterm -e htop", ""}, {"nohup rm -rf /", "rm-root"}, {"nohup make", ""},
			{"gnome-terminal -- 'rm -rf ~'", "rm-home"},
		},
		"a shell's own arguments are read as bash's": {{"capsh -- -c 'rm -rf ~'", "rm-home"}, {"capsh -- -c 'ls'", ""}},
		"one script or several operands joined": {
			{"git submodule foreach rm -rf ~", "rm-home"}, {"hyperfine 'true' 'rm -rf /'", "rm-root"}, {"git submodule foreach git pull", ""},
		},
		"inline code in another language asks": {{"bpftrace -e 'BEGIN {}'", "inline-interpreter"}},
		"shell escapes in a program's own language": {
			{"psql -c '\\! rm -rf ~'", "rm-home"}, {"psql -c 'select 1'", ""}, {"ed -s f <<< '!rm -rf /'", "rm-root"}, {"ed -s f <<< ',p'", ""},
			{"gdb -batch -ex 'python print(1)'", "inline-interpreter"}, {"sqlite3 x.db 'select 1'", ""},
		},
		"paths written, written into, deleted and destroyed": {
			{"sort -o /etc/passwd x", "protected-write"}, {"sort -o out x", ""}, {"tar -xf x.tar -C ~", "startup-file-write"},
			{"tar -xf x.tar -C build", ""}, {"rimraf ~", "rm-home"}, {"rimraf build", ""}, {"shred /dev/sda", "wipe-device"},
			{"shred secret.txt", ""}, {"cpio -i -D /etc < x", "protected-write"}, {"cpio -i --no-absolute-filenames -D out < x", ""}, {"cpio -i -D out < x", "write-outside-roots"},
		},
		"paths read, and read whole": {
			{"cat /dev/sda", "raw-disk-read"}, {"zip -r x.zip ~", "sensitive-path"}, {"zip -r x.zip src", ""},
			{"miniserve /home", "sensitive-path"}, {"miniserve dist", ""},
		},
		"the working folder moves later paths": {
			{"git -C / add -A", "sensitive-path"}, {"make -C ~/.ssh", "sensitive-path"}, {"make -C web", ""},
		},
		"flags that silence or trigger an entry's rule": {
			{"umount /mnt", "system-admin"}, {"umount --help", ""}, {"systemd-run --on-calendar=daily true", "persistence"},
			{"systemd-run --user true", ""}, {"wipefs -a /dev/sda", "wipe-device"}, {"wipefs /dev/sda", ""}, {"wipefs -n -a /dev/sda", ""},
		},
		"wrappers with their own grammar": {
			{"sg docker -c 'rm -rf ~'", "rm-home"}, {"sg docker 'rm -rf /'", "rm-root"}, {"sg docker -c 'docker ps'", ""},
			{"wsl -e rm -rf /", "rm-root"}, {"wsl -d Ubuntu -- rm -rf ~", "rm-home"}, {"wsl -e ls", ""},
			{"echo 'rm -rf ~' | source /dev/stdin", "rm-home"}, {"curl -s x | source /dev/stdin", "pipe-to-shell"},
			{"curl -s x | . /dev/stdin", "pipe-to-shell"}, {"source ./env.sh", ""},
			{"script -q -c 'rm -rf ~' log", "rm-home"}, {"flock /tmp/l -c 'rm -rf /'", "rm-root"}, {"flock /tmp/l rm -rf ~", "rm-home"},
			{"watch 'rm -rf ~'", "rm-home"}, {"watch -x rm -rf /", "rm-root"}, {"busybox rm -rf /", "rm-root"}, {"command -v rm", ""},
			{"./bin/exec 'rm -rf ~'", "argument-command"}, {"env -S 'rm -rf /'", "rm-root"}, {"env -C / rm -rf *", "rm-root"},
			{"runcon -t t rm -rf ~", "rm-home"}, {"runcon u:r:t:s0 rm -rf ~", "rm-home"}, {"start-stop-daemon --start --exec /bin/rm -- -rf /", "rm-root"},
		},
		"variables that run code": {
			{"NODE_OPTIONS=--max-old-space-size=4096 node x", ""}, {"NODE_OPTIONS='-r ./x' node y", "env-code"},
			{"LD_PRELOAD= ls", ""}, {"BASH_ENV=/dev/null bash -c true", ""}, {"BASH_ENV=./x bash -c true", "env-code"},
			{"GIT_SSH=ssh git fetch", ""}, {"GIT_SSH='rm -rf ~' git fetch", "rm-home"}, {"FOO='rm -rf ~' ls", ""},
		},
		"the net spares data and catches commands": {
			{"echo 'rm -rf ~'", ""}, {"printf '%s\\n' 'rm -rf /'", ""}, {"grep -r 'rm -rf /' .", ""}, {"git commit -m 'rm -rf /'", ""},
			{"tool 'rm -rf ~'", "argument-command"}, {"tool '!rm -rf ~'", "argument-command"}, {"tool 'k=rm -rf /'", "argument-command"},
			{"tool 'ls -la'", ""}, {"tool 'rm -rf /tmp/x'", ""},
		},
	}
	for name, cs := range cases {
		t.Run(name, func(t *testing.T) { runCases(t, a, testEnv(), cs) })
	}
}

// TestAnyUsersHomeOnEveryOS checks that deleting or reading another user's
// whole home folder is judged on Windows and macOS too, and that a command
// a role runs from a variable asks.
func TestAnyUsersHomeOnEveryOS(t *testing.T) {
	w, err := New(Config{Home: `C:\Users\Dev`, OS: "windows"})
	if err != nil {
		t.Fatal(err)
	}
	runCases(t, w, Env{WorkDir: `C:\Users\Dev\proj`, Roots: []Root{{Path: `C:\Users\Dev\proj`, Writable: true}}}, []tcase{
		{`rm -rf 'C:\Users\Bob'`, "rm-home"}, {`rm -rf /c/users/bob`, "rm-home"}, {`tar czf x.tgz 'C:\Users\Bob'`, "sensitive-path"},
		{`rm -rf 'C:\Users\Bob\proj\build'`, "rm-recursive-outside-roots"},
	})
	m, err := New(Config{Home: "/Users/dev", OS: "darwin"})
	if err != nil {
		t.Fatal(err)
	}
	runCases(t, m, Env{WorkDir: "/Users/dev/proj", Roots: []Root{{Path: "/Users/dev/proj", Writable: true}}}, []tcase{
		{"rm -rf /Users/bob", "rm-home"}, {"zip -r x.zip /Users/bob", "sensitive-path"}, {"rm -rf /var/root", "rm-home"},
		{"rm -rf /Users/bob/tmp", "rm-recursive-outside-roots"},
	})
	runCases(t, testAnalyzer(t), testEnv(), []tcase{
		{`xterm -e "$CMD"`, "eval-dynamic"}, {`bpftrace -c "$CMD"`, "eval-dynamic"}, {`ssh -o "ProxyCommand=$P" h`, "eval-dynamic"},
	})
}

func TestKeyMatches(t *testing.T) {
	for _, tc := range []struct {
		name, pat, key string
		want           bool
	}{
		{"an exact key matches without regard to case", "core.pager", "Core.Pager", true},
		{"a prefix pattern matches a key of exactly the prefix", "core.*", "core.", true},
		{"a prefix pattern does not match a shorter key", "core.*", "core", false},
		{"a *word* pattern matches a key that contains the word", "*editor*", "core.Editor", true},
		{"** is a prefix pattern for a literal *, not every key", "**", "core.pager", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keyMatches(tc.pat, tc.key); got != tc.want {
				t.Errorf("keyMatches(%q, %q) = %v, want %v", tc.pat, tc.key, got, tc.want)
			}
		})
	}
}

// A negative operand index counts from the end and applies only when it
// names an operand that is there.
func TestNegativeOperandIndex(t *testing.T) {
	a := analyzerWithEntries(t, `[
		{"names": ["put"], "operands": [{"index": -2, "role": "write"}]},
		{"names": ["put3"], "operands": [{"index": -3, "role": "write"}]}
	]`)
	runCases(t, a, testEnv(), []tcase{
		{"put /srv/docs/x.conf notes.txt", "write-outside-roots"},
		{"put notes.txt /srv/docs/x.conf", ""},
		{"put3 /srv/docs/x.conf notes.txt", ""},
		{"put3 /srv/docs/x.conf a b", "write-outside-roots"},
	})
}

func TestUnescapeStuff(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"\\n and \\r are newlines", `ls\nrm x\r`, "ls\nrm x\n"},
		{"^M and ^J are newlines", "ls^Mrm x^J", "ls\nrm x\n"},
		{"a backslash at the end is kept", `ls\`, `ls\`},
		{"a caret at the end is kept", "ls^", "ls^"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := unescapeStuff(tc.in); got != tc.want {
				t.Errorf("unescapeStuff(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// analyzerWithEntries is the corpus analyser with the catalogue entries of
// a policy's commands section, given as JSON.
func analyzerWithEntries(t *testing.T, commands string) *Analyzer {
	t.Helper()
	var entries []Entry
	if err := json.Unmarshal([]byte(commands), &entries); err != nil {
		t.Fatal(err)
	}
	a, err := New(Config{Home: testHome, OS: "linux", Commands: entries})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestLongOptionsMayBeAbbreviated checks how an abbreviated long option is
// read: a prefix of three letters or more that starts one option is that
// option, one that starts several is none of them, and Go-style entries
// take no abbreviation.
func TestLongOptionsMayBeAbbreviated(t *testing.T) {
	ce := compileEntry(&Entry{Names: []string{"x"}, Options: []Option{opt(RoleWrite, "--output"), val("--outdir"), opt(RoleCommand, "--exec")}})
	// Any unique prefix is the option; one shared by several is all of
	// them (the stricter reading), so --out is --output as well.
	for name, want := range map[string]string{"--output": "--output", "--outp": "--output", "--ex": "--exec", "--e": "--exec", "--exe": "--exec",
		"--out": "--output", "--ou": "--output", "--o": "--output", "--x": "", "-o": "", "--outputs": "", "--": ""} {
		os, ok := ce.option(name)
		got := ""
		for _, o := range os {
			if o.Names[0] == want {
				got = want
			}
		}
		if ok && want == "" {
			got = os[0].Names[0]
		}
		if got != want {
			t.Errorf("option(%q) = %v, want one named %q", name, os, want)
		}
	}
	// A prefix of options that take different numbers of values is none,
	// and a harmless option shared with another does not make a line
	// harmless.
	mixed := compileEntry(&Entry{Names: []string{"z"}, Options: []Option{opt(RoleWrite, "--output"), flag(RoleRecursive, "--outer"),
		flag(RoleHarmless, "--help"), flag(RoleRecursive, "--hex")}})
	if os, ok := mixed.option("--out"); ok {
		t.Errorf("option(--out) of --output and --outer = %v, want none", os)
	}
	if os, _ := mixed.option("--he"); len(os) != 1 || os[0].Role != RoleRecursive {
		t.Errorf("option(--he) of --help and --hex = %v, want --hex alone", os)
	}
	if os, _ := mixed.option("--hel"); len(os) != 1 || os[0].Role != RoleHarmless {
		t.Errorf("option(--hel) = %v, want --help", os)
	}
	// The roles of every option a shared prefix may be apply, and one that
	// makes the rest of the line a command decides how the line is read.
	shared := compileEntry(&Entry{Names: []string{"w"}, Options: []Option{flag(RoleRecursive, "--exact"), flag(RoleTrigger, "--extra"), flag(RoleCommand, "--exec")}})
	args := []field{{val: "--ex"}, {val: "rm"}, {val: "-rf"}, {val: "~"}}
	if p := parseLine(shared, args, nil); len(p.rest) != 3 || p.restRole != RoleCommand {
		t.Errorf("--ex of --exact, --exec and --extra: rest %v, want the command after it", p.rest)
	}
	if p := parseLine(shared, []field{{val: "--ext"}, {val: "x"}}, nil); !p.flags.has(RoleRecursive) && !p.flags.has(RoleTrigger) {
		t.Errorf("--ext of --exact and --extra: flags %v, want both", p.flags)
	}
	if p := parseLine(shared, []field{{val: "--ex"}}, nil); p.restRole != RoleCommand {
		t.Errorf("--ex alone: rest role %q", p.restRole)
	}
	if p := parseLine(compileEntry(&Entry{Names: []string{"v"}, Options: []Option{flag(RoleRecursive, "--exact"), flag(RoleTrigger, "--extra")}}),
		[]field{{val: "--ex"}}, nil); !p.flags.has(RoleRecursive) || !p.flags.has(RoleTrigger) {
		t.Errorf("--ex of --exact and --extra: flags %v, want both", p.flags)
	}
	// Copy tools spell a unique prefix of a value option whole; an
	// ambiguous one stays as written.
	in := []field{{val: "--tar"}, {val: "/etc"}, {val: "--o"}, {val: "x"}, {val: "--"}, {val: "--tar"}}
	got := expandAbbreviated(in, []string{"--target-directory", "--owner", "--output"})
	if got[0].val != "--target-directory" || got[2].val != "--o" || got[5].val != "--tar" || in[0].val != "--tar" {
		t.Errorf("expandAbbreviated = %v", got)
	}
	goStyle := compileEntry(&Entry{Names: []string{"y"}, LongSingleDash: true, Options: []Option{opt(RoleWrite, "-output")}})
	if _, ok := goStyle.option("--outp"); ok {
		t.Error("a Go-style entry took an abbreviation")
	}
}

// TestSubcommandNamesAreUnique guards against a sub-command entry that a
// later one of the same name silently replaces.
func TestSubcommandNamesAreUnique(t *testing.T) {
	var walk func(path string, subs []Entry)
	walk = func(path string, subs []Entry) {
		seen := map[string]bool{}
		for _, s := range subs {
			for _, n := range s.Names {
				if seen[n] {
					t.Errorf("%s names the sub-command %q twice", path, n)
				}
				seen[n] = true
			}
			walk(path+" "+s.Names[0], s.Subcommands)
		}
	}
	for _, e := range Catalog() {
		walk(e.Names[0], e.Subcommands)
	}
}

// TestAnOptionGivingAnOperandShiftsTheRest checks Operand.Unless: with
// the option given, the operand it names is absent and the later operands
// move up; without it, the roles stand as written.
func TestAnOptionGivingAnOperandShiftsTheRest(t *testing.T) {
	e := &Entry{Names: []string{"search"}, Options: []Option{{Names: []string{"-e", "--regexp"}, Takes: 1}},
		Operands: []Operand{{Index: 0, Role: RoleData, Unless: []string{"-e", "--regexp"}}, {Index: 1, Rest: true, Role: RoleRead}, {Index: -1, Role: RoleWrite}}}
	ce := compileEntry(e)
	for _, tc := range []struct {
		line string
		want []Role // each operand's role, "" for none
	}{
		{"PAT a b", []Role{RoleData, RoleRead, RoleWrite}},
		{"-e PAT a b", []Role{RoleRead, RoleWrite}},
		{"--regexp=PAT a b c", []Role{RoleRead, RoleRead, RoleWrite}},
		{"-ePAT a", []Role{RoleRead}},
	} {
		args := make([]field, 0, 4)
		for _, w := range strings.Fields(tc.line) {
			args = append(args, field{val: w})
		}
		p := parseLine(ce, args, nil)
		vals, _ := operandRoles(e, p.ops, nil, p.shifted)
		got := make([]Role, len(p.ops))
		for _, v := range vals {
			for i := range p.ops {
				if p.ops[i].val == v.f.val {
					got[i] = v.role
				}
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: roles %v, want %v", tc.line, got, tc.want)
		}
	}
}

// A policy's entry for a program the catalogue does not describe adds to
// the nets for unknown programs and does not lift them: an entry that only
// names roles (which a repository's layer may write) leaves them on; only
// a data-only entry (which it may not) takes the program out.
func TestPolicyEntriesDoNotLiftTheNets(t *testing.T) {
	a := analyzerWithEntries(t, `[
		{"names": ["deployer"], "operands": [{"index": 0, "rest": true, "role": "data"}]},
		{"names": ["stamper"], "operands": [{"index": 0, "role": "write"}]},
		{"names": ["notes"], "dataOnly": true}
	]`)
	runCases(t, a, testEnv(), []tcase{
		{`deployer "rm -rf ~"`, "argument-command"},
		{`deployer ~`, "whole-home"},
		{`deployer delete --all`, "infra-destroy"},
		{`stamper "rm -rf /"`, "argument-command"},
		{`deployer ./dist`, ""},
		{`notes "rm -rf ~"`, ""},
	})
}

func TestImageCoder(t *testing.T) {
	for _, c := range []struct{ in, coder, name string }{
		{"png:out.png", "png", "out.png"},
		{"TEXT:/home/dev/.ssh/id_rsa", "text", "/home/dev/.ssh/id_rsa"},
		{"file:///home/dev/.bashrc", "file", "///home/dev/.bashrc"},
		{"ephemeral:x", "ephemeral", "x"},
		{"out.png", "", "out.png"},
		{"./a:b.png", "", "./a:b.png"},               // a path, not a coder
		{"/home/dev/x:y", "", "/home/dev/x:y"},       // a path, not a coder
		{"verylongcoder1:x", "", "verylongcoder1:x"}, // longer than any coder
		{":x", "", ":x"},
	} {
		coder, name := imageCoder(c.in)
		if coder != c.coder || name != c.name {
			t.Errorf("imageCoder(%q) = %q, %q; want %q, %q", c.in, coder, name, c.coder, c.name)
		}
	}
}

// TestStoredSettingOf checks the settings table's key matching: by the
// key's last parts, '*' one part, in any case.
func TestStoredSettingOf(t *testing.T) {
	for _, tc := range []struct {
		tool, key string
		want      bool
	}{
		{"aws", "credential_process", true},
		{"aws", "profile.dev.credential_process", true},
		{"aws", "region", false},
		{"kubectl", "users.dev.exec.command", true},
		{"kubectl", "users.dev.exec", false},
		{"kubectl", "clusters.prod.server", true},
		{"kubectl", "contexts.dev.namespace", false},
		{"gnome", "/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/custom0/command", true},
		{"git", "Safe.Directory", true},
		{"git", "protocol.file.allow", true},
		{"git", "protocol.version", false},
		{"gh", "git_protocol", false},
	} {
		if _, got := storedSettingOf(tc.tool, tc.key); got != tc.want {
			t.Errorf("storedSettingOf(%q, %q) = %v, want %v", tc.tool, tc.key, got, tc.want)
		}
	}
}

func TestBootToolReads(t *testing.T) {
	words := staticFields
	for _, tc := range []struct {
		tool, args string
		want       bool
	}{
		{"efibootmgr", "", true},
		{"efibootmgr", "-v", true},
		{"efibootmgr", "-vv", true},
		{"efibootmgr", "-vB", false},
		{"efibootmgr", "-vB -b 0001", false},
		{"efibootmgr", "-v -B -b 0001", false},
		{"lilo", "", false},
		{"lilo", "-q", true},
		{"lilo", "install", false},
		{"kernelstub", "-p", true},
		{"kernelstub", "--print-config", true},
		{"kernelstub", "-a quiet", false},
		{"sbctl", "", true},
		{"sbctl", "status --json", true},
		{"sbctl", "enroll-keys -m", false},
		{"grubby", "--info=ALL", true},
		{"grubby", "--args=quiet --update-kernel=ALL", false},
	} {
		if got := bootToolReads[tc.tool].reads(words(tc.args)); got != tc.want {
			t.Errorf("%s %s: reads = %v, want %v", tc.tool, tc.args, got, tc.want)
		}
	}
}

// staticFields are s's blank-separated words as known fields.
func staticFields(s string) []field {
	var out []field
	for _, w := range strings.Fields(s) {
		out = append(out, field{val: w})
	}
	return out
}

// TestDatabaseShellsHoldTheirEntriesNames checks that every name of an
// entry one of whose names is a database shell (the SQL sqlFiles reads)
// is one too: an entry's other spellings (clickhouse-local beside
// clickhouse-client) must not skip the reading.
func TestDatabaseShellsHoldTheirEntriesNames(t *testing.T) {
	for _, e := range Catalog() {
		if !slices.ContainsFunc(e.Names, func(n string) bool { return databaseShells[n] }) {
			continue
		}
		for _, n := range e.Names {
			if !databaseShells[n] && n != "redis-cli" { // (Redis's commands are no SQL)
				t.Errorf("%s shares an entry with %v but is not among databaseShells", n, e.Names)
			}
		}
	}
}
