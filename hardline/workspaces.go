package hardline

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

// A monorepo's runners run the scripts of its workspaces, each a folder
// with a package.json of its own that the project's root declares: npm,
// yarn and pnpm given a workspace or all of them (npm run clean -w
// @acme/web, npm test -ws, yarn workspace web build, yarn workspaces
// foreach run x, pnpm -r clean, pnpm --filter api build, bun --filter),
// turbo, lerna, nx and rush. Which workspace a name, a filter or a
// task graph selects is not followed: every workspace the root declares
// has its package.json's scripts judged (and, for nx, its project.json's
// commands), as the root's are, each in its own folder. Reading all of
// them is the stricter reading: a script that would block anywhere in the
// monorepo blocks the command (docs/security-model.md, "Scripts read from
// files").
//
// The root is the working folder or the nearest folder above it, within
// the root (or temporary folder) that holds it, that declares workspaces:
// package.json's "workspaces" (a list, or an object's "packages"),
// pnpm-workspace.yaml's packages, lerna.json's packages (packages/* when
// it names none), rush's rush.json's projects (each project's folder,
// for rush alone), and for nx its nx.json, with which nx finds its
// projects anywhere in the tree: nx in a root that declares no
// workspaces asks, as what it runs is not known. A pattern is followed
// when only its last element is a pattern
// (packages/*, apps/web-*); one with a pattern in a folder above (**,
// packages/*/app) asks. Exclusions (!packages/old) are not applied. The
// files read count towards the files one command may read
// (maxScriptFiles), past which the command asks as too complex.

// workspaceManifests are the files that declare a root's workspaces.
var workspaceManifests = []string{"package.json", "pnpm-workspace.yaml", "lerna.json", "nx.json", "rush.json"}

// workspaceScripts judges the scripts of every workspace of the project
// the working folder is in (see above); nx also reads each project's
// project.json and the root's, whose targets may run shell commands.
func (r *run) workspaceScripts(sc *scope, b string, c ctx, cmd string, nx bool) {
	root, pats, ok := r.workspaceRoot(b, cmd, nx)
	if !ok {
		return
	}
	saved := r.cwd
	defer func() { r.cwd = saved }()
	if b == "rush" {
		// Rush's global commands run the shell command their
		// command-line.json gives.
		r.cwd = root
		r.filesOrAbsent([]string{"common/config/rush/command-line.json"}, b, cmd, func(text, _ string) { r.runnerCommands(sc, "rush", text, c, cmd) })
	}
	dirs := []string{"."}
	for _, p := range pats {
		if strings.HasPrefix(p, "!") {
			continue // an exclusion names no folder to look in: reading more is the stricter reading
		}
		p = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(p), "./"), "/")
		if p == "" || p == "." {
			continue
		}
		dir, last := path.Split(p)
		if patternChars(dir) || strings.Contains(last, "**") {
			r.tooComplex(fmt.Sprintf("%s runs the workspaces %q matches under %s, a pattern the analyser does not follow", b, p, root))
			return
		}
		r.cwd = root
		dirs = append(dirs, r.runnerMatches(p, 0)...)
	}
	for _, d := range dirs {
		r.cwd = root
		r.chdir(field{val: d})
		if r.cwd == "" {
			continue
		}
		r.filesOrAbsent([]string{"package.json"}, b, cmd, func(text, _ string) {
			r.packageScripts(sc, text, c, cmd)
			if nx {
				r.runnerCommands(sc, "nx", text, c, cmd) // package.json's "nx" targets
			}
		})
		if nx {
			r.filesOnDisk([]string{"project.json"}, b, cmd, func(text string) { r.runnerCommands(sc, "nx", text, c, cmd) })
		}
	}
}

// workspaceRoot returns the folder that declares the workspaces of the
// project the working folder is in, and the patterns it declares; false
// when there is none (or the working folder is not known). nx says nx.json
// declares them too.
func (r *run) workspaceRoot(b, cmd string, nx bool) (string, []string, bool) {
	if r.cwd == "" {
		return "", nil, false
	}
	inRoot := r.inAnyRoot(r.cwd)
	for d := r.cwd; inRoot && r.inAnyRoot(d) || !inRoot && inScriptTemp(d); d = path.Dir(d) {
		if pats, declared := r.workspacePatterns(d, b, cmd, nx); declared {
			return d, pats, true
		}
		if d == path.Dir(d) {
			break
		}
	}
	return "", nil, false
}

// workspacePatterns returns the workspace patterns the manifests in
// folder d declare, and whether any declares workspaces.
func (r *run) workspacePatterns(d, b, cmd string, nx bool) (pats []string, declared bool) {
	nxRoot := false
	for _, name := range workspaceManifests {
		p := d + "/" + name
		if name == "nx.json" && !nx || name == "rush.json" && b != "rush" || !r.exists(p) {
			continue
		}
		text, _, ok := r.readOnDisk(field{val: p}, b, cmd, false)
		if !ok {
			continue
		}
		switch name {
		case "package.json":
			var pkg struct{ Workspaces json.RawMessage }
			if json.Unmarshal([]byte(text), &pkg) != nil || len(pkg.Workspaces) == 0 || string(pkg.Workspaces) == "null" {
				continue
			}
			declared = true
			var list []string
			var obj struct{ Packages []string }
			switch {
			case json.Unmarshal(pkg.Workspaces, &list) == nil:
				pats = append(pats, list...)
			case json.Unmarshal(pkg.Workspaces, &obj) == nil:
				pats = append(pats, obj.Packages...)
			default:
				r.tooComplex(fmt.Sprintf("%s's workspaces are declared in a form the analyser does not read (%s)", p, bound(string(pkg.Workspaces))))
			}
		case "pnpm-workspace.yaml":
			declared = true
			found := keyedValues(text, setOf("packages"), nil)
			if len(found) == 0 && strings.Contains(text, "packages") {
				r.tooComplex(p + " names packages in a form the analyser does not read")
			}
			pats = append(pats, found...)
		case "lerna.json":
			declared = true
			var l struct{ Packages []string }
			if json.Unmarshal([]byte(text), &l) != nil || l.Packages == nil {
				l.Packages = []string{"packages/*"} // lerna's default
			}
			pats = append(pats, l.Packages...)
		case "nx.json":
			nxRoot = true
		case "rush.json":
			// Rush's projects, each a folder (JSON with comments).
			declared = true
			var rush struct {
				Projects []struct {
					ProjectFolder string `json:"projectFolder"`
				} `json:"projects"`
			}
			if json.Unmarshal([]byte(stripJSONC(text)), &rush) != nil {
				r.tooComplex(p + " names its projects in a form the analyser does not read")
				continue
			}
			for _, pr := range rush.Projects {
				if pr.ProjectFolder == "" || patternChars(pr.ProjectFolder) {
					r.tooComplex(fmt.Sprintf("%s names a project folder the analyser does not read (%q)", p, pr.ProjectFolder))
					continue
				}
				pats = append(pats, pr.ProjectFolder)
			}
		}
	}
	if nxRoot && !declared {
		r.tooComplex(fmt.Sprintf("%s finds its projects anywhere under %s, which declares no workspaces: what it runs is not known", b, d))
	}
	return pats, declared
}

// workspacesSelected reports whether an npm, yarn or cnpm line runs in
// the project's workspaces: it names one or all (-w, --workspace,
// -ws, --workspaces, yarn's workspace and workspaces sub-commands), a
// word of it is not known, or the line's environment or the project's
// .npmrc sets npm's workspace settings.
func (r *run) workspacesSelected(sc *scope, args []field) bool {
	if selectsWith(args, "-w", "--workspace", "-ws", "--workspaces", "--include-workspace-root", "workspace", "workspaces") {
		return true
	}
	for name := range sc.vars {
		if strings.HasPrefix(asciiLower(name), "npm_config_workspace") {
			return true
		}
	}
	if r.cmdCall != nil {
		for _, as := range r.cmdCall.Assigns {
			if as.Name != nil && strings.HasPrefix(asciiLower(as.Name.Value), "npm_config_workspace") {
				return true
			}
		}
	}
	return r.npmrcSelectsWorkspaces()
}

// npmrcWorkspace matches an .npmrc line that sets workspace or
// workspaces.
var npmrcWorkspace = regexp.MustCompile(`(?mi)^[ \t]*workspaces?[ \t]*(=|$)`)

// npmrcSelectsWorkspaces reports whether the working folder's .npmrc sets
// npm's workspace settings, with which every npm command runs in them.
func (r *run) npmrcSelectsWorkspaces() bool {
	if r.cwd == "" || !r.exists(r.cwd+"/.npmrc") {
		return false
	}
	text, _, ok := r.readOnDisk(field{val: r.cwd + "/.npmrc"}, "npm", "", false)
	return ok && npmrcWorkspace.MatchString(text)
}

// selectsWith reports whether args hold one of words (an option by its
// name, with or without =VALUE), or a word not known, which may be one.
func selectsWith(args []field, words ...string) bool {
	for _, a := range args {
		if a.dyn {
			return true
		}
		v := a.val
		if k, _, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "-") {
			v = k
		}
		if slices.Contains(words, v) {
			return true
		}
	}
	return false
}
