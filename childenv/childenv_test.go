package childenv_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgate/toolgate/childenv"
)

// The test binary doubles as the child: started with this variable set,
// it prints its environment and exits.
const childMarker = "CHILDENV_TEST_PRINT_ENV"

func TestMain(m *testing.M) {
	if os.Getenv(childMarker) == "1" {
		for _, kv := range os.Environ() {
			fmt.Println(kv)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// hostile is what a parent may hold that no child must see.
var hostile = []string{
	"NODE_OPTIONS=--require /tmp/x.js", "NODE_PATH=/tmp/mods", "LD_PRELOAD=/tmp/x.so", "LD_LIBRARY_PATH=/tmp",
	"LD_AUDIT=/tmp/a.so", "DYLD_INSERT_LIBRARIES=/tmp/x.dylib", "DYLD_LIBRARY_PATH=/tmp", "PYTHONSTARTUP=/tmp/x.py",
	"PYTHONPATH=/tmp", "PERL5OPT=-Mx", "RUBYOPT=-rx", "BASH_ENV=/tmp/x.sh", "JAVA_TOOL_OPTIONS=-javaagent:/tmp/x.jar",
	"OPENAI_API_KEY=fake-openai", "ANTHROPIC_API_KEY=fake-anthropic", "GITHUB_TOKEN=fake-gh", "GH_TOKEN=fake-gh2",
	"AWS_ACCESS_KEY_ID=fake-id", "AWS_SECRET_ACCESS_KEY=fake-secret", "AWS_SESSION_TOKEN=fake-session",
	"DATABASE_PASSWORD=fake-pw", "NPM_AUTH=fake-npm", "SSH_AUTH_SOCK=/tmp/agent.sock", "STRIPE_KEY=fake-stripe",
	"GOOGLE_APPLICATION_CREDENTIALS=/tmp/sa.json", "UNRELATED=1", "EDITOR=vim", "MY_APP_SETTING=x",
}

func envMap(env []string) map[string]string {
	m := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

func TestARealChildSeesOnlyTheAllowlistAndItsConfiguration(t *testing.T) {
	parent := append(slices.Clone(os.Environ()), hostile...)
	parent = append(parent, "PATH="+os.Getenv("PATH"), "LANG=C.UTF-8", "EXTRA_ALLOWED=yes")
	cfg := childenv.Config{
		// A host's mistakes: a hook and credentials in the allowlist.
		Inherit: []string{"EXTRA_ALLOWED", "NODE_OPTIONS", "GITHUB_TOKEN", "OPENAI_API_KEY"},
		Set: map[string]string{
			childMarker:      "1",
			"SERVER_API_KEY": "from-this-servers-configuration",
			"LD_PRELOAD":     "/tmp/also-refused.so",
			"DYLD_FOO":       "refused",
		},
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = childenv.Build(parent, cfg)
	out, err := cmd.Output()
	require.NoError(t, err)
	var got []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		got = append(got, sc.Text())
	}
	seen := envMap(got)

	for _, kv := range hostile {
		name, _, _ := strings.Cut(kv, "=")
		assert.NotContains(t, seen, name, "%s reached the child", name)
	}
	for name := range seen {
		allowed := slices.Contains(childenv.DefaultAllow, strings.ToUpper(name)) ||
			name == "EXTRA_ALLOWED" || name == childMarker || name == "SERVER_API_KEY"
		assert.True(t, allowed, "%s is neither allowed nor configured", name)
	}
	assert.Equal(t, "yes", seen["EXTRA_ALLOWED"])
	assert.Equal(t, "from-this-servers-configuration", seen["SERVER_API_KEY"])
	assert.Equal(t, os.Getenv("PATH"), seen["PATH"])
	if runtime.GOOS != "windows" {
		assert.Equal(t, "C.UTF-8", seen["LANG"], "the last of two entries wins")
	}
}

func TestBuild(t *testing.T) {
	parent := append([]string{"PATH=/bin", "HOME=/home/u", "TERM=xterm", "=C:=C:\\", "BROKEN", "HOME=/home/v"}, hostile...)
	tests := []struct {
		name string
		cfg  childenv.Config
		want []string
	}{
		{"the zero config passes the default allowlist alone", childenv.Config{},
			[]string{"HOME=/home/v", "PATH=/bin", "TERM=xterm"}},
		{"without defaults only what is named passes", childenv.Config{NoDefaults: true, Inherit: []string{"PATH", "EDITOR"}},
			[]string{"EDITOR=vim", "PATH=/bin"}},
		{"set overrides the parent", childenv.Config{Set: map[string]string{"PATH": "/opt/bin", "TOKEN": "t"}},
			[]string{"HOME=/home/v", "PATH=/opt/bin", "TERM=xterm", "TOKEN=t"}},
		{"hooks are refused from set", childenv.Config{NoDefaults: true, Set: map[string]string{"NODE_OPTIONS": "x", "ld_preload": "y", "PYTHONSTARTUP": "z"}},
			[]string{}},
		{"credentials are refused from the parent whatever inherit says", childenv.Config{NoDefaults: true, Inherit: []string{"AWS_SECRET_ACCESS_KEY", "STRIPE_KEY", "SSH_AUTH_SOCK"}},
			[]string{}},
		{"invalid names and NUL values are dropped", childenv.Config{NoDefaults: true, Set: map[string]string{"": "x", "A=B": "y", "C": "a\x00b"}},
			[]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, childenv.Build(parent, tt.cfg))
		})
	}
}

func TestNoDefaultIsAHookOrACredential(t *testing.T) {
	for _, n := range childenv.DefaultAllow {
		assert.False(t, childenv.Hook(n), n)
		assert.False(t, childenv.Credential(n), n)
	}
	for _, kv := range hostile {
		n, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(n, "UNRELATED") || n == "EDITOR" || n == "MY_APP_SETTING" {
			continue
		}
		assert.True(t, childenv.Hook(n) || childenv.Credential(n), "%s is neither a hook nor a credential", n)
	}
}

func TestValidateNamesEveryRefusedEntry(t *testing.T) {
	err := childenv.Config{
		Inherit: []string{"PATH", "NODE_OPTIONS", "GITHUB_TOKEN", "A=B"},
		Set:     map[string]string{"OK": "1", "DYLD_INSERT_LIBRARIES": "x", "NUL": "a\x00"},
	}.Validate()
	require.ErrorIs(t, err, childenv.ErrRefused)
	for _, want := range []string{"inherit[1]: NODE_OPTIONS", "inherit[2]: GITHUB_TOKEN", `inherit[3]: "A=B"`, "set.DYLD_INSERT_LIBRARIES", "set.NUL"} {
		assert.Contains(t, err.Error(), want)
	}
	assert.NotContains(t, err.Error(), "PATH")
	assert.NoError(t, childenv.Config{Inherit: []string{"EDITOR"}, Set: map[string]string{"API_TOKEN": "x"}}.Validate())
}
