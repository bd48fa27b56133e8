package delegation_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/toolgate/toolgate/delegation"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// registry returns a fixed registry with tools of all four risks. The name
// "mystery" is deliberately left out: it is an unknown tool.
func registry(tb testing.TB) *toolmeta.Registry {
	tb.Helper()
	reg, err := toolmeta.NewRegistry(map[string]toolmeta.Metadata{
		"slack_post": {Risk: toolmeta.RiskExternal, TargetArgument: "channel", ApprovalDefault: toolmeta.DefaultAsk, Source: toolmeta.SourceMCP, Server: "slack"},
	})
	if err != nil {
		tb.Fatal(err)
	}
	if err := reg.RegisterBuiltin("read_file", "grep", "git_log", "write_file", "edit_file", "shell", "web_fetch"); err != nil {
		tb.Fatal(err)
	}
	return reg
}

// toolNames are the names the generators and tables draw from.
var toolNames = []string{"read_file", "grep", "git_log", "write_file", "edit_file", "shell", "web_fetch", "slack_post", "mystery"}

// tree is a real folder tree for roots:
//
//	base/ws/src/pkg  base/ws/docs  base/data/raw  base/other  base/link -> ws/src
type tree struct {
	base string // canonical
}

var treeFolders = []string{"", "ws", "ws/src", "ws/src/pkg", "ws/docs", "data", "data/raw", "other"}

func newTree(tb testing.TB, dir string) tree {
	tb.Helper()
	base, err := filepath.EvalSymlinks(dir)
	if err != nil {
		tb.Fatal(err)
	}
	for _, f := range treeFolders[1:] {
		if err := os.MkdirAll(filepath.Join(base, filepath.FromSlash(f)), 0o755); err != nil {
			tb.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join("ws", "src"), filepath.Join(base, "link")); err != nil {
		tb.Fatal(err)
	}
	return tree{base: base}
}

// p returns the canonical path of a folder of the tree ("" is the base).
func (tr tree) p(rel string) string {
	if rel == "" {
		return tr.base
	}
	return filepath.Join(tr.base, filepath.FromSlash(rel))
}

// set builds a canonical roots.Set, failing the test on error.
func set(tb testing.TB, rs []roots.Root) *roots.Set {
	tb.Helper()
	s, err := roots.NewSet(rs)
	if err != nil {
		tb.Fatalf("roots.NewSet(%v): %v", rs, err)
	}
	return s
}

func root(id, path string, access roots.Access, primary bool) roots.Root {
	return roots.Root{ID: id, Path: path, Access: access, Primary: primary, Source: roots.Workspace}
}

// modeRank orders modes by strictness; an invalid mode counts as deny.
func modeRank(m policy.Mode) int {
	switch m {
	case policy.ModeAllow:
		return 0
	case policy.ModeAsk:
		return 1
	}
	return 2
}

// interactionRank orders interactions; "" (no constraint of its own)
// behaves as attended, anything invalid as unattended.
func interactionRank(i policy.Interaction) int {
	if i == "" || i == policy.Attended {
		return 0
	}
	return 1
}

// withPrimary makes a parent's roots buildable as a Set, the way
// Intersect reads them.
func withPrimary(rs []roots.Root) []roots.Root {
	out := slices.Clone(rs)
	found := false
	for i := range out {
		if out[i].Primary && !found {
			found = true
			continue
		}
		out[i].Primary = false
	}
	if !found && len(out) > 0 {
		out[0].Primary = true
	}
	return out
}

// wider lists every way child is wider than parent, or nothing. points are
// extra canonical folders at which to compare root access.
func wider(child, parent policy.Authority, points []string) []string {
	var bad []string
	add := func(format string, args ...any) { bad = append(bad, fmt.Sprintf(format, args...)) }
	if !child.Mode.Valid() {
		add("mode %q is not valid", child.Mode)
	}
	if modeRank(child.Mode) < modeRank(parent.Mode) {
		add("mode %s is wider than the parent's %s", child.Mode, parent.Mode)
	}
	if child.AllTools && !parent.AllTools {
		add("holds every tool though the parent does not")
	}
	if !parent.AllTools {
		for _, t := range child.Tools {
			if !slices.Contains(parent.Tools, t) {
				add("tool %q is not the parent's", t)
			}
		}
	}
	for _, r := range parent.Rules {
		if !slices.Contains(child.Rules, r) {
			add("the parent's rule %+v is missing", r)
		}
	}
	if interactionRank(child.Interaction) < interactionRank(parent.Interaction) {
		add("interaction %q is wider than the parent's %q", child.Interaction, parent.Interaction)
	}
	for _, a := range child.StandingApprovals {
		if !slices.Contains(parent.StandingApprovals, a) {
			add("standing approval %q is not the parent's", a)
		}
	}
	for _, s := range child.Secrets {
		if !slices.Contains(parent.Secrets, s) {
			add("secret %q is not the parent's", s)
		}
	}
	if child.MayDelegate && !parent.MayDelegate {
		add("may delegate though the parent may not")
	}
	if len(child.Roots) == 0 {
		return bad
	}
	cset, err := roots.NewSet(child.Roots)
	if err != nil {
		add("roots are not a valid set: %v", err)
		return bad
	}
	var pset *roots.Set
	if len(parent.Roots) > 0 {
		if pset, err = roots.NewSet(withPrimary(parent.Roots)); err != nil {
			add("the parent's roots are not a valid set: %v", err)
			return bad
		}
	}
	var all []string
	for _, r := range slices.Concat(child.Roots, parent.Roots) {
		all = append(all, r.Path)
	}
	all = append(all, points...)
	for _, x := range all {
		for _, at := range []string{x, filepath.Join(x, "deeper")} {
			c, ok := cset.Contains(at)
			if !ok {
				continue
			}
			p, ok := pset.Contains(at)
			switch {
			case !ok:
				add("%s is inside the child's root %q and outside every root of the parent", at, c.ID)
			case c.Access.CanWrite() && !p.Access.CanWrite():
				add("%s is writable under the child's root %q but read-only under the parent's %q", at, c.ID, p.ID)
			}
		}
	}
	return bad
}

// explorerBreaks lists every way a lies outside the Explorer profile.
func explorerBreaks(a policy.Authority, tools policy.ToolSource) []string {
	var bad []string
	for _, t := range a.Tools {
		m, ok := tools.Lookup(t)
		if !ok || m.Risk != toolmeta.RiskRead {
			bad = append(bad, fmt.Sprintf("holds tool %q (known %v, risk %q)", t, ok, m.Risk))
		}
	}
	if a.AllTools {
		bad = append(bad, "holds every tool")
	}
	for _, r := range a.Roots {
		if r.Access != roots.Read {
			bad = append(bad, fmt.Sprintf("root %q is %s", r.ID, r.Access))
		}
	}
	if modeRank(a.Mode) < modeRank(policy.ModeAsk) {
		bad = append(bad, fmt.Sprintf("mode %s", a.Mode))
	}
	if len(a.StandingApprovals) > 0 || len(a.Secrets) > 0 || a.MayDelegate {
		bad = append(bad, fmt.Sprintf("approvals %v secrets %v mayDelegate %v", a.StandingApprovals, a.Secrets, a.MayDelegate))
	}
	return bad
}

// definitionOf expresses an authority as the definition that asks for
// exactly it.
func definitionOf(a policy.Authority) delegation.Definition {
	may := a.MayDelegate
	tools := append([]string{}, a.Tools...)
	if a.AllTools {
		tools = nil // inherit every tool
	}
	d := delegation.Definition{
		Mode:              a.Mode,
		Tools:             tools,
		Rules:             slices.Clone(a.Rules),
		Roots:             []delegation.RootRequest{},
		Interaction:       a.Interaction,
		StandingApprovals: slices.Clone(a.StandingApprovals),
		Secrets:           slices.Clone(a.Secrets),
		MayDelegate:       &may,
	}
	for _, r := range a.Roots {
		d.Roots = append(d.Roots, delegation.RootRequest{Path: r.Path, Access: r.Access})
	}
	return d
}

func ptr[T any](v T) *T { return &v }
