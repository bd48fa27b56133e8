package hardline

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bmatcuk/doublestar/v4"
	"mvdan.cc/sh/v3/syntax"
)

// Severity says how strongly a finding restricts a call. Severities are
// ordered: Ask < Block.
type Severity uint8

const (
	// Ask means the call needs a human decision (approval-required; deny in
	// deny mode).
	Ask Severity = iota + 1
	// Block means the call is denied in every mode.
	Block
)

// String returns "ask" or "block".
func (s Severity) String() string {
	switch s {
	case Ask:
		return "ask"
	case Block:
		return "block"
	}
	return fmt.Sprintf("Severity(%d)", uint8(s))
}

// Kind says what a finding is about.
type Kind uint8

const (
	// Command is a destructive operation from the catalogue (reason
	// "hardline.command").
	Command Kind = iota + 1
	// Path is a sensitive host path named by the command (reason
	// "hardline.path").
	Path
	// Dynamic is something the analyser cannot resolve statically: a command
	// name from a variable, code piped into a shell, inline interpreter code, a
	// parse error or an input over the bounds (reason "hardline.dynamic").
	Dynamic
)

// String returns "command", "path" or "dynamic".
func (k Kind) String() string {
	switch k {
	case Command:
		return "command"
	case Path:
		return "path"
	case Dynamic:
		return "dynamic"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// MaxCommandText is the longest Finding.Command text; longer commands are cut
// and end in "...".
const MaxCommandText = 200

// Finding is one reason why a command is not ordinary work.
type Finding struct {
	// Rule is the stable catalogue name of the rule, such as "rm-root" (see
	// Rules and the package documentation).
	Rule string
	// Kind is what the finding is about.
	Kind Kind
	// Severity is Ask or Block.
	Severity Severity
	// Detail is a human explanation.
	Detail string
	// Command is the unwrapped simple command the finding was made in, at
	// most MaxCommandText bytes.
	Command string
	// Path is the offending path, if any, after static expansion.
	Path string
	// RunTime says the finding is about what the command learns only as
	// it runs (a run-time rule's, RuleInfo.RunTime): the code a download
	// holds, the value a variable has then, a program's input. The text
	// of the command, the targets it names and Result.Scripts do not say
	// what that will be, so an approval that binds them does not bind
	// what the finding is about: a host that approves such a command for
	// later calls (a session's approval) approves code or targets no
	// person has seen. The policy engine lets only an approval of the one
	// call lift it (see docs/security-model.md, Approvals). A run-time
	// rule's finding whose subject Result.Scripts binds (the files a
	// pattern matches now, each with its digest) is not one.
	RunTime bool
}

// Result is the outcome of analysing one command. The zero Result has no
// findings: the command is ordinary work as far as the hardline rules go.
type Result struct {
	// Findings are sorted strictest first: Block before Ask, then by Kind,
	// Rule, Path and Command. Duplicates are removed.
	Findings []Finding
	// Scripts are the files whose text was read from disk to judge the
	// command (see Config.ReadScript), sorted by path, each with the
	// SHA-256 of the text read: what runs is what they hold when it
	// runs, so a host binds an approval of the command to them. A file
	// the command runs by its name (bash build.sh, ./run, sh < x.sh) or a
	// runner's own file (a makefile, package.json, a justfile) that is not
	// there is listed too, Absent: another call may write it before the
	// command runs, and what it then holds was not judged.
	Scripts []Script
}

// compareScripts orders scripts by path, as Result.Scripts is sorted.
func compareScripts(a, b Script) int { return strings.Compare(a.Path, b.Path) }

// Script is a file read from disk to judge a command.
type Script struct {
	// Path is the file's canonical path.
	Path string
	// SHA256 is the digest of the text read: the whole file, or for a
	// file over Config.MaxBytes its first MaxBytes bytes; zero when Absent.
	SHA256 [sha256.Size]byte
	// Absent says the file was not there: the command would run it, or
	// its runner read it, had it been. A Path that is a pattern (its last
	// element holds *, ? or [: a runner reads every file or folder it
	// matches, terraform's *.tf, a monorepo's packages/*) is Absent too,
	// and says that a file it matches, or one in a folder it matches,
	// would be read too, were another call to make it.
	Absent bool
}

// Worst returns the strictest finding: the highest severity, ties broken by
// Kind (Command, Path, Dynamic), then Rule, Path, Command and Detail. It
// reports false when there are no findings.
func (r Result) Worst() (Finding, bool) {
	if len(r.Findings) == 0 {
		return Finding{}, false
	}
	return slices.MinFunc(r.Findings, compareFindings), true
}

// Blocked reports whether any finding has severity Block.
func (r Result) Blocked() bool {
	f, ok := r.Worst()
	return ok && f.Severity == Block
}

func compareFindings(a, b Finding) int {
	if a.Severity != b.Severity {
		return cmp.Compare(b.Severity, a.Severity)
	}
	return cmp.Or(
		cmp.Compare(a.Kind, b.Kind),
		strings.Compare(a.Rule, b.Rule),
		strings.Compare(a.Path, b.Path),
		strings.Compare(a.Command, b.Command),
		strings.Compare(a.Detail, b.Detail),
	)
}

// Default bounds.
const (
	// DefaultMaxBytes is the largest command analysed when Config.MaxBytes
	// is 0: 64 KiB.
	DefaultMaxBytes = 64 << 10
	// DefaultMaxDepth is the deepest syntax nesting, and the longest chain
	// of wrappers and re-parsed scripts (sudo, env, bash -c, eval, ...),
	// analysed when Config.MaxDepth is 0.
	DefaultMaxDepth = 48
)

// Config configures an Analyzer.
type Config struct {
	// SensitivePaths are extra doublestar patterns added to the built-in
	// list (BuiltinSensitivePaths). A pattern may start with "~/" for the
	// home folder. Built-ins cannot be removed.
	SensitivePaths []string
	// Home is the home folder, used for "~" and "$HOME" and in
	// patterns. Required and absolute. New also resolves it (and the
	// folders of the patterns) through symbolic links, and matches both
	// forms.
	Home string
	// OS is the target operating system; "" means runtime.GOOS. With
	// "windows", paths and patterns are compared case-insensitively (ASCII
	// case variants, the stricter result wins) and the Windows built-ins
	// apply.
	OS string
	// MaxBytes bounds the command size; 0 means DefaultMaxBytes. Larger
	// commands yield an Ask finding "too-complex" without being parsed.
	MaxBytes int
	// MaxDepth bounds syntax nesting and the chain of wrappers and
	// re-parsed scripts; 0 means DefaultMaxDepth. Deeper commands yield an
	// Ask finding "too-complex".
	MaxDepth int
	// Commands are the policy's catalogue entries for its own programs
	// (the policy file's commands section), checked by ValidateCommands.
	// They only add: an entry for a program the built-in catalogue knows
	// is applied besides the built-in entry, never instead of it.
	Commands []Entry
	// Credentials are environment variables that hold secrets whatever
	// their names (the policy file's secrets), with the hosts each may be
	// sent to: secret-egress judges them as it judges GITHUB_TOKEN (see
	// docs/security-model.md, Hardline). A variable whose homes are built
	// in (GITHUB_TOKEN's) may be named, but not given other hosts.
	Credentials []Credential
	// ReadScript returns the text of a file a command runs as a shell
	// script (bash FILE, sh FILE, source FILE, . FILE, ./FILE without a #!
	// line naming another interpreter, a name found in a folder the
	// command puts on PATH) or as an interpreter's program (python3 FILE,
	// perl FILE, node FILE, awk -f FILE, a #! line naming one), given its
	// canonical path, when the file lies in one of Env.Roots or a
	// temporary folder (/tmp, /var/tmp, /dev/shm): what another call put
	// there is what runs. The analyser judges the text as the script or
	// the inline code it is, with the arguments given, and a command in
	// it that would block blocks; what would only ask there does not ask
	// here. limit is MaxBytes: for a larger file it returns the first
	// limit bytes (a compiled program's head says it is none) and an
	// error wrapping ErrScriptTooLarge, and the command asks. An error
	// wrapping fs.ErrNotExist or syscall.ENOTDIR (no such file) or
	// syscall.EISDIR (a folder) runs nothing; any other error asks, as
	// code not known before it runs. Files are read only for a call whose
	// Env.Canonical is set, which resolves paths in the same file system.
	// nil means ReadScriptFile. See docs/security-model.md, "Scripts read
	// from files".
	ReadScript func(path string, limit int) (string, error)
	// ReadDir returns the names in the folder dir, a canonical path,
	// when a pattern names the file a command runs (bash runme/w*.sh,
	// python3 gen?.py, ./tools/*/run, for f in *.sh; do bash "$f";
	// done): the command asks, since which file runs is not known before
	// it runs, and each file the pattern may match is read through
	// ReadScript, so that Result.Scripts binds an approval of the command
	// to what the pattern matches now (a file added or changed later is
	// not approved with it). An error lists nothing. nil means
	// ReadDirNames. See docs/security-model.md, "Scripts read from files".
	ReadDir func(dir string) ([]string, error)
	// Exists reports whether path, an absolute path, names an entry of
	// the file system (a final symbolic link is not followed); a lookup
	// that fails for another reason than the entry's absence reports
	// true. The analyser asks it, once per path and call, for what git
	// finds in the folders it searches for the repository it uses (.git,
	// and HEAD, which makes a folder a bare repository), for a call whose
	// Env.Canonical is set. nil means ExistsOnDisk. See
	// docs/security-model.md, Hardline.
	Exists func(path string) bool
}

// Credential is an environment variable that holds a secret, and the
// hosts it belongs to.
type Credential struct {
	// Env is the variable's name, a shell name (LETTERS, digits, _).
	Env string
	// Hosts are the host names the value may be sent to; a name stands
	// for its subdomains too (example.com covers api.example.com). Empty
	// means none: sending the value anywhere asks.
	Hosts []string
}

// Analyzer applies the hardline rules. It is safe for concurrent use.
type Analyzer struct {
	goos      string
	hostName  string // this machine's name, lower case (see ownHost)
	windows   bool
	home      string // slash form, cleaned
	sensitive []pattern
	// lastWorkDir is the last working folder safeWorkDir judged, and its
	// answer: a host's calls share one working folder, and the answer
	// depends on it and the sensitive patterns alone.
	lastWorkDir atomic.Pointer[workDirAnswer]
	// credentials are the configured credentials' homes, by variable.
	credentials map[string][]string
	homeRel     []pattern // the built-in "~/" patterns relative to a home: "/.ssh/**"
	// sensIndex and homeRelIndex find the first match in sensitive and
	// homeRel without trying every pattern.
	sensIndex, homeRelIndex patternIndex
	// homeRelFirst holds the first folder of every homeRel pattern, in
	// comparison form; homeRelAny says one of them is a pattern itself.
	homeRelFirst map[string]bool
	homeRelAny   bool
	maxBytes     int
	maxDepth     int
	readScript   func(path string, limit int) (string, error) // Config.ReadScript
	readDir      func(dir string) ([]string, error)           // Config.ReadDir
	exists       func(path string) bool                       // Config.Exists
	lists        lists
	indexes      map[*pattern]*patternIndex // the lists' indexes for match, by first element
	fold         bool                       // names compare case-insensitively (caseFolding)
	macAliases   bool                       // key reads macOS's aliases in their short form (macShort)
	alias        aliases                    // canonical forms of the home folders (addAliases)
	parsers      sync.Pool
	// callCaches are the *callCache values of finished calls, emptied
	// before reuse.
	callCaches sync.Pool
	// credNames remembers isCredential's answers by variable name (at
	// most maxCredNames of them, each at most 64 bytes long): the answer
	// depends only on the name and the Analyzer's configuration.
	credNames     sync.Map
	credNameCount atomic.Int32
	// extra are the policy's catalogue entries by program name, and
	// extraEnv their environment variables.
	extra    map[string][]*compiledEntry
	extraEnv map[string]EnvVar
}

// pattern is a compiled path pattern.
type pattern struct {
	source string // as configured or built in
	glob   string // absolute, slash form (lower case on Windows)
	prefix string // literal prefix of glob, for a quick reject
	dir    string // glob without a trailing "/**", matched exactly
}

// New checks cfg and returns an Analyzer. Every problem is reported, joined
// with errors.Join.
func New(cfg Config) (*Analyzer, error) {
	a := &Analyzer{goos: cmp.Or(cfg.OS, runtime.GOOS)}
	if h, err := os.Hostname(); err == nil {
		a.hostName = strings.TrimSuffix(asciiLower(h), ".")
	}
	a.windows = a.goos == "windows"
	a.fold = caseFolding[a.goos]
	a.macAliases = a.goos == "darwin" || a.goos == "ios"
	var errs []error
	if cfg.Home == "" {
		errs = append(errs, errors.New("hardline: Config.Home is required"))
	} else {
		h := a.slash(cfg.Home)
		if !a.isAbs(h) {
			errs = append(errs, fmt.Errorf("hardline: Config.Home %q is not absolute", cfg.Home))
		} else {
			a.home = a.clean(h)
		}
	}
	if cfg.MaxBytes < 0 {
		errs = append(errs, fmt.Errorf("hardline: Config.MaxBytes %d is negative", cfg.MaxBytes))
	}
	if cfg.MaxDepth < 0 {
		errs = append(errs, fmt.Errorf("hardline: Config.MaxDepth %d is negative", cfg.MaxDepth))
	}
	a.maxBytes = cmp.Or(max(cfg.MaxBytes, 0), DefaultMaxBytes)
	a.maxDepth = cmp.Or(max(cfg.MaxDepth, 0), DefaultMaxDepth)
	a.readScript = cfg.ReadScript
	if a.readScript == nil {
		a.readScript = ReadScriptFile
	}
	a.readDir = cfg.ReadDir
	if a.readDir == nil {
		a.readDir = ReadDirNames
	}
	a.exists = cfg.Exists
	if a.exists == nil {
		a.exists = ExistsOnDisk
	}
	if a.home != "" {
		for _, p := range BuiltinSensitivePaths(a.goos) {
			cp, err := a.compile(p)
			if err != nil { // a bug in the built-in list
				errs = append(errs, fmt.Errorf("hardline: built-in pattern %q: %w", p, err))
				continue
			}
			a.sensitive = append(a.sensitive, cp)
			if strings.HasPrefix(p, "~/") {
				// The same file in every other user's home: matched on
				// the part of a path below a home (see otherHomeRest).
				home := a.home
				a.home = ""
				hp, err := a.compile(p)
				a.home = home
				if err != nil {
					errs = append(errs, fmt.Errorf("hardline: built-in pattern %q: %w", p, err))
					continue
				}
				a.homeRel = append(a.homeRel, hp)
				// The first folder of each, for dynamicSecret's quick test.
				first, _, _ := strings.Cut(strings.TrimPrefix(p, "~/"), "/")
				if a.homeRelFirst == nil {
					a.homeRelFirst = map[string]bool{}
				}
				a.homeRelFirst[a.relKey(first)] = true
				a.homeRelAny = a.homeRelAny || strings.ContainsAny(first, "*?[{\\")
			}
		}
		if err := a.compileLists(); err != nil { // a bug in the built-in lists
			errs = append(errs, fmt.Errorf("hardline: built-in list: %w", err))
		}
	}
	for i, p := range cfg.SensitivePaths {
		if a.home == "" && (p == "~" || strings.HasPrefix(p, "~/")) {
			continue // reported as the missing home
		}
		cp, err := a.compile(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("hardline: Config.SensitivePaths[%d] %q: %w", i, p, err))
			continue
		}
		a.sensitive = append(a.sensitive, cp)
	}
	if err := ValidateCommands(cfg.Commands); err != nil {
		errs = append(errs, fmt.Errorf("hardline: Config.Commands: %w", err))
	}
	errs = append(errs, a.addCredentials(cfg.Credentials)...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	a.addAliases()
	a.indexLists()
	builtinCatalog() // compiled once, here rather than in the first Command
	a.compileExtra(cfg.Commands)
	a.parsers.New = func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }
	return a, nil
}

func (a *Analyzer) compile(p string) (pattern, error) {
	src := p
	if strings.TrimSpace(p) == "" {
		return pattern{}, errors.New("empty pattern")
	}
	p = a.slash(p)
	switch {
	case p == "~":
		p = a.home
	case strings.HasPrefix(p, "~/"):
		p = strings.TrimSuffix(a.home, "/") + p[1:]
	case !a.isAbs(p) && !strings.HasPrefix(p, "**") && !strings.HasPrefix(p, "?:"):
		return pattern{}, errors.New("pattern must be absolute or start with ~/ or **")
	}
	p = a.key(p)
	if !doublestar.ValidatePattern(p) {
		return pattern{}, errors.New("invalid doublestar pattern")
	}
	cp := pattern{source: src, glob: p, dir: strings.TrimSuffix(p, "/**")}
	if i := strings.IndexAny(p, `*?[{\`); i >= 0 {
		cp.prefix = p[:i]
	} else {
		cp.prefix = p
	}
	return cp, nil
}

// SensitivePath reports whether a canonical absolute path (a tool's path
// argument, already resolved by the caller) is a sensitive host path, and the
// rule that matched ("sensitive-path"). The folder named by a "dir/**"
// pattern matches as well as everything in it. On Windows and macOS the
// comparison is case-insensitive. SensitiveTarget judges a path as given and
// its canonical form at once.
func (a *Analyzer) SensitivePath(canonical string) (rule string, ok bool) {
	p := a.slash(canonical)
	if !a.isAbs(p) {
		return "", false
	}
	if _, ok := a.matchSensitive(a.clean(p)); ok {
		return ruleSensitivePath, true
	}
	return "", false
}

// matchSensitive matches an absolute, clean, slash-form path and returns the
// pattern's source text.
func (a *Analyzer) matchSensitive(p string) (string, bool) {
	if p == "" {
		return "", false
	}
	p = a.key(p)
	if i, ok := a.sensIndex.first(a.sensitive, p); ok {
		return a.sensitive[i].source, true
	}
	if rest, ok := a.otherHomeRest(p); ok {
		return a.matchHomeRel(rest)
	}
	return "", false
}

// matchHomeRel matches the part of a path below some user's home folder
// ("/.ssh/id_rsa") against the built-in home patterns.
func (a *Analyzer) matchHomeRel(rest string) (string, bool) {
	if i, ok := a.homeRelIndex.first(a.homeRel, rest); ok {
		return a.homeRel[i].source, true
	}
	return "", false
}

// usersFolder is the folder that usually holds users' homes.
func (a *Analyzer) usersFolder() string {
	switch a.goos {
	case "windows":
		return "C:/Users"
	case "darwin":
		return "/Users"
	}
	return "/home"
}

// otherHomeRest returns the part of p below a user's home folder (the
// folders of otherHomes), starting with "/", or false when p is not below
// one. p is clean and slash-form, lower case on Windows.
func otherHomeRest(goos, p string) (string, bool) {
	switch goos {
	case "windows":
		if len(p) > 2 && p[1] == ':' {
			return belowHome(p[2:], "/users/")
		}
		return "", false
	case "darwin":
		if r, ok := belowHome(p, "/Users/"); ok {
			return r, true
		}
		return belowFolder(p, "/var/root")
	}
	if r, ok := belowHome(p, "/home/"); ok {
		return r, true
	}
	return belowFolder(p, "/root")
}

// belowHome returns what follows parent/<name> in p.
func belowHome(p, parent string) (string, bool) {
	rest, ok := strings.CutPrefix(p, parent)
	if !ok {
		return "", false
	}
	i := strings.IndexByte(rest, '/')
	if i <= 0 {
		return "", false
	}
	return rest[i:], true
}

// belowFolder returns what follows dir in p.
func belowFolder(p, dir string) (string, bool) {
	rest, ok := strings.CutPrefix(p, dir)
	if !ok || rest == "" || rest[0] != '/' {
		return "", false
	}
	return rest, true
}

// slash converts Windows separators and drive spellings when the target is
// Windows.
func (a *Analyzer) slash(p string) string {
	if a.windows {
		p = strings.ReplaceAll(p, `\`, "/")
		if strings.HasPrefix(p, "//") {
			p = a.winLocal(p)
		}
		// Git Bash and MSYS spell C:\ as /c/, Cygwin as /cygdrive/c/, and
		// WSL's bash, which Windows runs as bash.exe, as /mnt/c/.
		for _, pre := range [...]string{"/cygdrive", "/mnt"} {
			if rest, ok := strings.CutPrefix(p, pre); ok && len(rest) >= 2 && rest[0] == '/' && isLetter(rest[1]) && (len(rest) == 2 || rest[2] == '/') {
				p = rest
				break
			}
		}
		if len(p) >= 2 && p[0] == '/' && isLetter(p[1]) && (len(p) == 2 || p[2] == '/') {
			p = string(p[1]) + ":/" + strings.TrimPrefix(p[2:], "/")
		}
		if len(p) == 2 && isLetter(p[0]) && p[1] == ':' {
			p += "/"
		}
		p = winTrimNames(p)
	}
	return p
}

// winTrimNames returns p without the dots and spaces that end its names:
// Win32 takes them off (C:/Windows./System32 is C:/Windows/System32,
// .ssh. is .ssh), and a name made of dots alone (".", "..", "...") is
// kept. A file whose name ends so can be made only past Win32 (//?/),
// where reading it as the trimmed name is the stricter reading.
func winTrimNames(p string) string {
	if !strings.Contains(p, "./") && !strings.Contains(p, " /") && !strings.HasSuffix(p, ".") && !strings.HasSuffix(p, " ") {
		return p
	}
	names := strings.Split(p, "/")
	for i, n := range names {
		if t := strings.TrimRight(n, ". "); t != "" {
			names[i] = t
		}
	}
	return strings.Join(names, "/")
}

// winLocal returns the drive path a Windows path in slash form that
// starts with // names on this machine: the Win32 file namespace's
// prefixes name the path after them (//?/C:/x, //./C:/x, //?/UNC/host/
// share/x), and an administrative share of this machine (//localhost/
// C$/x, //127.0.0.1/c$/x, //[::1]/C$/x, //THIS-HOST/C$/x) its drive. Any
// other path is returned as it is.
func (a *Analyzer) winLocal(p string) string {
	for {
		if len(p) < 4 || p[0] != '/' || p[1] != '/' || p[2] != '?' && p[2] != '.' || p[3] != '/' {
			break
		}
		switch rest := p[4:]; {
		case len(rest) > 2 && isLetter(rest[0]) && rest[1] == ':':
			// (//./C: alone is the volume's device, kept as it is below)
			return rest
		case len(rest) >= 4 && strings.EqualFold(rest[:4], "UNC/"):
			p = "//" + rest[4:]
		default:
			return p // a device or a volume by its name: not a drive path
		}
	}
	server, after, _ := strings.Cut(p[2:], "/")
	share, tail, _ := strings.Cut(after, "/")
	if len(share) == 2 && isLetter(share[0]) && share[1] == '$' && a.ThisMachine(server) {
		return strings.ToUpper(share[:1]) + ":/" + tail
	}
	return p
}

func (a *Analyzer) isAbs(p string) bool {
	if strings.HasPrefix(p, "/") {
		return true
	}
	return a.windows && len(p) >= 3 && isLetter(p[0]) && p[1] == ':' && p[2] == '/'
}

// clean is path.Clean that keeps a Windows drive root ("C:/"), and the
// prefix of a Windows device (//./PhysicalDrive0, //?/Volume{...}), which
// path.Clean would make a path from the root. (A share, //server/share/x,
// is cleaned as a path from the root, the stricter reading where a bash
// on Windows reads // as its root.)
func (a *Analyzer) clean(p string) string {
	if a.windows && len(p) >= 2 && isLetter(p[0]) && p[1] == ':' {
		rest := path.Clean("/" + strings.TrimPrefix(p[2:], "/"))
		return strings.ToUpper(p[:1]) + ":" + rest
	}
	if a.windows && len(p) >= 4 && p[0] == '/' && p[1] == '/' && (p[2] == '.' || p[2] == '?') && p[3] == '/' {
		return p[:3] + path.Clean("/"+p[4:])
	}
	if cleanAbs(p) {
		return p
	}
	return path.Clean(p)
}

// cleanAbs reports whether p is an absolute path that path.Clean leaves
// as it is: no empty, "." or ".." element and no trailing slash.
func cleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	if len(p) < 2 || p[0] != '/' {
		return false
	}
	start := 1 // the first byte of the element being read
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// asciiLower lower-cases ASCII letters only (the Windows rule).
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// hasSuffixLower reports whether asciiLower(s) ends in suffix, which is in
// lower case, without making the lower-cased copy.
func hasSuffixLower(s, suffix string) bool {
	return len(s) >= len(suffix) && containsLower(s[len(s)-len(suffix):], suffix)
}

// containsLower reports whether asciiLower(s) contains sub, which is in
// lower case, without building the lower-case copy.
func containsLower(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != sub[j] {
				break
			}
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

// Root is a workspace root, canonical and absolute.
type Root struct {
	Path     string
	Writable bool
}

// Env is what the analyser knows about where a command runs.
type Env struct {
	// WorkDir is the canonical primary root, the shell's working folder.
	// Relative words resolve against it. Empty means unknown: relative
	// targets of recursive deletion are then dynamic.
	WorkDir string
	// Roots are the session's roots; WorkDir is normally one of them.
	Roots []Root
	// Canonical, when set, resolves an absolute path through symlinks
	// (missing leaves through their nearest existing ancestor). Paths are
	// judged both lexically and canonically, and the stricter result wins.
	Canonical func(abs string) (string, error)
	// GlobLinks, when set with Canonical, expands an absolute pattern
	// (slash form, bash's *, ? and [...] in any component) as bash would,
	// matching names that start with a dot when dotglob is set, and
	// returns the matches that a pattern component matched as a symbolic
	// link, or that lie below one: rm -rf */ in a folder holding a link to
	// a home deletes the home's contents. The analyser judges each such
	// match as an argument after the pattern; other matches are the
	// pattern's own reading. An error (too many entries or matches, a
	// pattern it cannot read) makes the command ask. roots.GlobLinks is an
	// implementation.
	GlobLinks func(pattern string, dotglob bool) ([]string, error)
	// TreeLinks, when set with Canonical, returns the symbolic links below
	// an absolute folder (slash form), not followed: a program that follows
	// the links in a tree it reads (grep -R, rg -L, tar -h, zip -r, cp -rL,
	// rsync -L, scp -r) reads what they lead to as well, and the analyser
	// judges each link as a folder or file it reads whole. An error (the
	// tree is larger than the bounds) makes the command ask.
	// roots.TreeLinks is an implementation.
	TreeLinks func(dir string) ([]string, error)
	// Missing, when set with Canonical, reports whether an absolute path
	// Canonical returned is known not to exist from the lookups Canonical
	// has made for this call; false claims nothing. A file the command
	// runs or reads commands from that is known missing is then not
	// asked of Config.ReadScript: there is nothing to judge, as when the
	// read finds no file, and the system call is saved.
	// roots.Memo.Missing is an implementation.
	Missing func(abs string) bool
}
