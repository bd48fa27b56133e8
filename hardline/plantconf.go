package hardline

import (
	"cmp"
	"encoding/json"
	"html"
	"maps"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Project files in which a tool keeps commands it runs later, besides
// scripts, makefiles, package.json and justfiles (see plantedLanguage and
// docs/security-model.md, Hardline). A command a statement writes into one
// is judged as the file's own commands are: one that would be blocked
// asks (planted-command), or blocks with its own rule when the tool runs
// the file by itself, with no later command that asks for it (autoRun).
// The files, and why each is or is not one:
//
//   - VS Code's tasks (.vscode/tasks.json, a *.code-workspace file): run by
//     name; a task with "runOn": "folderOpen" runs when the folder is
//     opened, by itself.
//   - a dev container's lifecycle commands (devcontainer.json):
//     initializeCommand runs on this machine, by itself, when the folder is
//     opened in a container; the others run in the container.
//   - pre-commit's hooks (.pre-commit-config.yaml): its entries run on
//     every git commit, by themselves, once the hook is installed.
//   - mise's configuration (mise.toml, .mise.toml, mise/config.toml): its
//     hooks run on cd once the file is trusted, its tasks by name; its task
//     files (mise-tasks/, .mise/tasks/) are scripts.
//   - go-task's Taskfile.yml, tox.ini and tox.toml, ninja's build files, and
//     the script tables of pyproject.toml (pdm, poe, hatch, taskipy, rye):
//     run by the tool, by name.
//   - a virtual environment's activate script (bin/activate): sourced by
//     the shell that activates it.
//   - a .pth file in a site-packages folder, and sitecustomize.py or
//     usercustomize.py there: Python runs their code at every start, by
//     itself; writing one with code asks (persistence) and the commands its
//     string literals run are read as inline code's are.
//
// CI pipelines (.gitlab-ci.yml, .github/workflows) are not among them: they
// run on the CI's machines, not this one. pyproject.toml's
// [project.scripts] are entry points (a module's function), not commands.

// plantedCmd is one command a project file holds, and whether its tool
// runs it by itself.
type plantedCmd struct {
	text string
	// self says who runs it by itself (see judgePlantedText); "" for a
	// command run by name.
	self string
	// onCd: it runs on cd, once its file is trusted (mise's hooks).
	onCd bool
}

// plantedConfigLanguage returns the language of a project file that keeps
// commands in its own format (see the list above), by its key k
// (lower-cased): "" for none.
func plantedConfigLanguage(k string) string {
	dir, name := path.Split(k)
	parent := path.Base(dir)
	switch {
	case parent == ".vscode" && name == "tasks.json", strings.HasSuffix(name, ".code-workspace"):
		return "vscode-tasks"
	case parent == ".vscode" && name == "settings.json":
		return "vscode-settings"
	case agentConfig(dir, parent, name):
		return "agent"
	case name == "devcontainer.json" || name == ".devcontainer.json":
		return "devcontainer"
	case name == ".pre-commit-config.yaml" || name == ".pre-commit-config.yml":
		return "pre-commit"
	case path.Ext(name) == ".toml" && (strings.HasPrefix(name, "mise.") || strings.HasPrefix(name, ".mise.") || strings.HasPrefix(name, ".rtx.") ||
		strings.HasPrefix(name, "rtx.")), parent == "mise" && name == "config.toml":
		return "mise"
	case slices.Contains([]string{"taskfile.yml", "taskfile.yaml", "taskfile.dist.yml", "taskfile.dist.yaml"}, name):
		return "taskfile"
	case name == "tox.ini" || name == "tox.toml":
		return "tox"
	case path.Ext(name) == ".ninja":
		return "ninja"
	case name == "pyproject.toml":
		return "pyproject"
	case path.Ext(name) == ".pth" && sitePackages(dir), (name == "sitecustomize.py" || name == "usercustomize.py") && sitePackages(dir):
		return "python-start"
	case name == "cmakelists.txt" || path.Ext(name) == ".cmake":
		return "cmake"
	case path.Ext(name) == ".tf":
		return "terraform"
	case slices.Contains([]string{".csproj", ".fsproj", ".vbproj", ".proj"}, path.Ext(name)), name == "directory.build.props", name == "directory.build.targets":
		return "msbuild"
	case name == "composer.json":
		return "composer"
	case name == "deno.json" || name == "deno.jsonc":
		return "deno"
	case name == "pipfile":
		return "pipfile"
	case name == "pixi.toml":
		return "pixi"
	case name == "devbox.json":
		return "devbox"
	case name == "procfile" || strings.HasPrefix(name, "procfile."):
		return "procfile"
	case slices.Contains([]string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "lefthook-local.yml", ".lefthook-local.yml"}, name):
		return "lefthook"
	case slices.Contains([]string{".huskyrc", ".huskyrc.json", ".huskyrc.yaml", ".huskyrc.yml", ".simple-git-hooks.json", "simple-git-hooks.json",
		".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yaml", ".lintstagedrc.yml"}, name):
		return "git-hook-manager"
	}
	return ""
}

// agentConfig reports whether a project file (its folder dir, ending in
// '/', the folder's name parent and its own name, lower-cased) configures
// an agent host: its hooks and MCP servers run commands by themselves when
// the host starts or acts, and its permissions decide what the agent may
// do without asking. Claude Code's settings and .mcp.json (its hook
// scripts are hooks: see plantedLanguage), the MCP
// and hook files of Cursor, VS Code, Gemini CLI, Roo, Kiro and Amazon Q,
// Codex's and Zed's project configuration, Continue's, and aider's (its
// lint-cmd and test-cmd run after every edit).
func agentConfig(dir, parent, name string) bool {
	switch {
	case parent == ".claude" && (name == "settings.json" || name == "settings.local.json"),
		name == ".mcp.json", name == ".aider.conf.yml" || name == ".aider.conf.yaml",
		name == "mcp.json" && slices.Contains([]string{".cursor", ".vscode", ".roo", ".amazonq"}, parent),
		name == "mcp.json" && strings.HasSuffix(dir, ".kiro/settings/"),
		parent == ".cursor" && name == "hooks.json",
		parent == ".gemini" && name == "settings.json",
		parent == ".codex" && name == "config.toml",
		parent == ".zed" && name == "settings.json",
		parent == ".continue" && strings.HasPrefix(name, "config."),
		strings.Contains(dir, "/.continue/mcpservers/"):
		return true
	}
	return false
}

// vscodeSettingsRisky reports whether text written to VS Code's workspace
// settings may do more than style the editor: approve an agent's tools
// (chat.tools.autoApprove), configure MCP servers or automatic tasks, or
// name a program, interpreter, path, shell, environment or command the
// editor and its extensions run. A setting's words are read whole and in
// any case.
func vscodeSettingsRisky(text string) bool {
	t := asciiLower(text)
	for _, w := range vscodeRiskyWords {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// vscodeRiskyWords are the parts of VS Code settings' names that approve,
// start or locate what runs (see vscodeSettingsRisky).
var vscodeRiskyWords = []string{"approve", "mcp", "automatictasks", "terminal", "path", "exec", "command", "interpreter",
	"tool", "server", "env", "shell", "runtime", "binary", "args", "script", "hook", "trust"}

// sitePackages reports whether the folder dir (a key, ending in '/') is
// in a Python installation's package folder.
func sitePackages(dir string) bool {
	return strings.Contains(dir, "/site-packages/") || strings.Contains(dir, "/dist-packages/")
}

// plantedShellName reports whether a file at k (lower-cased) is a shell
// script by its place: a virtual environment's activate script, or a mise
// task file.
func plantedShellName(k string) bool {
	dir, name := path.Split(k)
	if path.Base(dir) == "bin" && (name == "activate" || name == "postactivate" || name == "preactivate") {
		return true
	}
	return strings.Contains(dir, "/mise-tasks/") || strings.Contains(dir, "/.mise-tasks/") || strings.Contains(dir, "/.mise/tasks/") ||
		strings.Contains(dir, "/mise/tasks/") || strings.HasPrefix(dir, "mise-tasks/") || strings.HasPrefix(dir, ".mise/tasks/")
}

// plantedConfigCommands returns the commands text, a file in lang (see
// plantedConfigLanguage), holds.
func plantedConfigCommands(lang, text string) []plantedCmd {
	var out []plantedCmd
	add := func(self string, onCd bool, texts ...string) {
		for _, t := range texts {
			if strings.TrimSpace(t) != "" {
				out = append(out, plantedCmd{toolHome.Replace(t), self, onCd})
			}
		}
	}
	switch lang {
	case "vscode-tasks":
		// Every task of a file that runs one when the folder opens is
		// read as run by itself: the stricter reading.
		self := ""
		if strings.Contains(text, "folderOpen") {
			self = "a task VS Code runs by itself when the folder opens"
		}
		add(self, false, jsonCommands(text, map[string]bool{"command": true})...)
	case "devcontainer":
		add("a command run on this machine by itself when the folder opens in a container", false,
			jsonCommands(text, map[string]bool{"initializecommand": true})...)
		add("", false, jsonCommands(text, map[string]bool{"oncreatecommand": true, "updatecontentcommand": true, "postcreatecommand": true,
			"poststartcommand": true, "postattachcommand": true})...)
	case "pre-commit":
		add("a hook pre-commit runs by itself on every commit", false, keyedValues(text, setOf("entry"), nil)...)
	case "mise":
		add("", true, keyedValues(text, setOf("enter", "leave", "cd", "preinstall", "postinstall", "script", "shell"), nil)...)
		add("", false, keyedValues(text, setOf("run", "run_windows"), nil)...)
	case "taskfile":
		add("", false, keyedValues(text, setOf("cmds", "cmd", "sh", "preconditions"), nil)...)
	case "tox":
		add("", false, keyedValues(text, setOf("commands", "commands_pre", "commands_post", "install_command", "list_dependencies_command"), nil)...)
	case "helmfile":
		// A hook's command and each of its args, alone (sh, -c, the
		// script), as skaffold's command lists are.
		add("", false, keyedValues(text, setOf("command", "args"), nil)...)
	case "ninja", "wrangler", "skaffold", "mdbook", "okteto", "overcommit":
		// ninja's rules, wrangler's [build] command, skaffold's hooks'
		// command lists (each word judged alone, a shell's script among
		// them), mdbook's preprocessors and renderers, okteto's deploy
		// commands, overcommit's hooks.
		add("", false, keyedValues(text, setOf("command"), nil)...)
	case "pyproject":
		add("", false, keyedValues(text, nil, func(section string) bool {
			return slices.Contains([]string{"tool.pdm.scripts", "tool.poe.tasks", "tool.taskipy.tasks", "tool.rye.scripts"}, section) ||
				slices.ContainsFunc([]string{"tool.pdm.scripts.", "tool.poe.tasks.", "tool.rye.scripts."}, func(p string) bool { return strings.HasPrefix(section, p) }) ||
				strings.HasPrefix(section, "tool.hatch.envs.") && (strings.HasSuffix(section, ".scripts") || strings.Contains(section, ".scripts.")) ||
				pixiTasks(strings.TrimPrefix(section, "tool.pixi."))
		})...)
	case "pixi":
		add("", false, keyedValues(text, nil, pixiTasks)...)
	case "pipfile":
		add("", false, keyedValues(text, nil, func(section string) bool { return section == "scripts" })...)
	case "composer":
		add("", false, composerCommands(jsonScripts(text, "scripts"))...)
	case "deno":
		add("", false, jsonScripts(stripJSONC(text), "tasks")...)
	case "devbox":
		add("", false, jsonScripts(stripJSONC(text), "shell", "scripts")...)
		add("", false, jsonScripts(stripJSONC(text), "shell", "init_hook")...)
	case "procfile":
		for l := range strings.SplitSeq(text, "\n") {
			if name, c, ok := strings.Cut(l, ":"); ok && !strings.HasPrefix(strings.TrimSpace(name), "#") && isProcName(strings.TrimSpace(name)) {
				add("", false, c)
			}
		}
	case "lefthook":
		add("", false, keyedValues(text, setOf("run"), nil)...)
	case "goreleaser":
		// before and after hooks (a list), a build's pre and post hooks
		// (their lines' values), and a publisher's or a signature's cmd.
		add("", false, keyedValues(text, setOf("hooks", "cmd"), nil)...)
	case "air":
		// .air.toml: the build command, those around it, and the program
		// it runs after.
		add("", false, keyedValues(text, setOf("cmd", "pre_cmd", "post_cmd", "full_bin", "bin"), nil)...)
	case "modd":
		add("", false, moddCommands(text)...)
	case "rpmspec":
		add("", false, rpmSpecScripts(text, true)...)
	case "rpmspec-parse":
		add("", false, rpmSpecScripts(text, false)...)
	case "moon":
		add("", false, keyedValues(text, setOf("command", "script"), nil)...)
	case "tusk":
		add("", false, keyedValues(text, setOf("run", "command", "exec"), nil)...)
	case "cargo-make":
		add("", false, tomlCommandArgs(text)...)
		add("", false, keyedValues(text, setOf("script"), nil)...)
	case "terraform":
		// A local-exec provisioner's command and an external data
		// source's program (each string of its list judged alone).
		add("", false, keyedValues(text, setOf("command", "program"), nil)...)
	case "msbuild":
		add("", false, msbuildCommands(text)...)
	case "cmake":
		add("", false, cmakeCommands(text)...)
	case "xml-exec":
		add("", false, xmlExecCommands(text)...)
	case "compose":
		add("", false, composeRuns(text)...)
	case "nodemon":
		add("", false, jsonCommands(text, map[string]bool{"exec": true, "start": true, "restart": true, "crash": true, "exit": true, "config:changed": true})...)
	case "cargo-config":
		// A program cargo runs around the compiler or the built program.
		add("", false, keyedValues(text, setOf("rustc-wrapper", "rustc-workspace-wrapper", "runner", "rustc", "rustdoc", "linker"), nil)...)
	case "bazelrc":
		add("", false, bazelrcCommands(text)...)
	case "nix":
		add("", false, nixShellHooks(text)...)
	case "meson":
		add("", false, mesonCommands(text)...)
	case "cdk":
		add("", false, jsonCommands(text, map[string]bool{"app": true})...)
	case "vercel":
		add("", false, jsonCommands(text, map[string]bool{"buildcommand": true, "devcommand": true, "installcommand": true})...)
	case "firebase":
		add("", false, firebaseHooks(text)...)
	case "packer":
		add("", false, packerLocalCommands(text)...)
	case "earthfile":
		add("", false, earthlyLocalRuns(text)...)
	case "tiltfile":
		for _, m := range tiltCommands.FindAllStringSubmatch(text, maxPlantedCommands) {
			add("", false, unescapeLiteral(m[1]+m[2]))
		}
	case "go-generate":
		// //go:generate COMMAND: go generate runs COMMAND, its words
		// split as a shell's and $NAME expanded from the environment.
		for l := range strings.SplitSeq(text, "\n") {
			if c, ok := strings.CutPrefix(l, "//go:generate "); ok {
				add("", false, c)
			}
		}
	case "netlify":
		add("", false, keyedValues(text, setOf("command"), nil)...)
	case "gitlab-ci":
		add("", false, keyedValues(text, setOf("script", "before_script", "after_script"), nil)...)
	case "github-actions":
		add("", false, keyedValues(text, setOf("run"), nil)...)
	case "nx":
		add("", false, nxCommands(text)...)
	case "rush":
		// common/config/rush/command-line.json: a global command's shell
		// command.
		add("", false, jsonCommands(text, map[string]bool{"shellcommand": true})...)
	case "rebar":
		add("", false, rebarHooks(text)...)
	case "git-hook-manager":
		add("", false, jsonStrings(text)...)
	case "mycnf":
		add("", false, keyedValues(text, setOf("pager"), nil)...)
	case "devspace":
		add("", false, keyedValues(text, setOf("command", "run"), nil)...)
	case "snakefile":
		add("", false, keyedValues(text, setOf("shell"), nil)...)
	case "ansible":
		add("", false, keyedValues(text, setOf("shell", "command", "raw", "cmd", "ansible.builtin.shell", "ansible.builtin.command", "ansible.builtin.raw"), nil)...)
	}
	return out
}

// nixShellHook finds a Nix derivation's shellHook: an indented string
// (”...”) or a double-quoted one.
var nixShellHook = regexp.MustCompile(`(?s)\bshellHook\s*=\s*(?:''(.*?)''\s*;|"((?:[^"\\]|\\.)*)"\s*;)`)

// nixShellHooks returns the shell scripts a Nix file's shellHooks hold,
// as the shell receives them (see nixString).
func nixShellHooks(text string) []string {
	var out []string
	for _, m := range nixShellHook.FindAllStringSubmatch(text, maxPlantedCommands) {
		if m[1] != "" {
			out = append(out, nixString(m[1], true))
		} else {
			out = append(out, nixString(m[2], false))
		}
	}
	return out
}

// nixStorePath stands for a Nix interpolation's value, a store path
// (${pkgs.coreutils} is /nix/store/...-coreutils): what follows it is
// read as a path in it (${pkgs.coreutils}/bin/rm is rm).
const nixStorePath = "/nix/store/interpolated"

// nixString is the text a Nix string's body s stands for: each
// interpolation ${...} replaced by nixStorePath, and the escapes undone:
// in an indented string (”...”) ”${ for ${, ”$ for $ and ”' for
// ”; in a double-quoted one \${ for ${ and the backslash escapes.
func nixString(s string, indented bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case indented && strings.HasPrefix(s[i:], "'''"):
			b.WriteString("''")
			i += 2
		case indented && strings.HasPrefix(s[i:], "''$"):
			b.WriteByte('$')
			i += 2
		case !indented && s[i] == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
		case strings.HasPrefix(s[i:], "${"):
			b.WriteString(nixStorePath)
			i = closingBracket(s, i+1, '{', '}')
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// packerLocalCommands returns the commands of a Packer template's
// shell-local provisioners and post-processors, which run on this machine
// (the others run on the machine being built): each string of inline and
// the command, in HCL (a "shell-local" block) or JSON ("type":
// "shell-local").
func packerLocalCommands(text string) []string {
	var v any
	if json.Unmarshal([]byte(text), &v) == nil {
		var out []string
		eachJSONObject(v, func(x map[string]any) {
			if t, _ := x["type"].(string); t == "shell-local" {
				out = append(out, jsonStringList(x["command"])...)
				out = append(out, jsonStringList(x["inline"])...)
			}
		})
		return out
	}
	var out []string
	for rest := text; len(out) < maxPlantedCommands; {
		i := strings.Index(rest, `"shell-local"`)
		if i < 0 {
			break
		}
		rest = rest[i+len(`"shell-local"`):]
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			break
		}
		end := closingBracket(rest, open, '{', '}')
		out = append(out, keyedValues(rest[open+1:end], setOf("inline", "command"), nil)...)
		rest = rest[end:]
	}
	return out
}

// firebaseHooks returns the commands of firebase.json's predeploy and
// postdeploy hooks, at any depth: a string is one command, a list holds
// one command in each string (not the words of one, as a task's argument
// list does).
func firebaseHooks(text string) []string {
	var v any
	if json.Unmarshal([]byte(stripJSONC(text)), &v) != nil {
		return keyedValues(text, setOf("predeploy", "postdeploy"), nil)
	}
	var out []string
	eachJSONObject(v, func(x map[string]any) {
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if lk := asciiLower(k); lk == "predeploy" || lk == "postdeploy" {
				out = append(out, jsonStringList(x[k])...)
			}
		}
	})
	if len(out) > maxPlantedCommands {
		out = out[:maxPlantedCommands]
	}
	return out
}

// earthlyLocalRuns returns the commands of the RUN lines of an
// Earthfile's LOCALLY targets, which earthly runs on this machine (a
// target is a line at the left margin ending in ':'; LOCALLY in it makes
// the RUN lines after it run here). A RUN line's flags (--push,
// --no-cache, --secret=...) are dropped; a line continued with a
// backslash is joined; the exec form (RUN ["a", "b"]) is read as its
// words.
func earthlyLocalRuns(text string) []string {
	var out []string
	locally := false
	lines := strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n")
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
		case l[0] != ' ' && l[0] != '\t' && strings.HasSuffix(t, ":"):
			locally = false // a new target
		case t == "LOCALLY":
			locally = true
		case locally && strings.HasPrefix(t, "RUN "):
			words := strings.Fields(t[len("RUN "):])
			for len(words) > 0 && strings.HasPrefix(words[0], "--") {
				words = words[1:]
			}
			run := strings.Join(words, " ")
			var arr any
			if strings.HasPrefix(run, "[") && json.Unmarshal([]byte(run), &arr) == nil {
				run = strings.Join(jsonWords(arr), " ")
			}
			out = append(out, run)
		}
	}
	return out
}

// mesonCall finds meson's run_command( and a target's command : [.
var mesonCall = regexp.MustCompile(`\b(?:run_command\s*\(|command\s*:\s*\[)`)

// mesonCommands returns the command lines meson.build runs: each
// run_command() and target command list, its string literals as words
// quoted for the shell, find_program('NAME') (or a variable assigned it)
// as NAME, and any other argument (a variable, a files() call, a keyword
// argument) as a word whose value is not known.
func mesonCommands(text string) []string {
	// Programs found by name: find_program('sh') in an argument, or in a
	// variable assigned it.
	programs := map[string]string{}
	for _, m := range mesonProgramVar.FindAllStringSubmatch(text, maxPlantedCommands) {
		programs[m[1]] = m[2]
	}
	var out []string
	for _, loc := range mesonCall.FindAllStringIndex(text, maxPlantedCommands) {
		var words []string
		for _, arg := range mesonArgs(text[loc[1]:]) {
			if m := mesonFindProgram.FindStringSubmatch(arg); m != nil {
				arg = "'" + m[1] + "'"
			} else if p, ok := programs[arg]; ok {
				arg = "'" + p + "'"
			}
			switch {
			case len(arg) >= 2 && arg[0] == '\'' && arg[len(arg)-1] == '\'':
				q, err := syntax.Quote(strings.ReplaceAll(arg[1:len(arg)-1], `\'`, `'`), syntax.LangBash)
				if err != nil {
					q = `"$meson_value"` // a literal the shell cannot hold: not known
				}
				words = append(words, q)
			default:
				words = append(words, `"$meson_value"`)
			}
		}
		if len(words) > 0 {
			out = append(out, strings.Join(words, " "))
		}
	}
	return out
}

// mesonFindProgram is find_program('NAME', ...) as a whole argument;
// mesonProgramVar a variable assigned one.
var (
	mesonFindProgram = regexp.MustCompile(`^find_program\s*\(\s*'([^']+)'[^)]*\)$`)
	mesonProgramVar  = regexp.MustCompile(`(?m)^\s*([A-Za-z_]\w*)\s*=\s*find_program\s*\(\s*'([^']+)'`)
)

// mesonArgs splits the arguments of a call or list whose opening bracket
// text follows, at its commas outside strings and nested brackets, up
// to its closing bracket; each is trimmed.
func mesonArgs(text string) []string {
	var out []string
	depth, start, quoted := 0, 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quoted:
			if c == '\\' {
				i++
			} else if c == '\'' {
				quoted = false
			}
		case c == '\'':
			quoted = true
		case c == '(' || c == '[':
			depth++
		case (c == ')' || c == ']') && depth > 0:
			depth--
		case c == ')' || c == ']' || c == ',' && depth == 0:
			if a := strings.TrimSpace(text[start:i]); a != "" {
				out = append(out, a)
			}
			if c != ',' {
				return out
			}
			start = i + 1
		}
	}
	return nil // no closing bracket
}

// tiltCommands finds the commands a Tiltfile runs on this machine:
// local('CMD') as it loads, and local_resource's cmd= and serve_cmd=
// (a string; a list of words is not read).
var tiltCommands = regexp.MustCompile(`(?:\blocal\s*\(\s*|\b(?:serve_)?cmd\s*=\s*)(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`)

// msbuildExec finds MSBuild's Exec tasks' Command attribute.
var msbuildExec = regexp.MustCompile(`(?is)<Exec\b[^>]*?\bCommand\s*=\s*(?:"([^"]*)"|'([^']*)')`)

// msbuildProperty is an MSBuild property reference, $(NAME), which reads
// the environment variable of the name when no property has it.
var msbuildProperty = regexp.MustCompile(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)`)

// msbuildCommands returns the command lines of the Exec tasks in MSBuild
// project text (a .csproj, Directory.Build.targets): each Command
// attribute with XML's entities and MSBuild's %XX escapes undone, and a
// property reference written as the shell's variable ($(HOME) is the
// environment's HOME when the project sets no such property).
func msbuildCommands(text string) []string {
	var out []string
	for _, m := range msbuildExec.FindAllStringSubmatch(text, maxPlantedCommands) {
		v := html.UnescapeString(m[1] + m[2])
		if u, err := url.PathUnescape(v); err == nil {
			v = u
		}
		out = append(out, msbuildProperty.ReplaceAllString(v, "$${$1}"))
	}
	return out
}

// pixiTasks reports whether a pixi.toml section holds tasks: [tasks],
// [tasks.NAME], and the same below [feature.NAME] and [target.NAME].
func pixiTasks(section string) bool {
	for _, head := range []string{"feature.", "target."} {
		if rest, ok := strings.CutPrefix(section, head); ok {
			if _, after, ok := strings.Cut(rest, "."); ok {
				section = after
			}
		}
	}
	return section == "tasks" || strings.HasPrefix(section, "tasks.")
}

// isProcName reports whether a Procfile line's name is a process type's:
// letters, digits, '-' and '_'.
func isProcName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// jsonScripts returns the commands of the object at the keys' path in
// JSON text (keys matched exactly, as the tools' JSON readers match
// them): each member a command line, a list of command lines, or an
// object whose "command" or "cmd" is one (deno's form). A value that is
// itself one of these (devbox's init_hook) counts as a member does.
func jsonScripts(text string, keys ...string) []string {
	var v any
	if json.Unmarshal([]byte(text), &v) != nil {
		return nil
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	var out []string
	one := func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					out = append(out, s)
				}
			}
		case map[string]any:
			for _, k := range []string{"command", "cmd"} {
				if s, ok := x[k].(string); ok {
					out = append(out, s)
				}
			}
		}
	}
	if m, ok := v.(map[string]any); ok {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			one(m[k])
		}
	} else {
		one(v)
	}
	return out
}

// composerCommands returns the shell commands among composer's scripts:
// "@php ARGS" and "@composer ARGS" run php and composer; another "@"
// names a script (judged as itself) or a composer directive (@putenv);
// a PHP callback (Vendor\Class::method) is PHP code, not a command line.
func composerCommands(scripts []string) []string {
	var out []string
	for _, s := range scripts {
		t := strings.TrimSpace(s)
		switch {
		case strings.HasPrefix(t, "@php ") || strings.HasPrefix(t, "@composer "):
			out = append(out, t[1:])
		case strings.HasPrefix(t, "@"):
		case !strings.ContainsAny(t, " \t") && strings.Contains(t, "::"):
		default:
			out = append(out, t)
		}
	}
	return out
}

// toolHome writes the home folder as the tools' own variables name it
// (VS Code's ${userHome} and ${env:HOME}, a dev container's
// ${localEnv:HOME}, tox's {homedir} and {env:HOME}) as bash's $HOME, which
// the reading of the command then expands.
var toolHome = strings.NewReplacer("${userHome}", "$HOME", "${env:HOME}", "$HOME", "${env:USERPROFILE}", "$HOME",
	"${localEnv:HOME}", "$HOME", "${localEnv:USERPROFILE}", "$HOME", "{homedir}", "$HOME", "{env:HOME}", "$HOME")

// argWord is one argument of a task written back for the shell that runs
// it: quoted whole, but for a leading ~ or home variable, which the shell
// a task runs in expands (VS Code quotes an argument's blanks and quotes,
// not its tilde).
func argWord(a string) string {
	a = toolHome.Replace(a)
	for _, head := range []string{"$HOME", "~"} {
		if rest, ok := strings.CutPrefix(a, head); ok && (rest == "" || rest[0] == '/' || rest[0] == '\\') {
			if rest == "" {
				return head
			}
			return head + shellQuoted(rest)
		}
	}
	return shellQuoted(a)
}

// maxPlantedCommands bounds the commands read from one written file.
const maxPlantedCommands = 64

// jsonCommands returns the values of the keys (lower-cased) anywhere in
// JSON text with comments and trailing commas (VS Code's JSONC): a string
// is a command line, an array of strings a program and its arguments, an
// object the commands of its values; a task's "args" follow its command.
func jsonCommands(text string, keys map[string]bool) []string {
	var v any
	if json.Unmarshal([]byte(stripJSONC(text)), &v) != nil {
		return keyedValues(text, keys, nil) // not JSON: read line by line
	}
	var out []string
	eachJSONObject(v, func(x map[string]any) {
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if keys[asciiLower(k)] && len(out) < maxPlantedCommands {
				out = append(out, commandValues(x[k], x["args"])...)
			}
		}
	})
	return out
}

// rebarHookLists finds rebar.config's pre_hooks, post_hooks and
// provider_hooks lists; rebarString a string in them.
var (
	rebarHookLists = regexp.MustCompile(`(?s)\{\s*(?:pre_hooks|post_hooks|provider_hooks)\s*,\s*\[(.*?)\]\s*\}\s*\.`)
	rebarString    = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// rebarHooks returns the shell commands of rebar.config's hooks:
// {pre_hooks, [{compile, "CMD"}, {"linux", compile, "CMD"}]}. A hook's
// platform pattern is a string too; read as a command it finds nothing.
func rebarHooks(text string) []string {
	var out []string
	for _, l := range rebarHookLists.FindAllStringSubmatch(text, maxPlantedCommands) {
		for _, m := range rebarString.FindAllStringSubmatch(l[1], maxPlantedCommands) {
			if len(out) < maxPlantedCommands {
				out = append(out, unescapeLiteral(m[1]))
			}
		}
	}
	return out
}

// jsonStrings returns every string value of JSON text, at any depth (a
// git hook manager's configuration: husky 4's {"hooks": {"pre-commit":
// CMD}}, simple-git-hooks' {"pre-commit": CMD}, lint-staged's {"*.js":
// CMD or [CMD, ...]}); text that is not JSON (their YAML forms) is read
// line by line, each NAME: VALUE's value and each - ITEM.
func jsonStrings(text string) []string {
	var v any
	if json.Unmarshal([]byte(stripJSONC(text)), &v) != nil {
		var out []string
		for line := range strings.SplitSeq(text, "\n") {
			line = strings.TrimSpace(line)
			val, item := strings.CutPrefix(line, "- ")
			if !item {
				_, val, item = strings.Cut(line, ":")
			}
			if val = strings.Trim(strings.TrimSpace(val), `'"`); item && val != "" && len(out) < maxPlantedCommands {
				out = append(out, val)
			}
		}
		return out
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if len(out) < maxPlantedCommands {
				out = append(out, x)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(x)) {
				walk(x[k])
			}
		}
	}
	walk(v)
	return out
}

// nxCommands returns the commands of an Nx project.json's run-commands
// targets: each "command", and each string of a "commands" list (an
// object in it has its own "command").
func nxCommands(text string) []string {
	var v any
	if json.Unmarshal([]byte(stripJSONC(text)), &v) != nil {
		return keyedValues(text, setOf("command", "commands"), nil) // not JSON: read line by line
	}
	var out []string
	eachJSONObject(v, func(x map[string]any) {
		if c, ok := x["command"].(string); ok {
			out = append(out, c)
		}
		if l, ok := x["commands"].([]any); ok {
			for _, e := range l {
				if c, ok := e.(string); ok {
					out = append(out, c)
				}
			}
		}
	})
	return out[:min(len(out), maxPlantedCommands)]
}

// eachJSONObject calls visit with every object in v, a decoded JSON
// value, at any depth, an object before those inside it, keys in order.
func eachJSONObject(v any, visit func(map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		visit(x)
		for _, k := range slices.Sorted(maps.Keys(x)) {
			eachJSONObject(x[k], visit)
		}
	case []any:
		for _, e := range x {
			eachJSONObject(e, visit)
		}
	}
}

// jsonStringList returns v as commands: a string is one, a list holds
// one in each string.
func jsonStringList(v any) []string {
	switch h := v.(type) {
	case string:
		return []string{h}
	case []any:
		var out []string
		for _, e := range h {
			if c, ok := e.(string); ok {
				out = append(out, c)
			}
		}
		return out
	}
	return nil
}

// commandValues returns the commands a JSON value holds (see
// jsonCommands), with args, a task's arguments, after a string command.
func commandValues(v, args any) []string {
	switch x := v.(type) {
	case string:
		if words := jsonWords(args); len(words) > 0 {
			return []string{x, x + " " + strings.Join(words, " ")}
		}
		return []string{x}
	case []any:
		if words := jsonWords(x); len(words) > 0 {
			return []string{strings.Join(words, " ")}
		}
	case map[string]any:
		var out []string
		for _, k := range slices.Sorted(maps.Keys(x)) {
			out = append(out, commandValues(x[k], nil)...)
		}
		return out
	}
	return nil
}

// jsonWords returns a JSON array of strings as shell words, each quoted so
// that the shell reads it back whole (a task's {"value": ...} argument by
// its value).
func jsonWords(v any) []string {
	arr, ok := v.([]any)
	if !ok {
		return nil
	}
	var words []string
	for _, e := range arr {
		switch x := e.(type) {
		case string:
			words = append(words, argWord(x))
		case map[string]any:
			if s, ok := x["value"].(string); ok {
				words = append(words, argWord(s))
			}
		}
	}
	return words
}

// stripJSONC removes the comments and trailing commas of JSON with
// comments, leaving strings as they are.
func stripJSONC(s string) string {
	var b strings.Builder
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inStr:
			b.WriteByte(c)
			if c == '\\' && i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			b.WriteByte(c)
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
		case c == ',':
			j := i + 1
			for j < len(s) && strings.IndexByte(" \t\r\n", s[j]) >= 0 {
				j++
			}
			if j < len(s) && (s[j] == '}' || s[j] == ']') {
				continue // a trailing comma
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// keyedValues reads the values of the keys (lower-cased; every key when
// keys is nil) of a line-based configuration (YAML, TOML, INI, ninja) as
// commands, in the sections section accepts (every section when nil; a
// section is a TOML or INI [header], lower-cased): KEY: VALUE and KEY =
// VALUE, a quoted value unquoted, a TOML or YAML list's strings each a
// command (a list of lists each a program and its arguments), a YAML
// block scalar (|, >) one script, and the more indented lines after a key
// with no value (a YAML list, INI continuation lines) each a command. A
// dotted TOML key is read by its last part.
func keyedValues(text string, keys map[string]bool, section func(string) bool) []string {
	var out []string
	lines := strings.Split(text, "\n")
	in := section == nil
	for i := 0; i < len(lines) && len(out) < maxPlantedCommands; i++ {
		raw := strings.TrimRight(lines[i], " \t\r")
		line := strings.TrimSpace(raw)
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if section != nil && line[0] == '[' && strings.HasSuffix(line, "]") {
			in = section(asciiLower(strings.Trim(line, "[] \t")))
			continue
		}
		if !in {
			continue
		}
		indent := len(raw) - len(strings.TrimLeft(raw, " \t"))
		item := strings.TrimSpace(strings.TrimPrefix(line, "- "))
		k, v, ok := splitKeyed(item)
		if !ok {
			continue
		}
		if keys != nil {
			last := k
			if j := strings.LastIndexByte(k, '.'); j >= 0 {
				last = k[j+1:]
			}
			if !keys[asciiLower(strings.Trim(last, `"'`))] {
				continue
			}
		}
		switch {
		case strings.HasPrefix(v, "<<") && isName(strings.TrimPrefix(strings.TrimPrefix(v, "<<"), "-")):
			// An HCL heredoc (<<EOT, <<-EOT): the lines up to its marker.
			marker := strings.TrimPrefix(strings.TrimPrefix(v, "<<"), "-")
			var body []string
			for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != marker {
				i++
				body = append(body, lines[i])
			}
			i++
			out = append(out, strings.Join(body, "\n"))
		case strings.HasPrefix(v, `"""`) || strings.HasPrefix(v, "'''"):
			q := v[:3]
			body := v[3:]
			for !strings.Contains(body, q) && i+1 < len(lines) {
				i++
				body += "\n" + lines[i]
			}
			body, _, _ = strings.Cut(body, q)
			out = append(out, body)
		case strings.HasPrefix(v, "{"):
			out = append(out, flowList(v)...) // an inline table: x = { shell = "CMD" }
		case strings.HasPrefix(v, "["):
			for !balanced(v) && i+1 < len(lines) {
				i++
				v += "\n" + lines[i]
			}
			out = append(out, flowList(v)...)
		case v == "" || v[0] == '|' || v[0] == '>':
			block := v != ""
			var body []string
			for i+1 < len(lines) {
				next := strings.TrimRight(lines[i+1], " \t\r")
				t := strings.TrimSpace(next)
				if t != "" && len(next)-len(strings.TrimLeft(next, " \t")) <= indent && !(strings.HasPrefix(t, "- ") && !block && !strings.HasPrefix(line, "- ")) {
					break
				}
				i++
				if t == "" || t[0] == '#' {
					continue
				}
				if block {
					body = append(body, t)
					continue
				}
				t = strings.TrimSpace(strings.TrimPrefix(t, "- "))
				if _, v2, ok := splitKeyed(t); ok {
					t = v2 // - cmd: X
				}
				out = append(out, unquoteValue(t))
			}
			if block {
				out = append(out, strings.Join(body, "\n"))
			}
		default:
			out = append(out, unquoteValue(v))
		}
	}
	return out
}

// splitKeyed splits a configuration line into its key and value: KEY:
// VALUE (YAML) or KEY = VALUE (TOML, INI, ninja), whichever separator
// comes first outside quotes. A URL's "://" is no separator.
func splitKeyed(line string) (k, v string, ok bool) {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '"', '\'':
			return "", "", false // a value alone, not KEY = VALUE
		case ' ', '\t':
			if j := strings.TrimLeft(line[i:], " \t"); j == "" || j[0] != '=' && j[0] != ':' {
				return "", "", false
			}
		case '=':
			return strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:]), true
		case ':':
			if strings.HasPrefix(line[i:], "://") {
				return "", "", false
			}
			if i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t' {
				return strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:]), true
			}
		}
	}
	return "", "", false
}

// balanced reports whether v's brackets outside strings are closed.
func balanced(v string) bool {
	depth, q := 0, byte(0)
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case q != 0:
			if c == '\\' && q == '"' {
				i++
			} else if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		}
	}
	return depth <= 0
}

// flowList returns the commands a TOML or YAML flow list or inline table
// holds: each string one command, each inner list a program and its
// arguments. YAML's plain (unquoted) scalars count as strings do
// ([rm -rf ~, make]); in a table, the value after a key
// ({cmd: rm -rf ~}).
func flowList(v string) []string {
	var out []string
	var words []string
	var open []byte // the brackets around the place being read
	plain := -1     // where the plain scalar being read starts
	quoted := false
	add := func(s string) {
		// A list inside a list is a program and its arguments; a
		// table's values are commands.
		if len(open) >= 2 && open[len(open)-1] == '[' {
			words = append(words, shellQuoted(s))
		} else {
			out = append(out, s)
		}
	}
	// endPlain ends the plain scalar before i, if one is being read.
	endPlain := func(i int) {
		if plain < 0 {
			return
		}
		t := strings.TrimSpace(v[plain:i])
		plain = -1
		if _, val, ok := splitKeyed(t); ok {
			t = val // {cmd: X}, { shell = X } (a quoted value is read as one)
		}
		if t != "" && len(open) > 0 {
			add(t)
		}
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case '[', '{':
			endPlain(i)
			quoted = false
			open = append(open, c)
			if len(open) >= 2 && c == '[' {
				words = nil
			}
		case ']', '}':
			endPlain(i)
			quoted = false
			if len(open) >= 2 && open[len(open)-1] == '[' && len(words) > 0 {
				out = append(out, strings.Join(words, " "))
				words = nil
			}
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case ',':
			endPlain(i)
			quoted = false
		case '"', '\'':
			if t := strings.TrimSpace(v[max(plain, 0):i]); plain >= 0 && t != "" && !strings.HasSuffix(t, ":") && !strings.HasSuffix(t, "=") {
				continue // a quote inside a plain scalar is its own character
			}
			plain = -1
			start := i
			for i++; i < len(v) && v[i] != c; i++ {
				if c == '"' && v[i] == '\\' {
					i++
				}
			}
			if i >= len(v) {
				return out
			}
			add(unquoteValue(v[start : i+1]))
			quoted = true
		case ' ', '\t', '\n', '\r':
		default:
			if plain < 0 && !quoted {
				plain = i
			}
		}
	}
	return out
}

// unquoteValue is a configuration value without its quotes: a double
// quoted one with its escapes undone, a single quoted one as written; a
// bare one without a trailing comment.
func unquoteValue(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		if s, err := strconv.Unquote(v); err == nil {
			return s
		}
		return v[1 : len(v)-1]
	}
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return strings.ReplaceAll(v[1:len(v)-1], "''", "'")
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = strings.TrimSpace(v[:i])
	}
	return v
}

// pythonStartCode returns the code of a file Python runs at every start
// (see plantedConfigLanguage): a .pth file's import lines, or the whole of
// sitecustomize.py and usercustomize.py; "" when it holds none.
func pythonStartCode(k, text string) string {
	if path.Ext(k) != ".pth" {
		return text
	}
	var code []string
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(line, "import ") || strings.HasPrefix(line, "import\t") {
			code = append(code, line)
		}
	}
	return strings.Join(code, "\n")
}

// composeRuns returns, as docker run command lines, what a compose file's
// services make the engine do on this machine: the host folders they
// bind (a volume's short form HOST:CONTAINER, or a long form's source)
// and their commands, each run in a container so bound. The file is read
// line by line (keyedValues), its services together: a bind of one
// service and a command of another are judged as if one service had
// both, the stricter reading. Privileges (privileged, the host's
// namespaces, devices) are not read: they ask, and a file on disk keeps
// only what blocks, while one the command writes asks already
// (runs-written-file).
func composeRuns(text string) []string {
	var opts []string
	for _, v := range keyedValues(text, setOf("volumes"), nil) {
		if strings.Contains(v, ":") {
			opts = append(opts, "-v "+shellQuoted(v))
		}
	}
	for _, v := range keyedValues(text, setOf("source"), nil) {
		opts = append(opts, "-v "+shellQuoted(v+":/mnt/source"))
	}
	head := "docker run " + strings.Join(opts, " ")
	cmds := keyedValues(text, setOf("command", "entrypoint"), nil)
	if len(cmds) == 0 {
		if len(opts) == 0 {
			return nil
		}
		return []string{head + " image"}
	}
	out := make([]string, 0, len(cmds))
	for _, c := range cmds {
		out = append(out, head+" image sh -c "+shellQuoted(c))
	}
	return out
}

// bazelrcCommands returns the commands a .bazelrc's options make bazel
// run: --workspace_status_command on every build, --run_under around
// every program it runs (each line is a command's name and its options).
func bazelrcCommands(text string) []string {
	var out []string
	for l := range strings.SplitSeq(text, "\n") {
		ws := strings.Fields(l)
		// value returns the option value that starts with v, followed by
		// the words after k: a quoted value runs to its closing quote.
		value := func(v string, k int) string {
			if v != "" && (v[0] == '"' || v[0] == '\'') && (len(v) == 1 || v[len(v)-1] != v[0]) {
				for ; k < len(ws); k++ {
					v += " " + ws[k]
					if strings.HasSuffix(ws[k], v[:1]) {
						break
					}
				}
			}
			return unquoteValue(v)
		}
		for i, w := range ws {
			for _, o := range []string{"--workspace_status_command", "--run_under"} {
				switch {
				case strings.HasPrefix(w, o+"="):
					out = append(out, value(w[len(o)+1:], i+1))
				case w == o && i+1 < len(ws):
					out = append(out, value(ws[i+1], i+2))
				}
			}
		}
	}
	return out
}

// Maven's exec plugin and Ant's tasks, as a pom.xml or build.xml holds
// them.
var (
	mavenExecutable = regexp.MustCompile(`(?s)<executable>\s*([^<]+?)\s*</executable>(.*?)(?:</configuration>|<executable>|$)`)
	mavenArgument   = regexp.MustCompile(`(?s)<argument>([^<]*)</argument>`)
	antExec         = regexp.MustCompile(`(?s)<exec\b([^>]*?)(/>|>(.*?)</exec>)`)
	antAttr         = regexp.MustCompile(`\b(executable|command|dir|file|value|line|path)\s*=\s*"([^"]*)"`)
	antArg          = regexp.MustCompile(`<arg\b([^>]*)/?>`)
	antDelete       = regexp.MustCompile(`<delete\b([^>]*)/?>`)
)

// xmlExecCommands returns, as command lines, what a Maven pom.xml or an
// Ant build.xml makes its tool run on this machine: the exec plugin's
// <executable> with the <argument>s of its configuration, Ant's <exec>
// (executable, or the older command attribute) with its <arg>s (value
// and path one word each, line split at blanks), and Ant's <delete dir>
// and <delete file> as rm. XML's entities are undone; a property
// ${user.home} or ${env.HOME} is the home folder, ${env.NAME} the
// environment's variable, any other not known.
func xmlExecCommands(text string) []string {
	word := func(v string) string { return xmlProperty(html.UnescapeString(v)) }
	var out []string
	for _, m := range mavenExecutable.FindAllStringSubmatch(text, maxPlantedCommands) {
		argv := []string{liveWord(word(m[1]))}
		for _, a := range mavenArgument.FindAllStringSubmatch(m[2], 64) {
			argv = append(argv, liveWord(word(a[1])))
		}
		out = append(out, strings.Join(argv, " "))
	}
	attrs := func(s string) map[string]string {
		m := map[string]string{}
		for _, a := range antAttr.FindAllStringSubmatch(s, -1) {
			m[a[1]] = a[2]
		}
		return m
	}
	for _, m := range antExec.FindAllStringSubmatch(text, maxPlantedCommands) {
		at := attrs(m[1])
		prog := cmp.Or(at["executable"], at["command"])
		if prog == "" {
			continue
		}
		argv := []string{liveWord(word(prog))}
		for _, a := range antArg.FindAllStringSubmatch(m[3], 64) {
			aa := attrs(a[1])
			switch {
			case aa["line"] != "":
				argv = append(argv, word(aa["line"]))
			case aa["value"] != "":
				argv = append(argv, liveWord(word(aa["value"])))
			case aa["path"] != "":
				argv = append(argv, liveWord(word(aa["path"])))
			}
		}
		out = append(out, strings.Join(argv, " "))
	}
	for _, m := range antDelete.FindAllStringSubmatch(text, maxPlantedCommands) {
		at := attrs(m[1])
		if d := at["dir"]; d != "" {
			out = append(out, "rm -rf -- "+liveWord(word(d)))
		}
		if f := at["file"]; f != "" {
			out = append(out, "rm -f -- "+liveWord(word(f)))
		}
	}
	return out
}

// xmlProperty writes Maven's and Ant's home properties as the shell's
// ${HOME}, ${env.NAME} as ${NAME}, and another property as a variable not
// known, for liveWord to keep live.
func xmlProperty(v string) string {
	v = strings.NewReplacer("${user.home}", "${HOME}").Replace(v)
	var b strings.Builder
	for {
		i := strings.Index(v, "${")
		if i < 0 {
			b.WriteString(v)
			return b.String()
		}
		j := strings.IndexByte(v[i:], '}')
		if j < 0 {
			b.WriteString(v)
			return b.String()
		}
		name := strings.TrimPrefix(v[i+2:i+j], "env.")
		if !isName(name) {
			name = "TOOLGATE_PROPERTY"
		}
		b.WriteString(v[:i] + "${" + name + "}")
		v = v[i+j+1:]
	}
}

// moddCommands returns the commands of a modd.conf: each prep and daemon
// line's (prep +onchange: CMD, daemon +sigterm: CMD), a backslash at a
// line's end joining the next, a quoted command running on to its closing
// quote.
func moddCommands(text string) []string {
	var out []string
	lines := strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n")
	for i := 0; i < len(lines) && len(out) < maxPlantedCommands; i++ {
		k, v, ok := strings.Cut(strings.TrimSpace(lines[i]), ":")
		if w, _, _ := strings.Cut(k, " "); !ok || w != "prep" && w != "daemon" {
			continue
		}
		v = strings.TrimSpace(v)
		if q := v[:min(len(v), 1)]; q == `"` || q == "'" {
			for strings.Count(v, q) < 2 && i+1 < len(lines) {
				i++
				v += "\n" + lines[i]
			}
			v = strings.Trim(v, q)
		}
		out = append(out, v)
	}
	return out
}

// tomlCommandArgs returns, for each TOML section that names a command (the
// first, if more) and its args (cargo-make's [tasks.x] command = "rm", args = ["-rf", "~"]),
// the command line they make, each argument quoted as the shell reads it
// back.
func tomlCommandArgs(text string) []string {
	var out []string
	for _, s := range tomlSections(text) {
		cmds := keyedValues(s.body, setOf("command"), nil)
		if len(cmds) == 0 || len(out) >= maxPlantedCommands {
			continue
		}
		line := shellQuoted(strings.Trim(cmds[0], `"'`))
		for _, a := range keyedValues(s.body, setOf("args"), nil) {
			line += " " + shellQuoted(strings.Trim(a, `"'`))
		}
		out = append(out, line)
	}
	return out
}
