package policy

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/user"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unicode"

	"github.com/toolgate/toolgate/roots"
)

// ErrProcessRelative is matched by the error for a path argument that names
// the evaluating process rather than a file: /proc/self, /proc/thread-self,
// /dev/fd/N, /dev/stdin, /dev/stdout, /dev/stderr, or anything that
// resolves into the engine's own /proc entry. The tool may run in another
// process (an MCP server, a subprocess, a host using the command line), so
// what such a path names cannot be known; the call is denied with
// root.unresolvable. It also matches roots.ErrUnresolvable.
var ErrProcessRelative = fmt.Errorf("%w: the path names the evaluating process, not a file", roots.ErrUnresolvable)

// ErrFileURL is matched by the error for a file URL in a path argument
// that does not name a local absolute path: another host, a user, a query
// or fragment, an opaque or relative form, or a malformed escape. It also
// matches roots.ErrInvalidPath.
var ErrFileURL = fmt.Errorf("%w: not a local file URL", roots.ErrInvalidPath)

// interpretPath reads a path argument the way the strictest plausible
// consumer would before resolution: blanks around it taken off, a file URL (any case of the scheme,
// percent escapes decoded) as the path it names, a leading $HOME, ${HOME},
// "~" or "~name" as that home folder. A process-relative path is refused.
// Where a tool would not expand these, the expanded reading is the stricter
// one: the literal name would lie inside the primary root.
func (e *Engine) interpretPath(p string) (string, error) {
	p, err := e.readPath(p)
	if err != nil {
		return "", err
	}
	if processRelative(p) {
		return "", ErrProcessRelative
	}
	return p, nil
}

// readPath is interpretPath's reading without its refusal: the blanks and
// invisible format characters around the path taken off (a tool that trims
// its arguments opens " /etc/shadow" or "\u200b/etc/shadow" as
// /etc/shadow; one that does not opens a name inside the primary root, so
// the trimmed reading is the stricter), a file URL as the path it names, a
// leading home form expanded.
func (e *Engine) readPath(p string) (string, error) {
	p = trimPath(p)
	if isFileURL(p) {
		return parseFileURL(p)
	}
	return e.expandHome(p), nil
}

// trimPath takes off the white space and the Unicode format characters
// (zero-width spaces and joiners, direction marks and overrides, the byte
// order mark: category Cf) around a path.
func trimPath(p string) string {
	return strings.TrimFunc(p, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) })
}

// decodedReading is the path a tool that percent-decodes its argument
// opens (one behind an HTTP API, or that takes a URL's path): p with its
// escapes decoded, and true, when p holds a valid escape that changes it.
// A path without one, or whose escapes do not decode, has no such reading,
// and neither has a file URL, whose escapes are decoded once as a URL's
// (see parseFileURL).
func decodedReading(p string) (string, bool) {
	if !strings.Contains(p, "%") || isFileURL(p) {
		return "", false
	}
	d, err := url.PathUnescape(p)
	if err != nil || d == p {
		return "", false
	}
	return d, true
}

// spelling is another reading of a path argument's text that a tool may
// open (otherSpellings), and how it is read, for messages.
type spelling struct {
	text, how string
}

// backslashIsText says that a backslash is a character of a name here, not
// a separator: on every system but Windows.
const backslashIsText = filepath.Separator != '\\'

// otherSpellings returns the readings of a path argument p (its blanks
// taken off) that a tool may open besides p itself (docs/security-model.md,
// Arguments): p with its percent escapes decoded (decodedReading), as a
// tool behind an HTTP API or one that takes a URL's path opens it; and,
// where a backslash is not a separator, p with its backslashes read as
// slashes, as a tool written for Windows paths, or a URL parser for a file
// URL, reads them; and both. It returns nil for the common path, which
// holds neither a percent sign nor a backslash.
func otherSpellings(p string) []spelling {
	if !strings.ContainsAny(p, `%\`) {
		return nil
	}
	var out []spelling
	d, decoded := decodedReading(p)
	if decoded {
		out = append(out, spelling{d, "with its percent escapes decoded"})
	}
	if backslashIsText {
		if strings.Contains(p, `\`) {
			out = append(out, spelling{strings.ReplaceAll(p, `\`, "/"), "with its backslashes read as separators"})
		}
		if decoded && strings.Contains(d, `\`) {
			out = append(out, spelling{strings.ReplaceAll(d, `\`, "/"), "with its percent escapes decoded and its backslashes read as separators"})
		}
	}
	return out
}

// pathSpellings is otherSpellings for a path argument p (its blanks taken
// off), with two more readings and their own other spellings: p with one
// quote taken off either end, as a tool that unwraps a pasted path reads
// it (`"/etc/shadow"`, `'~/.ssh/id_rsa`); and, for p written as a JSON
// list of at most maxOtherJSON bytes, each string of it, as a tool whose
// path argument takes a list decodes a string that holds one
// (`["/etc/shadow"]`). See docs/security-model.md, Arguments.
func pathSpellings(p string) []spelling {
	out := otherSpellings(p)
	more := func(text, how string) {
		out = append(out, spelling{text, how})
		for _, sp := range otherSpellings(text) {
			out = append(out, spelling{sp.text, joinHow(how, sp.how)})
		}
	}
	if q := unquote(p); q != p {
		more(q, "with the quotes around it taken off")
	}
	if len(p) > 1 && p[0] == '[' && len(p) <= maxOtherJSON {
		var list []any
		if json.Unmarshal([]byte(p), &list) == nil {
			for _, x := range list {
				if s, ok := x.(string); ok {
					more(s, "read as the JSON list it holds")
				}
			}
		}
	}
	return out
}

// unquote takes one single or double quote off either end of p. The
// blanks inside them are taken off when the result is read (readPath).
func unquote(p string) string {
	q := p
	if q != "" && (q[0] == '"' || q[0] == '\'') {
		q = q[1:]
	}
	if q != "" && (q[len(q)-1] == '"' || q[len(q)-1] == '\'') {
		q = q[:len(q)-1]
	}
	return q
}

// joinHow joins two descriptions of how a spelling was read.
func joinHow(a, b string) string {
	if a == "" {
		return b
	}
	return a + ", " + b
}

// isFileURL reports whether p begins with the scheme "file:" in any case.
func isFileURL(p string) bool {
	return len(p) >= 5 && strings.EqualFold(p[:5], "file:")
}

// parseFileURL returns the local path a file URL names: the host must be
// empty or localhost, and there is no user, query or fragment. On Windows
// "file:///C:/x" names C:/x.
func parseFileURL(p string) (string, error) {
	u, err := url.Parse(p)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrFileURL, err)
	}
	switch {
	case !strings.EqualFold(u.Scheme, "file"):
		return "", fmt.Errorf("%w: scheme %q", ErrFileURL, u.Scheme)
	case u.Opaque != "":
		return "", fmt.Errorf("%w: %q is not an absolute path", ErrFileURL, u.Opaque)
	case u.User != nil:
		return "", fmt.Errorf("%w: it names a user", ErrFileURL)
	case u.Host != "" && !strings.EqualFold(u.Host, "localhost"):
		return "", fmt.Errorf("%w: host %q is not this machine", ErrFileURL, u.Host)
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.ContainsAny(p, "?#"):
		return "", fmt.Errorf("%w: it has a query or fragment", ErrFileURL)
	case !strings.HasPrefix(u.Path, "/"):
		return "", fmt.Errorf("%w: no absolute path", ErrFileURL)
	}
	q := u.Path
	if runtime.GOOS == "windows" && len(q) >= 3 && q[2] == ':' {
		q = q[1:] // "/C:/x"
	}
	return q, nil
}

// expandHome reads a leading "~" as the home folder and "~name" as the
// home folder of the user called name, as shells and many tools do; so are
// a leading $HOME or ${HOME}.
func (e *Engine) expandHome(p string) string {
	if p == "" || e.home == "" {
		return p
	}
	for _, v := range [...]string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, v); ok && (rest == "" || isSep(rest[0])) {
			return e.home + rest
		}
	}
	if p[0] != '~' {
		return p
	}
	name, rest := p[1:], ""
	if i := strings.IndexFunc(name, func(r rune) bool { return r < 0x80 && isSep(byte(r)) }); i >= 0 {
		name, rest = name[:i], name[i:]
	}
	if name == "" {
		return e.home + rest
	}
	if u, err := user.Lookup(name); err == nil && u.HomeDir != "" {
		return u.HomeDir + rest
	}
	return p
}

func isSep(c byte) bool { return c == '/' || c == filepath.Separator }

// pid is the engine's own process ID, as /proc names it.
var pid = strconv.Itoa(os.Getpid())

// processRelative reports whether an absolute path names the evaluating
// process: read lexically, with "." and ".." applied, it lies under
// /proc/self, /proc/thread-self, /proc/curproc, /proc/PID of this process,
// /dev/fd, or is /dev/stdin, /dev/stdout or /dev/stderr. A relative path is
// judged once resolved (see processRelativeResolved).
func processRelative(p string) bool {
	if p == "" || !isSep(p[0]) {
		return false
	}
	return processRelativeResolved(path.Clean(filepath.ToSlash(p)))
}

// processRelativeResolved is processRelative for a clean absolute path.
func processRelativeResolved(p string) bool {
	p = filepath.ToSlash(p)
	if rest, ok := strings.CutPrefix(p, "/proc/"); ok {
		first, _, _ := strings.Cut(rest, "/")
		return first == "self" || first == "thread-self" || first == "curproc" || first == pid
	}
	if rest, ok := strings.CutPrefix(p, "/dev/"); ok {
		first, _, _ := strings.Cut(rest, "/")
		return first == "fd" || first == "stdin" || first == "stdout" || first == "stderr"
	}
	return false
}

// sensitive judges a path argument against the hardline sensitive paths
// in both readings, the stricter winning: the path as the tool is given it
// after home expansion (made absolute against the primary root) and its
// canonical form. When the two are the same path, it is judged once.
func (e *Engine) sensitive(expanded, resolved string, set *roots.Set) (string, bool) {
	return e.hard.SensitiveTarget(givenForm(expanded, resolved, set), resolved)
}

// givenForm is the lexical reading of a path argument: expanded (after
// home expansion) made absolute against the primary root, or "" when it
// is the same path as resolved, its canonical form, or has no absolute
// form.
func givenForm(expanded, resolved string, set *roots.Set) string {
	given := expanded
	if given != "" && !filepath.IsAbs(given) {
		pr, ok := set.Primary()
		if !ok {
			return ""
		}
		var buf [512]byte
		b := append(append(append(buf[:0], pr.Path...), filepath.Separator), given...)
		if string(b) == resolved {
			return ""
		}
		given = string(b)
	}
	if given == resolved {
		return ""
	}
	return given
}
