package hardline

import (
	"path"
	"slices"
	"strings"
)

// gitExecKeys are configuration keys whose value git runs as a command.
var gitExecKeys = []string{"core.pager", "core.sshcommand", "core.fsmonitor", "core.editor", "core.hookspath",
	"sequence.editor", "diff.external", "credential.helper", "gpg.program", "core.askpass", "pager.", "uploadpack.packobjectshook",
	"gpg.ssh.program", "gpg.x509.program", "gpg.openpgp.program", "core.gitproxy", "difftool.", "mergetool.", "merge.tool", "web.browser", "browser.",
	"sendemail.smtpserver", "sendemail.tocmd", "sendemail.cccmd", "uploadpack.", "receivepack.", "include.", "includeif.",
	"init.templatedir", "remote.", "interactive.difffilter", "core.alternaterefscommand", "sendemail.sendmailcmd",
	"sendemail.headercmd", "protocol.ext.allow", "protocol.allow", "gpg.ssh.defaultkeycommand", "man.", "help.browser", "instaweb.", "guitool."}

// gitDataOptions are git options whose value is a message, a pattern or a
// revision.
var gitDataOptions = vals(gitDataShort, gitDataLong...)

// gitDataShort and gitDataLong are the options of gitDataOptions.
var (
	gitDataShort = "mSGeCct"
	gitDataLong  = []string{"--message", "--grep", "--author", "--committer", "--format", "--pretty", "--since", "--until", "--date", "--trailer",
		"--reuse-message", "--reedit-message", "--fixup", "--squash"}
)

var _ = register([]Entry{
	{Names: names("git"), Family: "git", Summary: "-C, -c KEY=VALUE, --config-env and --work-tree; sub-commands that run commands, write files or serve folders",
		Options: []Option{opt(RoleWorkDir, "-C"), val("-c", "--config-env", "--git-dir", "--namespace", "--super-prefix", "--list-cmds", "--attr-source"),
			opt(RoleProgram, "--exec-path"), opt(RoleReadTree, "--work-tree"), opt(RoleWorkDir, "--work-tree")},
		Env: []EnvVar{{Name: "GIT_SSH_COMMAND", Role: RoleScript}, {Name: "GIT_SSH", Role: RoleCommand}, {Name: "GIT_PROXY_COMMAND", Role: RoleCommand},
			{Name: "GIT_EXTERNAL_DIFF", Role: RoleCommand}, {Name: "GIT_PAGER", Role: RoleFilter}, {Name: "GIT_EDITOR", Role: RoleScript},
			{Name: "GIT_SEQUENCE_EDITOR", Role: RoleScript}, {Name: "GIT_ASKPASS", Role: RoleCommand}, {Name: "GIT_CONFIG_PARAMETERS", Role: RoleProgram},
			{Name: "GIT_CONFIG_VALUE_*", Role: RoleScript}, {Name: "GIT_CONFIG_GLOBAL", Role: RoleProgram}, {Name: "GIT_CONFIG_SYSTEM", Role: RoleProgram},
			{Name: "GIT_EXEC_PATH", Role: RoleProgram}, {Name: "GIT_TEMPLATE_DIR", Role: RoleProgram},
			{Name: "GIT_CONFIG_COUNT", Role: RoleProgram}, {Name: "GIT_ALLOW_PROTOCOL", Role: RoleProgram},
			// An absolute path in a trace variable is a file git appends
			// its trace to (1, 2 and true mean stderr: a relative name).
			{Name: "GIT_TRACE*", Role: RoleWrite}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.git(sc, args, c, cmd)
			r.gitMore(sc, args, c, cmd)
			if has(args, "push") {
				r.infraDestroy(b, args, cmd) // push --force, --delete, +main, :main
			}
			return false
		},
		Subcommands: []Entry{
			{Names: names("clean"), Summary: "clean -f deletes the untracked files under its pathspecs (the working folder by default), judged as a recursive deletion of their contents", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					p := parseOpts(args, "e", []string{"--exclude"}, "")
					if !strings.ContainsRune(p.short, 'f') && !p.has("--force") {
						return true // without -f git clean deletes nothing
					}
					ops := p.ops
					if len(ops) == 0 {
						ops = []field{{val: "."}}
					}
					for _, o := range ops {
						o.contents = true
						r.judgeDelete(sc, o, true, cmd, "git clean")
					}
					return true
				}},
			{Names: names("rm"), Summary: "rm deletes the tracked files its pathspecs name from the work tree, under folders with -r (not --cached or -n)", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					p := parseOpts(args, "", []string{"--pathspec-from-file"}, "")
					if p.has("--cached") || p.has("--dry-run") || strings.ContainsRune(p.short, 'n') {
						return gitReads(r, sc, b, args, c, cmd) // the index only, or nothing
					}
					recursive := strings.ContainsRune(p.short, 'r')
					for _, o := range p.ops {
						o.contents = recursive // every tracked file under the folder, as git clean's
						r.judgeDelete(sc, o, recursive, cmd, "git rm")
					}
					return gitReads(r, sc, b, args, c, cmd)
				},
				Options: append([]Option{opt(RoleWrite, "--output")}, gitDataOptions...)},
			{Names: names("credential"), Summary: "credential fill prints a stored password", DataOnly: true,
				Subcommands: []Entry{{Names: names("fill"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("credential-store credential-cache credential-libsecret credential-osxkeychain credential-wincred credential-manager credential-manager-core credential-gnome-keyring"),
				Summary: "a credential helper's get prints a stored password", DataOnly: true, Options: vals("", "--file", "--socket", "--timeout"),
				Subcommands: []Entry{{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("grep"), Summary: "-O and --open-files-in-pager run a pager command; patterns are data; it reads the tracked files of its work tree", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.readTree(field{val: "."}, b, cmd)
					return false
				},
				Options: append([]Option{opt(RoleScript, "-O", "--open-files-in-pager"), opt(RoleRead, "-f"), opt(RoleWrite, "--output")}, gitDataOptions...)},
			{Names: names("instaweb"), Summary: "--httpd and --browser name programs it runs", Options: []Option{opt(RoleScript, "-d", "--httpd", "-b", "--browser"), val("-p", "--port", "-m", "--module-path")}},
			{Names: names("fast-import fast-export"), Summary: "--export-marks is written; fast-export prints the commits' files (a home's whole when git works in one)", DataOnly: true,
				Options: []Option{opt(RoleWrite, "--export-marks"), opt(RoleRead, "--import-marks", "--import-marks-if-exists")}, special: gitReads},
			{Names: names("apply am"), Summary: "--directory is the folder written; --unsafe-paths lets the patch write outside the work tree",
				Rule: ruleWriteOutside, DataOnly: true,
				Options: append([]Option{opt(RoleWriteTree, "--directory"), flag(RoleTrigger, "--unsafe-paths"), opt(RoleWrite, "--output")}, vals("pC", "--exclude", "--include", "--whitespace", "--build-fake-ancestor")...)},
			{Names: names("checkout-index"), Summary: "--prefix is where the files are written", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					for _, p := range parseOpts(args, "", []string{"--prefix"}, "").get("--prefix") {
						r.judgeWriteTree(sc, p, cmd)
						if d := path.Dir(p.val); !strings.HasSuffix(p.val, "/") && !p.dyn {
							r.judgeWriteTree(sc, field{val: d}, cmd) // --prefix=/root/.bash writes /root/.bashrc
						}
					}
					return true
				}},
			{Names: names("init"), Summary: "the folder and --separate-git-dir are written; --template installs hooks", DataOnly: true,
				Options:  []Option{opt(RoleWrite, "--separate-git-dir"), opt(RoleProgram, "--template"), val("-b", "--initial-branch", "--object-format", "--ref-format", "--shared")},
				Operands: []Operand{operand(0, RoleWrite)},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					// Without a folder named, the folder git works in (git
					// -C ~ init, cd ~ && git init) is the one written.
					if p := parseOpts(args, "b", []string{"--separate-git-dir", "--template", "--initial-branch", "--object-format", "--ref-format", "--shared"}, ""); len(p.ops) == 0 {
						r.judgeWrite(sc, field{val: "."}, ruleDiskWrite, cmd)
					}
					return true
				}},
			{Names: names("maintenance"), Summary: "maintenance start schedules git to run from cron or a timer (persistence)", DataOnly: true,
				Subcommands: []Entry{{Names: names("start"), Rule: rulePersistence, DataOnly: true}}},
			{Names: names("rebase"), Summary: "--exec runs a command after each commit",
				Options: append([]Option{opt(RoleScript, append(abbreviations("--exec", len("--exe")), "-x")...)}, vals("sXS", "--onto", "--strategy", "--strategy-option")...)},
			{Names: names("bisect"), Summary: "bisect run runs a command",
				Subcommands: []Entry{{Names: names("run"), Operands: []Operand{operand(0, RoleCommand)}}}},
			{Names: names("submodule"), Summary: "submodule foreach runs a script in each submodule",
				Subcommands: []Entry{{Names: names("foreach"), Operands: []Operand{operands(0, RoleScript)}}}},
			{Names: names("filter-branch"), Summary: "the filters are scripts",
				Options: append([]Option{opt(RoleScript, "--tree-filter", "--index-filter", "--msg-filter", "--env-filter", "--commit-filter", "--parent-filter", "--tag-name-filter", "--setup")},
					vals("d", "--subdirectory-filter")...)},
			{Names: names("clone"), Summary: "--upload-pack runs a command; --template installs hooks; the folder cloned into (named after the repository by default) is written whole",
				Options: append([]Option{opt(RoleScript, "-u", "--upload-pack", "--receive-pack", "--exec"), opt(RoleProgram, "--template"), opt(RoleWrite, "--separate-git-dir")},
					vals("objc", "--origin", "--branch", "--depth", "--reference", "--separate-git-dir", "--jobs", "--filter", "--shallow-since", "--shallow-exclude", "--config", "--server-option")...),
				special: cloneInto(1, "objcu", "--origin", "--branch", "--depth", "--reference", "--reference-if-able", "--separate-git-dir", "--jobs",
					"--filter", "--shallow-since", "--shallow-exclude", "--config", "--server-option", "--template", "--upload-pack", "--bundle-uri", "--revision")},
			{Names: names("fetch pull push ls-remote"), Summary: "--upload-pack, --receive-pack and --exec run commands; push sends the commits' files (a home's whole when git works in one)",
				Options: append([]Option{opt(RoleScript, "-u", "--upload-pack", "--receive-pack", "--exec")},
					vals("o", "--origin", "--branch", "--depth", "--jobs", "--filter", "--shallow-since", "--shallow-exclude", "--server-option", "--push-option", "--recurse-submodules-default")...),
				Operands: []Operand{operands(0, RoleData)}, special: gitReads},
			{Names: names("send-pack fetch-pack"), Summary: "the plumbing under push and fetch: --receive-pack, --upload-pack and --exec run commands",
				Options: []Option{opt(RoleScript, "--receive-pack", "--upload-pack", "--exec")}},
			{Names: names("archive"), Summary: "--output is written; --exec runs a command; the tracked files are read (a home's whole when git works in one)",
				Options: append([]Option{opt(RoleWrite, "-o", "--output"), opt(RoleScript, "--exec")}, vals("", "--remote", "--prefix", "--format", "--add-file", "--add-virtual-file")...),
				special: gitReads},
			{Names: names("difftool"), Summary: "--extcmd runs a command", Options: []Option{opt(RoleScript, "-x", "--extcmd"), val("-t", "--tool")}},
			{Names: names("format-patch"), Summary: "-o is written; the commits' files are read (a home's whole when git works in one)",
				Options: append([]Option{opt(RoleWrite, "-o", "--output-directory")}, vals("v", "--subject-prefix", "--suffix", "--to", "--cc", "--from", "--in-reply-to", "--base", "--reroll-count")...),
				special: gitReads},
			{Names: names("bundle"), Summary: "bundle create writes its file, holding the commits' files (a home's whole when git works in one)", Operands: []Operand{operand(1, RoleWrite)}, special: gitReads},
			{Names: names("worktree"), Summary: "worktree add writes its folder", Options: vals("bB", "--reason"), Operands: []Operand{operand(1, RoleWrite)}},
			{Names: names("daemon"), Summary: "the served folders are read whole",
				Options:  append([]Option{opt(RoleReadTree, "--base-path"), opt(RoleScript, "--access-hook")}, vals("", "--listen", "--port", "--user", "--group", "--interpolated-path", "--pid-file", "--timeout", "--init-timeout", "--max-connections")...),
				Operands: []Operand{operands(0, RoleReadTree)}},
			{Names: names("config"), Summary: "setting a key whose value git runs analyses the value and asks; -f FILE is written",
				Options: []Option{opt(RoleWrite, "-f", "--file")},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.gitConfigSet(sc, args, c, cmd)
					r.gitMoreConfigSet(sc, args, c, cmd)
					return true
				}},
			{Names: names("send-email"), Summary: "--sendmail-cmd and --to-cmd run commands",
				Options: []Option{opt(RoleScript, "--sendmail-cmd", "--to-cmd", "--cc-cmd", "--header-cmd", "--smtp-server")}},
			{Names: names("commit"), Summary: "messages are data; -F and --template are read", DataOnly: true,
				Options: append([]Option{opt(RoleRead, "-F", "--file", "-t", "--template")}, gitDataOptions...)},
			{Names: names("add"), Summary: "adding a home folder reads every secret in it", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					p := parseOpts(args, "", nil, "")
					ops := p.ops
					if len(ops) == 0 && (strings.ContainsRune(p.short, 'A') || p.has("--all")) {
						ops = []field{{val: "."}}
					}
					for _, o := range ops {
						r.readTree(o, "git add", cmd)
					}
					r.checkTargets(sc, ops, cmd) // what it stages, in the folder git -C moved to
					return true
				}},
			{Names: names("status log show diff blame shortlog rev-parse rev-list describe ls-files ls-tree cat-file branch reflog whatchanged range-diff show-ref for-each-ref name-rev merge-base count-objects fsck version help checkout switch restore reset revert cherry-pick merge mv stash tag notes remote gc prune"),
				Summary:  "arguments are revisions, paths and messages: paths and REV:PATH are read in the work tree; show, diff, blame, cat-file and log -p print tracked files, so a work tree that is a home reads it",
				DataOnly: true, special: gitReads,
				Options: append([]Option{opt(RoleWrite, "--output")}, gitDataOptions...)},
		}},
	{Names: names("hg chg"), Family: "git", Summary: "Mercurial: --config hooks, ui.ssh, ui.editor, ui.merge, merge-tools, pager and shell aliases (!) run commands; extensions load Python code; -e/--ssh runs a command; clone writes its folder and update, merge and revert the work tree",
		Options: []Option{keyed(RoleScript, "hooks.*", "--config"), keyed(RoleScript, "ui.ssh", "--config"), keyed(RoleScript, "ui.editor", "--config"),
			keyed(RoleScript, "ui.merge", "--config"), keyed(RoleScript, "merge-tools.*", "--config"), keyed(RoleScript, "pager.pager", "--config"),
			keyed(RoleScript, "ui.remotecmd", "--config"), opt(RoleWorkDir, "-R", "--repository", "--cwd"), opt(RoleScript, "-e", "--ssh")},
		Env:      []EnvVar{{Name: "HGEDITOR", Role: RoleScript}, {Name: "HGMERGE", Role: RoleScript}, {Name: "HGRCPATH", Role: RoleProgram}},
		DataOnly: true,
		special:  hgConfig,
		Subcommands: []Entry{
			{Names: names("clone"), DataOnly: true, special: cloneInto(1, "ruber", "--rev", "--updaterev", "--branch", "--remotecmd", "--ssh")},
			{Names: names("update up checkout co merge revert rebase histedit strip import unshelve backout graft"), Family: "git", DataOnly: true, WritesWorkDir: true}}},
	{Names: names("svn"), Family: "git", Summary: "Subversion: --editor-cmd, --diff-cmd, --diff3-cmd and the tunnels and helpers of --config-option run commands; checkout and export write their folder, update, switch, merge and revert the work tree",
		Options: []Option{opt(RoleScript, "--editor-cmd", "--diff-cmd", "--diff3-cmd"), keyed(RoleScript, "config:tunnels:*", "--config-option"),
			keyed(RoleScript, "config:helpers:*", "--config-option"), opt(RoleProgram, "--config-dir")},
		Env:      []EnvVar{{Name: "SVN_EDITOR", Role: RoleScript}, {Name: "SVN_SSH", Role: RoleScript}},
		DataOnly: true,
		Subcommands: []Entry{
			{Names: names("checkout co export"), DataOnly: true, special: cloneInto(1, "rm", "--revision", "--depth", "--set-depth", "--username", "--password", "--config-option", "--config-dir", "--native-eol")},
			{Names: names("update up switch sw merge revert resolve patch"), Family: "git", DataOnly: true, WritesWorkDir: true}}},
})

// hgConfig judges what hg's --config values do beyond their roles: a
// shell alias (alias.NAME=!CMD) is a script hg runs when the alias is
// used, and an extension given a path (extensions.NAME=PATH) is Python
// code hg loads (an empty value or "!" names a bundled one).
func hgConfig(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for i, a := range args {
		v, ok := strings.CutPrefix(a.val, "--config=")
		if !ok && a.val == "--config" && i+1 < len(args) {
			v, ok = args[i+1].val, !args[i+1].dyn
		}
		if !ok || a.dyn {
			continue
		}
		k, val, _ := strings.Cut(v, "=")
		switch k = strings.TrimSpace(asciiLower(k)); {
		case strings.HasPrefix(k, "alias.") && strings.HasPrefix(strings.TrimSpace(val), "!"):
			r.applyRole(sc, roleValue{role: RoleScript, f: field{val: strings.TrimPrefix(strings.TrimSpace(val), "!")}}, false, b, c, cmd)
		case strings.HasPrefix(k, "extensions.") && val != "" && !strings.HasPrefix(val, "!"):
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" --config "+k+" loads Python code from "+val, cmd, "")
		}
	}
	return false
}

// cloneInto is the handler of a clone sub-command whose repository is its
// first operand and whose folder the operand at dest names (git clone URL
// DIR, hg clone, svn checkout): the folder is written whole, and without
// one, the folder named after the repository in the working folder (cd ~
// && git clone URL/.oh-my-zsh).
//
// short and long are the options that take a value; should one be missing,
// every operand from dest on is judged as the folder.
func cloneInto(dest int, short string, long ...string) handler {
	return func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
		ops := parseOpts(args, short, long, "").ops
		switch {
		case len(ops) > dest:
			for _, o := range ops[dest:] {
				r.judgeWriteTree(sc, o, cmd)
				r.noteFetched(o)
			}
		case len(ops) == 0 || r.cwd == "":
		case ops[0].dyn:
			r.judgeWriteTree(sc, field{val: "."}, cmd) // a name not known, anywhere here
			r.noteFetched(field{val: "."})
		default:
			name := strings.TrimSuffix(strings.TrimRight(remotePath(ops[0].val), "/"), ".git")
			if i := strings.LastIndexAny(name, "/:"); i >= 0 {
				name = name[i+1:]
			}
			if name == "" || name == "." || name == ".." {
				name = "."
			}
			r.judgeWriteTree(sc, field{val: name}, cmd)
			r.noteFetched(field{val: name})
		}
		return false
	}
}

// gitMore judges what r.git does not: configuration keys given to git -c
// or to clone -c/--config whose value git runs (merge drivers, submodule
// update commands), clone's -c keys, and ext:: remote URLs, whose text git
// runs as a command when the ext transport is allowed.
func (r *run) gitMore(sc *scope, args []field, c ctx, cmd string) {
	sub := -1
	var workTree, configTree, gitDir *field
	moved := false // by -C, into the work tree or a folder in it
	defer func() {
		// Sub-commands that write the work tree write the folder
		// --work-tree names (git --work-tree=/etc checkout -f .), else
		// at least the folder they run in, which -C or cd moved to (git
		// -C ~ reset --hard, cd ~/.oh-my-zsh && git pull) and r.cwd
		// holds now. In a folder not known, as a write there is, it is
		// not judged.
		if sub < 0 || !gitWritesTree(args[sub].val, args[sub+1:]) {
			return
		}
		// The files it writes are the repository's own, from its history
		// or its remote, which the analyser does not read whether they
		// are written by this command or were there before: a program
		// run from the work tree afterwards is judged as one run from it
		// alone (git pull && make), not as one run from a folder filled
		// with files not read (judgeTreeWrite).
		// But apply and am write what a patch file holds, which is no
		// more the repository's than an archive's files are: a program
		// run from the tree afterwards asks (git apply x.patch && make),
		// as one run after patch does.
		judge := r.judgeTreeWrite
		if v := args[sub].val; v == "apply" || v == "am" {
			judge = r.judgeWriteTree
		}
		switch {
		case workTree != nil:
			judge(sc, *workTree, cmd)
		case moved || r.cwd != "":
			judge(sc, field{val: "."}, cmd)
		}
		// But a file named to be written from another revision or the
		// index (git checkout REV -- .husky/pre-commit, git restore
		// --source=REV build.sh) is written with text the command does not
		// show, as a copy's is: a hook, a file a program runs by itself or
		// a folder of them asks (plantUnread, judgeTreeWrite), and one run
		// later in the command is one it wrote first (runsMade).
		for _, f := range gitPathOperands(args[sub].val, args[sub+1:]) {
			r.judgeTreeWrite(sc, f, cmd)
			if !f.dyn && !r.holdsWorkDir(f) {
				r.noteWrite(f, "", false, true)
				r.noteFilled(f)
			}
		}
	}()
	for i := 0; i < len(args); i++ {
		v := args[i].val
		if args[i].dyn {
			continue
		}
		switch {
		case sub < 0 && v == "-c" && i+1 < len(args):
			r.gitMoreKey(sc, args[i+1], c, cmd)
			if k, val, ok := strings.Cut(args[i+1].val, "="); ok && asciiLower(k) == "core.worktree" {
				f := args[i+1]
				f.val = val
				configTree = &f
			}
			i++
		case sub < 0 && longValueAt(args, i, "--work-tree") > 0:
			f, n := longValue(args, i, "--work-tree")
			workTree = &f
			i += n - 1
		case sub < 0 && longValueAt(args, i, "--git-dir") > 0:
			f, n := longValue(args, i, "--git-dir")
			gitDir = &f
			i += n - 1
		case sub < 0 && (v == "-C" || slices.Contains(gitGlobals.long, v)):
			moved = moved || v == "-C"
			i++
		case sub < 0 && !strings.HasPrefix(v, "-"):
			sub = i
		case sub >= 0 && (v == "--config") && i+1 < len(args) && slices.Contains([]string{"clone", "submodule"}, args[sub].val):
			r.gitConfig(sc, args[i+1], c, cmd)
			r.gitMoreKey(sc, args[i+1], c, cmd)
			i++
		case sub >= 0 && strings.HasPrefix(v, "--config=") && args[sub].val == "clone":
			f := args[i]
			f.val = v[len("--config="):]
			r.gitConfig(sc, f, c, cmd)
			r.gitMoreKey(sc, f, c, cmd)
		case sub >= 0 && strings.HasPrefix(v, "-c") && args[sub].val == "clone":
			f := args[i]
			if len(v) > 2 {
				f.val = v[2:]
			} else if i+1 < len(args) {
				i++
				f = args[i]
			}
			r.gitConfig(sc, f, c, cmd)
			r.gitMoreKey(sc, f, c, cmd)
		}
		remote := v
		if strings.HasPrefix(v, "--") {
			_, remote, _ = strings.Cut(v, "=") // git archive --remote=ext::...
		}
		if t, ok := strings.CutPrefix(remote, "ext::"); ok && sub >= 0 && i > sub {
			r.finding(ruleInlineInterp, Dynamic, Ask, "git runs the command of an ext:: remote", cmd, "")
			// git runs it without a shell; read as a shell would read the
			// text too, the stricter of the two readings stands.
			if argv := extArgv(t); len(argv) > 0 {
				r.embeddedArgv(sc, argv, "", c)
			}
			r.reparseField(sc, field{val: strings.NewReplacer("% ", " ", "%%", "%").Replace(t)}, c, cmd, true)
		}
	}
	// A repository named by --git-dir or GIT_DIR is read where it lies:
	// its work tree's files are what show, diff and log -p print (git
	// --git-dir=/home/dev/.git log -p reads a home's history).
	gitDirEnv := false
	if gitDir == nil {
		if f, ok := r.envFolder(sc, "GIT_DIR", c.pos); ok && (f.dyn || f.val != "") {
			gitDir, gitDirEnv = &f, true
		}
	}
	if sub >= 0 {
		r.gitRepository(gitDir, gitDirEnv, cmd)
	}
	if gitDir != nil && !gitDir.dyn && sub >= 0 && gitPrintsContent(args[sub].val, args[sub+1:]) {
		tree := strings.TrimSuffix(gitDir.val, "/")
		if path.Base(tree) == ".git" {
			tree = path.Dir(tree)
		}
		r.readTree(field{val: tree}, "git "+args[sub].val, cmd)
	}
	if workTree != nil {
		return
	}
	// Without --work-tree, GIT_WORK_TREE and then core.worktree name the
	// work tree (GIT_WORK_TREE=~ git clean -fdx): read whole as
	// --work-tree's is, and written by the sub-commands that write it.
	if f, ok := r.envFolder(sc, "GIT_WORK_TREE", c.pos); ok && (f.dyn || f.val != "") {
		workTree = &f
	} else if configTree != nil {
		workTree = configTree
	}
	switch {
	case workTree == nil:
	case workTree.dyn:
		r.finding(ruleEnvCode, Dynamic, Ask, "git's work tree comes from "+workTree.why+" and cannot be judged", cmd, "")
	default:
		r.applyRole(sc, roleValue{role: RoleReadTree, f: *workTree}, false, "git", c, cmd)
	}
}

// gitRepository judges the repository git uses, when a call before may
// have written its configuration or hooks without being asked: writes
// into a .git folder, and into a bare NAME.git's configuration and hooks,
// ask (persistence), but a repository folder named otherwise does not
// look like one to a write. git runs what a repository's configuration
// names (core.fsmonitor on status, aliases, filter drivers, diff
// programs, core.sshCommand) and its hooks, so a command that points git
// at such a folder in a root or a temporary folder (--git-dir, GIT_DIR),
// or runs git in or below one, asks: git takes a folder holding HEAD as
// a bare repository when it finds no .git there first (its own test also
// wants objects and refs; the stricter reading stands). A repository
// named in a variable not known asks too. What the folders git searches
// hold is looked up through Config.Exists, as git looks: through the
// links on the way, not resolving them first.
func (r *run) gitRepository(gitDir *field, fromEnv bool, cmd string) {
	rule, how := ruleInlineInterp, "--git-dir"
	if fromEnv {
		rule, how = ruleEnvCode, "GIT_DIR"
	}
	if gitDir != nil {
		if gitDir.dyn {
			r.finding(rule, Dynamic, Ask, "the repository git uses ("+how+") comes from "+gitDir.why+", and its configuration and hooks, which git runs, cannot be judged", cmd, "")
			return
		}
		if gitDir.val == "" {
			return
		}
		res := r.resolve(*gitDir)
		if res.unknown != nil || len(res.paths) == 0 {
			return // resolve asked
		}
		if p := res.paths[len(res.paths)-1]; r.inScriptPlace(p) && !gitFolderName(p) {
			r.finding(rule, Path, Ask, "git uses the repository "+p+" ("+how+"), which is not a .git folder: its configuration and hooks, which git runs, may have been written without being asked", cmd, p)
		}
		return
	}
	if r.env.Canonical == nil || r.cwd == "" {
		return
	}
	if bare := r.gitBare(); bare != "" {
		r.finding(ruleInlineInterp, Path, Ask, "git runs in "+r.cwd+", and "+bare+" holds HEAD but no .git: git takes it as a bare repository, whose configuration and hooks, which git runs, may have been written without being asked", cmd, bare)
	}
}

// gitBare returns the folder git run in r.cwd would take for a bare
// repository (one holding HEAD without a .git beside it, found before
// any .git on the way up), or "" for none, searched once per folder and
// call. The folders searched are those of the root git starts in, up to
// its top, or those below a temporary folder's top when it starts in one
// outside the roots (inScriptTemp: the top itself is not): where a call
// may have written without being asked. (Going on above a root to the
// temporary folder that holds it would make every git call look up, and
// list, /tmp.)
//
// A HEAD the command itself writes before (printf ... > sub/HEAD), or one
// in a folder it fills with files it does not read (an archive extracted,
// a tree copied), counts as there, and so does the .git of a folder it
// clones into; such a search is not kept for later.
func (r *run) gitBare() string {
	made := len(r.written) > 0 || len(r.fileLists().filled) > 0
	if !made {
		for _, s := range r.calls.gitSearched {
			if s.cwd == r.cwd {
				return s.bare
			}
		}
	}
	bare := ""
	inRoot := r.inAnyRoot(r.cwd)
	for d := r.cwd; !gitFolderName(d) && (inRoot && r.inAnyRoot(d) || !inRoot && inScriptTemp(d)); d = path.Dir(d) {
		// git looks for .git first in each folder, and takes the folder
		// itself for a repository after; the folders without HEAD are
		// passed on the way up without a lookup of their .git, so a
		// HEAD above a .git git would stop at asks all the same.
		if r.exists(d+"/HEAD") || made && r.madeHere(field{val: d + "/HEAD"}) {
			if !r.exists(d+"/.git") && !r.clonedHere(d) {
				bare = d
			}
			break
		}
		if path.Dir(d) == d {
			break
		}
	}
	if !made {
		r.calls.gitSearched = append(r.calls.gitSearched, gitSearch{r.cwd, bare})
	}
	return bare
}

// clonedHere reports whether the command fetches into the folder d
// (git clone's destination), whose .git the clone makes.
func (r *run) clonedHere(d string) bool {
	fetched := r.fileLists().fetched
	if len(fetched) == 0 {
		return false
	}
	for _, p := range r.resolve(field{val: d}).paths {
		if slices.Contains(fetched, r.a.key(p)) {
			return true
		}
	}
	return false
}

// madeHere reports whether the file f names is one the command writes
// before this point, or lies in a folder it fills with files it does not
// read (noteFilled).
func (r *run) madeHere(f field) bool {
	if _, _, written := r.writtenAt(f); written {
		return true
	}
	_, filled := r.filledAtFile(f)
	return filled
}

// gitSearch is what gitBare found for git run in one folder.
type gitSearch struct{ cwd, bare string }

// gitFolderName reports whether the folder p is named as git's own
// folders are (.git, a bare repository's NAME.git, or .bare, as the
// layout of a bare repository with worktrees names it), whose
// configuration and hooks a write asks about (see gitRunsIt).
func gitFolderName(p string) bool {
	if hasSuffixLower(strings.TrimSuffix(p, "/"), ".git") {
		return true
	}
	p = strings.TrimRight(p, "/")
	p = p[strings.LastIndexByte(p, '/')+1:]
	return len(p) == len(".bare") && hasSuffixLower(p, ".bare")
}

// extArgv splits the command of an ext:: remote as git does: an unescaped
// space separates arguments, "% " is a space within one and "%%" a
// percent sign (ext::sh -c rm% -rf% ~ runs sh, -c and "rm -rf ~").
// git's own placeholders (%s, %S, %G, %V) stay as written.
func extArgv(t string) []field {
	var argv []field
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '%' && i+1 < len(t) && (t[i+1] == ' ' || t[i+1] == '%'):
			i++
			b.WriteByte(t[i])
		case c == ' ':
			if b.Len() > 0 {
				argv = append(argv, field{val: b.String()})
				b.Reset()
			}
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 {
		argv = append(argv, field{val: b.String()})
	}
	return argv
}

// gitTreeWriters are the sub-commands that write files of the work tree.
var gitTreeWriters = map[string]bool{"checkout": true, "switch": true, "restore": true, "reset": true, "merge": true, "pull": true,
	"stash": true, "cherry-pick": true, "revert": true, "rebase": true, "am": true, "apply": true, "read-tree": true, "checkout-index": true, "sparse-checkout": true, "clean": true, "rm": true}

// gitWritesTree reports whether the sub-command sub with args writes the
// work tree: one of gitTreeWriters, except the forms that only look or
// touch the index (clean -n, reset without --hard, stash list, apply
// --check).
func gitWritesTree(sub string, args []field) bool {
	if !gitTreeWriters[sub] {
		return false
	}
	has := func(names ...string) bool {
		return slices.ContainsFunc(args, func(f field) bool { return slices.Contains(names, f.val) })
	}
	switch sub {
	case "clean":
		return !has("-n", "--dry-run") && !slices.ContainsFunc(args, func(f field) bool {
			return strings.HasPrefix(f.val, "-") && !strings.HasPrefix(f.val, "--") && strings.ContainsRune(f.val, 'n')
		})
	case "rm":
		return !has("--cached", "--dry-run") && !hasShort(args, 'n')
	case "reset":
		return has("--hard", "--merge", "--keep")
	case "stash":
		return len(args) == 0 || strings.HasPrefix(args[0].val, "-") || has("push", "save", "pop", "apply")
	case "apply":
		return !has("--check", "--stat", "--numstat", "--summary", "--cached")
	}
	return true
}

// holdsWorkDir reports whether the folder f names is the working folder
// or one above it (git checkout ., git restore ..): the whole tree, which
// git writes with the repository's own files (see gitMore).
func (r *run) holdsWorkDir(f field) bool {
	if r.cwd == "" {
		return false
	}
	cwd := r.a.key(r.cwd)
	return slices.ContainsFunc(r.resolve(f).paths, func(p string) bool { return r.a.within(cwd, r.a.key(p)) })
}

// gitPathOperands returns the paths the sub-command sub with args names
// to be written: checkout's and restore's pathspecs (all operands after
// --; without it, restore's every operand and checkout's after the first,
// a revision, or its only one, which git takes for a path when no branch
// has its name, unless its value is not known: a branch, most likely),
// checkout-index's files under its --prefix. restore --staged without
// --worktree writes only the index; checkout -b, -B, --orphan and -t name
// a branch, not paths.
func gitPathOperands(sub string, args []field) []field {
	var values []string
	switch sub {
	case "checkout":
		values = []string{"-b", "-B", "--orphan", "--conflict", "--pathspec-from-file"}
	case "restore":
		values = []string{"-s", "--source", "--conflict", "--pathspec-from-file"}
	case "checkout-index":
		values = []string{"--prefix", "--stage"}
	default:
		return nil
	}
	var ops []field
	prefix, dashes, staged, worktree, branch := "", -1, false, false, false
	for i := 0; i < len(args); i++ {
		v := args[i].val
		switch {
		case dashes >= 0:
			ops = append(ops, args[i])
		case v == "--":
			dashes = len(ops)
		case v == "-" || !strings.HasPrefix(v, "-"):
			ops = append(ops, args[i])
		case slices.Contains(values, v):
			branch = branch || v == "-b" || v == "-B" || v == "--orphan"
			i++
		case strings.HasPrefix(v, "--prefix="):
			prefix = v[len("--prefix="):]
		case strings.HasPrefix(v, "-s") && !strings.HasPrefix(v, "--") && sub == "restore":
			// -sREV: a revision, whose letters are no options (-sStable)
		case v == "--track" || strings.HasPrefix(v, "--track="):
			branch = true // (a branch made from the one named)
		case v == "--staged":
			staged = true
		case v == "--worktree":
			worktree = true
		case !strings.HasPrefix(v, "--"):
			staged = staged || strings.ContainsRune(v, 'S')
			worktree = worktree || strings.ContainsRune(v, 'W')
			branch = branch || sub == "checkout" && strings.ContainsAny(v, "bBt")
		}
	}
	switch {
	case branch || sub == "restore" && staged && !worktree:
		return nil
	case sub == "checkout" && dashes > 0:
		ops = ops[dashes:] // git checkout REV -- PATHS
	case sub == "checkout" && dashes < 0 && len(ops) > 1:
		ops = ops[1:] // git checkout REV PATHS
	case sub == "checkout" && dashes < 0 && len(ops) == 1 && ops[0].dyn:
		return nil // a branch, most likely (git checkout "$BRANCH")
	}
	if prefix != "" {
		for i := range ops {
			ops[i].val = prefix + ops[i].val
		}
	}
	return ops
}

// gitMoreKey judges one KEY=VALUE whose key git runs by its name's end.
func (r *run) gitMoreKey(sc *scope, kv field, c ctx, cmd string) {
	k, v, _ := strings.Cut(kv.val, "=")
	k = asciiLower(k)
	if !gitMoreExecKey(k, v) {
		return
	}
	r.finding(ruleInlineInterp, Dynamic, Ask, "git -c "+k+" runs a command the analyser does not follow", cmd, "")
	if !kv.dyn && v != "" {
		r.reparseField(sc, field{val: gitCommandText(k, v)}, c, cmd, true)
	}
}

// gitCommandText is the command a key's value (or an ext:: URL in the key
// or the value) stands for: "!CMD" is CMD, ext::CMD is CMD with git's %
// escapes undone.
func gitCommandText(k, v string) string {
	ext := func(t string) string { return strings.NewReplacer("% ", " ", "%%", "%").Replace(t) }
	if t, ok := strings.CutPrefix(strings.TrimSpace(v), "ext::"); ok {
		return ext(t)
	}
	if i := strings.Index(k, "ext::"); i >= 0 && strings.HasPrefix(k, "url.") {
		t := k[i+len("ext::"):]
		if j := strings.LastIndex(t, "."); j >= 0 {
			t = t[:j]
		}
		return ext(t)
	}
	return strings.TrimPrefix(v, "!")
}

// gitMoreExecKey reports whether git runs the value of a key that
// gitExecKeys, by prefix, does not name: merge.NAME.driver and a
// submodule.NAME.update that starts with '!'.
func gitMoreExecKey(k, v string) bool {
	switch {
	case strings.HasPrefix(k, "credential.") && strings.HasSuffix(k, ".helper"):
		return true
	case strings.HasPrefix(k, "url.") && strings.Contains(k, "ext::"), strings.HasPrefix(strings.TrimSpace(v), "ext::"):
		return true
	case strings.HasPrefix(k, "merge.") && strings.HasSuffix(k, ".driver"):
		return true
	case strings.HasPrefix(k, "submodule.") && strings.HasSuffix(k, ".update"):
		return strings.HasPrefix(strings.TrimSpace(v), "!")
	}
	return false
}

// gitMoreConfigSet judges git config KEY VALUE for the keys gitMoreExecKey
// names: storing them asks.
func (r *run) gitMoreConfigSet(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "f", []string{"--file", "--blob", "--type", "--default", "--comment"}, "")
	ops := p.ops
	if len(ops) > 0 && ops[0].val == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 || !gitMoreExecKey(asciiLower(ops[0].val), ops[1].val) {
		return
	}
	r.finding(rulePersistence, Command, Ask, "git config "+ops[0].val+" stores a command git runs later", cmd, "")
	if !ops[1].dyn {
		r.reparseField(sc, field{val: gitCommandText(asciiLower(ops[0].val), ops[1].val)}, c, cmd, true)
	}
}

// gitContent are git's sub-commands that print the content of tracked
// files (or, for log and whatchanged, do with -p and its kin).
var gitContent = map[string]bool{"show": true, "diff": true, "blame": true, "cat-file": true, "range-diff": true,
	"archive": true, "bundle": true, "format-patch": true, "fast-export": true, "push": true}

// gitReads judges a sub-command that reads the repository: one that
// prints tracked files (show, diff, blame, cat-file, range-diff, and log,
// whatchanged and stash show with -p, -u, -L or --patch) or packs or sends
// them elsewhere (archive, bundle, format-patch, fast-export, push) reads its work
// tree, a home's whole when git works in one (git -C ~ show
// HEAD:.ssh/id_rsa, cd ~ && git diff), as a recursive read of the folder
// does. What it prints comes from the repository, not the files, so the
// paths it names (REV:PATH is relative to the repository's top, which the
// analyser does not know) are judged through the folder. See
// docs/security-model.md, Hardline.
func gitReads(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	sub := b[strings.LastIndexByte(b, ' ')+1:]
	if gitPrintsContent(sub, args) {
		r.readTree(field{val: "."}, b, cmd)
	}
	if sub == "diff" {
		// git diff --no-index A B, implied when a path lies outside the
		// repository, prints every file of two folders that differs:
		// each operand is read whole (git diff --no-index /tmp/empty ~).
		for _, o := range parseOpts(args, gitDataShort, gitDataLong, "").ops {
			r.readTree(o, b, cmd)
		}
	}
	return false
}

// gitPrintsContent reports whether git's sub-command sub, given args,
// prints or sends the content of tracked files (see gitReads).
func gitPrintsContent(sub string, args []field) bool {
	if gitContent[sub] {
		return true
	}
	if sub == "log" || sub == "whatchanged" || sub == "stash" {
		p := parseOpts(args, gitDataShort+"n", gitDataLong, "")
		return strings.ContainsAny(p.short, "puL") || slices.ContainsFunc(p.long, func(l string) bool { return strings.HasPrefix(l, "--patch") })
	}
	return false
}

// longValueAt is the number of words the long option name takes at
// args[i]: 2 for NAME VALUE, 1 for NAME=VALUE, 0 when args[i] is not it.
func longValueAt(args []field, i int, name string) int {
	switch v := args[i].val; {
	case v == name && i+1 < len(args):
		return 2
	case strings.HasPrefix(v, name+"="):
		return 1
	}
	return 0
}

// longValue returns the value of the long option name at args[i] (see
// longValueAt) and the words it takes.
func longValue(args []field, i int, name string) (field, int) {
	switch n := longValueAt(args, i, name); n {
	case 2:
		return args[i+1], 2
	case 1:
		f := args[i]
		f.val = f.val[len(name)+1:]
		return f, 1
	}
	return field{}, 0
}
