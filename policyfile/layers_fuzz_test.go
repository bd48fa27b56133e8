package policyfile_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

// FuzzRepositoryLayer merges any repository layer over a fixed user
// layer. Whatever it says, a merged policy that loads is never looser than
// the user's: its mode no wider, its interaction no looser, every root
// inside a user root with no wider access, the same tools, agents, secrets
// and approvals, and the user's rules first and unchanged.
func FuzzRepositoryLayer(f *testing.F) {
	for _, s := range []string{
		`{"version": 1}`,
		`{"version": 1, "mode": "deny", "interaction": "unattended"}`,
		`{"version": 1, "mode": "allow"}`,
		`{"version": 1, "roots": [{"id": "o", "path": "ws/out", "access": "read", "primary": true, "source": "workspace"}]}`,
		`{"version": 1, "roots": [{"id": "o", "path": "ws/escape", "access": "read-write", "primary": true, "source": "workspace"}]}`,
		`{"version": 1, "rules": [{"id": "no-shell", "tool": "shell", "decision": "ask"}, {"id": "r", "tool": "*", "decision": "deny"}]}`,
		`{"version": 1, "tools": {"x": {"risk": "read", "approvalDefault": "allow", "source": "builtin"}}}`,
		`{"version": 1, "surfaces": {"chat": {"interaction": "attended"}}, "hardline": {"sensitivePaths": ["**/.env"]}}`,
	} {
		f.Add(s)
	}
	dir := f.TempDir()
	for _, d := range []string{"ws/out/sub", "elsewhere"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			f.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "elsewhere"), filepath.Join(dir, "ws", "escape")); err != nil {
		f.Fatal(err)
	}
	userPath, repoPath := filepath.Join(dir, "user.json"), filepath.Join(dir, "repo.json")
	if err := os.WriteFile(userPath, []byte(userLayer), 0o644); err != nil {
		f.Fatal(err)
	}
	user, err := policyfile.LoadLayers(policyfile.Layers{User: userPath}, policyfile.Options{Home: dir})
	if err != nil {
		f.Fatal(err)
	}
	rank := map[policy.Mode]int{policy.ModeAllow: 0, policy.ModeAsk: 1, policy.ModeDeny: 2}
	f.Fuzz(func(t *testing.T, repo string) {
		if err := os.WriteFile(repoPath, []byte(repo), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := policyfile.LoadLayers(policyfile.Layers{User: userPath, Repo: repoPath}, policyfile.Options{Home: dir})
		if err != nil {
			return
		}
		u, m := user.File, p.File
		if rank[m.Mode] < rank[u.Mode] {
			t.Fatalf("mode %s is wider than the user's %s", m.Mode, u.Mode)
		}
		if u.Interaction == policy.Unattended && m.Interaction != policy.Unattended {
			t.Fatalf("interaction %q is looser than the user's", m.Interaction)
		}
		for s, c := range m.Surfaces {
			if c.Interaction != policy.Unattended {
				t.Fatalf("surface %s is %q under an unattended user layer", s, c.Interaction)
			}
		}
		for _, r := range p.Roots.Snapshot().Roots() {
			inside := false
			for _, o := range user.Roots.Snapshot().Roots() {
				if (r.Path == o.Path || strings.HasPrefix(r.Path, o.Path+string(filepath.Separator))) && (o.Access.CanWrite() || !r.Access.CanWrite()) {
					inside = true
				}
			}
			if !inside {
				t.Fatalf("root %s (%s) lies inside no user root with that access", r.Path, r.Access)
			}
		}
		if !reflect.DeepEqual(u.Tools, m.Tools) || !reflect.DeepEqual(u.Agents, m.Agents) || !reflect.DeepEqual(u.Secrets, m.Secrets) ||
			!reflect.DeepEqual(u.SessionApprovals, m.SessionApprovals) || !reflect.DeepEqual(u.StandingApprovals, m.StandingApprovals) {
			t.Fatal("the repository layer changed a grant")
		}
		if len(m.Rules) < len(u.Rules) || !reflect.DeepEqual(u.Rules, m.Rules[:len(u.Rules)]) {
			t.Fatal("the repository layer changed or removed a user rule")
		}
	})
}
