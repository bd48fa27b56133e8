package hardline

import (
	"errors"
	"strings"
	"testing"
)

// TestLinksBelowAFollowedTreeAreReadWhole checks that a reader that
// follows the links in a tree reads what each link below its folders leads
// to as a tree: a link to a folder that only holds a credential, to
// another user's home, to / or to a key file; that a reader that does not follow them
// does not; and that a tree that cannot be listed asks.
func TestLinksBelowAFollowedTreeAreReadWhole(t *testing.T) {
	a := testAnalyzer(t)
	links := map[string]string{
		"/home/dev/work/proj/vendor/cfg": "/home/dev/.config",
		"/home/dev/work/proj/docs/other": "/home/alice",
		"/home/dev/work/proj/lib/up":     "/",
		"/home/dev/work/proj/lib/ok":     "/home/dev/work/proj/src",
		"/home/dev/work/proj/data/k":     "/home/dev/.ssh/id_rsa",
	}
	env := testEnv()
	env.Canonical = func(abs string) (string, error) {
		for l, target := range links {
			if abs == l || strings.HasPrefix(abs, l+"/") {
				return target + strings.TrimPrefix(abs, l), nil
			}
		}
		return abs, nil
	}
	below := func(prefix string) func(string) ([]string, error) {
		return func(dir string) ([]string, error) {
			var out []string
			for l := range links {
				if strings.HasPrefix(l, strings.TrimSuffix(dir, "/")+"/") && strings.HasPrefix(l, prefix) {
					out = append(out, l)
				}
			}
			return out, nil
		}
	}
	for prefix, rule := range map[string]string{
		"/home/dev/work/proj/vendor": ruleSensitivePath,
		"/home/dev/work/proj/docs":   ruleSensitivePath,
		"/home/dev/work/proj/lib/up": ruleSensitivePath,
		"/home/dev/work/proj/data":   ruleSensitivePath, // a link to a key file
	} {
		env.TreeLinks = below(prefix)
		for _, cmd := range []string{"grep -R x .", "zip -r /tmp/x.zip .", "tar czhf /tmp/x.tgz .", "rg -L x"} {
			w, ok := a.Command(cmd, env).Worst()
			if !ok || w.Rule != rule || w.Severity != Block {
				t.Errorf("%s with the links of %s: worst %+v, want %s (block)", cmd, prefix, w, rule)
			}
		}
		for _, cmd := range []string{"grep -r x .", "zip -ry x.zip .", "tar czf x.tgz .", "rg x"} {
			if w, ok := a.Command(cmd, env).Worst(); ok {
				t.Errorf("%s does not follow the links of %s: worst %+v", cmd, prefix, w)
			}
		}
	}
	env.TreeLinks = below("/home/dev/work/proj/lib/ok")
	if w, ok := a.Command("grep -R x .", env).Worst(); ok {
		t.Errorf("a link inside the workspace: worst %+v", w)
	}
	env.TreeLinks = func(string) ([]string, error) { return nil, errors.New("too many folders") }
	if w, ok := a.Command("grep -R x .", env).Worst(); !ok || w.Rule != ruleUnresolvable || w.Severity != Ask {
		t.Errorf("a tree that cannot be listed: worst %+v, want %s (ask)", w, ruleUnresolvable)
	}
}

// TestVSCodeSettingsRisky checks each word that makes a write to VS Code's
// workspace settings ask, with a setting that holds that word and no
// other, and settings that only style the editor.
func TestVSCodeSettingsRisky(t *testing.T) {
	risky := map[string]string{
		"approve":        `{"chat.autoApprove": true}`,
		"mcp":            `{"chat.mcp.discovery.enabled": true}`,
		"automatictasks": `{"task.allowAutomaticTasks": "on"}`,
		"terminal":       `{"terminal.integrated.defaultProfile.linux": "bash"}`,
		"path":           `{"git.path": "./git"}`,
		"exec":           `{"perl.perlExecutable": "./p"}`,
		"command":        `{"rust-analyzer.check.overrideCommand": ["./c"]}`,
		"interpreter":    `{"python.defaultInterpreter": "./py"}`,
		"tool":           `{"go.alternateTools": {"go": "./g"}}`,
		"server":         `{"julia.languageServer": "x"}`,
		"env":            `{"python.envFile": "./x.env"}`,
		"shell":          `{"powershell.cwd": "x"}`,
		"runtime":        `{"eslint.runtime": "./node"}`,
		"binary":         `{"clangd.binary": "./c"}`,
		"args":           `{"java.jdt.ls.vmargs": "-javaagent:./a.jar"}`,
		"script":         `{"npm.scriptExplorerAction": "run"}`,
		"hook":           `{"git.hooks": true}`,
		"trust":          `{"security.workspace.trust.enabled": false}`,
	}
	for _, w := range vscodeRiskyWords {
		if _, ok := risky[w]; !ok {
			t.Errorf("no case for %q", w)
		}
	}
	for w, text := range risky {
		var found []string
		for _, o := range vscodeRiskyWords {
			if strings.Contains(asciiLower(text), o) {
				found = append(found, o)
			}
		}
		if !vscodeSettingsRisky(text) || len(found) != 1 {
			t.Errorf("%s: %s is risky by %v", w, text, found)
		}
	}
	for _, text := range []string{`{"editor.tabSize": 2}`, `{"editor.formatOnSave": true, "files.trimTrailingWhitespace": true}`, `{"workbench.colorTheme": "Default Dark+"}`} {
		if vscodeSettingsRisky(text) {
			t.Errorf("%s is risky", text)
		}
	}
}
