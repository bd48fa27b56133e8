package policy

import (
	"os"
	"strconv"
	"testing"
)

// TestPathValueReadings defends the readings of a path argument one by
// one. Several are also enforced elsewhere (roots refuses /proc/self by
// itself, hardline expands a leading ~), so a test through Evaluate alone
// would not notice one of them failing.
func TestPathValueReadings(t *testing.T) {
	t.Run("the file scheme is recognised from its five bytes, in any case", func(t *testing.T) {
		for s, want := range map[string]bool{"file:": true, "FILE:/x": true, "fIlE:x": true, "file": false, "fil:": false, "": false, "files:/x": false} {
			if got := isFileURL(s); got != want {
				t.Errorf("isFileURL(%q) = %v, want %v", s, got, want)
			}
		}
	})
	t.Run("the evaluating process's own entries are process-relative", func(t *testing.T) {
		self := strconv.Itoa(os.Getpid())
		for _, p := range []string{"/proc/self", "/proc/self/cwd", "/proc/thread-self/root", "/proc/curproc/file",
			"/proc/" + self + "/environ", "/dev/fd", "/dev/fd/3", "/dev/stdin", "/dev/stdout", "/dev/stderr"} {
			if !processRelativeResolved(p) {
				t.Errorf("processRelativeResolved(%q) = false, want true", p)
			}
		}
		for _, p := range []string{"/proc/1/environ", "/proc", "/proc/selfish", "/dev/null", "/dev/fdx", "/dev/stdinx", "/home/self"} {
			if processRelativeResolved(p) {
				t.Errorf("processRelativeResolved(%q) = true, want false", p)
			}
		}
	})
	t.Run("a leading ~ or $HOME is the home folder", func(t *testing.T) {
		e := &Engine{home: "/h/me"}
		for in, want := range map[string]string{"~": "/h/me", "~/": "/h/me/", "~/.ssh/id_rsa": "/h/me/.ssh/id_rsa",
			"$HOME/x": "/h/me/x", "${HOME}": "/h/me", "$HOMEx": "$HOMEx", "a/~": "a/~", "~no-such-user-here/x": "~no-such-user-here/x"} {
			if got := e.expandHome(in); got != want {
				t.Errorf("expandHome(%q) = %q, want %q", in, got, want)
			}
		}
	})
}

// TestPathLike defends which undeclared values are read as paths: the
// Windows forms too, which a test on another system cannot reach through
// Evaluate.
func TestPathLike(t *testing.T) {
	for s, want := range map[string]bool{
		"/x": true, `\x`: true, "~": true, "~/x": true, "~bob/x": true, "$HOME": true, "${HOME}/x": true, " /x ": true,
		".": true, "..": true, "./x": true, "../x": true, `.\x`: true, `..\x`: true, "file:///x": true, "FILE:x": true,
		`C:\x`: true, "c:/x": true, `z:\`: true, "A:/x": true, "a:/x": true,
		"": false, "x": false, ".x": false, "..x": false, ".ssh/id_rsa": false, "$HOMEx": false, "${HOME}x": false, "$USER/x": false, "C:x": false,
		"1:/x": false, "CC:/x": false, "@:/x": false, "[:/x": false, "/x\ny": false, "/x\ry": false, "/x\x00": false, "https://x/y": false,
	} {
		if got := pathLike(s); got != want {
			t.Errorf("pathLike(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestShellExpands(t *testing.T) {
	for s, want := range map[string]bool{
		"$HOME": true, "${x}": true, "$(id)": true, "`id`": true, "$'\\x7e'": true, `$"x"`: true, "$1": true, "$@": true,
		"$$": true, "$?": true, "$_": true, "a/$x/b": true, "cost$/x$y": true, "$-": true, "$!": true, "$#": true, "$*": true,
		"": false, "$": false, "a$": false, "a$/b": false, "$ x": false, "$.": false, "$/": false, "src/main.go": false, "~/x": false,
	} {
		if got := shellExpands(s); got != want {
			t.Errorf("shellExpands(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestShellWordPath(t *testing.T) {
	for s, want := range map[string]bool{
		"$(echo ~)/.ssh/id_rsa": true, " `echo ~`/.ssh ": true, "${XDG_CONFIG_HOME}/gh/hosts.yml": true, "$x/y": true,
		"$( (echo ~) )/x": true, "$(echo $(echo ~))/.ssh": true, "${a:- b}/c": true,
		"see $(id) here/x": false, "$(id) /x": false, "$x": false, "src/$x": false, "$/x": false, "x": false, "$": false,
		"`echo` /x": false, "$5/month": true, "${HOME}/a b": false, "`echo ~`/a b": false,
	} {
		if got := shellWordPath(s); got != want {
			t.Errorf("shellWordPath(%q) = %v, want %v", s, got, want)
		}
	}
}
