package hardline

import (
	"slices"
	"strings"
	"testing"
)

// TestRunnerFilesAreBound checks, for the files task runners and package
// managers read by themselves, that the file the runner would run is the
// one read and bound to the approval (Result.Scripts), and that a finding
// names it: the corpus says only that the call is caught.
func TestRunnerFilesAreBound(t *testing.T) {
	a, env := testAnalyzer(t), testEnv()
	const proj = "/home/dev/work/proj/"
	for _, c := range []struct {
		cmd  string
		want []string // the files bound, below proj
		in   string   // the file a finding names (below proj), "" for none
	}{
		{"cd runme/tk/sub && task build", []string{"runme/tk/Taskfile.yml"}, "runme/tk/Taskfile.yml"},
		{"cd runme/tk/inner && task build", []string{"runme/tk/inner/Taskfile.yml"}, ""},
		{"task -d runme/tkok build", []string{"runme/tkok/Taskfile.yml"}, ""},
		{"cd runme/pc/inner/deeper && pre-commit run", []string{"runme/pc/.pre-commit-config.yaml", "runme/pc/inner/.pre-commit-config.yaml"}, "runme/pc/.pre-commit-config.yaml"},
		{"cd runme/inv && inv -c other wipe", []string{"runme/inv/other.py"}, "runme/inv/other.py"},
		{"cd runme/req && pip install -r ref2.txt", []string{"runme/pkg/setup.py", "runme/req/ref2.txt"}, "runme/pkg/setup.py"},
		{"cd runme/req && pip install -r requirements.txt", []string{"runme/req/requirements.txt", "runme/req/sub/more.txt", "runme/req/sub/pkg/setup.py"}, "runme/req/sub/pkg/setup.py"},
		{"cd runme/mise2 && mise run wipe", []string{"runme/mise2/mise-tasks/wipe"}, "runme/mise2/mise-tasks/wipe"},
		{"cd runme/comp && composer install --no-scripts", nil, ""},
		{"cd runme/net2/src/App && dotnet build", []string{"runme/net2/Directory.Build.targets", "runme/net2/src/App/App.csproj"}, "runme/net2/Directory.Build.targets"},
		{"dotnet build -c Release runme/net/App.csproj", []string{"runme/net/App.csproj"}, "runme/net/App.csproj"},
		{"dotnet run --project=runme/net", []string{"runme/net/App.csproj"}, "runme/net/App.csproj"},
		{"cd runme/net5/inner && dotnet build", []string{"runme/net5/inner/Inner.csproj"}, ""},
		{"cd runme/net3 && dotnet build", []string{"runme/net3/App.sln", "runme/net3/src/App/App.csproj"}, "runme/net3/src/App/App.csproj"},
		{"terraform -chdir=runme/tf plan", []string{"runme/tf/main.tf", "runme/tf/vars.tf"}, "runme/tf/main.tf"},
		{"cd runme/netok && dotnet run -- runme/net", []string{"runme/netok/App.csproj"}, ""},
	} {
		res := a.Command(c.cmd, env)
		var got []string
		for _, s := range res.Scripts {
			if !s.Absent { // (a file a command it holds would run: TestScriptFilesRead)
				got = append(got, strings.TrimPrefix(s.Path, proj))
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: bound %q, want %q", c.cmd, got, c.want)
		}
		named := slices.ContainsFunc(res.Findings, func(f Finding) bool { return strings.Contains(f.Detail, proj+c.in+",") })
		if c.in != "" && !named {
			t.Errorf("%s: no finding names %s: %+v", c.cmd, c.in, res.Findings)
		}
		if c.in == "" && len(res.Findings) > 0 {
			t.Errorf("%s: want no finding, got %+v", c.cmd, res.Findings)
		}
	}
}

// TestXMLExecCommands checks the command lines read from a pom.xml or a
// build.xml: each argument one word, a property left live (its value is
// not known, or is the home folder's), an Ant arg line split at blanks.
func TestXMLExecCommands(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{`<configuration><executable>rm</executable><arguments><argument>-rf</argument><argument>${user.home}/x y</argument></arguments></configuration>`,
			[]string{`"rm" "-rf" "${HOME}/x y"`}},
		{`<delete dir="${dest}"/><delete file="${env.HOME}/.bashrc"/>`, []string{`rm -rf -- "${dest}"`, `rm -f -- "${HOME}/.bashrc"`}},
		{`<exec executable="sh"><arg value="-c"/><arg value="echo $(id) &amp; x"/><arg line="a b"/></exec>`, []string{`"sh" "-c" "echo \$(id) & x" a b`}},
		{`<delete dir="${a.b}"/>`, []string{`rm -rf -- "${TOOLGATE_PROPERTY}"`}},
	} {
		if got := xmlExecCommands(c.text); !slices.Equal(got, c.want) {
			t.Errorf("xmlExecCommands(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestRunnerFilesReadOnce checks that a runner's file is judged once for
// a line whose sub-command the catalogue names (pdm run): pdm's entry
// judges pyproject.toml, and pdm run's entry not again.
func TestRunnerFilesReadOnce(t *testing.T) {
	a, env := testAnalyzer(t), testEnv()
	cmd := `printf '[tool.pdm.scripts]\nx = "ls"\n' >> pyproject.toml && pdm run x`
	n := 0
	for _, f := range a.Command(cmd, env).Findings {
		if f.Rule == ruleRunsWritten && strings.HasSuffix(f.Path, "/pyproject.toml") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%s: %d findings that it runs the written pyproject.toml, want 1", cmd, n)
	}
}

// TestMesonWordsNotKnown checks that a meson.build argument the shell
// cannot hold as a word (a NUL in a literal), or that is no literal, is
// read as a word whose value is not known, not dropped: dropping it would
// shift the words after it.
func TestMesonWordsNotKnown(t *testing.T) {
	got := mesonCommands("run_command('rm', 'a\x00b', '-rf', x)\n")
	want := []string{`rm "$meson_value" -rf "$meson_value"`}
	if !slices.Equal(got, want) {
		t.Errorf("mesonCommands = %q, want %q", got, want)
	}
}
