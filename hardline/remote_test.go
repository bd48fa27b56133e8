package hardline

import (
	"slices"
	"strings"
	"testing"
)

// TestSSHToThisMachinesName checks that ssh to this machine's own host
// name, whole, as its first label or with a final dot, is judged as a
// local script, and that another name is judged as elsewhere.
func TestSSHToThisMachinesName(t *testing.T) {
	a := testAnalyzer(t)
	a.hostName = "buildbox.corp.example"
	for cmd, want := range map[string]string{
		"ssh buildbox 'rm -rf ~'":                     ruleRmHome,
		"ssh BuildBox.corp.example 'rm -rf ~'":        ruleRmHome,
		"ssh dev@buildbox.corp.example. 'rm -rf ~'":   ruleRmHome,
		"ssh buildbox.corp.example.local 'rm -rf ~'":  ruleRmHome,
		"ssh buildbox2 'rm -rf ~'":                    ruleRemoteCommand,
		"ssh corp.example 'rm -rf ~'":                 ruleRemoteCommand,
		"ssh buildbox 'rm -rf ~/work/proj/tmp/build'": "",
	} {
		f, ok := a.Command(cmd, testEnv()).Worst()
		if got := f.Rule; !ok && want != "" || ok && got != want {
			t.Errorf("%s: worst finding %q (%v), want %q", cmd, got, ok, want)
		}
	}
}

// TestLoopbackSpellings checks the spellings of this machine's addresses
// that the C resolver reads.
func TestLoopbackSpellings(t *testing.T) {
	for _, h := range []string{"localhost", "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "::1", "[::1]", "::ffff:127.0.0.1", "0.0.0.0", "0", "x.localhost"} {
		if !loopback(h) {
			t.Errorf("loopback(%q) = false, want true", h)
		}
	}
	for _, h := range []string{"", "128.0.0.1", "10.0.0.1", "2147483649", "0x80000001", "example.com", "127.0.0.1.example", "256.0.0.1", "::2"} {
		if loopback(h) {
			t.Errorf("loopback(%q) = true, want false", h)
		}
	}
}

// TestRemoteCommandOverTheBounds checks that a command run elsewhere that
// is too deep to judge is not allowed for that.
func TestRemoteCommandOverTheBounds(t *testing.T) {
	a := testAnalyzer(t)
	deep := strings.Repeat("$(", 2*DefaultMaxDepth) + "true" + strings.Repeat(")", 2*DefaultMaxDepth)
	for _, cmd := range []string{"ssh host '" + deep + "'", "docker exec c sh -c '" + deep + "'"} {
		f, ok := a.Command(cmd, testEnv()).Worst()
		if !ok || f.Rule != ruleTooComplex {
			t.Errorf("%.40s...: worst finding %q (%v), want %s", cmd, f.Rule, ok, ruleTooComplex)
		}
	}
}

// TestRemoteRolesInPolicyEntries checks the remote roles a policy gives
// its own programs: a command line or a script that would be blocked here
// asks, and a harmless one passes.
func TestRemoteRolesInPolicyEntries(t *testing.T) {
	a, err := New(Config{Home: testHome, OS: "linux", Commands: []Entry{
		{Names: []string{"boxexec"}, Operands: []Operand{{Index: 0, Role: RoleData}, {Index: 1, Role: RoleRemoteCommand}}},
		{Names: []string{"boxsh"}, Options: []Option{{Names: []string{"--run"}, Takes: 1, Role: RoleRemoteScript}, {Names: []string{"--exec"}, Takes: 1, Role: RoleRemoteCommand}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for cmd, want := range map[string]string{
		"boxexec vm rm -rf /":         ruleRemoteCommand,
		"boxexec vm ls -la":           "",
		"boxsh --run 'rm -rf ~'":      ruleRemoteCommand,
		"boxsh --run 'uptime'":        "",
		"boxsh --exec 'rm -rf /'":     ruleRemoteCommand,
		"boxexec vm sh -c 'rm -rf ~'": ruleRemoteCommand,
	} {
		f, ok := a.Command(cmd, testEnv()).Worst()
		if got := f.Rule; !ok && want != "" || ok && got != want {
			t.Errorf("%s: worst finding %q (%v), want %q", cmd, got, ok, want)
		}
	}
}

// TestOptionValues checks the forms optionValues reads, and the words it
// must not take for values.
func TestOptionValues(t *testing.T) {
	args := []field{{val: "--configure"}, {val: "x"}, {val: "--config=a"}, {val: "-F"}, {val: "b"}, {val: "-Fc"},
		{val: "--config"}, {val: "d"}, {val: "--config-dir=e"}, {val: "-G"}, {val: "--config", dyn: true, why: "an expansion"},
		{val: "--config=/dev/fd/63", dyn: true, why: whyProcSubst, proc: 1}}
	var got []string
	for _, f := range optionValues(args, "-F", "--config") {
		got = append(got, f.val)
		if f.val == "/dev/fd/63" && (f.why != whyProcSubst || f.proc != 1 || !f.dyn) {
			t.Errorf("the attached substitution lost what made it dynamic: %+v", f)
		}
	}
	if want := []string{"a", "b", "c", "d", "/dev/fd/63"}; !slices.Equal(got, want) {
		t.Errorf("optionValues = %q, want %q", got, want)
	}
}

// TestEngineMounts pins the reading of a container run's bind mounts and
// working folder.
func TestEngineMounts(t *testing.T) {
	f := func(vs ...string) []field {
		out := make([]field, len(vs))
		for i, v := range vs {
			out[i] = field{val: v}
		}
		return out
	}
	for _, c := range []struct {
		opts   []field
		mounts []mount
		wd     string
	}{
		{f("-v", "/:/host"), []mount{{"/", "/host"}}, ""},
		{f("--volume", "/a:/b:ro", "-w", "/b"), []mount{{"/a", "/b"}}, "/b"},
		{f("--volume=./x:/y", "--workdir=/y"), []mount{{"./x", "/y"}}, "/y"},
		{f("-v/a:/b", "-v=/c:/d", "-w/e"), []mount{{"/a", "/b"}, {"/c", "/d"}}, "/e"},
		{f("--mount", "type=bind,source=/s,target=/t,readonly"), []mount{{"/s", "/t"}}, ""},
		{f("--mount=type=bind,src=/s,dst=/t"), []mount{{"/s", "/t"}}, ""},
		{f("--mount", "type=volume,src=data,dst=/t"), nil, ""},
		{f("-v", "data:/var/lib/x", "-v", "/only"), nil, ""},
		{f("-e", "A=/x:/y", "--name", "-v"), nil, ""},
		{[]field{{val: "-v"}, {val: "/x:/y", dyn: true}}, nil, ""},
	} {
		m, wd := engineMounts(c.opts)
		if !slices.Equal(m, c.mounts) || wd != c.wd {
			t.Errorf("engineMounts(%v) = %v, %q; want %v, %q", c.opts, m, wd, c.mounts, c.wd)
		}
	}
}

// TestMapScript pins the rewriting of a container's script: paths under a
// mount are the host's, the container's own paths and home are not.
func TestMapScript(t *testing.T) {
	host := func(p string) (string, bool) {
		if p == "/w" || strings.HasPrefix(p, "/w/") {
			return "/ws" + p[2:], true
		}
		return "", false
	}
	for text, want := range map[string]string{
		"rm -rf /w":                         "rm -rf /ws",
		"cd /w && rm -rf /usr/lib":          "cd /ws && rm -rf " + ownPath,
		"rm -rf ~ $HOME ${HOME} $HOMEDIR":   "rm -rf " + ownPath + " " + ownPath + " " + ownPath + " $HOMEDIR",
		`x=/w/a; cat "/w/b" '/etc/x' "/e"`:  `x=/ws/a; cat "/ws/b" ''"` + ownPath + `"'' "` + ownPath + `"`,
		"ls /wx /w/../etc a/w":              "ls " + ownPath + " " + ownPath + " a/w",
		"echo>/w/f;(rm /w/g)|tee /w/h:/w/i": "echo>/ws/f;(rm /ws/g)|tee /ws/h:/ws/i",
	} {
		if got := mapScript(text, host); got != want {
			t.Errorf("mapScript(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestMountedCommand checks that a container's command is judged through
// its bind mounts and only there: the container's own paths, even under a
// mount of the whole host, never block.
func TestMountedCommand(t *testing.T) {
	a := testAnalyzer(t)
	for cmd, want := range map[string]string{
		"docker run -v /srv:/d -v /home/dev:/d/h alpine rm -rf /d/h":           ruleRmHome, // the longest destination
		"docker run -v $PWD:/w alpine sh -c 'cd /w;rm -rf \"$PWD\"'":           ruleRmRootAncestor,
		"docker run -v /:/host alpine rm -rf /usr/lib":                         "",
		"docker run -v /:/host alpine sort --output=/etc/passwd x":             "",
		"docker run -v /:/host alpine sort -o/etc/passwd x":                    "",
		`cd "$X" && docker run -v .:/w -v /home/dev:/h -w /h alpine rm -rf /w`: "", // . is not known
		"docker run -v $PWD:/w -w /w alpine rm -rf ../tmp":                     "",
		"docker run -v /:/host alpine sh -c 'rm -rf /usr/lib; cat ~/.netrc'":   "",
	} {
		res := a.Command(cmd, testEnv())
		w, blocked := res.Worst()
		blocked = blocked && w.Severity == Block
		switch {
		case want == "" && blocked:
			t.Errorf("%s: blocked (%s: %s); the container's own paths are not this machine's", cmd, w.Rule, w.Detail)
		case want != "" && (!blocked || w.Rule != want):
			t.Errorf("%s: %+v; want %s", cmd, res.Findings, want)
		}
	}
}
