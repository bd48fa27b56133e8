package hardline

// Rule names. They are stable: policies, audit records and tests refer to
// them. Rules describes each one.
const (
	ruleRmRoot          = "rm-root"
	ruleRmSystem        = "rm-system"
	ruleRmHome          = "rm-home"
	ruleRmRootAncestor  = "rm-root-ancestor"
	ruleRmReadOnlyRoot  = "rm-read-only-root"
	ruleRmOutside       = "rm-recursive-outside-roots"
	ruleMvSystem        = "mv-system"
	ruleMvHome          = "mv-home"
	ruleMvRootAncestor  = "mv-root-ancestor"
	ruleChmodSystem     = "chmod-system"
	ruleChownSystem     = "chown-system"
	ruleMkfs            = "mkfs"
	ruleDdDevice        = "dd-device"
	ruleDiskWrite       = "disk-write"
	ruleWipeDevice      = "wipe-device"
	rulePartition       = "partition-tool"
	ruleForkBomb        = "fork-bomb"
	ruleProtectedWrite  = "protected-write"
	ruleStartupWrite    = "startup-file-write"
	ruleCrontabRemove   = "crontab-remove"
	ruleKillAll         = "kill-all"
	ruleShutdown        = "shutdown"
	ruleKernelParam     = "kernel-param"
	ruleWriteOutside    = "write-outside-roots"
	ruleSensitivePath   = "sensitive-path"
	ruleCredentialName  = "credential-name"
	ruleWholeHome       = "whole-home"
	ruleRawDiskRead     = "raw-disk-read"
	ruleSystemAdmin     = "system-admin"
	ruleInfraDestroy    = "infra-destroy"
	ruleSecretEgress    = "secret-egress"
	rulePersistence     = "persistence"
	rulePackageSource   = "package-source"
	ruleLinkEscape      = "link-escape"
	ruleReverseShell    = "reverse-shell"
	ruleRunsWritten     = "runs-written-file"
	rulePlanted         = "planted-command"
	ruleDynamicName     = "dynamic-command-name"
	ruleDynamicTarget   = "dynamic-target"
	ruleDynamicSecret   = "dynamic-sensitive-path"
	rulePipeToShell     = "pipe-to-shell"
	ruleEvalDynamic     = "eval-dynamic"
	ruleInlineInterp    = "inline-interpreter"
	ruleXargsDynamic    = "xargs-dynamic"
	ruleArgumentCommand = "argument-command"
	ruleRemoteCommand   = "remote-command"
	ruleEnvCode         = "env-code"
	ruleParseError      = "parse-error"
	ruleTooComplex      = "too-complex"
	ruleUnresolvable    = "unresolvable-path"
	ruleInternal        = "internal-error"
)

// RuleInfo describes one catalogue rule.
type RuleInfo struct {
	// Name is the stable rule name reported in Finding.Rule.
	Name string
	// Kind and Severity are those of every finding of the rule.
	Kind     Kind
	Severity Severity
	// Summary says what the rule catches.
	Summary string
	// RunTime says the rule's findings are about what the command learns
	// only as it runs (see Finding.RunTime), unless Result.Scripts binds
	// it.
	RunTime bool
}

// runTimeRules are the rules whose findings are about what a command
// learns only as it runs: code it downloads, builds, copies or reads from
// input, a program's name, a target or an environment's value from a
// variable or from input, a path whose links are not known.
var runTimeRules = setOf(ruleRunsWritten, ruleDynamicName, ruleDynamicTarget, ruleDynamicSecret, rulePipeToShell,
	ruleEvalDynamic, ruleXargsDynamic, ruleEnvCode, ruleUnresolvable)

// Rules returns the rule catalogue, in documentation order.
func Rules() []RuleInfo {
	table := rulesTable()
	rules := make([]RuleInfo, len(table))
	for i, r := range table {
		rules[i] = RuleInfo{Name: r.name, Kind: r.kind, Severity: r.severity, Summary: r.summary, RunTime: runTimeRules[r.name]}
	}
	return rules
}

// ruleRow is one row of rulesTable.
type ruleRow struct {
	name     string
	kind     Kind
	severity Severity
	summary  string
}

// rulesTable is the catalogue, without RuleInfo.RunTime.
func rulesTable() []ruleRow {
	return []ruleRow{
		{ruleRmRoot, Command, Block, "recursive deletion of / or of everything in it (rm -rf /, rm -rf /*, find / -delete)"},
		{ruleRmSystem, Command, Block, "recursive deletion of a system folder or of anything in a system tree (/etc, /usr, /boot, C:\\Windows, ...)"},
		{ruleRmHome, Command, Block, "recursive deletion of the home folder or of a folder in it that is outside every root"},
		{ruleRmRootAncestor, Command, Block, "recursive deletion of an ancestor of a root or of the working folder (rm -rf .. from the workspace)"},
		{ruleRmReadOnlyRoot, Command, Block, "recursive deletion in a read-only root"},
		{ruleRmOutside, Command, Ask, "other recursive deletion outside every writable root (rm -rf /tmp/x)"},
		{ruleMvSystem, Command, Block, "moving / or a system folder"},
		{ruleMvHome, Command, Block, "moving the home folder away"},
		{ruleMvRootAncestor, Command, Block, "moving an ancestor of a root"},
		{ruleChmodSystem, Command, Block, "chmod (chattr, setfacl) of /, the home folder or a system folder, or recursively in a system tree"},
		{ruleChownSystem, Command, Block, "chown or chgrp of /, the home folder or a system folder, or recursively in a system tree"},
		{ruleMkfs, Command, Block, "creating a file system or swap on a device (mkfs*, mke2fs, mkswap, newfs, format C:)"},
		{ruleDdDevice, Command, Block, "dd writing to a block device"},
		{ruleDiskWrite, Command, Block, "redirection, tee or copy onto a block device"},
		{ruleWipeDevice, Command, Block, "wiping a device or volume (wipefs, shred, blkdiscard, hdparm --security-erase, nvme format, cryptsetup luksFormat, lvremove, zpool destroy, ...)"},
		{rulePartition, Command, Block, "changing a partition table (fdisk, sfdisk, gdisk, sgdisk, parted, cfdisk, diskutil eraseDisk, diskpart)"},
		{ruleForkBomb, Command, Block, "a function that calls itself in a pipeline, in the background or through bash -c, an endless loop that starts background or detaching processes and never waits, or xargs -P 0 fed an input without end"},
		{ruleProtectedWrite, Command, Block, "writing, truncating or deleting account, privilege, boot or kernel files (/etc/passwd, /etc/sudoers, /boot, /dev/mem, /proc/sys, ...)"},
		{ruleStartupWrite, Command, Block, "writing a shell or login startup file (~/.bashrc, ~/.profile, ~/.zshrc, LaunchAgents, ...): persistence"},
		{ruleCrontabRemove, Command, Block, "crontab -r: removing every cron job without confirmation"},
		{ruleKillAll, Command, Block, "kill -1 (every process the user may signal), killall5, or a signal to init or another process the host or the session needs (sshd, the login manager, the display server, the shells)"},
		{ruleShutdown, Command, Block, "shutdown, reboot, halt, poweroff, init 0/6, kexec -e, systemctl poweroff/reboot, a logout without a prompt"},
		{ruleKernelParam, Command, Block, "sysctl -w: changing kernel parameters"},
		{ruleWriteOutside, Command, Ask, "a non-recursive write, delete, move or mode change outside every writable root"},
		{ruleSensitivePath, Path, Block, "a word, option value or redirection naming a sensitive host path"},
		{ruleCredentialName, Path, Ask, "a word naming a file in a home's configuration folders whose name says it holds a credential (credentials.json, access_token, client.key), or a key, key store or environment file elsewhere in a home (~/certs/server.key, ~/work/other/.env)"},
		{ruleSecretEgress, Path, Ask, "a credential from the environment ($GITHUB_TOKEN, $AWS_SECRET_ACCESS_KEY, any *TOKEN*, *SECRET*, *PASSWORD*, *API_KEY*) sent by a network program, or in a URL, to a host that is not one it belongs to"},
		{ruleWholeHome, Path, Ask, "a home folder, or an ancestor of one, handed whole to a program whose catalogue entry does not say what it does with it (restic backup ~, rdiff-backup / x)"},
		{ruleReverseShell, Command, Block, "handing a shell or program to a network peer (nc -e /bin/sh, ncat --sh-exec, socat exec:, bash -i >& /dev/tcp/...)"},
		{ruleSystemAdmin, Command, Ask, "changing accounts, passwords, the firewall, services, kernel modules or security settings (userdel, passwd -d, iptables -F, systemctl stop, setenforce 0, chmod u+s), or deleting container volumes"},
		{ruleInfraDestroy, Command, Ask, "deleting or overwriting what lives outside the machine: cloud and cluster resources (terraform destroy, pulumi destroy, kubectl delete --all or a namespace, aws ... delete-*/terminate-*, aws s3 rb --force, gcloud/az ... delete), buckets, backups, hosted apps, a remote branch (git push --force/--delete) and a database server's data (DROP DATABASE, FLUSHALL)"},
		{rulePersistence, Command, Ask, "scheduling commands to run later (crontab FILE, crontab -, at, a git hook or .git/config written), or storing a tool setting that runs a command, sends credentials elsewhere or turns a protection off (gh config set editor, kubectl config set-credentials --exec-command, git config safe.directory '*')"},
		{rulePackageSource, Command, Ask, "storing where later installs fetch code from or how they check it: an index, registry, mirror, channel, proxy, URL rewrite, checksum database or TLS setting (pip config set global.index-url, npm config set registry, go env -w GOPROXY, git config url.X.insteadOf, conda config --add channels, gem sources --add, add-apt-repository, helm repo add, brew tap)"},
		{ruleLinkEscape, Command, Ask, "a symbolic link to /, a system folder, the home folder or an ancestor of a root (ln -s / x)"},
		{ruleRunsWritten, Dynamic, Ask, "running a script that the same command wrote (echo ... > x.sh && bash x.sh)"},
		{rulePlanted, Command, Ask, "writing a script, makefile, package.json, justfile or another tool's command file (VS Code's tasks, devcontainer.json, Taskfile.yml, tox.ini, mise.toml, build.ninja) whose commands would be blocked (echo 'rm -rf ~' > clean.sh): the call that runs it reads it from disk, out of reach; in a file a tool runs by itself (a git hook, a folderOpen task, pre-commit's hooks, a .pth) such a command blocks"},
		{ruleRawDiskRead, Path, Ask, "reading a raw disk or memory device (dd if=/dev/sda, cat /dev/nvme0n1, < /dev/sda), which reads every file and secret on it, or dumping a running process's memory (gcore PID, gdb -p PID -ex generate-core-file, jmap -dump, procdump, py-spy dump --locals), which holds every secret the process holds"},
		{ruleDynamicName, Dynamic, Ask, "a command name from a variable, substitution or pattern"},
		{ruleDynamicTarget, Dynamic, Ask, "a recursive or device-destroying command whose target is not static, or a write whose folder is not static and whose known end names a home's startup file (\"$D/.bashrc\")"},
		{ruleDynamicSecret, Dynamic, Ask, "a path whose folder is not static and whose known end names a credential file found in a home folder (\"$X/.ssh/id_rsa\", \"$(cmd)/.aws/credentials\")"},
		{rulePipeToShell, Dynamic, Ask, "a shell or interpreter reading code from a pipe, download or process substitution"},
		{ruleEvalDynamic, Dynamic, Ask, "eval, sh -c and similar of text that is not literal"},
		{ruleInlineInterp, Dynamic, Ask, "inline interpreter code (python -c, node -e, perl -e, ruby -e, php -r, pwsh -Command, awk with system(), ...)"},
		{ruleXargsDynamic, Dynamic, Ask, "xargs or parallel feeding a destructive command from input that is not known"},
		{ruleArgumentCommand, Command, Ask, "an argument of a program that is not known to take only text is itself a command that would be blocked, or that runs code it downloads (tool 'rm -rf ~', tool 'curl URL | sh')"},
		{ruleRemoteCommand, Command, Ask, "a command run on another host or in a container that would be blocked here (ssh host 'rm -rf ~', docker exec c rm -rf /, kubectl exec pod -- sh -c CMD): the host may be this machine under another name, the container may hold its folders"},
		{ruleEnvCode, Dynamic, Ask, "an environment variable that makes programs load or run code (LD_PRELOAD, BASH_ENV, NODE_OPTIONS=--require, PYTHONSTARTUP, GIT_CONFIG_GLOBAL) set to something not known to be harmless"},
		{ruleParseError, Dynamic, Ask, "the command does not parse or is incomplete"},
		{ruleTooComplex, Dynamic, Ask, "the command is over the size, nesting or work bounds"},
		{ruleUnresolvable, Dynamic, Ask, "a path the command names cannot be resolved through symbolic links (a link loop, a failed lookup, the call's lookup budget spent), so what it reaches is unknown"},
		{ruleInternal, Dynamic, Ask, "the analyser failed; never expected"},
	}
}
