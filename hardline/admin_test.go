package hardline

import (
	"strings"
	"testing"
)

func TestProcRoot(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		ok             bool
	}{
		{"a process's root folder is /", "/proc/1/root", "/", true},
		{"a path below a process's root is that path", "/proc/self/root/etc/shadow", "/etc/shadow", true},
		{"an empty process id names no process", "/proc//root/etc/shadow", "", false},
		{"a process's own folder is not its root", "/proc/1/cwd", "", false},
		{"a path outside /proc is not a process's root", "/root/x", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := procRoot(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("procRoot(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// A script the command writes and then runs, or a makefile read from
// input, is one level deeper than the command that runs it, wrappers
// included, so the nesting bound still holds.
func TestNestedScriptNestingBound(t *testing.T) {
	a, err := New(Config{Home: testHome, OS: "linux", MaxDepth: 4})
	if err != nil {
		t.Fatal(err)
	}
	sudo := strings.Repeat("sudo ", 4)
	for _, tc := range []struct {
		name, cmd string
		over      bool
	}{
		{"the wrappers alone are within the bound", sudo + "rm x", false},
		{"three wrappers and a shell are within the bound", "sudo sudo sudo bash -c ls", false},
		{"four nested shells are within the bound", `bash -c "bash -c \"bash -c 'bash -c ls'\""`, false},
		{"four nested substitutions are within the bound", "echo $(echo $(echo $(echo $(echo hi))))", false},
		{"expansions side by side do not nest", "echo $a $b $c $d $e", false},
		{"catalogue wrappers count", "npx npx npx npx npx ls", true},
		{"a shell run with capsh -- counts", `capsh -- -c 'capsh -- -c "capsh -- -c ls"'`, true},
		{"an argument tried as a command at the bound is judged", "npx npx npx xtool 'ls; ls'", false},
		{"an argument tried as a command past the bound is too complex", "npx npx npx npx xtool 'rm -rf /'", true},
		{"a command in an argument is one level deeper", "xtool 'npx npx npx npx ls'", true},
		{"wrappers around the program with the argument count", "npx npx xtool 'npx npx ls'", true},
		{"wrappers inside the written script count", "echo '" + sudo + "rm x' > x.sh && sh x.sh", true},
		{"wrappers around the run of the written script count", "echo 'rm x' > x.sh && " + sudo + "sh x.sh", true},
		{"wrappers inside a makefile from input count", "make -f - <<< $'all:\\n\\t" + sudo + "ls'", true},
		{"wrappers around make reading a makefile from input count", sudo + "make -f - <<< $'all:\\n\\tls'", true},
		{"a makefile from input without recipes runs nothing", sudo + "make -f - <<< 'all:'", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := a.Command(tc.cmd, testEnv())
			if ok, why := caught(res, ruleTooComplex); ok != tc.over {
				t.Errorf("%q: want over the bound %v: %s; findings %+v", tc.cmd, tc.over, why, res.Findings)
			}
		})
	}
}

func TestPidNumber(t *testing.T) {
	for v, want := range map[string]int{"1": 1, "+1": 1, "0001": 1, " 1\t": 1, "-1": -1, "-01": -1, "0": 0, "-000": 0, "10": 10, "-10": -10, "011": 11, "4321": 4321} {
		if got, ok := pidNumber(v); !ok || got != want {
			t.Errorf("pidNumber(%q) = %d, %v; want %d, true", v, got, ok, want)
		}
	}
	for _, v := range []string{"", "+", "-", "0x1", "1.0", "%1", "1\n", "a1", "1234567890123456789"} {
		if got, ok := pidNumber(v); ok {
			t.Errorf("pidNumber(%q) = %d, true; want no number", v, got)
		}
	}
}

func TestKillHelpers(t *testing.T) {
	for v, want := range map[string]bool{"-9": true, "-KILL": true, "-SIGTERM": true, "-USR1": true, "-RTMIN+3": true, "-HUP": true,
		"-f": false, "-x": false, "-u": false, "-KILLER": false, "9": false, "-": false, "-Pf": false} {
		if got := signalOption(v); got != want {
			t.Errorf("signalOption(%q) = %v; want %v", v, got, want)
		}
	}
	for pat, want := range map[string]string{`a\|b`: `a|b`, `a|b`: `a\|b`, `\(x\)\+`: `(x)+`, `f(x)`: `f\(x\)`, `^[0-9]`: `^[0-9]`, `\.`: `\.`} {
		if got := breToERE(pat); got != want {
			t.Errorf("breToERE(%q) = %q; want %q", pat, got, want)
		}
	}
	seq := func(vals ...string) []field {
		var fs []field
		for _, v := range vals {
			fs = append(fs, field{val: v})
		}
		return fs
	}
	for _, tc := range []struct {
		args []string
		n    int
		ok   bool
	}{
		{[]string{"5"}, 5, true}, {[]string{"2", "65535"}, 65534, true}, {[]string{"1", "2", "9"}, 5, true},
		{[]string{"inf"}, -1, true}, {[]string{"1", "0", "5"}, -1, true}, {[]string{"9", "1"}, 0, true},
		{[]string{"-s", " ", "1", "100"}, 100, true}, {[]string{"x"}, 0, false}, {[]string{"1", "2", "3", "4"}, 0, false},
	} {
		if n, ok := seqCount(seq(tc.args...)); n != tc.n || ok != tc.ok {
			t.Errorf("seqCount(%q) = %d, %v; want %d, %v", tc.args, n, ok, tc.n, tc.ok)
		}
	}
	for _, tc := range []struct {
		b    string
		args []string
		want string
	}{
		{"pkill", []string{"-9", "s"}, whyAllPids},
		{"pkill", []string{"-x", "ssh"}, ""},
		{"pkill", []string{"ssh"}, whyAllPids},
		{"pkill", []string{"-f", "node server.js"}, ""},
		{"pkill", []string{"-f", "/"}, whyAllPids},
		{"pkill", []string{"/"}, ""}, // names hold no slash
		{"pkill", []string{"-i", "XORG"}, whyAllPids},
		{"pkill", []string{"XORG"}, ""},
		{"pkill", []string{"-o", "systemd"}, whyAllPids},
		{"pkill", []string{"-P", "4321", "bash"}, ""},
		{"pkill", []string{"dockerd"}, whyServicePids},
		{"killall", []string{"ssh"}, ""},
		{"killall", []string{"-r", "ssh"}, whyAllPids},
		{"killall", []string{"-I", "BASH"}, whyAllPids},
		{"killall", []string{"BASH"}, ""},
		{"killall", []string{"/usr/sbin/sshd"}, whyAllPids},
		{"pidof", []string{"node"}, ""},
		{"pidof", []string{"sshd"}, whyAllPids},
		{"pgrep", []string{"-v", "foo"}, whyAllPids},
	} {
		if got := killSelection(tc.b, seq(tc.args...)).why(); got != tc.want {
			t.Errorf("killSelection(%s %q) = %q; want %q", tc.b, tc.args, got, tc.want)
		}
	}
}

func TestResponseWords(t *testing.T) {
	got := responseWords("-o 'a b'\n\"c d\"\te\\ f\\\\g -Dx=\"1\"\r\n")
	want := []string{"-o", "a b", "c d", "e f\\g", "-Dx=1"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("responseWords = %q, want %q", got, want)
	}
}
