package policyfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// LayerKind is one of the layers a policy is merged from, in their fixed
// order: each later layer may only tighten what the earlier ones say.
type LayerKind int

// The layers, in the order they are merged.
const (
	// LayerDefaults is built in: the hardline rules, which no layer can
	// remove, and mode ask when no layer gives a mode.
	LayerDefaults LayerKind = iota
	// LayerManaged is the administrator's file (see LoadLayers for the
	// owner and permission check it must pass).
	LayerManaged
	// LayerUser is the user's own policy file.
	LayerUser
	// LayerRepo is the repository's file, the least trusted.
	LayerRepo
)

// String returns "defaults", "managed", "user" or "repo".
func (k LayerKind) String() string {
	switch k {
	case LayerDefaults:
		return "defaults"
	case LayerManaged:
		return "managed"
	case LayerUser:
		return "user"
	case LayerRepo:
		return "repo"
	}
	return fmt.Sprintf("LayerKind(%d)", int(k))
}

// Layers names the files of the layers; an empty name leaves the layer
// out.
type Layers struct {
	// Managed is the administrator's file.
	Managed string
	// User is the user's policy file.
	User string
	// Repo is the repository's file.
	Repo string
}

// ErrRefused is matched by every layer LoadLayers refuses: a managed file
// someone other than an administrator could have written, or a later layer
// that loosens what an earlier one says. A refused layer is never partly
// used.
var ErrRefused = errors.New("policyfile: layer refused")

// ErrLoosens: a later layer tries to loosen what an earlier one says.
var ErrLoosens = errors.New("policyfile: a later layer may only tighten")

// ErrManagedUntrusted: the managed layer's file, or a folder above it,
// could have been written by someone other than an administrator.
var ErrManagedUntrusted = errors.New("policyfile: managed layer not written by an administrator only")

// LayerProblem is one place where a later layer tries to loosen an
// earlier one.
type LayerProblem struct {
	// Layer is the layer at fault.
	Layer LayerKind
	// File is its file's name, as given.
	File string
	// Line and Column (both from 1) place the offending key in the file.
	Line, Column int
	// Path is the JSON path of the offending value in the layer's file.
	Path string
	// Msg says what the layer tried, for a person.
	Msg string
}

// Error returns "file:line:column: path: msg".
func (p *LayerProblem) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", p.File, p.Line, p.Column, p.Path, p.Msg)
}

// Unwrap returns ErrLoosens.
func (p *LayerProblem) Unwrap() error { return ErrLoosens }

// Is makes every LayerProblem match ErrRefused.
func (p *LayerProblem) Is(target error) bool { return target == ErrRefused }

// LayerError lists every loosening LoadLayers found, in layer order.
type LayerError struct {
	Problems []*LayerProblem
}

// Error lists the problems, one a line.
func (e *LayerError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d layer problem", len(e.Problems))
	if len(e.Problems) != 1 {
		b.WriteString("s")
	}
	b.WriteString(": a later layer may only tighten:")
	for _, p := range e.Problems {
		b.WriteString("\n  ")
		b.WriteString(p.Error())
	}
	return b.String()
}

// Unwrap returns the problems.
func (e *LayerError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// Origin says which layer a part of the merged policy came from.
type Origin struct {
	// Path is the part's JSON path in the merged policy.
	Path string
	// What describes the part in a few words.
	What string
	// Layer and File name where it came from; File is empty for
	// LayerDefaults.
	Layer LayerKind
	File  string
}

// Layered is a policy merged from its layers.
type Layered struct {
	// Policy is the merged policy; its File holds root paths made
	// absolute against the folder of the layer that gave them.
	*Policy
	// Origins lists, for every setting, root, tool, rule, sensitive path,
	// agent, secret and approval of the merged policy, the layer it came
	// from, in the order of the file's keys.
	Origins []Origin
}

// LoadLayers reads the layers' files, merges them in order (built-in
// defaults, managed, user, repo) and loads the result like Load. A later
// layer may only tighten:
//
//   - mode and interaction (top level and per surface) may only become
//     stricter (allow < ask < deny; attended < unattended);
//   - roots, once a layer gives some, may only be narrowed: every root of
//     a later layer must lie inside a root of the layers before (symbolic
//     links resolved where the folders exist), with equal or weaker access
//     than the innermost of them around it, and replaces them; no earlier
//     root may end up inside a later root wider than itself (a read-only
//     root nested in a read-write one stays read-only); the repository
//     layer may not be the first to give roots;
//   - rules, sensitive paths are added; a rule may not reuse an earlier
//     rule's ID (that would redefine or remove it) and "allow" is never a
//     rule decision;
//   - tools, agents, secrets, session and standing approvals may be added
//     by the managed and user layers, never redefined; the repository layer
//     may add none of them, since each is a grant (a tool the mode allows,
//     a trusted MCP server, an approval).
//
// Every layer's file says "version": 1 and is checked for unknown keys and
// wrong types like a policy file, but may leave out what it does not
// change. Every loosening is refused with its file, line, column and JSON path in
// a *LayerError matching ErrRefused and ErrLoosens; nothing is dropped
// silently. A managed file is used only if only an administrator could
// have written it and every folder above it (see checkManaged); otherwise
// the error matches ErrRefused and ErrManagedUntrusted. A layer's own
// problems (bad JSON, unknown keys, wrong types) come back as an *Error
// for that file, and the merged policy's as an *Error too.
func LoadLayers(ls Layers, opts Options) (*Layered, error) {
	m := newMerger(opts)
	for _, in := range []struct {
		kind LayerKind
		path string
	}{{LayerManaged, ls.Managed}, {LayerUser, ls.User}, {LayerRepo, ls.Repo}} {
		if in.path == "" {
			continue
		}
		l, err := readLayer(in.kind, in.path)
		if err != nil {
			return nil, err
		}
		m.merge(l)
	}
	if len(m.refused) > 0 || len(m.invalid) > 0 {
		errs := m.invalid
		if len(m.refused) > 0 {
			errs = append(errs, &LayerError{Problems: m.refused})
		}
		return nil, errors.Join(errs...)
	}
	if m.file.Mode == "" {
		m.file.Mode = policy.ModeAsk
		m.origin["mode"] = Origin{Layer: LayerDefaults}
	}
	data, err := json.Marshal(m.file)
	if err != nil {
		return nil, fmt.Errorf("%w: merging the layers: %w", ErrRead, err)
	}
	dir := ""
	if ls.User != "" {
		if dir, err = filepath.Abs(filepath.Dir(ls.User)); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrRead, err)
		}
	}
	p, err := Parse(data, dir, opts)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.File = "the merged layers (" + strings.Join(m.files, ", ") + ")"
			if len(m.files) == 1 {
				e.File = m.files[0]
			}
			m.placeProblems(e)
		}
		return nil, err
	}
	p.Path = ls.User
	return &Layered{Policy: p, Origins: m.origins()}, nil
}

// layer is one layer's file, read and decoded.
type layer struct {
	kind    LayerKind
	path    string
	dir     string
	data    []byte
	file    File
	offsets map[string]int // JSON path -> byte offset of its key or element
}

// readLayer reads and decodes one layer's file, checking a managed file's
// owner and permissions first. Its problems come back as an *Error for the
// file.
func readLayer(kind LayerKind, path string) (*layer, error) {
	var data []byte
	var err error
	if kind == LayerManaged {
		data, err = readManaged(path)
	} else {
		data, err = readLimited(path)
	}
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRead, err)
	}
	l := &layer{kind: kind, path: path, dir: filepath.Dir(abs), data: data}
	fail := func(ps []*Problem) error { return &Error{File: path, Problems: ps} }
	if p := checkText(data); p != nil {
		return nil, fail([]*Problem{p})
	}
	var pl problemList
	if checkShape(data, reflect.TypeFor[File](), &pl) || len(pl.problems) > 0 {
		return nil, fail(pl.problems)
	}
	if err := json.Unmarshal(data, &l.file); err != nil {
		return nil, fail([]*Problem{{Msg: err.Error(), Err: fmt.Errorf("%w: %w", ErrSyntax, err)}})
	}
	if l.file.Version != Version {
		return nil, fail([]*Problem{{Path: "version", Msg: fmt.Sprintf("%d is not a version this toolgate reads (want %d)", l.file.Version, Version), Err: ErrValue}})
	}
	l.offsets = keyOffsets(data)
	return l, nil
}

// readLimited reads at most MaxSize bytes of a file.
func readLimited(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRead, err)
	}
	defer f.Close()
	return readOpen(f, path)
}

func readOpen(f *os.File, path string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrRead, path, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%w: %s is larger than %d bytes", ErrRead, path, MaxSize)
	}
	return data, nil
}

// keyOffsets maps the JSON path of every object member and array element
// of data (already checked by checkDepth and checkShape) to the byte
// offset where its key or element starts.
func keyOffsets(data []byte) map[string]int {
	dec := json.NewDecoder(bytes.NewReader(data))
	out := map[string]int{}
	start := func() int {
		off := int(dec.InputOffset())
		for off < len(data) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
			off++
		}
		return off
	}
	var walk func(path string) bool
	walk = func(path string) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				off := start()
				kt, err := dec.Token()
				if err != nil {
					return false
				}
				k, _ := kt.(string)
				p := key(path, k)
				out[p] = off
				if !walk(p) {
					return false
				}
			}
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				p := index(path, i)
				out[p] = start()
				if !walk(p) {
					return false
				}
			}
		default:
			return true
		}
		_, err = dec.Token()
		return err == nil
	}
	walk("")
	return out
}

// position returns the line and column of path in the layer's file, or
// of the nearest enclosing value that has one.
func (l *layer) position(path string) (line, col int) {
	for p := path; p != ""; {
		if off, ok := l.offsets[p]; ok {
			return position(l.data, off)
		}
		i := max(strings.LastIndexByte(p, '.'), strings.LastIndexByte(p, '['))
		if i <= 0 {
			break
		}
		p = p[:i]
	}
	return 1, 1
}

// merger folds the layers into one File, in order.
type merger struct {
	opts    Options
	file    *File
	origin  map[string]Origin // merged JSON path -> where it came from
	refused []*LayerProblem
	invalid []error    // an *Error for each layer with invalid values
	badHere []*Problem // the invalid values of the layer being merged
	files   []string
	home    string
}

func newMerger(opts Options) *merger {
	home := opts.Home
	if home == "" {
		home, _ = os.UserHomeDir() // "~" stays as written when unknown; Parse reports it
	}
	return &merger{opts: opts, file: &File{Version: Version}, origin: map[string]Origin{}, home: home}
}

func (m *merger) refuse(l *layer, path, format string, args ...any) {
	line, col := l.position(path)
	m.refused = append(m.refused, &LayerProblem{Layer: l.kind, File: l.path, Line: line, Column: col, Path: path,
		Msg: fmt.Sprintf(format, args...)})
}

// bad notes a value of a layer that is not valid at all (not a
// loosening): the layer is invalid, as a policy file would be.
func (m *merger) bad(l *layer, path, format string, args ...any) {
	line, col := l.position(path)
	m.badHere = append(m.badHere, &Problem{Path: path, Msg: fmt.Sprintf("line %d, column %d: ", line, col) + fmt.Sprintf(format, args...), Err: ErrValue})
}

func (m *merger) from(l *layer, path string) { m.origin[path] = Origin{Layer: l.kind, File: l.path} }

// by names the layer a merged path came from, for a message.
func (m *merger) by(path string) string {
	o := m.origin[path]
	if o.File == "" {
		return "the " + o.Layer.String() + " layer"
	}
	return fmt.Sprintf("the %s layer (%s)", o.Layer, o.File)
}

var (
	modeRank        = map[policy.Mode]int{policy.ModeAllow: 0, policy.ModeAsk: 1, policy.ModeDeny: 2}
	interactionRank = map[policy.Interaction]int{policy.Attended: 0, policy.Unattended: 1}
	accessRank      = map[roots.Access]int{roots.Read: 0, roots.ReadWrite: 1}
)

func (m *merger) merge(l *layer) {
	m.files = append(m.files, l.path)
	defer func() {
		if len(m.badHere) > 0 {
			m.invalid = append(m.invalid, &Error{File: l.path, Problems: m.badHere})
			m.badHere = nil
		}
	}()
	f, lf := m.file, &l.file
	repo := l.kind == LayerRepo
	if lf.Mode != "" {
		was := f.Mode
		if was == "" && repo {
			was = policy.ModeAsk // the default is a ceiling for the repository's layer only
			m.origin["mode"] = Origin{Layer: LayerDefaults}
		}
		switch r, ok := modeRank[lf.Mode]; {
		case !ok:
			m.bad(l, "mode", "%q is not a mode (want allow, ask or deny)", lf.Mode)
		case was != "" && r < modeRank[was]:
			m.refuse(l, "mode", "mode %s is wider than mode %s set by %s", lf.Mode, was, m.by("mode"))
		default:
			f.Mode = lf.Mode
			m.from(l, "mode")
		}
	}
	if lf.Interaction != "" {
		switch r, ok := interactionRank[lf.Interaction]; {
		case !ok:
			m.bad(l, "interaction", "%q is not an interaction (want attended or unattended)", lf.Interaction)
		case f.Interaction != "" && r < interactionRank[f.Interaction]:
			m.refuse(l, "interaction", "interaction %s is looser than %s set by %s", lf.Interaction, f.Interaction, m.by("interaction"))
		default:
			f.Interaction = lf.Interaction
			m.from(l, "interaction")
		}
	}
	for _, s := range slices.Sorted(maps.Keys(lf.Surfaces)) {
		at := key("surfaces", string(s)) + ".interaction"
		was, wasAt := f.Interaction, "interaction"
		if c, ok := f.Surfaces[s]; ok {
			was, wasAt = c.Interaction, key("surfaces", string(s))
		}
		r, ok := interactionRank[lf.Surfaces[s].Interaction]
		switch {
		case !ok:
			m.bad(l, at, "%q is not an interaction (want attended or unattended)", lf.Surfaces[s].Interaction)
		case was != "" && r < interactionRank[was]:
			m.refuse(l, at, "interaction %s is looser than %s set by %s", lf.Surfaces[s].Interaction, was, m.by(wasAt))
		default:
			if f.Surfaces == nil {
				f.Surfaces = map[policy.Surface]SurfaceConfig{}
			}
			f.Surfaces[s] = lf.Surfaces[s]
			m.from(l, key("surfaces", string(s)))
		}
	}
	m.mergeRoots(l)
	m.mergeRules(l)
	for _, p := range lf.Hardline.SensitivePaths {
		m.from(l, index("hardline.sensitivePaths", len(f.Hardline.SensitivePaths)))
		f.Hardline.SensitivePaths = append(f.Hardline.SensitivePaths, p)
	}
	// Catalogue entries only add what the analyser finds; but an entry that
	// calls a program data-only would take it out of the argument-command
	// net, so a repository layer may not say that.
	for i, e := range lf.Commands {
		if repo && e.DataOnly {
			m.refuse(l, index("commands", i)+".dataOnly", "the repository layer may not mark a program data-only: that would exempt it from the argument-command check")
			continue
		}
		m.from(l, index("commands", len(f.Commands)))
		f.Commands = append(f.Commands, e)
	}
	addNamed(m, l, "tools", "tools (nor trust an MCP server)", "tool", &f.Tools, lf.Tools, func(t toolmeta.Metadata) toolmeta.Metadata { return t })
	addNamed(m, l, "agents", "agents", "agent", &f.Agents, lf.Agents, func(d delegation.Definition) delegation.Definition {
		return resolveAgentRoots(d, l.dir, m.home)
	})
	for i, s := range lf.Secrets {
		at := index("secrets", i)
		switch {
		case repo:
			m.refuse(l, at, grant, "secrets")
		case slices.ContainsFunc(f.Secrets, func(o Secret) bool { return o.Name == s.Name }):
			m.refuse(l, at, "redefines secret %q of an earlier layer", s.Name)
		default:
			m.from(l, index("secrets", len(f.Secrets)))
			f.Secrets = append(f.Secrets, s)
		}
	}
	addGrants(m, l, "sessionApprovals", "session approvals", &f.SessionApprovals, lf.SessionApprovals)
	addGrants(m, l, "standingApprovals", "standing approvals", &f.StandingApprovals, lf.StandingApprovals)
}

// grant is the refusal of a grant the repository layer tried to give.
const grant = "the repository layer may not add or redefine %s: each is a grant, given only by the managed or user layer"

// addNamed adds a layer's named grants of one kind (tools, agents), made
// ready by prepare: the repository layer may give none, and no layer may
// redefine one an earlier layer gave.
func addNamed[V any](m *merger, l *layer, field, what, kind string, dst *map[string]V, src map[string]V, prepare func(V) V) {
	for _, name := range slices.Sorted(maps.Keys(src)) {
		at := key(field, name)
		switch _, had := (*dst)[name]; {
		case l.kind == LayerRepo:
			m.refuse(l, at, grant, what)
		case had:
			m.refuse(l, at, "redefines %s %q of %s", kind, name, m.by(at))
		default:
			if *dst == nil {
				*dst = map[string]V{}
			}
			(*dst)[name] = prepare(src[name])
			m.from(l, at)
		}
	}
}

// addGrants appends a layer's grants of one kind (approvals), which the
// repository layer may not give: each of its grants is refused.
func addGrants[T any](m *merger, l *layer, field, what string, dst *[]T, src []T) {
	for i, g := range src {
		if l.kind == LayerRepo {
			m.refuse(l, index(field, i), grant, what)
			continue
		}
		m.from(l, index(field, len(*dst)))
		*dst = append(*dst, g)
	}
}

// mergeRoots narrows the roots: the first layer that gives roots sets
// them (unless it is the repository's), and every later one replaces them
// with roots that lie inside them, with no wider access.
func (m *merger) mergeRoots(l *layer) {
	if len(l.file.Roots) == 0 {
		return
	}
	f := m.file
	rs := make([]roots.Root, len(l.file.Roots))
	ok := true
	for i, r := range l.file.Roots {
		at := index("roots", i)
		if r.Path != "" {
			r.Path = absPath(r.Path, l.dir, m.home)
		}
		rs[i] = r
		if len(f.Roots) == 0 {
			if l.kind == LayerRepo {
				m.refuse(l, at, "a new root %q: the repository layer may only narrow roots an earlier layer gave", r.Path)
				ok = false
			}
			continue
		}
		// A path has the access of the most specific root that holds it,
		// so the new root is judged against the innermost earlier root
		// around it, not the widest.
		outer := innermost(f.Roots, r.Path)
		switch {
		case outer < 0:
			m.refuse(l, at+".path", "a new root %q: it lies inside no root of the earlier layers (or does not exist)", r.Path)
			ok = false
		case accessRank[r.Access] > accessRank[f.Roots[outer].Access]:
			m.refuse(l, at+".access", "access %s is wider than %s of root %q set by %s", r.Access, f.Roots[outer].Access,
				f.Roots[outer].ID, m.by(index("roots", outer)))
			ok = false
		}
	}
	if len(f.Roots) > 0 && ok {
		// An earlier root nested in a wider one (a read-only folder inside
		// a read-write one) keeps its access only while a root no wider
		// than it is the innermost around it: replacing the roots must
		// not drop that carve-out.
		for j, e := range f.Roots {
			n := innermost(rs, e.Path)
			if n >= 0 && accessRank[rs[n].Access] > accessRank[e.Access] {
				m.refuse(l, index("roots", n)+".access", "access %s would widen root %q inside it (access %s, set by %s)",
					rs[n].Access, e.ID, e.Access, m.by(index("roots", j)))
				ok = false
			}
		}
	}
	if !ok {
		return
	}
	f.Roots = rs
	for k := range m.origin {
		if strings.HasPrefix(k, "roots[") {
			delete(m.origin, k)
		}
	}
	for i := range rs {
		m.from(l, index("roots", i))
	}
}

// innermost returns the index of the most specific root of rs that holds
// folder p, or -1.
func innermost(rs []roots.Root, p string) int {
	at := -1
	for j, e := range rs {
		if within(p, e.Path) && (at < 0 || within(e.Path, rs[at].Path)) {
			at = j
		}
	}
	return at
}

// within reports whether folder p lies inside (or is) folder outer, both
// absolute, with symbolic links resolved. A p that cannot be resolved
// (roots must exist) lies inside nothing.
func within(p, outer string) bool {
	cp, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	co, err := filepath.EvalSymlinks(outer)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(co, cp)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// mergeRules adds the layer's rules; an allow rule or an ID an earlier
// rule has is refused.
func (m *merger) mergeRules(l *layer) {
	f := m.file
	for i, r := range l.file.Rules {
		at := index("rules", i)
		if r.Decision == "allow" {
			m.refuse(l, at+".decision", "rule %q allows: rules only tighten (want ask or deny)", r.ID)
			continue
		}
		if j := slices.IndexFunc(f.Rules, func(o Rule) bool { return o.ID == r.ID && r.ID != "" }); j >= 0 {
			m.refuse(l, at+".id", "redefines rule %q of %s: a later layer may add rules, not change or remove one", r.ID, m.by(index("rules", j)))
			continue
		}
		m.from(l, index("rules", len(f.Rules)))
		f.Rules = append(f.Rules, r)
	}
}

// origins lists where every part of the merged file came from.
func (m *merger) origins() []Origin {
	f := m.file
	var out []Origin
	add := func(path, what string) {
		o := m.origin[path]
		o.Path, o.What = path, what
		out = append(out, o)
	}
	add("mode", string(f.Mode))
	if f.Interaction != "" {
		add("interaction", string(f.Interaction))
	}
	for _, s := range slices.Sorted(maps.Keys(f.Surfaces)) {
		add(key("surfaces", string(s)), "interaction "+string(f.Surfaces[s].Interaction))
	}
	for i, r := range f.Roots {
		add(index("roots", i), fmt.Sprintf("%s %s %s", r.ID, r.Path, r.Access))
	}
	for _, name := range slices.Sorted(maps.Keys(f.Tools)) {
		add(key("tools", name), "risk "+string(f.Tools[name].Risk))
	}
	for i, r := range f.Rules {
		add(index("rules", i), fmt.Sprintf("%s: %s tool=%q", r.ID, r.Decision, r.Tool))
	}
	out = append(out, Origin{Path: "hardline", What: "the built-in hardline rules", Layer: LayerDefaults})
	for i, p := range f.Hardline.SensitivePaths {
		add(index("hardline.sensitivePaths", i), p)
	}
	for i, e := range f.Commands {
		add(index("commands", i), strings.Join(e.Names, ", "))
	}
	for _, id := range slices.Sorted(maps.Keys(f.Agents)) {
		add(key("agents", id), "agent")
	}
	for i, s := range f.Secrets {
		add(index("secrets", i), s.Name)
	}
	for i, s := range f.SessionApprovals {
		add(index("sessionApprovals", i), s.Tool+" "+s.Target)
	}
	for i, s := range f.StandingApprovals {
		add(index("standingApprovals", i), s.ID)
	}
	return out
}

// placeProblems adds to each problem of the merged policy the layer its
// place came from, since its path is the merged policy's, not the file's.
func (m *merger) placeProblems(e *Error) {
	if len(m.files) == 1 {
		return
	}
	for _, p := range e.Problems {
		best := ""
		for k := range m.origin {
			if len(k) > len(best) && (p.Path == k || strings.HasPrefix(p.Path, k+".") || strings.HasPrefix(p.Path, k+"[")) {
				best = k
			}
		}
		if best != "" {
			o := m.origin[best]
			p.Msg += fmt.Sprintf(" (from the %s layer, %s)", o.Layer, o.File)
		}
	}
}
