package policyfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

// userLayer is the user's layer every repository layer below is merged
// over: mode ask, unattended (chat too), one read-only root with a
// read-write folder inside, two tools and one deny rule.
const userLayer = `{
  "version": 1,
  "mode": "ask",
  "interaction": "unattended",
  "surfaces": {"chat": {"interaction": "unattended"}},
  "roots": [
    {"id": "ws", "path": "ws", "access": "read", "primary": true, "source": "workspace"},
    {"id": "out", "path": "ws/out", "access": "read-write", "source": "workspace"}
  ],
  "tools": {
    "read_file": {"risk": "read", "pathArguments": ["path"], "approvalDefault": "allow", "source": "builtin"},
    "shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "ask", "source": "builtin"}
  },
  "rules": [{"id": "no-shell", "tool": "shell", "decision": "deny"}],
  "secrets": [{"name": "gh", "env": "GH_TOKEN"}]
}`

// layerDir makes a folder holding ws, ws/out, ws/out/sub and elsewhere,
// and writes the user's layer as user.json.
func layerDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"ws/out/sub", "elsewhere"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	require.NoError(t, os.Symlink(filepath.Join(dir, "elsewhere"), filepath.Join(dir, "ws", "escape")))
	write(t, filepath.Join(dir, "user.json"), userLayer)
	return dir
}

func write(t *testing.T, path, data string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}

// TestRepositoryLayerLoosening lists every way a repository layer could
// try to loosen the layers before it; each is refused with the file, the
// line and column of the offending key, and its JSON path.
func TestRepositoryLayerLoosening(t *testing.T) {
	cases := []struct {
		name, repo string
		where      string // line:column
		path, msg  string
	}{
		{"a wider mode is refused", `{
  "version": 1,
  "mode": "allow"
}`, "3:3", "mode", "mode allow is wider than mode ask set by the user layer"},
		{"an attended interaction after an unattended one is refused", `{
  "version": 1,
  "interaction": "attended"
}`, "3:3", "interaction", "interaction attended is looser than unattended"},
		{"a looser interaction for a surface is refused", `{
  "version": 1,
  "surfaces": {
    "chat": {"interaction": "attended"}}
}`, "4:14", "surfaces.chat.interaction", "looser than unattended"},
		{"a looser interaction for a surface the user left alone is refused", `{"version": 1,
  "surfaces": {"cli": {"interaction": "attended"}}}`, "2:24", "surfaces.cli.interaction", "looser than unattended"},
		{"a root outside every earlier root is refused", `{"version": 1,
  "roots": [
    {"id": "wide", "path": "elsewhere", "access": "read", "primary": true, "source": "workspace"}]}`,
			"3:20", "roots[0].path", "lies inside no root of the earlier layers"},
		{"a root that is the parent of an earlier root is refused", `{"version": 1,
  "roots": [{"id": "up", "path": ".", "access": "read", "primary": true, "source": "workspace"}]}`,
			"2:26", "roots[0].path", "lies inside no root"},
		{"a root that escapes through a symbolic link is refused", `{"version": 1,
  "roots": [{"id": "esc", "path": "ws/escape", "access": "read", "primary": true, "source": "workspace"}]}`,
			"2:27", "roots[0].path", "lies inside no root"},
		{"a root through a link to a folder not made yet is refused", `{"version": 1,
  "roots": [{"id": "esc", "path": "ws/escape/new", "access": "read", "primary": true, "source": "workspace"}]}`,
			"2:27", "roots[0].path", "lies inside no root"},
		{"a root that climbs out through a link and .. is refused", `{"version": 1,
  "roots": [{"id": "esc", "path": "ws/escape/../../x", "access": "read", "primary": true, "source": "workspace"}]}`,
			"2:27", "roots[0].path", "lies inside no root"},
		{"a wider access inside a read-only root is refused", `{"version": 1,
  "roots": [{"id": "ws", "path": "ws", "access": "read-write", "primary": true, "source": "workspace"}]}`,
			"2:40", "roots[0].access", "access read-write is wider than read of root \"ws\""},
		{"a new tool is refused", `{"version": 1,
  "tools": {
    "write_file": {"risk": "write-local", "pathArguments": ["path"], "source": "builtin"}}}`,
			"3:5", "tools.write_file", "may not add or redefine tools"},
		{"a trusted MCP server's tool is refused", `{"version": 1,
  "tools": {"github/delete_repo": {"risk": "external", "targetArgument": "repo", "source": "mcp", "server": "github"}}}`,
			"2:13", `tools["github/delete_repo"]`, "nor trust an MCP server"},
		{"a redefined tool with a lower risk is refused", `{"version": 1,
  "tools": {"shell": {"risk": "read", "source": "builtin"}}}`,
			"2:13", "tools.shell", "may not add or redefine tools"},
		{"an allow rule is refused", `{"version": 1,
  "rules": [{"id": "let-shell", "tool": "shell", "decision": "allow"}]}`,
			"2:50", "rules[0].decision", "rules only tighten"},
		{"a rule that redefines an earlier rule to ask is refused", `{"version": 1,
  "rules": [
    {"id": "no-shell", "tool": "shell", "decision": "ask"}]}`,
			"3:6", "rules[0].id", `redefines rule "no-shell" of the user layer`},
		{"a rule that redefines an earlier rule to select nothing is refused", `{"version": 1,
  "rules": [{"id": "no-shell", "tool": "nothing", "decision": "deny"}]}`,
			"2:14", "rules[0].id", "not change or remove one"},
		{"an agent is refused", `{"version": 1,
  "agents": {"helper": {"tools": ["shell"]}}}`,
			"2:14", "agents.helper", "may not add or redefine agents"},
		{"a secret is refused", `{"version": 1,
  "secrets": [{"name": "gh", "env": "MY_TOKEN"}]}`,
			"2:15", "secrets[0]", "may not add or redefine secrets"},
		{"a session approval is refused", `{"version": 1,
  "sessionApprovals": [{"session": "s1", "tool": "shell", "target": "rm -rf ~"}]}`,
			"2:24", "sessionApprovals[0]", "may not add or redefine session approvals"},
		{"a standing approval is refused", `{"version": 1,
  "standingApprovals": [{"id": "a1", "task": "t", "tool": "shell", "target": "x"}]}`,
			"2:25", "standingApprovals[0]", "may not add or redefine standing approvals"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := layerDir(t)
			repo := filepath.Join(dir, "repo.json")
			write(t, repo, c.repo)
			p, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
			require.Error(t, err)
			assert.Nil(t, p)
			assert.ErrorIs(t, err, policyfile.ErrRefused)
			assert.ErrorIs(t, err, policyfile.ErrLoosens)
			var le *policyfile.LayerError
			require.ErrorAs(t, err, &le)
			require.Len(t, le.Problems, 1, "%v", err)
			got := le.Problems[0]
			assert.Equal(t, policyfile.LayerRepo, got.Layer)
			assert.Equal(t, repo, got.File)
			assert.Equal(t, c.where, fmt.Sprintf("%d:%d", got.Line, got.Column))
			assert.Equal(t, c.path, got.Path)
			assert.Contains(t, got.Msg, c.msg)
			assert.Contains(t, err.Error(), fmt.Sprintf("%s:%s: %s: ", repo, c.where, c.path))
		})
	}
}

// TestRepositoryLayerIsFirstToGiveRoots: without earlier roots, any root
// of the repository's layer is new.
func TestRepositoryLayerIsFirstToGiveRoots(t *testing.T) {
	dir := layerDir(t)
	write(t, filepath.Join(dir, "user.json"), `{"version": 1, "mode": "ask", "tools": {}}`)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1, "roots": [{"id": "ws", "path": "ws", "access": "read", "primary": true, "source": "workspace"}]}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
	var le *policyfile.LayerError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "roots[0]", le.Problems[0].Path)
	assert.Contains(t, le.Problems[0].Msg, "a new root")
}

// TestRepositoryLayerMayNotWidenTheDefaultMode: when no earlier layer
// gives a mode, the default ask is the repository layer's ceiling.
func TestRepositoryLayerMayNotWidenTheDefaultMode(t *testing.T) {
	dir := layerDir(t)
	write(t, filepath.Join(dir, "user.json"), `{"version": 1, "tools": {}}`)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1,
  "mode": "allow"}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
	var le *policyfile.LayerError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, repo+":2:3: mode: mode allow is wider than mode ask set by the defaults layer", le.Problems[0].Error())
}

// TestRepositoryLayerReportsEveryLooseningAtOnce: nothing is dropped, and
// nothing of a refused layer is used.
func TestRepositoryLayerReportsEveryLooseningAtOnce(t *testing.T) {
	dir := layerDir(t)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1, "mode": "allow", "tools": {"x": {"risk": "read"}}, "rules": [{"id": "ok", "tool": "x", "decision": "deny"}]}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
	var le *policyfile.LayerError
	require.ErrorAs(t, err, &le)
	var paths []string
	for _, p := range le.Problems {
		paths = append(paths, p.Path)
	}
	assert.Equal(t, []string{"mode", "tools.x"}, paths)
}

// TestLaterLayersMayTighten merges a managed, a user and a repository
// layer that each only tighten, and checks the merged engine.
func TestLaterLayersMayTighten(t *testing.T) {
	dir := layerDir(t)
	managed := filepath.Join(dir, "managed.json")
	write(t, managed, `{"version": 1, "mode": "allow",
  "roots": [{"id": "all", "path": ".", "access": "read-write", "primary": true, "source": "workspace"}],
  "rules": [{"id": "no-curl", "tool": "curl*", "decision": "deny"}]}`)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1, "mode": "deny",
  "surfaces": {"mcp": {"interaction": "unattended"}},
  "roots": [{"id": "out", "path": "ws/out/sub", "access": "read", "primary": true, "source": "workspace"}],
  "rules": [{"id": "ask-read", "tool": "read_file", "decision": "ask"}],
  "hardline": {"sensitivePaths": ["**/secrets/**"]}}`)
	p, err := policyfile.LoadLayers(policyfile.Layers{Managed: managed, User: filepath.Join(dir, "user.json"), Repo: repo},
		policyfile.Options{Home: dir})
	if errors.Is(err, policyfile.ErrManagedUntrusted) {
		t.Skip("the temporary folder is not root's: run as root to merge a managed layer")
	}
	require.NoError(t, err)
	assert.Equal(t, policy.ModeDeny, p.File.Mode)
	require.Len(t, p.File.Roots, 1)
	assert.Equal(t, filepath.Join(dir, "ws", "out", "sub"), p.File.Roots[0].Path)
	var ids []string
	for _, r := range p.File.Rules {
		ids = append(ids, r.ID)
	}
	assert.Equal(t, []string{"no-curl", "no-shell", "ask-read"}, ids)
	assert.Equal(t, []string{"**/secrets/**"}, p.File.Hardline.SensitivePaths)
	d := p.Engine.Evaluate(policy.Call{Tool: "read_file", Args: map[string]any{"path": "x"}})
	assert.Equal(t, policy.Deny, d.Verdict)
}

// TestUserLayerMayNotLoosenTheManagedLayer: the same order holds between
// the managed and the user layer.
func TestUserLayerMayNotLoosenTheManagedLayer(t *testing.T) {
	dir := layerDir(t)
	managed := filepath.Join(dir, "managed.json")
	write(t, managed, `{"version": 1, "mode": "deny",
  "tools": {"shell": {"risk": "exec", "commandArgument": "command", "approvalDefault": "ask", "source": "builtin"}}}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{Managed: managed, User: filepath.Join(dir, "user.json")}, policyfile.Options{Home: dir})
	if errors.Is(err, policyfile.ErrManagedUntrusted) {
		t.Skip("the temporary folder is not root's: run as root to merge a managed layer")
	}
	var le *policyfile.LayerError
	require.ErrorAs(t, err, &le)
	var got []string
	for _, p := range le.Problems {
		got = append(got, fmt.Sprintf("%s %d:%d %s", p.Layer, p.Line, p.Column, p.Path))
	}
	assert.Equal(t, []string{"user 3:3 mode", "user 12:5 tools.shell"}, got)
}

// TestLayerWithItsOwnProblems: a layer's unknown key is reported for its
// file, as an invalid policy, not a refused one.
func TestLayerWithItsOwnProblems(t *testing.T) {
	dir := layerDir(t)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1, "mdoe": "allow"}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
	assert.ErrorIs(t, err, policyfile.ErrUnknownField)
	assert.NotErrorIs(t, err, policyfile.ErrRefused)
	assert.True(t, strings.HasPrefix(err.Error(), repo+": "), err.Error())
}

// TestMergedProblemNamesItsLayer: a problem of the merged policy, whose
// path is the merged policy's, names the layer its place came from.
func TestMergedProblemNamesItsLayer(t *testing.T) {
	dir := layerDir(t)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1, "rules": [{"id": "r", "tool": "shell", "decision": "deny",
  "examples": {"noMatch": [{"tool": "shell", "args": {"command": "ls"}}]}}]}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
	var e *policyfile.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, policyfile.ErrExample)
	require.Len(t, e.Problems, 1)
	assert.Equal(t, "rules[1].examples.noMatch[0]", e.Problems[0].Path)
	assert.Contains(t, e.Problems[0].Msg, "(from the repo layer, "+repo+")")
}

// TestLayerWithAnInvalidValue: a mode or interaction that is not one is
// an invalid layer (with its line), not a loosening, and is never dropped
// by a later layer that gives a valid one.
func TestLayerWithAnInvalidValue(t *testing.T) {
	dir := layerDir(t)
	write(t, filepath.Join(dir, "user.json"), `{"version": 1,
  "mode": "dney", "surfaces": {"chat": {"interaction": "unatended"}}, "tools": {}}`)
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1, "mode": "deny", "surfaces": {"chat": {"interaction": "unattended"}}}`)
	_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
	var e *policyfile.Error
	require.ErrorAs(t, err, &e)
	assert.ErrorIs(t, err, policyfile.ErrValue)
	assert.NotErrorIs(t, err, policyfile.ErrRefused)
	assert.Equal(t, filepath.Join(dir, "user.json"), e.File)
	require.Len(t, e.Problems, 2)
	assert.Equal(t, `mode: line 2, column 3: "dney" is not a mode (want allow, ask or deny)`, e.Problems[0].Error())
	assert.Equal(t, "surfaces.chat.interaction", e.Problems[1].Path)
}

// TestARepositoryLayerMayAddCatalogueEntriesButNotExemptAProgram: a
// repository's commands entries are merged (they only add findings), but
// one that marks a program data-only is refused.
func TestARepositoryLayerMayAddCatalogueEntriesButNotExemptAProgram(t *testing.T) {
	dir := layerDir(t)
	user := filepath.Join(dir, "user.json")
	write(t, user, strings.Replace(userLayer, `"rules": [{"id": "no-shell", "tool": "shell", "decision": "deny"}],`, ``, 1))
	repo := filepath.Join(dir, "repo.json")
	write(t, repo, `{"version": 1,
  "commands": [{"names": ["deployer"], "operands": [{"index": 0, "role": "command"}]}]}`)
	p, err := policyfile.LoadLayers(policyfile.Layers{User: user, Repo: repo}, policyfile.Options{Home: dir})
	require.NoError(t, err)
	require.Len(t, p.File.Commands, 1)
	d := p.Engine.Evaluate(policy.Call{Tool: "shell", Args: map[string]any{"command": `deployer "rm -rf ~"`}})
	assert.Equal(t, policy.Deny, d.Verdict, "%s %s", d.Reason, d.Message)

	write(t, repo, `{"version": 1,
  "commands": [{"names": ["deployer"], "dataOnly": true}]}`)
	_, err = policyfile.LoadLayers(policyfile.Layers{User: user, Repo: repo}, policyfile.Options{Home: dir})
	require.ErrorIs(t, err, policyfile.ErrLoosens)
	assert.Contains(t, err.Error(), "commands[0].dataOnly")
}

// TestRepositoryLayerMayNotWidenANestedReadOnlyRoot: the access of a path
// is that of the most specific root holding it, so a read-only root inside
// a read-write one is a carve-out a later layer must keep. Neither a root
// inside the carve-out nor one around it may make it writable.
func TestRepositoryLayerMayNotWidenANestedReadOnlyRoot(t *testing.T) {
	user := `{"version": 1, "mode": "ask",
  "roots": [
    {"id": "all", "path": ".", "access": "read-write", "primary": true, "source": "workspace"},
    {"id": "ws", "path": "ws", "access": "read", "source": "workspace"}]}`
	cases := []struct {
		name, roots string
		path, msg   string
	}{
		{"a read-write root inside the read-only one",
			`[{"id": "out", "path": "ws/out", "access": "read-write", "primary": true, "source": "workspace"}]`,
			"roots[0].access", `access read-write is wider than read of root "ws"`},
		{"the read-write root again without the read-only one",
			`[{"id": "all", "path": ".", "access": "read-write", "primary": true, "source": "workspace"}]`,
			"roots[0].access", `would widen root "ws" inside it (access read`},
		{"a read-write root around the read-only one, which keeps only a part of it",
			`[{"id": "wsp", "path": "ws/..", "access": "read-write", "primary": true, "source": "workspace"},
			  {"id": "sub", "path": "ws/out/sub", "access": "read", "source": "workspace"}]`,
			"roots[0].access", `would widen root "ws" inside it (access read`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := layerDir(t)
			write(t, filepath.Join(dir, "user.json"), user)
			repo := filepath.Join(dir, "repo.json")
			write(t, repo, `{"version": 1, "roots": `+c.roots+`}`)
			p, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
			require.Error(t, err)
			assert.Nil(t, p)
			assert.ErrorIs(t, err, policyfile.ErrLoosens)
			var le *policyfile.LayerError
			require.ErrorAs(t, err, &le)
			require.Len(t, le.Problems, 1, "%v", err)
			assert.Equal(t, c.path, le.Problems[0].Path)
			assert.Contains(t, le.Problems[0].Msg, c.msg)
			assert.Equal(t, repo, le.Problems[0].File)
		})
	}
	// Keeping the carve-out, or narrowing inside or beside it, is a
	// narrowing.
	for _, rs := range []string{
		`[{"id": "all", "path": ".", "access": "read-write", "primary": true, "source": "workspace"},
		  {"id": "ws", "path": "ws", "access": "read", "source": "workspace"}]`,
		`[{"id": "else", "path": "elsewhere", "access": "read-write", "primary": true, "source": "workspace"}]`,
		`[{"id": "out", "path": "ws/out", "access": "read", "primary": true, "source": "workspace"}]`,
	} {
		dir := layerDir(t)
		write(t, filepath.Join(dir, "user.json"), user)
		repo := filepath.Join(dir, "repo.json")
		write(t, repo, `{"version": 1, "roots": `+rs+`}`)
		_, err := policyfile.LoadLayers(policyfile.Layers{User: filepath.Join(dir, "user.json"), Repo: repo}, policyfile.Options{Home: dir})
		assert.NoError(t, err, rs)
	}
}
