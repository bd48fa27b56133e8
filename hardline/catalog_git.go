package hardline

import "strings"

// gitExecKeys are configuration keys whose value git runs as a command.
var gitExecKeys = []string{"core.pager", "core.sshcommand", "core.fsmonitor", "core.editor", "core.hookspath",
	"sequence.editor", "diff.external", "credential.helper", "gpg.program", "core.askpass", "pager.", "uploadpack.packobjectshook",
	"gpg.ssh.program", "gpg.x509.program", "gpg.openpgp.program", "core.gitproxy", "difftool.", "mergetool.", "merge.tool", "web.browser", "browser.",
	"sendemail.smtpserver", "sendemail.tocmd", "sendemail.cccmd", "uploadpack.", "receivepack.", "include.", "includeif.",
	"core.worktree", "init.templatedir", "remote."}

// gitDataOptions are git options whose value is a message, a pattern or a
// revision.
var gitDataOptions = vals("mSGeCct", "--message", "--grep", "--author", "--committer", "--format", "--pretty", "--since", "--until", "--date", "--trailer", "--reuse-message", "--reedit-message", "--fixup", "--squash")

var _ = register([]Entry{
	{Names: names("git"), Family: "git", Summary: "-C, -c KEY=VALUE, --config-env and --work-tree; sub-commands that run commands, write files or serve folders",
		Options: []Option{opt(RoleWorkDir, "-C"), val("-c", "--config-env", "--git-dir", "--namespace", "--super-prefix", "--list-cmds", "--attr-source"),
			opt(RoleProgram, "--exec-path"), opt(RoleReadTree, "--work-tree")},
		Env: []EnvVar{{Name: "GIT_SSH_COMMAND", Role: RoleScript}, {Name: "GIT_SSH", Role: RoleCommand}, {Name: "GIT_PROXY_COMMAND", Role: RoleCommand},
			{Name: "GIT_EXTERNAL_DIFF", Role: RoleCommand}, {Name: "GIT_PAGER", Role: RoleScript}, {Name: "GIT_EDITOR", Role: RoleScript},
			{Name: "GIT_SEQUENCE_EDITOR", Role: RoleScript}, {Name: "GIT_ASKPASS", Role: RoleCommand}, {Name: "GIT_CONFIG_PARAMETERS", Role: RoleProgram},
			{Name: "GIT_CONFIG_VALUE_*", Role: RoleScript}, {Name: "GIT_CONFIG_GLOBAL", Role: RoleProgram}, {Name: "GIT_CONFIG_SYSTEM", Role: RoleProgram},
			{Name: "GIT_EXEC_PATH", Role: RoleProgram}, {Name: "GIT_TEMPLATE_DIR", Role: RoleProgram}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.git(sc, args, c, cmd)
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
			{Names: names("credential"), Summary: "credential fill prints a stored password", DataOnly: true,
				Subcommands: []Entry{{Names: names("fill"), Rule: ruleSensitivePath, DataOnly: true}}},
			{Names: names("rebase"), Summary: "--exec runs a command after each commit",
				Options: append([]Option{opt(RoleScript, "-x", "--exec")}, vals("sXS", "--onto", "--strategy", "--strategy-option")...)},
			{Names: names("bisect"), Summary: "bisect run runs a command",
				Subcommands: []Entry{{Names: names("run"), Operands: []Operand{operand(0, RoleCommand)}}}},
			{Names: names("submodule"), Summary: "submodule foreach runs a script in each submodule",
				Subcommands: []Entry{{Names: names("foreach"), Operands: []Operand{operands(0, RoleScript)}}}},
			{Names: names("filter-branch"), Summary: "the filters are scripts",
				Options: append([]Option{opt(RoleScript, "--tree-filter", "--index-filter", "--msg-filter", "--env-filter", "--commit-filter", "--parent-filter", "--tag-name-filter", "--setup")},
					vals("d", "--subdirectory-filter")...)},
			{Names: names("clone fetch pull push ls-remote"), Summary: "--upload-pack, --receive-pack and --exec run commands; --template installs hooks; clone writes its folder",
				Options: append([]Option{opt(RoleScript, "-u", "--upload-pack", "--receive-pack", "--exec"), opt(RoleProgram, "--template")},
					vals("objc", "--origin", "--branch", "--depth", "--reference", "--separate-git-dir", "--jobs", "--filter", "--shallow-since", "--shallow-exclude", "--config", "--server-option", "--push-option")...),
				Operands: []Operand{operand(1, RoleWrite)}},
			{Names: names("archive"), Summary: "--output is written; --exec runs a command",
				Options: append([]Option{opt(RoleWrite, "-o", "--output"), opt(RoleScript, "--exec")}, vals("", "--remote", "--prefix", "--format", "--add-file", "--add-virtual-file")...)},
			{Names: names("difftool"), Summary: "--extcmd runs a command", Options: []Option{opt(RoleScript, "-x", "--extcmd"), val("-t", "--tool")}},
			{Names: names("format-patch"), Summary: "-o is written",
				Options: append([]Option{opt(RoleWrite, "-o", "--output-directory")}, vals("v", "--subject-prefix", "--suffix", "--to", "--cc", "--from", "--in-reply-to", "--base", "--reroll-count")...)},
			{Names: names("bundle"), Summary: "bundle create writes its file", Operands: []Operand{operand(1, RoleWrite)}},
			{Names: names("worktree"), Summary: "worktree add writes its folder", Options: vals("bB", "--reason"), Operands: []Operand{operand(1, RoleWrite)}},
			{Names: names("daemon"), Summary: "the served folders are read whole",
				Options:  append([]Option{opt(RoleReadTree, "--base-path"), opt(RoleScript, "--access-hook")}, vals("", "--listen", "--port", "--user", "--group", "--interpolated-path", "--pid-file", "--timeout", "--init-timeout", "--max-connections")...),
				Operands: []Operand{operands(0, RoleReadTree)}},
			{Names: names("config"), Summary: "setting a key whose value git runs analyses the value and asks",
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.gitConfigSet(sc, args, c, cmd)
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
			{Names: names("status log show diff grep blame shortlog rev-parse rev-list describe ls-files ls-tree cat-file branch reflog whatchanged range-diff show-ref for-each-ref name-rev merge-base count-objects fsck version help checkout switch restore reset revert cherry-pick merge rm mv stash tag notes init remote gc prune am apply"),
				Summary: "arguments are revisions, paths and messages", DataOnly: true,
				Options: append([]Option{opt(RoleWrite, "--output")}, gitDataOptions...)},
		}},
})
