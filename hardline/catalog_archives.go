package hardline

import "strings"

// Archivers and compressors: what they read whole, where they extract, and
// the commands some run.
var _ = register([]Entry{
	{Names: names("tar bsdtar gtar"), Family: "archives", Summary: "reads its operands whole; -C is the folder, written when extracting; --to-command, --checkpoint-action=exec, -I and --rsh-command run commands",
		Options: []Option{opt(RoleWorkDir, "-C", "--directory"),
			keyed(RoleScript, "exec", "--checkpoint-action"), opt(RoleScript, "--to-command", "--use-compress-program", "-I", "--rsh-command", "--info-script", "--new-volume-script", "-F"),
			val("-f", "--file", "-b", "--blocking-factor", "-H", "--format", "-K", "--starting-file", "-L", "--tape-length", "-N", "--newer", "--after-date", "-T", "--files-from", "-V", "--label", "-X", "--exclude-from", "--exclude", "--checkpoint", "--owner", "--group", "--mode", "--mtime", "--transform", "--xform", "--strip-components")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, "tar", args, cmd)
			r.tarOutput(sc, args, cmd)
			r.tarExtract(sc, args, cmd)
			return true
		}},
	{Names: names("zip"), Family: "archives", Summary: "-r reads folders whole; the archive is written; -TT runs a command",
		Options: []Option{opt(RoleScript, "-TT", "--unzip-command"), val("-b", "-n", "-t", "-tt", "-x", "-i", "-P", "--password", "-O", "--output-file")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, b, args, cmd)
			return true
		}},
	{Names: names("unzip"), Family: "archives", Summary: "-d is written", DataOnly: true,
		Options: []Option{opt(RoleWriteTree, "-d"), val("-x", "-P", "-O", "-I")}, Operands: []Operand{operand(0, RoleRead)}},
	{Names: names("7z 7za 7zr 7zz"), Family: "archives", Summary: "-o is written; adding reads folders whole", DataOnly: true,
		Options: []Option{opt(RoleWriteTree, "-o"), val("-p", "-t", "-m", "-w", "-x", "-i", "-v")},
		Subcommands: []Entry{
			{Names: names("a u"), Options: []Option{opt(RoleWriteTree, "-o"), val("-p", "-t", "-m", "-w", "-x", "-i", "-v")}, Operands: []Operand{operand(0, RoleWrite), operands(1, RoleReadTree)}, DataOnly: true},
			{Names: names("x e"), Options: []Option{opt(RoleWriteTree, "-o"), val("-p", "-t", "-m", "-w", "-x", "-i", "-v")}, Operands: []Operand{operand(0, RoleRead)}, DataOnly: true},
		}},
	{Names: names("cpio"), Family: "archives", Summary: "-D is the folder, written when extracting; -p copies into its operand; -F is the archive",
		Options:  []Option{opt(RoleWorkDir, "-D", "--directory"), flag(RoleExtract, "-i", "--extract"), opt(RoleWrite, "-O"), opt(RoleRead, "-I"), val("-F", "--file", "-H", "--format", "-E", "--pattern-file", "-R", "--owner", "-M", "--message", "--rsh-command")},
		Operands: []Operand{operands(0, RoleWriteTree)}, DataOnly: true},
	{Names: names("gzip gunzip xz unxz zstd unzstd bzip2 bunzip2 lz4 lzma zcat xzcat bzcat zstdcat lzip pigz pbzip2 brotli"), Family: "archives", Summary: "operands are read (and replaced); -o is written", DataOnly: true,
		Options:  []Option{opt(RoleWrite, "-o", "--output"), val("-S", "--suffix", "-T", "--threads", "-b", "-p", "--processes", "-D", "--dict")},
		Operands: []Operand{operands(0, RoleRead)}},
	{Names: names("rar unrar"), Family: "archives", Summary: "archives; extraction folders are written", DataOnly: true,
		Subcommands: []Entry{{Names: names("x e"), Operands: []Operand{operand(0, RoleRead), operand(-1, RoleWrite)}, DataOnly: true},
			{Names: names("a"), Operands: []Operand{operand(0, RoleWrite), operands(1, RoleReadTree)}, DataOnly: true}}},
	{Names: names("ar"), Family: "archives", Summary: "the archive is written", DataOnly: true, Operands: []Operand{operand(1, RoleWrite)}},
})

// tarOutput judges where tar writes: -f ARCHIVE when creating, and -C when
// extracting (judged by the roles).
func (r *run) tarOutput(sc *scope, args []field, cmd string) {
	create := false
	var archive *field
	for i, a := range args {
		v := a.val
		if a.dyn {
			continue
		}
		switch {
		case v == "-c" || v == "--create" || v == "-r" || v == "--append" || v == "-u" || v == "--update":
			create = true
		case v == "-f" || v == "--file":
			if i+1 < len(args) {
				f := args[i+1]
				archive = &f
			}
		case len(v) > 2 && v[0] == '-' && v[1] != '-':
			if strings.ContainsAny(v[1:], "cru") {
				create = true
			}
			if j := strings.IndexByte(v, 'f'); j > 0 {
				if j+1 < len(v) {
					f := a
					f.val = v[j+1:]
					archive = &f
				} else if i+1 < len(args) {
					f := args[i+1]
					archive = &f
				}
			}
		case i == 0 && len(v) > 0 && v[0] != '-':
			// tar czf OUT: bundled letters without a dash.
			if strings.ContainsAny(v, "cru") {
				create = true
			}
			if strings.IndexByte(v, 'f') >= 0 && len(args) > 1 {
				f := args[1]
				archive = &f
			}
		}
	}
	if create && archive != nil && archive.val != "-" {
		r.judgeWrite(sc, *archive, ruleDiskWrite, cmd)
	}
}

// tarExtract judges the folders tar extracts into (-C, --directory), with
// the extract mode given as -x, --extract, --get or bundled letters (xzf).
func (r *run) tarExtract(sc *scope, args []field, cmd string) {
	extract := false
	var dirs []field
	for i, a := range args {
		v := a.val
		switch {
		case a.dyn:
		case v == "-x" || v == "--extract" || v == "--get":
			extract = true
		case v == "-C" || v == "--directory":
			if i+1 < len(args) {
				dirs = append(dirs, args[i+1])
			}
		case strings.HasPrefix(v, "--directory="):
			f := a
			f.val = v[len("--directory="):]
			dirs = append(dirs, f)
		case len(v) > 1 && v[0] == '-' && v[1] != '-' || i == 0 && !strings.HasPrefix(v, "-"):
			letters := strings.TrimPrefix(v, "-")
			if j := strings.IndexByte(letters, 'C'); j >= 0 {
				if j+1 < len(letters) {
					f := a
					f.val = letters[j+1:]
					dirs = append(dirs, f)
				} else if i+1 < len(args) {
					dirs = append(dirs, args[i+1])
				}
				letters = letters[:j]
			}
			if strings.ContainsRune(letters, 'x') {
				extract = true
			}
		}
	}
	if !extract {
		return
	}
	for _, d := range dirs {
		r.judgeWriteTree(sc, d, cmd)
	}
}
