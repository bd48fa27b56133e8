// Package hardline decides whether a shell command or a path names a
// destructive operation or a sensitive host path: the hardline rules that
// hold in every permission mode (seed 000 invariant 2). The policy package
// calls it at step 2 of evaluation and maps findings to verdicts: Block is
// deny, Ask is approval-required (deny in deny mode). Reasons are
// "hardline.command", "hardline.path" and "hardline.dynamic" by Kind, and
// the finding's Rule is the decision's rule.
//
// # How a command is read
//
// A command is parsed as bash with mvdan.cc/sh/v3/syntax, never matched as
// text, so `echo "rm -rf /"`, `grep -r "rm -rf /" .` and comments are
// harmless while `r""m -fr /`, `\rm -rf /`, `/bin/rm -r -f /` are caught.
// Every simple command is judged: in pipelines, lists, subshells, blocks,
// if/while/for/case bodies, functions, command and process substitutions,
// arithmetic and declarations. Words are expanded statically with
// mvdan.cc/sh/v3/expand: quote removal, ~ and $HOME (Config.Home), $PWD,
// brace expansion, variables assigned a static value earlier in the same
// script, and $(echo ...), $(printf ...), $(pwd). Nothing is executed and
// nothing is globbed; a pattern is judged by what it may match.
//
// Wrappers are unwrapped and the command they run is judged: sudo, doas, su
// -c, runuser, pkexec, env (assignments, -i, -u, -C, -S), nohup, timeout,
// nice, ionice, stdbuf, command, builtin, exec, time, chroot, busybox,
// toybox, setsid, flock, watch, unbuffer, rlwrap, strace, ltrace,
// systemd-run, xargs, parallel, find -exec/-execdir/-ok/-okdir and others.
// Literal scripts are re-parsed: sh/bash/zsh/dash/ksh -c (with any
// options, and their positional parameters), eval, here-documents and
// here-strings fed to a shell, `echo '...' | sh`, trap, alias (and a later
// use of the alias) and git -c alias.x='!...'. /proc/PID/root/x is judged
// as /x. Commands given as option values are analysed too: tar
// --checkpoint-action=exec= and --to-command, zip -TT, rsync -e, ssh -o
// ProxyCommand=, man -P, gdb -ex 'shell ...', less +!..., apt -o ...Invoke=,
// and the recipes of a makefile read from standard input. A shell script the
// command writes (echo, printf, cat or tee of a here-document) and then runs
// is analysed as written; one whose text is not known asks. `cd` is followed so that `cd ~/.ssh && cat id_rsa` and
// `cd / && rm -rf *` are judged where they run.
//
// Targets are made absolute against Env.WorkDir (the primary root) and
// judged lexically and, when Env.Canonical is set, through symlinks; the
// stricter result wins.
//
// # Rule catalogue
//
// Rules returns the catalogue; every finding's Rule is one of these names.
//
//	rule                        kind     severity  what
//	rm-root                     command  block     recursive delete of / or everything in it (rm -rf /, /*, find / -delete)
//	rm-system                   command  block     recursive delete of a system folder or in a system tree (/etc, /usr, /boot, /tmp itself, C:\Windows, ...)
//	rm-home                     command  block     recursive delete of the home folder or of a folder in it outside every root
//	rm-root-ancestor            command  block     recursive delete of a root itself or of an ancestor of a root (rm -rf .., rm -rf .)
//	rm-read-only-root           command  block     recursive delete in a read-only root
//	rm-recursive-outside-roots  command  ask       other recursive delete outside every writable root (rm -rf /tmp/x)
//	mv-system                   command  block     moving / or a system folder
//	mv-home                     command  block     moving the home folder
//	mv-root-ancestor            command  block     moving a root or an ancestor of one
//	chmod-system                command  block     chmod/chattr/setfacl of /, home or a system folder, or -R in a system tree
//	chown-system                command  block     chown/chgrp of /, home or a system folder, or -R in a system tree
//	mkfs                        command  block     mkfs*, mke2fs, mkswap, newfs on a device; format C:
//	dd-device                   command  block     dd of= a block device
//	disk-write                  command  block     redirection, tee, cp onto a block device
//	wipe-device                 command  block     wipefs, shred, blkdiscard of a device; hdparm erase, nvme format, cryptsetup luksFormat, lvremove, zpool destroy, ...
//	partition-tool              command  block     fdisk, sfdisk, gdisk, sgdisk, parted, cfdisk on a device (listing is fine); diskutil eraseDisk; diskpart
//	fork-bomb                   command  block     a function reaching itself through a pipeline or background call
//	protected-write             command  block     writing/truncating/deleting /etc/passwd, shadow, group, sudoers(.d), fstab, PAM, ld.so.preload, cron, /boot, /dev/mem, /proc/sys, /sys, ...
//	startup-file-write          command  block     writing ~/.bashrc, ~/.profile, ~/.zshrc, fish config, autostart, LaunchAgents, PowerShell profiles
//	crontab-remove              command  block     crontab -r
//	kill-all                    command  block     kill -1 (any signal), killall5
//	shutdown                    command  block     shutdown, reboot, halt, poweroff, init 0/6, systemctl poweroff/reboot/halt
//	kernel-param                command  block     sysctl -w
//	reverse-shell               command  block     nc -e/-c, ncat --exec/--sh-exec, socat exec:/system: (a shell handed to a network peer)
//	write-outside-roots         command  ask       a non-recursive write, delete, move or chmod outside every writable root
//	system-admin                command  ask       userdel, useradd, usermod, passwd with arguments, visudo, setenforce, modprobe, sysctl -w, iptables/nft/ufw changes, systemctl stop/disable/mask/enable/kill; docker/podman run with /, home, a system folder or the engine's socket mounted, or --privileged
//	persistence                 command  ask       crontab FILE or -, at, batch: commands scheduled to run later
//	link-escape                 command  ask       ln -s to /, a system folder, the home folder or an ancestor of a root (ln -s / x && rm -rf x/)
//	sensitive-path              path     block     any word, option value (--file=, -F@, file=@, if=) or redirection naming a sensitive path
//	raw-disk-read               path     ask       reading a raw disk or memory device (dd if=/dev/sda, cat /dev/nvme0n1, < /dev/sda)
//	dynamic-command-name        dynamic  ask       command name from a variable, substitution or pattern ($CMD, $(echo rm), /bin/r?)
//	dynamic-target              dynamic  ask       recursive delete, chmod -R, dd, mkfs, shred of a target that is not static
//	pipe-to-shell               dynamic  ask       curl | sh, base64 -d | bash, source <(curl ...), bash <(...), curl | python3
//	eval-dynamic                dynamic  ask       eval "$x", sh -c "$(...)", su -c "$CMD"
//	inline-interpreter          dynamic  ask       python -c, node -e/-p, perl -e, ruby -e, php -r, lua -e, pwsh -Command, osascript -e, awk with system() or pipes, interpreters fed a here-document, git -c core.pager=..., vim -c/+cmd, emacs --eval, sed's e command or s///e flag
//	xargs-dynamic               dynamic  ask       xargs or parallel feeding rm, mv, chmod, shred, sh -c from input that is not known
//	runs-written-file           dynamic  ask       running a script the same command wrote (echo ... > x.sh && bash x.sh)
//	parse-error                 dynamic  ask       the command does not parse or is incomplete (the lines before the error are still judged)
//	too-complex                 dynamic  ask       over Config.MaxBytes, nesting or wrapper depth over Config.MaxDepth, or the work budget
//	internal-error              dynamic  ask       the analyser failed; never expected
//
// Judgement calls, documented: shutdown, reboot, crontab -r and kill -1
// block (an agent has no business stopping the host, and they cannot be
// undone); writing a shell startup file blocks, because it is persistence
// even when the home folder is a root; deleting a root itself (`rm -rf .`
// from the workspace) blocks, its contents (`rm -rf ./*`) are ordinary
// work; a non-recursive `rm "$f"` or a redirection to "$out" is not flagged,
// but a recursive delete of a dynamic target asks. Reads of system files
// that are not in the sensitive list (/etc/passwd, /etc/hosts) are fine.
//
// # Sensitive host paths
//
// BuiltinSensitivePaths lists the built-in doublestar patterns; Config adds
// more and nothing removes one. "~/" is the home folder, "?:" any Windows
// drive, and "dir/**" matches the folder itself too. A built-in "~/" pattern
// also applies in every other user's home (/root and /home/* on Linux,
// /var/root and /Users/* on macOS, ?:/Users/* on Windows), so another
// account's keys are as sensitive as the user's own; the rest of a home
// folder is not, so an agent run as root can still work in /root/project.
//
//	group                  patterns
//	SSH, GPG, credentials  ~/.ssh/**, ~/.gnupg/**, ~/.netrc, ~/_netrc, ~/.pgpass, ~/.my.cnf, ~/.git-credentials, ~/.config/git/credentials, ~/.password-store/**, ~/.vault-token
//	cloud, containers      ~/.aws/**, ~/.azure/**, ~/.config/gcloud/**, ~/.kube/**, ~/.docker/config.json, ~/.oci/**, ~/.config/doctl/**, ~/.s3cfg, ~/.boto, ~/.config/rclone/rclone.conf, ~/.terraform.d/credentials.tfrc.json
//	registries, forges     ~/.npmrc, ~/.pypirc, ~/.gem/credentials, ~/.cargo/credentials(.toml), ~/.m2/settings.xml, ~/.config/gh/hosts.yml, ~/.config/hub
//	keyrings               ~/.local/share/keyrings/**, ~/.config/op/**, ~/Library/Keychains/**, /Library/Keychains/**
//	browsers and mail      ~/.mozilla/**, ~/.thunderbird/**, ~/.config/{google-chrome,chromium,BraveSoftware,microsoft-edge}/**, ~/Library/Application Support/{Google/Chrome,Firefox,BraveSoftware,Microsoft Edge}/**, ~/Library/{Safari,Cookies,Messages,Mail}/**, TCC
//	history                ~/.bash_history, ~/.zsh_history, ~/.zhistory, ~/.sh_history, ~/.history, fish_history, ~/.python_history, ~/.node_repl_history, ~/.psql_history, ~/.mysql_history, ~/.sqlite_history
//	system secrets         /etc/shadow(-), /etc/gshadow(-), /etc/sudoers, /etc/sudoers.d/**, /etc/security/opasswd, /etc/master.passwd, /etc/ssh/ssh_host_*_key, /etc/krb5.keytab, /proc/*/environ, /proc/*/mem, /run/secrets/**, macOS dslocal
//	Windows                ?:/Windows/System32/config/** (SAM, SECURITY, SYSTEM), ?:/Windows/repair/**, AppData Credentials, Protect, Vault, PSReadLine ConsoleHost_history.txt, Chrome/Edge/Brave/Firefox profiles, gcloud, GitHub CLI, npmrc
//
// Every word of a shell command is checked, as are option values after '='
// or '@', attached short option values, file:// URLs, redirections and
// assignment values (GIT_SSH_COMMAND="ssh -i ~/.ssh/key"), whether the
// command reads, copies, uploads or appends. A glob that may match a
// sensitive path (cat ~/.s?h/id_*) is blocked, and so is a recursive reader
// (cp -r, scp -r, rsync -a, tar, zip -r, grep -r, rg) of the home folder or
// of one of its ancestors, since it would read every sensitive path there. SensitivePath checks a tool's
// path argument that the policy has already made canonical. On Windows
// (Config.OS "windows") paths and patterns are compared by their ASCII
// case-folded forms, so the stricter result of any case variant wins; Unix
// matching is case-sensitive.
//
// # Bounds
//
// A command longer than Config.MaxBytes (DefaultMaxBytes, 64 KiB) is not
// parsed: it yields too-complex. Nesting deeper than Config.MaxDepth
// (DefaultMaxDepth), a wrapper or re-parse chain longer than MaxDepth, more
// than 4×MaxBytes of re-parsed text or more than 65536 analysis steps also
// yield too-complex. A 64 KiB command is analysed in a few milliseconds.
//
// # Limits
//
// This is a static analyser of command text, not a sandbox. It cannot see
// what a command will do beyond its text: the contents of scripts it runs
// (./build.sh, python3 tool.py, make targets, npm scripts, git hooks),
// aliases and functions defined outside the command, a PATH that points rm
// at another program, environment variables set outside the command,
// programs that delete or read files on their own (a compiled tool, a
// Makefile, `git clean` in a folder the model chose), symlinks created by the
// command itself before use, files named by a program's configuration, and
// races between this check and execution. Interpreter code (python -c, node
// -e, awk programs, sed's e command) is not read: inline code asks, script
// files are ordinary. Remote commands (ssh host cmd, docker exec, kubectl
// exec) are not judged as local operations. Other shells' syntax (fish,
// csh, cmd.exe, PowerShell) is read as bash or asks. Only a sandbox at the
// operating-system level bounds what a permitted command can do.
package hardline
