package hardline

import "strings"

// File tools: what they delete, move, write and read.
var _ = register([]Entry{
	{Names: names("rm srm"), Family: "files", Summary: "operands are deleted, recursively with -r",
		Options: []Option{flag(RoleRecursive, "-r", "-R", "--recursive")}, Operands: []Operand{operands(0, RoleDelete)}},
	{Names: names("sdelete sdelete64 sdelete.exe sdelete64.exe"), Family: "files", Summary: "Windows: operands are overwritten and deleted, recursively with -s; -c and -z overwrite a drive's free space (system-admin)",
		DataOnly: true, special: sdelete, judgesPaths: true},
	{Names: names("rimraf del-cli rm-rf premove trash trash-put trash-cli rmtrash gvfs-trash"), Family: "files", Summary: "operands are deleted recursively (a trash tool moves a folder out of its place whole)",
		Options: vals("", "--trash-dir"), Operands: []Operand{operands(0, RoleDeleteTree)}},
	{Names: names("kioclient kioclient5 kioclient6"), Family: "files", Summary: "kioclient move takes its sources out of their place (into trash:/ too), remove deletes recursively, copy writes its destination; exec runs a desktop entry's Exec line",
		Subcommands: []Entry{
			{Names: names("exec"), Summary: "runs the Exec line of a desktop entry it is given", special: desktopLauncher},
			{Names: names("move mv"), Summary: "the sources leave their place; a local destination is written", special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				if len(args) > 1 {
					for _, s := range args[:len(args)-1] {
						r.judgeMove(sc, s, cmd)
					}
					if d := args[len(args)-1]; !strings.Contains(d.val, ":/") {
						r.judgeWrite(sc, d, ruleDiskWrite, cmd)
					}
				}
				return true
			}},
			{Names: names("remove rm"), Operands: []Operand{operands(0, RoleDeleteTree)}},
			{Names: names("copy cp"), Operands: []Operand{operand(-1, RoleWrite)}},
		}},
	{Names: names("unlink rmdir"), Family: "files", Summary: "operands are deleted, one at a time; on Windows rmdir is cmd's rd (/s is recursive)",
		Operands: []Operand{operands(0, RoleDelete)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if r.a.windows && b == "rmdir" {
				r.windowsDelete(sc, b, args, cmd)
				return true
			}
			return false
		}},
	{Names: names("robocopy xcopy"), Family: "files", Summary: "Windows copies: the source is read whole, the destination written whole; robocopy /MIR and /PURGE delete in the destination what the source lacks, /MOVE and /MOV delete the source",
		DataOnly: true, special: windowsCopy},
	{Names: names("gio"), Family: "files", Summary: "gio remove and gio trash delete; gio launch and gio open run a desktop entry's Exec line",
		Subcommands: []Entry{
			{Names: names("launch open"), Summary: "run the Exec line of a desktop entry they are given", special: desktopLauncher},
			{Names: names("remove"), Operands: []Operand{operands(0, RoleDelete)}},
			{Names: names("trash"), Operands: []Operand{operands(0, RoleDeleteTree)}},
			{Names: names("copy move save"), Operands: []Operand{operand(-1, RoleWrite)}},
		}},
	wrapper("files", "runs ShellJS's own version of a file command (shx rm -rf DIR is rm -rf DIR)", "", nil, 0, "shx"),
	{Names: names("rd del erase deltree"), Family: "files", Summary: "Windows deletion; /s is recursive",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.windowsDelete(sc, b, args, cmd)
			return true
		}},
	{Names: names("mv move rename"), Family: "files", Summary: "sources are moved away (judged like a delete of their place), the destination is written",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "tS", []string{"--target-directory", "--suffix"}, "")
			srcs, dst := splitDest(p)
			for _, s := range srcs {
				r.judgeMove(sc, s, cmd)
			}
			if dst != nil {
				r.judgeWrite(sc, *dst, ruleDiskWrite, cmd)
				r.carryWritten(srcs, *dst, c.in)
				r.judgeInto(sc, srcs, *dst, true, false, nil, cmd)
			}
			return true
		}},
	{Names: names("cp copy ditto"), Family: "files", Summary: "the destination is written; a recursive copy reads its sources whole",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, b, args, cmd)
			r.rawReadAll(args, cmd)
			r.copy(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("install"), Family: "files", Summary: "the destination (or every folder with -d) is written",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.copy(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("ln link"), Family: "files", Summary: "the link is written; a symbolic link to /, home or a system folder asks",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if b == "ln" {
				r.link(args, cmd)
			}
			r.copy(sc, b, args, c, cmd)
			return true
		}},
	{Names: names("tee"), Family: "files", Summary: "operands are written",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "", nil, "")
			for _, t := range p.ops {
				r.judgeWrite(sc, t, ruleDiskWrite, cmd)
				if containsAny(p.short, "a") || p.has("--append") {
					r.noteAppended(t, c.in.text, c.in.kind == inText)
				} else {
					r.noteWritten(t, c.in.text, c.in.kind == inText)
				}
				if c.in.environ {
					r.noteHeld(t, true, "") // env | tee e.txt
				}
			}
			return true
		}},
	{Names: names("truncate"), Family: "files", Summary: "operands are written",
		Options: vals("sr", "--size", "--reference"), Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("gofmt goimports gofumpt"), Family: "files", Summary: "formatters: -w rewrites the operands, so they are judged as written",
		LongSingleDash: true, DataOnly: true, Options: vals("", "-r", "-local", "-lang", "-modpath", "-cpuprofile"), Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("prettier black isort autopep8 yapf rustfmt clang-format shfmt dos2unix unix2dos autoflake"), Family: "files",
		Summary: "formatters rewrite their operands in place (--write, -i, or by default), so they are judged as written", DataOnly: true,
		Options:  []Option{opt(RoleRead, "--config", "--ignore-path", "--config-path", "--settings-path", "--style"), val("--line-length", "-l", "--indent", "-style", "--parser", "--edition", "-t", "--target-version", "-ln", "--language-dialect")},
		Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("shellcheck bashate checkbashisms"), Family: "files", Summary: "shell linters read their operands as text; shellcheck's -o/--enable take names",
		DataOnly: true, Options: vals("ofeiSsWxP", "--enable", "--format", "--exclude", "--include", "--severity", "--shell", "--wiki-link-count", "--source-path", "--color"),
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("touch"), Family: "files", Summary: "operands are written",
		Options: vals("dtr", "--date", "--reference"), Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("mkfifo"), Family: "files", Summary: "operands are created (a fifo holds what another process writes to it)",
		Options: vals("mZ", "--mode", "--context"), Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("mkdir"), Family: "files", Summary: "operands are created: folders, which hold no program; one the command wrote as a file stays that file (mkdir fails on it)",
		Options: vals("mZ", "--mode", "--context"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, f := range parseOpts(args, "mZ", []string{"--mode", "--context"}, "").ops {
				_, _, written := r.writtenAt(f)
				r.judgeWrite(sc, f, ruleDiskWrite, cmd)
				if !written {
					// Noted, as any path the command makes, but holding
					// nothing: a folder given to a program later is no
					// file it may run (mkdir out && tool out).
					r.noteWritten(f, "", true)
				}
			}
			return false
		}},
	{Names: names("mknod"), Family: "files", Summary: "the first operand is created",
		Options: vals("mZ", "--mode", "--context"), Operands: []Operand{operand(0, RoleWrite), operands(1, RoleData)}},
	{Names: names("fallocate"), Family: "files", Summary: "operands are written",
		Options: vals("lo", "--length", "--offset"), Operands: []Operand{operands(0, RoleWrite)}},
	{Names: names("sed gsed"), Family: "files", Summary: "-i writes the files; w, W, r, R, s///w and -f name files judged as written or read; the e command runs shell commands",
		judgesPaths: true, // the script is not a path; sed resolves its input files
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.sed(sc, args, c, cmd)
			return true
		}},
	{Names: names("chmod chattr setfacl"), Family: "files", Summary: "mode changes of /, home or system folders block",
		judgesPaths: true, // the mode or owner is not a path; chmod resolves the rest
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.chmod(sc, b, args, cmd, ruleChmodSystem)
			return true
		}},
	{Names: names("chown chgrp"), Family: "files", Summary: "owner changes of /, home or system folders block",
		judgesPaths: true, // the mode or owner is not a path; chmod resolves the rest
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.chmod(sc, b, args, cmd, ruleChownSystem)
			return true
		}},
	{Names: names("find"), Family: "files", Summary: "-delete deletes the start points' contents; -exec and -ok run commands; -fprint writes",
		judgesPaths: true, // find resolves its start points and the files its primaries name
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.find(sc, args, c, cmd)
			return true
		}},
	{Names: names("fd fdfind"), Family: "files", Summary: "lists names under its search paths; -x/--exec and -X/--exec-batch run a command on everything found there",
		judgesPaths: true, // fdExec judges the command with the search paths in place of what is found
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.fdExec(sc, args, c)
			return true
		}},
	{Names: names("yq"), Family: "files", Summary: "-i writes the files it edits", DataOnly: true,
		Options:  vals("opIs", "--output-format", "--input-format", "--indent", "--split-exp", "--expression", "--front-matter"),
		Operands: []Operand{operands(0, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.yqInPlace(sc, args, cmd)
			return false
		}},
	{Names: names("sort"), Family: "files", Summary: "-o writes; --files0-from names the files read; --compress-program runs a program",
		DataOnly: true,
		Options: append(vals("kStT", "--key", "--field-separator", "--buffer-size", "--temporary-directory", "--parallel", "--files0-from", "--batch-size", "--random-source"),
			opt(RoleWrite, "-o", "--output"), opt(RoleFilter, "--compress-program")), Operands: []Operand{operands(0, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// The files a list names are read and printed, as operands are
			// (printf 'shadow\0' | sort --files0-from=-).
			for _, list := range optionValues(args, "--files0-from") {
				r.readsListed(sc, &list, nil, c, b, cmd)
			}
			return false
		}},
	{Names: names("uniq"), Family: "files", Summary: "the second operand is written", DataOnly: true,
		Options:  vals("fsw", "--skip-fields", "--skip-chars", "--check-chars", "--group", "--all-repeated"),
		Operands: []Operand{operand(0, RoleRead), operand(1, RoleWrite)}},
	{Names: names("patch"), Family: "files", Summary: "the file patched and -o are written; -d is the working folder; without a file named, the files the patch names are written anywhere under the working folder",
		Options: []Option{opt(RoleWrite, "-o", "--output"), opt(RoleRead, "-i", "--input"), opt(RoleWorkDir, "-d", "--directory"),
			val("-p", "--strip", "-B", "--prefix", "-D", "--ifdef", "-F", "--fuzz", "-r", "--reject-file", "-V", "--version-control", "-Y", "--basename-prefix", "-z", "--suffix", "--backup-if-mismatch", "--quoting-style")},
		Operands: []Operand{operand(0, RoleWrite), operand(1, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// patch < x.patch writes the files its patch names, which
			// the command does not show: anywhere under the folder it
			// works in (the roles moved the run there for -d).
			p := parseOpts(args, "oidpBDFrVYz", []string{"--output", "--input", "--directory", "--strip", "--prefix", "--ifdef", "--fuzz", "--reject-file", "--version-control", "--basename-prefix", "--suffix", "--backup-if-mismatch", "--quoting-style"}, "")
			if len(p.ops) == 0 && !p.has("--dry-run") && len(p.get("-o", "--output")) == 0 {
				r.judgeWriteTree(sc, field{val: "."}, cmd)
			}
			return true
		}},
	{Names: names("xxd"), Family: "files", Summary: "the second operand is written", DataOnly: true,
		Options:  vals("cglsno", "-cols", "-groupsize", "-len", "-seek", "-name", "-offset"),
		Operands: []Operand{operand(0, RoleRead), operand(1, RoleWrite)}},
	{Names: names("csplit"), Family: "files", Summary: "pieces are written under the -f prefix (xx), each part of the file read",
		DataOnly: true,
		Options:  []Option{opt(RoleWrite, "-f", "--prefix"), val("-b", "--suffix-format", "-n", "--digits")},
		Operands: []Operand{operand(0, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "fbn", []string{"--prefix", "--suffix-format", "--digits"}, "")
			if len(p.ops) > 0 {
				prefix := field{val: "xx"}
				if fs := p.get("-f", "--prefix"); len(fs) > 0 {
					prefix = fs[len(fs)-1]
				}
				r.notePieces(p.ops[0], prefix)
			}
			return false
		}},
	{Names: names("split"), Family: "files", Summary: "pieces are written under the prefix (x), each part of the file read; --filter's shell command runs for each piece", DataOnly: true,
		Options:  append(vals("abClnt", "--suffix-length", "--additional-suffix", "--bytes", "--line-bytes", "--lines", "--number", "--separator", "--prefix", "--digits", "-f", "-n", "-b"), opt(RoleScript, "--filter")),
		Operands: []Operand{operand(0, RoleRead), operand(1, RoleWrite)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "abClnt", []string{"--suffix-length", "--additional-suffix", "--bytes", "--line-bytes", "--lines", "--number", "--separator", "--prefix", "--digits", "--filter"}, "")
			if len(p.ops) > 0 {
				prefix := field{val: "x"}
				if len(p.ops) > 1 {
					prefix = p.ops[1]
				}
				r.notePieces(p.ops[0], prefix)
			}
			return false
		}},
	{Names: names("cat tac head tail od hexdump hd strings nl wc md5sum sha1sum sha256sum sha512sum b2sum cksum pv bat batcat file stat"),
		Family: "files", Summary: "operands are read; a raw disk asks", DataOnly: true,
		Options:  vals("nNcsw", "--lines", "--bytes", "--max-unchanged-stats", "--pid", "--sleep-interval", "--wrap"),
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("base64 base32 basenc"), Family: "files", Summary: "operands are read; -o/--output (macOS, BSD) is written", DataOnly: true,
		Options:  []Option{opt(RoleWrite, "-o", "--output"), opt(RoleRead, "-i", "--input"), val("-w", "--wrap", "-b", "--break")},
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("grep egrep fgrep rg ag ack ack-grep ugrep ug pt sift"), Family: "files", Summary: "patterns are data; a recursive search of a home folder reads its secrets; rg --pre runs a program on each file, ugrep --filter runs commands, ack and ag --pager run a shell command", DataOnly: true,
		Options: []Option{opt(RoleRead, "-f", "--file"), opt(RoleFilter, "--pager"), val("--pre", "--pre-glob", "--filter", "-e", "--regexp", "-m", "--max-count", "-A", "-B", "-C", "--context", "-d", "-D", "--include", "--exclude", "--exclude-dir", "-g", "--glob", "-t", "--type", "-T", "--type-not")},
		// With -e or -f the pattern is not an operand: the first one is a file.
		Operands: []Operand{{Index: 0, Role: RoleData, Unless: []string{"-e", "--regexp", "-f", "--file"}}, operands(1, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, b, args, cmd)
			r.searchFilters(sc, b, args, c, cmd)
			return false
		}},
	{Names: names("cut paste join column fold fmt expand unexpand rev comm cmp tsort ptx spell aspell look"),
		// No value options: the same letter takes a value in one of them
		// and is a flag in another (cut -d, paste -s, column -t), and a
		// file taken for a value would not be resolved. A value read as an
		// operand is resolved too, which costs a lookup and judges nothing.
		Family: "files", Summary: "operands are files read (look's first is a word)", DataOnly: true,
		Operands: []Operand{operands(0, RoleRead)}},
	// diff reads a folder operand's files (-r: its whole tree, -N: those
	// missing on the other side in full), so an operand is read as a tree:
	// diff -ruN /tmp/empty ~ prints every file of the home folder.
	{Names: names("diff sdiff diff3 colordiff"), Family: "files", Summary: "operands (read as trees: diff -r compares folders whole) and --from-file/--to-file are read; sdiff -o writes; --diff-program runs a program",
		DataOnly: true,
		Options: append(vals("CUILFSD", "--context", "--unified", "--width", "--ignore-matching-lines", "--label", "--show-function-line",
			"--exclude", "--starting-file", "--ifdef", "--line-format", "--old-line-format", "--new-line-format", "--unchanged-line-format",
			"--old-group-format", "--new-group-format", "--unchanged-group-format", "--changed-group-format", "--horizon-lines",
			"--tabsize", "--palette", "--color"),
			opt(RoleReadTree, "--from-file", "--to-file"), opt(RoleRead, "-X", "--exclude-from"), opt(RoleWrite, "-o", "--output"),
			opt(RoleCommand, "--diff-program")),
		Operands: []Operand{operands(0, RoleReadTree)}},
	{Names: names("shuf"), Family: "files", Summary: "the operand is read (with -e, the operands are text); -o writes", DataOnly: true,
		Options:  append(vals("ni", "--head-count", "--input-range"), opt(RoleWrite, "-o", "--output"), opt(RoleRead, "--random-source")),
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("iconv"), Family: "files", Summary: "operands are read; -o writes", DataOnly: true,
		Options:  append(vals("ft", "--from-code", "--to-code"), opt(RoleWrite, "-o", "--output")),
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("jq gojq jaq"), Family: "files", Summary: "operands (the filter, then files) and -f, --slurpfile, --rawfile are read", DataOnly: true,
		Options: []Option{opt(RoleRead, "-f", "--from-file"), val("--indent", "-L"), {Names: []string{"--arg", "--argjson"}, Takes: 2},
			{Names: []string{"--slurpfile", "--rawfile"}, Takes: 2, Role: RoleRead}},
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("magick " + imageMagickNames), Family: "files",
		Summary: "ImageMagick: a file name written |CMD is a shell command it runs; a CODER: prefix leaves a path read (text:FILE prints it), ephemeral:FILE is deleted once read and msl: runs a script; -write and the last operand of convert, magick, composite, montage and compare are written, and mogrify writes its operands",
		// Options take values the catalogue does not list (-resize
		// 50%): every word is read as a possible file name.
		special: imageMagick},
	{Names: names("gs gsc gsx gswin32c gswin64c ghostscript"), Family: "files",
		Summary: "Ghostscript: -o and -sOutputFile are written (|CMD and %pipe%CMD are shell commands it runs); -dNOSAFER lets its PostScript delete and write files and run commands (asks)",
		special: ghostscript},
	{Names: names("mountpoint fstrim namei getfacl lsattr ncdu gdu dua dust duf diskus"), Family: "files", Summary: "read names, sizes and attributes, not contents", DataOnly: true},
	{Names: names("inotifywait fswatch"), Family: "files", Summary: "watch names and print events, not contents; -o/--outfile is written", DataOnly: true,
		Options: []Option{opt(RoleWrite, "-o", "--outfile"), val("-e", "--event", "--format", "--timefmt", "-t", "--timeout", "--exclude", "--include", "--fromfile", "-l", "--latency")}},
	{Names: names("ls dir vdir tree du df tr realpath readlink basename dirname seq yes sleep id whoami groups uname pwd which whereis tput clear printenv locale nproc free uptime pgrep top htop lsof lsblk blkid findmnt numfmt factor expr tldr"),
		Family: "files", Summary: "print names or text only; arguments are text or names, not contents", DataOnly: true},
})

// rawReadAll reports a raw disk named by any word of a reader.
func (r *run) rawReadAll(args []field, cmd string) {
	for _, a := range args {
		if !strings.HasPrefix(a.val, "-") {
			r.rawDiskRead(a, cmd)
		}
	}
}

// windowsDelete judges rd, del, erase and deltree on Windows.
func (r *run) windowsDelete(sc *scope, b string, args []field, cmd string) {
	if !r.a.windows {
		return
	}
	recursive := b == "deltree"
	var ops []field
	for _, f := range args {
		if sw, ok := cmdSwitches(f, deleteSwitches); ok {
			recursive = recursive || sw["s"]
			continue
		}
		ops = append(ops, f)
	}
	for _, t := range ops {
		if !t.dyn {
			v, ok := r.cmdText(t.val)
			if !ok {
				r.finding(ruleDynamicTarget, Dynamic, Ask, b+" is cmd.exe's, which reads "+t.val+" otherwise than the shell (a %VARIABLE% not known, or a separator the shell removed): the folder is not known", cmd, "")
				continue
			}
			t.val = v
		}
		r.judgeDelete(sc, t, recursive, cmd, b)
	}
}

// sdelete judges sdelete's operands as deleted, recursively with -s; its
// switches may be spelt with a dash or, on Windows, a slash (-s, /s, /p
// 3), run together or not (-sq), as Sysinternals' tools read them.
func sdelete(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	recursive := false
	var ops []field
	for i := 0; i < len(args); i++ {
		f := args[i]
		var sw map[string]bool
		ok := false
		if r.a.windows {
			sw, ok = cmdSwitches(f, sdeleteSwitches) // elsewhere /s is a folder
		}
		if v := asciiLower(f.val); !ok && !f.dyn && len(v) > 1 && v[0] == '-' {
			sw, ok = map[string]bool{}, true
			if name := v[1:]; sdeleteSwitches[name] {
				sw[name] = true
			} else {
				for _, l := range name {
					sw[string(l)] = true
				}
			}
		}
		if !ok {
			ops = append(ops, f)
			continue
		}
		recursive = recursive || sw["s"]
		if sw["c"] || sw["z"] {
			r.finding(ruleSystemAdmin, Command, Ask, b+" overwrites a drive's free space", cmd, "")
		}
		if sw["p"] {
			i++ // the number of passes
		}
	}
	for _, f := range ops {
		r.judgeDelete(sc, f, recursive, cmd, b)
	}
	return true
}

// sdeleteSwitches are sdelete's switches.
var sdeleteSwitches = setOf("s", "c", "z", "p", "r", "q", "a", "f", "nobanner")

// cmdSwitches reads a word of a Windows program's switches, alone or run
// together (/s, /S/Q, /a:h), known is the program's switch names: the
// switches by their lower-case names, without values. A word with any
// other part is no switch but a path (/home/x): the stricter reading,
// since a path is judged.
func cmdSwitches(f field, known map[string]bool) (map[string]bool, bool) {
	if f.dyn || len(f.val) < 2 || f.val[0] != '/' {
		return nil, false
	}
	sw := map[string]bool{}
	for part := range strings.SplitSeq(f.val[1:], "/") {
		name, _, _ := strings.Cut(asciiLower(part), ":")
		if !known[name] {
			return nil, false
		}
		sw[name] = true
	}
	return sw, true
}

// The switches of rd and del, robocopy and xcopy.
var (
	deleteSwitches   = setOf("s", "q", "f", "p", "a")
	robocopySwitches = setOf("s", "e", "lev", "z", "b", "zb", "j", "efsraw", "copy", "sec", "copyall", "nocopy", "secfix", "timfix",
		"purge", "mir", "mov", "move", "a+", "a-", "create", "fat", "256", "mon", "mot", "rh", "pf", "ipg", "sl", "mt", "a", "m", "ia",
		"xa", "xf", "xd", "xc", "xn", "xo", "xx", "xl", "is", "it", "max", "min", "maxage", "minage", "maxlad", "minlad", "xj", "fft",
		"dst", "xjd", "xjf", "r", "w", "reg", "tbd", "l", "x", "v", "ts", "fp", "bytes", "ns", "nc", "nfl", "ndl", "np", "eta", "log",
		"log+", "unilog", "unilog+", "tee", "njh", "njs", "unicode", "job", "save", "quit", "nosd", "nodd", "if", "dcopy", "nodcopy",
		"compress", "sparse", "noclone", "im")
	xcopySwitches = setOf("a", "m", "d", "p", "s", "e", "v", "w", "c", "i", "q", "f", "l", "g", "h", "r", "t", "u", "k", "n", "o",
		"x", "y", "-y", "z", "b", "j", "exclude", "compress")
)

func setOf(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, s := range items {
		m[s] = true
	}
	return m
}

// windowsCopy judges robocopy and xcopy (see their entry).
func windowsCopy(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	var ops []field
	sw := map[string]bool{}
	known := xcopySwitches
	if b == "robocopy" {
		known = robocopySwitches
	}
	for _, f := range args {
		if s, ok := cmdSwitches(f, known); ok {
			for k := range s {
				sw[k] = true
			}
			continue
		}
		if !f.dyn {
			if v, ok := r.cmdText(f.val); ok {
				f.val = v
			}
		}
		ops = append(ops, f)
	}
	if len(ops) == 0 {
		return true
	}
	src := ops[0]
	r.readTree(src, b, cmd)
	if sw["move"] || sw["mov"] {
		r.judgeDelete(sc, src, sw["move"], cmd, b)
	}
	if len(ops) < 2 {
		return true
	}
	dst := ops[1]
	if b == "robocopy" && (sw["mir"] || sw["purge"]) {
		r.judgeDelete(sc, dst, true, cmd, b)
	}
	r.judgeWriteTree(sc, dst, cmd)
	return true
}

// cmdVariables are the variables of cmd.exe whose values follow from the
// home folder: %NAME% in a cmd built-in's argument is read as the value
// (one starting with a backslash is a folder in the home).
var cmdVariables = map[string]string{"USERPROFILE": "", "HOME": "", "APPDATA": `\AppData\Roaming`, "LOCALAPPDATA": `\AppData\Local`,
	"TEMP": `\AppData\Local\Temp`, "TMP": `\AppData\Local\Temp`, "SYSTEMROOT": `C:\Windows`, "WINDIR": `C:\Windows`, "SYSTEMDRIVE": `C:`,
	"PROGRAMFILES": `C:\Program Files`, "PROGRAMDATA": `C:\ProgramData`, "PUBLIC": `C:\Users\Public`}

// cmdText returns an argument of one of cmd.exe's built-ins (rd, del) as
// cmd reads it: its %VARIABLES% expanded where they follow from the home
// folder (the others, and a drive-relative C:name, where the shell took
// the backslashes out of C:\name, are not known: false).
func (r *run) cmdText(v string) (string, bool) {
	if len(v) > 2 && isLetter(v[0]) && v[1] == ':' && v[2] != '/' && v[2] != '\\' {
		return "", false
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(v, '%')
		if i < 0 {
			b.WriteString(v)
			return b.String(), true
		}
		j := strings.IndexByte(v[i+1:], '%')
		if j < 0 {
			return "", false
		}
		val, known := windowsVariable(v[i+1:i+1+j], r.a.home)
		if !known {
			return "", false
		}
		b.WriteString(v[:i])
		b.WriteString(val)
		v = v[i+2+j:]
		if v != "" && v[0] != '\\' && v[0] != '/' && v[0] != '%' {
			return "", false // %SystemRoot%\System32 unquoted: the shell took the backslash
		}
	}
}

// moreutils' writers: sponge writes the file it is given once its input
// ends; vidir renames and deletes the entries of the folders it is given,
// as the edited list says.
var _ = register([]Entry{
	{Names: names("sponge"), Family: "files", Summary: "the file operand is written (-a appends)", DataOnly: true,
		Operands: []Operand{operand(0, RoleWrite)}},
	{Names: names("vidir"), Family: "files", Summary: "the folders given (the working folder by default) have their entries renamed and deleted as an editor says: written whole", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			ops := parseOpts(args, "", nil, "").ops
			if len(ops) == 0 {
				ops = []field{{val: "."}}
			}
			for _, o := range ops {
				if o.val != "-" {
					r.judgeWriteTree(sc, o, cmd)
				}
			}
			return true
		}},
})

// searchFilters judges the programs searchers run on the files they read,
// once for each file or folder searched, as fd -x's command is judged: rg
// --pre PROGRAM runs PROGRAM with each file's path (rg --pre rm x /usr/lib
// deletes what it searches; a shell or an interpreter there runs the
// files searched); ugrep --filter's "EXTS:COMMAND ARGS" entries run
// COMMAND with a '%' in an argument made the file's path, and without one
// the file on its input, judged as if it were the last argument.
func (r *run) searchFilters(sc *scope, b string, args []field, c ctx, cmd string) {
	var starts []field
	runUnder := func(run []field, placeholder func(string) string) {
		if starts == nil {
			starts = searchStarts(b, args)
		}
		r.runUnder(sc, starts, run, placeholder, commandName(cmd)+" searches more files and folders than the bound", c)
	}
	for i, a := range args {
		name, v, attached := strings.Cut(a.val, "=")
		value := field{val: v, dyn: a.dyn, why: a.why}
		if !attached {
			if i+1 >= len(args) {
				break
			}
			value = args[i+1]
		}
		switch {
		case name == "--pre" && b == "rg":
			runUnder([]field{value}, noPlaceholder)
		case name == "--filter" && (b == "ugrep" || b == "ug"):
			if value.dyn {
				r.reparseField(sc, value, c, cmd, true) // asks
				continue
			}
			for _, f := range strings.Split(value.val, ",") {
				if _, command, ok := strings.Cut(f, ":"); ok {
					// The command read as a shell would read it too (a ~
					// expanded), the stricter reading standing.
					r.reparseField(sc, field{val: command}, c, cmd, true)
					runUnder(r.splitString(field{val: command}), ugrepPlaceholder)
				}
			}
		}
	}
}

// noPlaceholder is the placeholder of a program given the path as its
// last argument (rg --pre's): none.
func noPlaceholder(string) string { return "" }

// ugrepPlaceholder returns "%" when v holds one: ugrep makes it the path
// of the file its filter runs on.
func ugrepPlaceholder(v string) string {
	if strings.Contains(v, "%") {
		return "%"
	}
	return ""
}

// searchStarts returns the files and folders a searcher searches: its
// operands after the pattern (all of them with -e or -f), the working
// folder when there are none. A value of a long option written apart
// from it (rg --pre rm PATTERN) counts as an operand, so that no path is
// taken for the pattern.
func searchStarts(b string, args []field) []field {
	p := parseOpts(args, treeReaderValues[b], nil, "")
	ops := p.ops
	if len(p.get("-e", "-f", "--regexp", "--file")) == 0 && len(ops) > 0 {
		ops = ops[1:]
	}
	if len(ops) == 0 {
		return []field{{val: "."}}
	}
	return ops
}

// imageMagick judges ImageMagick's file names (see its entry).
func imageMagick(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if b == "magick" && len(args) > 0 && !args[0].dyn && imageMagickTools[args[0].val] {
		b, args = args[0].val, args[1:] // magick identify FILE
	}
	var ops []field
	for i := 0; i < len(args); i++ {
		f := args[i]
		if strings.HasPrefix(f.val, "-") || strings.HasPrefix(f.val, "+") {
			if (f.val == "-write" || f.val == "+write") && i+1 < len(args) {
				i++
				r.imageFile(sc, args[i], true, c, cmd)
			}
			continue
		}
		ops = append(ops, f)
	}
	for i, f := range ops {
		write := b == "mogrify" || i == len(ops)-1 && b != "identify" && b != "display" && b != "animate" && b != "stream" && b != "conjure"
		r.imageFile(sc, f, write, c, cmd)
	}
	return false
}

// imageMagickNames are ImageMagick's tools, each also a program of its own.
const imageMagickNames = "convert mogrify composite montage compare conjure identify display animate stream"

// imageMagickTools are the tools magick runs when named first (import,
// its screen grabber, only there).
var imageMagickTools = setOf(append(strings.Fields(imageMagickNames), "import")...)

// imageFile judges one of ImageMagick's file names: |CMD runs CMD, a
// CODER: prefix (png:, text:, file://) is taken off, ephemeral:FILE is
// deleted once read, msl: and mvg: input is a script (asks). @FILE, which reads FILE,
// is a candidate path as it stands.
func (r *run) imageFile(sc *scope, f field, write bool, c ctx, cmd string) {
	if f.dyn {
		if write {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd) // xargs' items ask
		}
		return
	}
	v := strings.TrimLeft(f.val, " \t")
	if rest, ok := strings.CutPrefix(v, "|"); ok {
		r.reparseField(sc, field{val: rest}, c, cmd, true)
		return
	}
	coder, v := imageCoder(v)
	if v == "" {
		return
	}
	p := field{val: v, glob: f.glob}
	switch {
	case !write && (coder == "msl" || coder == "mvg"):
		// MSL scripts write files; MVG drawings read any file (text
		// '@FILE' draws its contents).
		r.finding(ruleInlineInterp, Dynamic, Ask, commandName(cmd)+" reads an ImageMagick script or drawing, which reads and writes files", cmd, "")
	case coder == "ephemeral":
		r.judgeDelete(sc, p, false, cmd, commandName(cmd))
	case write:
		r.judgeWrite(sc, p, ruleDiskWrite, cmd)
		r.noteWritten(p, "", false)
	}
	if p.val != f.val {
		r.checkWords(sc, []field{p}, cmd) // the whole word was matched already
	}
	r.checkTargets(sc, []field{p}, cmd)
}

// imageCoder splits ImageMagick's CODER:NAME into the coder, lower case,
// and the name; a word without a coder (letters and digits, at most 12,
// before a colon) is all name.
func imageCoder(v string) (coder, name string) {
	if i := strings.IndexByte(v, ':'); i > 0 && i <= 12 && isAlnumWord(v[:i]) {
		return asciiLower(v[:i]), v[i+1:]
	}
	return "", v
}

// isAlnumWord reports whether s is letters and digits only.
func isAlnumWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) {
			return false
		}
	}
	return s != ""
}

// ghostscript judges Ghostscript's output file and its -dNOSAFER (see its
// entry).
func ghostscript(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for i := 0; i < len(args); i++ {
		f := args[i]
		var out field
		switch {
		case f.val == "-o" && i+1 < len(args):
			i++
			out = args[i]
		case strings.HasPrefix(f.val, "-o") && len(f.val) > 2:
			out = field{val: f.val[2:], dyn: f.dyn, why: f.why}
		case strings.HasPrefix(f.val, "-sOutputFile=") || strings.HasPrefix(f.val, "-sOutputFile#"):
			out = field{val: f.val[len("-sOutputFile="):], dyn: f.dyn, why: f.why}
		case !f.dyn && (f.val == "-dNOSAFER" || f.val == "-dDELAYSAFER" || f.val == "-dSAFER=false" || f.val == "-dSAFER#false"):
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs PostScript without its sandbox, which deletes and writes files and runs commands", cmd, "")
			continue
		default:
			continue
		}
		if out.dyn {
			r.judgeWrite(sc, out, ruleDiskWrite, cmd)
			continue
		}
		v := strings.TrimLeft(out.val, " \t")
		if rest, ok := strings.CutPrefix(v, "|"); ok {
			r.reparseField(sc, field{val: rest}, c, cmd, true)
			continue
		}
		if len(v) >= 6 && strings.EqualFold(v[:6], "%pipe%") {
			r.reparseField(sc, field{val: v[6:]}, c, cmd, true)
			continue
		}
		r.judgeWrite(sc, field{val: v}, ruleDiskWrite, cmd)
		r.noteWritten(field{val: v}, "", false)
	}
	return false
}
