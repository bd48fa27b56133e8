package hardline

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Archivers and compressors: what they read whole, where they extract, and
// the commands some run.
var _ = register([]Entry{
	{Names: names("tar bsdtar gtar"), Family: "archives", Summary: "reads its operands whole, and deletes them with --remove-files; -C (or the working folder, or --one-top-level=DIR) is written when extracting, and -P extracts anywhere (asks); --to-command, --checkpoint-action=exec, -I and --rsh-command run commands, given in TAR_OPTIONS too; --index-file and -g are written",
		Env: []EnvVar{{Name: "TAR_OPTIONS", Role: RoleEscape, Markers: []string{"--to-c", "--use", "-I", "--rsh", "--info-script", "-F", "--new-volume-script", "--checkpoint-a"}}},
		Options: []Option{opt(RoleWorkDir, "-C", "--directory"), opt(RoleWrite, "--index-file", "-g", "--listed-incremental"),
			keyed(RoleScript, "exec", abbreviations("--checkpoint-action", len("--checkpoint-"))...),
			opt(RoleFilter, append(append(abbreviations("--to-command", len("--to-c")), abbreviations("--use-compress-program", len("--use"))...), "-I")...),
			opt(RoleScript, append(append(abbreviations("--rsh-command", len("--rsh")), abbreviations("--info-script", len("--inf"))...), append(abbreviations("--new-volume-script", len("--new-")), "-F")...)...),
			val("-f", "--file", "-b", "--blocking-factor", "-H", "--format", "-K", "--starting-file", "-L", "--tape-length", "-N", "--newer", "--after-date", "-T", "--files-from", "-V", "--label", "-X", "--exclude-from", "--exclude", "--checkpoint", "--owner", "--group", "--mode", "--mtime", "--transform", "--xform", "--strip-components")},
		judgesPaths: true, // tarFolders judges the names in each folder tar visits
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// tar opens the archive in the folder it starts in; each -C
			// moves it, relative to the last, before the names after it.
			moved := r.cwd
			r.cwd = r.startCwd
			r.tarOutput(sc, args, cmd)
			r.tarFolders(sc, args, cmd)
			if m := tarOptions(args); c.in.download && m.extract && !m.toStdout {
				// curl URL | tar xz: what it extracts, in the folder its
				// last -C moved to, was downloaded.
				r.noteFetched(field{val: "."})
			}
			r.cwd = moved
			if m := tarOptions(args); !m.extract {
				for _, list := range optionValues(args, "-T", "--files-from") {
					r.readsListed(sc, &list, nil, c, b, cmd) // find ~ | tar -cf x.tar -T -
				}
			}
			return true
		}},
	{Names: names("zip"), Family: "archives", Summary: "-r reads folders whole; -m deletes the inputs (recursively with -r); the archive, --out and the -b temporary folder are written; -TT runs a command (ZIPOPT too); -@ reads the names on stdin",
		Env:      []EnvVar{{Name: "ZIPOPT", Role: RoleEscape, Markers: []string{"-TT", "--unzip-command"}}},
		Options:  []Option{opt(RoleScript, "-TT", "--unzip-command"), opt(RoleWrite, "-O", "--out", "--output-file", "-b"), val("-n", "-t", "-tt", "-x", "-i", "-P", "--password")},
		Operands: []Operand{operand(0, RoleWrite)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.readsTree(sc, b, args, cmd)
			if p := parseOpts(args, treeReaderValues[b], nil, ""); strings.ContainsRune(p.short, 'm') || p.has("--move") {
				// zip -m deletes what it stored, and the folders it
				// emptied: each input is deleted, recursively with -r.
				r.inputsDeleted(sc, p.ops[min(1, len(p.ops)):], strings.ContainsAny(p.short, "rR") || p.has("--recurse-paths") || p.has("--recurse-patterns"), cmd, "zip -m")
			}
			if has(args, "-@", "--names-stdin") {
				r.readsListed(sc, nil, nil, c, b, cmd) // find ~ | zip x.zip -@
			}
			return true
		}},
	{Names: names("unzip bsdunzip"), Family: "archives", Summary: "-d (or the working folder) is written; -: extracts above it (asks)", DataOnly: true,
		Options: []Option{opt(RoleWriteTree, "-d"), val("-x", "-P", "-O", "-I")}, Operands: []Operand{operand(0, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "dxPOI", nil, "")
			if strings.ContainsAny(p.short, "lvtpZz") {
				return false // a listing, a test or the contents to stdout
			}
			if strings.ContainsRune(p.short, ':') {
				r.finding(ruleWriteOutside, Command, Ask, b+" -: extracts names with ../ above the extraction folder", cmd, "")
			}
			if len(p.get("-d")) == 0 {
				r.judgeWriteTree(sc, field{val: "."}, cmd)
			}
			return false
		}},
	{Names: names("7z 7za 7zr 7zz"), Family: "archives", Summary: "-o (or the working folder) is written; -spf extracts anywhere (asks); adding reads folders whole, where the links in them lead too unless -snl, and -sdel deletes them", DataOnly: true,
		Options: []Option{opt(RoleWriteTree, "-o"), val("-p", "-t", "-m", "-w", "-x", "-i", "-v")},
		Subcommands: []Entry{
			{Names: names("a u"), Options: []Option{opt(RoleWriteTree, "-o"), val("-p", "-t", "-m", "-w", "-x", "-i", "-v")}, Operands: []Operand{operand(0, RoleWrite), operands(1, RoleReadTree)}, DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if has(args, "-sdel") {
						ops := parseLine(builtinCatalog()["7z"].subs["a"], args, nil).ops
						for _, o := range ops[min(1, len(ops)):] {
							r.judgeDelete(sc, o, true, cmd, "7z -sdel")
						}
					}
					return false
				}},
			{Names: names("x e"), Options: []Option{opt(RoleWriteTree, "-o"), val("-p", "-t", "-m", "-w", "-x", "-i", "-v")}, Operands: []Operand{operand(0, RoleRead)}, DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if has(args, "-spf", "-spf2") {
						r.finding(ruleWriteOutside, Command, Ask, "7z -spf extracts the archive's absolute paths anywhere", cmd, "")
					}
					if !has(args, "-so") && !slices.ContainsFunc(args, func(f field) bool { return strings.HasPrefix(f.val, "-o") }) {
						r.judgeWriteTree(sc, field{val: "."}, cmd)
					}
					return false
				}},
			{Names: names("d rn"), Operands: []Operand{operand(0, RoleWrite)}, DataOnly: true},
		}},
	{Names: names("cpio bsdcpio"), Family: "archives", Summary: "-D (or the working folder) is written when extracting; -p copies into its operand; -F is the archive, written by -o; --rsh-command runs a command; -i extracts absolute names anywhere unless --no-absolute-filenames (asks)",
		Options: []Option{opt(RoleWorkDir, "-D", "--directory"), flag(RoleExtract, "-i", "--extract"), opt(RoleWrite, "-O"), opt(RoleRead, "-I", "-F", "--file", "-E", "--pattern-file"),
			opt(RoleScript, "--rsh-command"), val("-H", "--format", "-R", "--owner", "-M", "--message")},
		Operands: []Operand{operands(0, RoleWriteTree)}, DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.cpio(sc, b, args, c, cmd)
			return false
		}},
	{Names: names("afio"), Family: "archives", Summary: "-o writes the archive and reads the files whose names come on stdin; -i and -r extract into the working folder",
		Options: vals("bcdEFgGHjJKLMnNPQRSTYZ", "--delete"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if hasShort(args, 'o') {
				r.readsListed(sc, nil, nil, c, b, cmd)
			}
			return false
		}},
	{Names: names("gzip gunzip xz unxz zstd unzstd bzip2 bunzip2 lz4 lzma unlzma zcat xzcat bzcat zstdcat lz4cat lzip pigz unpigz pbzip2 brotli"), Family: "archives", Summary: "operands are read and, unless kept, replaced (deleted; -r recursively); -o and --output-dir-* are written",
		DataOnly: true,
		Options: []Option{opt(RoleWrite, "-o", "--output"), opt(RoleWriteTree, "--output-dir-flat", "--output-dir-mirror"), flag(RoleRecursive, "-r", "--recursive"),
			val("-S", "--suffix", "-T", "--threads", "-b", "-p", "--processes", "-D", "--dict")},
		Operands: []Operand{operands(0, RoleRead)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.compressorReplaces(sc, b, args, cmd)
			return false
		}},
	{Names: names("rar unrar"), Family: "archives", Summary: "archives; extraction folders (the last operand, -op, or the working folder) are written; adding reads folders whole, where the links in them lead too unless -ol; m, mf and -df delete the inputs", DataOnly: true,
		Subcommands: []Entry{{Names: names("x e"), Operands: []Operand{operand(0, RoleRead), operand(-1, RoleWriteTree)}, DataOnly: true,
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				dest := false
				var ops []field
				for _, a := range args {
					if v, ok := strings.CutPrefix(a.val, "-op"); ok && v != "" {
						f := a
						f.val = v
						r.judgeWriteTree(sc, f, cmd)
						dest = true
					} else if !strings.HasPrefix(a.val, "-") {
						ops = append(ops, a)
					}
				}
				if !dest && len(ops) < 2 {
					r.judgeWriteTree(sc, field{val: "."}, cmd)
				}
				return false
			}},
			{Names: names("a u f"), Operands: []Operand{operand(0, RoleWrite), operands(1, RoleReadTree)}, DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if has(args, "-df", "-dr") {
						// -df deletes the files once stored (-dr to the
						// recycle bin); a folder named is taken whole.
						ops := parseLine(builtinCatalog()["rar"].subs["a"], args, nil).ops
						r.inputsDeleted(sc, ops[min(1, len(ops)):], true, cmd, "rar -df")
					}
					return false
				}},
			{Names: names("m mf"), Summary: "moves its inputs into the archive: they are deleted, a folder named whole", Operands: []Operand{operand(0, RoleWrite), operands(1, RoleDeleteTree)}, DataOnly: true}}},
	{Names: names("ar"), Family: "archives", Summary: "the archive is written; --output is the extraction folder", DataOnly: true,
		Options: []Option{opt(RoleWriteTree, "--output")}, Operands: []Operand{operand(1, RoleWrite)}},
	{Names: names("pax"), Family: "archives", Summary: "-w reads its operands whole and writes -f; -r extracts into the working folder, anywhere with -s (asks); -rw copies into the last operand",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.pax(sc, args, c, cmd)
			return true
		}},
	{Names: names("cabextract unar aunpack atool patool dtrx unsquashfs"), Family: "archives", Summary: "extractors: the output folder is written",
		DataOnly: true,
		Options: []Option{opt(RoleWriteTree, "-d", "-o", "-X", "--extract-to", "--outdir", "--output-directory", "-dest", "--directory"),
			val("-F", "--filter", "-p", "--password", "-e", "--encoding", "-t", "--format")}},
	{Names: names("mksquashfs"), Family: "archives", Summary: "the sources are read whole; the image is written", DataOnly: true,
		Operands: []Operand{operand(-1, RoleWrite), operands(0, RoleReadTree)}},
	{Names: names("genisoimage mkisofs xorrisofs"), Family: "archives", Summary: "disc images: the sources are read whole; -o is written", DataOnly: true, LongSingleDash: true,
		Options:  []Option{opt(RoleWrite, "-o", "-output"), opt(RoleReadTree, "-graft-points"), val("-V", "-volid", "-A", "-appid", "-p", "-preparer", "-P", "-publisher", "-b", "-eltorito-boot", "-c", "-eltorito-catalog", "-m", "-exclude", "-x", "-input-charset", "-sort", "-boot-load-size")},
		Operands: []Operand{operands(0, RoleReadTree)}},
	{Names: names("dpkg-deb"), Family: "archives", Summary: "-x, -X and -R extract a package into the folder named", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "", nil, "")
			if strings.ContainsAny(p.short, "xXR") || p.has("--extract") || p.has("--vextract") || p.has("--raw-extract") {
				if len(p.ops) > 1 {
					r.judgeWriteTree(sc, p.ops[1], cmd)
				}
			}
			return true
		}},
	{Names: names("jar"), Family: "archives", Summary: "jar c reads its operands whole, where the links in them lead too; x extracts into the working folder", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if len(args) == 0 {
				return true
			}
			mode := strings.TrimLeft(args[0].val, "-")
			switch {
			case strings.ContainsAny(mode, "cu"):
				for i := 1; i < len(args); i++ {
					a := args[i]
					if a.val == "-C" && i+2 < len(args) {
						// -C DIR NAME: NAME in DIR.
						a = args[i+2]
						if d := args[i+1]; !a.dyn && !d.dyn && !strings.HasPrefix(a.val, "/") {
							a.val = path.Join(d.val, a.val)
						} else {
							a.dyn = a.dyn || d.dyn
						}
						i += 2
					} else if strings.HasPrefix(a.val, "-") {
						continue
					}
					r.readTree(a, b, cmd)
					r.linksBelow(sc, b, []field{a}, cmd) // jar follows the links in a folder
				}
			case strings.ContainsRune(mode, 'x'):
				r.judgeWriteTree(sc, field{val: "."}, cmd)
			}
			return true
		}},
})

// has reports whether one of the words is among args.
func has(args []field, words ...string) bool {
	return slices.ContainsFunc(args, func(f field) bool { return !f.dyn && slices.Contains(words, f.val) })
}

// readsListed judges an archiver or a copier reading the files a list
// names: list is the file the list is read from (nil for standard input,
// as "-" is). Names on standard input, or in a process substitution, from
// find or ls over a home folder read every secret in it (find ~ | cpio -o,
// tar -T <(find ~)); a list whose text the
// command says (tar -czf x -T - <<< ~/.ssh/id_rsa, tar -T <(echo ...),
// rsync --files-from=F after writing F) reads each name it holds, lines or
// NUL-separated, each taken in the working folder and under each of bases
// (rsync's sources, which its names are relative to).
func (r *run) readsListed(sc *scope, list *field, bases []field, c ctx, b, cmd string) {
	if list == nil {
		list = &field{val: "-"}
	}
	if c.in.find && isStdin(list.val) {
		for _, w := range c.in.words {
			r.readTree(w, b, cmd)
		}
		return
	}
	if list.why == whyProcSubst {
		// A process substitution listing paths (tar -T <(find ~ -name
		// '*.pem'), rsync --files-from=<(find ~)) is read as a pipe
		// from it would be.
		if ps := r.procSubstOf(*list); ps != nil && ps.Op == syntax.CmdIn {
			if in := r.writersInput(sc, ps.Stmts, true); in.find {
				for _, w := range in.words {
					r.readTree(w, b, cmd)
				}
				return
			}
		}
	}
	text, ok := r.argText(sc, *list, c)
	if !ok {
		return
	}
	n := 0
	for line := range strings.SplitSeq(strings.ReplaceAll(text, "\x00", "\n"), "\n") {
		name := strings.TrimSpace(line)
		if name == "" {
			continue
		}
		if n++; n > maxXargsItems {
			r.tooComplex("a list of files to read holds more names than the bound")
			return
		}
		items := []field{{val: name}}
		for _, d := range bases {
			if !d.dyn && !strings.HasPrefix(name, "/") {
				items = append(items, field{val: strings.TrimSuffix(d.val, "/") + "/" + name})
			}
		}
		r.checkWords(sc, items, cmd)
		for _, it := range items {
			r.readTree(it, b, cmd)
		}
	}
}

// cpio judges cpio's modes: -o writes -F and reads the names on stdin;
// -i without -D extracts into the working folder, and its absolute names
// anywhere unless --no-absolute-filenames is given (bsdcpio: only with
// --insecure).
func (r *run) cpio(sc *scope, b string, args []field, c ctx, cmd string) {
	p := parseOpts(args, "DFOIEHRMC", []string{"--directory", "--file", "--pattern-file", "--format", "--owner", "--message", "--rsh-command", "--io-size"}, "")
	switch {
	case strings.ContainsRune(p.short, 'o') || p.has("--create"):
		for _, f := range p.get("-F", "--file") {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		}
		r.readsListed(sc, nil, nil, c, "cpio", cmd)
	case strings.ContainsRune(p.short, 'i') || p.has("--extract"):
		if strings.ContainsRune(p.short, 't') || p.has("--list") || p.has("--to-stdout") {
			return
		}
		if b == "bsdcpio" && p.has("--insecure") || b != "bsdcpio" && !p.has("--no-absolute-filenames") {
			// GNU cpio extracts an absolute name where it points unless
			// told not to ("This is the default", its manual says of
			// --absolute-filenames): the archive may write anywhere.
			// bsdcpio strips them unless --insecure.
			r.finding(ruleWriteOutside, Command, Ask, "cpio -i extracts the archive's absolute names where they point (GNU cpio's default; --no-absolute-filenames keeps them in the folder)", cmd, "")
		}
		if len(p.get("-D", "--directory")) == 0 {
			r.judgeWriteTree(sc, field{val: "."}, cmd)
		}
	case strings.ContainsRune(p.short, 'p') || p.has("--pass-through"):
		r.readsListed(sc, nil, nil, c, "cpio", cmd)
	}
}

// compressorReplaces judges gzip and its kin replacing their operands:
// unless the output goes to stdout, the input is kept or the program only
// lists or tests, each operand is deleted (recursively with -r), and lz4's
// second operand is its output.
func (r *run) compressorReplaces(sc *scope, b string, args []field, cmd string) {
	switch b {
	case "zcat", "xzcat", "bzcat", "zstdcat", "lz4cat":
		return
	}
	p := parseOpts(args, "oSTbpD", []string{"--output", "--suffix", "--threads", "--processes", "--dict"}, "")
	if strings.ContainsAny(p.short, "cklt") || p.has("--stdout") || p.has("--to-stdout") || p.has("--keep") || p.has("--list") || p.has("--test") || len(p.get("-o", "--output")) > 0 {
		return
	}
	decompress := strings.ContainsRune(p.short, 'd') || p.has("--decompress") || p.has("--uncompress") || strings.HasPrefix(b, "un") || b == "gunzip" || b == "bunzip2"
	keeps := b == "zstd" || b == "unzstd" || b == "lz4" || b == "brotli"
	if keeps && !p.has("--rm") && !strings.ContainsRune(p.short, 'j') {
		if b == "lz4" && len(p.ops) == 2 && !strings.ContainsRune(p.short, 'm') && !p.has("--multiple") {
			r.judgeWrite(sc, p.ops[1], ruleDiskWrite, cmd)
			return
		}
		if decompress {
			// The input is kept, but its output is still written:
			// unzstd ~/.bashrc.zst writes ~/.bashrc.
			r.decompressedWrites(sc, p.ops, cmd)
		}
		return
	}
	recursive := strings.ContainsRune(p.short, 'r') || p.has("--recursive")
	for _, o := range p.ops {
		if o.val == "-" {
			continue
		}
		r.judgeDelete(sc, o, recursive, cmd, b)
	}
	if decompress {
		r.decompressedWrites(sc, p.ops, cmd)
	}
}

// decompressedWrites judges the file each compressed operand decompresses
// to, its name without the compressor's suffix (gzip -d ~/.bashrc.gz
// writes ~/.bashrc).
func (r *run) decompressedWrites(sc *scope, ops []field, cmd string) {
	for _, o := range ops {
		if !o.dyn && o.val != "-" {
			for _, suf := range []string{".gz", ".xz", ".zst", ".bz2", ".lz4", ".lzma", ".lz", ".br", ".z", ".Z"} {
				if out, ok := strings.CutSuffix(o.val, suf); ok && out != "" {
					t := o
					t.val = out
					r.judgeWrite(sc, t, ruleDiskWrite, cmd)
					break
				}
			}
		}
	}
}

// pax judges pax's modes: -w reads its operands whole and writes -f; -r
// extracts into the working folder (a -s rewrite to an absolute path
// writes anywhere); -r -w copies the operands into the last one.
func (r *run) pax(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "fsbxoptBDEGTUs", nil, "")
	read, write := strings.ContainsRune(p.short, 'r'), strings.ContainsRune(p.short, 'w')
	ops := p.ops
	switch {
	case write:
		if read { // copy mode: the last operand is the folder written
			if len(ops) > 0 {
				r.judgeWriteTree(sc, ops[len(ops)-1], cmd)
				ops = ops[:len(ops)-1]
			}
		} else {
			for _, f := range p.get("-f") {
				r.judgeWrite(sc, f, ruleDiskWrite, cmd)
			}
		}
		for _, o := range ops {
			r.readTree(o, "pax", cmd)
		}
		if len(ops) == 0 {
			r.readsListed(sc, nil, nil, c, "pax", cmd)
		}
	case read:
		for _, s := range p.get("-s") {
			if len(s.val) > 2 && strings.Contains(s.val[1:], string(s.val[0])+"/") {
				r.finding(ruleWriteOutside, Command, Ask, "pax -s rewrites names to absolute paths", cmd, "")
			}
		}
		r.judgeWriteTree(sc, field{val: "."}, cmd)
	}
}

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
		case v == "-c" || v == "--create" || v == "-r" || v == "--append" || v == "-u" || v == "--update" || v == "-A" || v == "--catenate" || v == "--concatenate" || v == "--delete":
			create = true
		case strings.HasPrefix(v, "--file="):
			f := a
			f.val = v[len("--file="):]
			archive = &f
		case v == "-f" || v == "--file":
			if i+1 < len(args) {
				f := args[i+1]
				archive = &f
			}
		case len(v) > 2 && v[0] == '-' && v[1] != '-':
			if j := strings.IndexByte(v, 'f'); strings.ContainsAny(v[1:max(j, 1)], "cruA") || j < 0 && strings.ContainsAny(v[1:], "cruA") {
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
			if strings.ContainsAny(v, "cruA") {
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
	if !create && archive != nil {
		r.rawDiskRead(*archive, cmd)
	}
}

// tarMode is what tar's options say about extraction: the folders -C
// (--directory) names in order, and the extract mode given as -x,
// --extract, --get or bundled letters (xzf).
type tarMode struct {
	dirs                        []field
	extract, anywhere, toStdout bool
}

func tarOptions(args []field) tarMode {
	var m tarMode
	var top []field // --one-top-level=DIR, which only extracting reads
	for i, a := range args {
		v := a.val
		switch {
		case a.dyn:
		case v == "-x" || v == "--extract" || v == "--get":
			m.extract = true
		case v == "-P" || v == "--absolute-names" || v == "--absolute-paths":
			m.anywhere = true
		case v == "-O" || v == "--to-stdout" || v == "--to-command" || strings.HasPrefix(v, "--to-command="):
			m.toStdout = true
		case v == "-C" || v == "--directory":
			if i+1 < len(args) {
				m.dirs = append(m.dirs, args[i+1])
			}
		case strings.HasPrefix(v, "--directory="):
			f := a
			f.val = v[len("--directory="):]
			m.dirs = append(m.dirs, f)
		case strings.HasPrefix(v, "--one-top-level="):
			// Extracting puts everything in DIR (from the folder tar is
			// in): a folder written as -C's is (see below).
			f := a
			f.val = v[len("--one-top-level="):]
			top = append(top, f)
		case len(v) > 1 && v[0] == '-' && v[1] != '-' || i == 0 && !strings.HasPrefix(v, "-"):
			letters := strings.TrimPrefix(v, "-")
			if j := strings.IndexByte(letters, 'C'); j >= 0 {
				if j+1 < len(letters) {
					f := a
					f.val = letters[j+1:]
					m.dirs = append(m.dirs, f)
				} else if i+1 < len(args) {
					m.dirs = append(m.dirs, args[i+1])
				}
				letters = letters[:j]
			}
			if strings.ContainsRune(letters, 'x') {
				m.extract = true
			}
			if strings.ContainsRune(letters, 'P') {
				m.anywhere = true
			}
			if strings.ContainsRune(letters, 'O') {
				m.toStdout = true
			}
		}
	}
	if m.extract {
		m.dirs = append(m.dirs, top...)
	}
	return m
}

// tarRemoveFiles are the spellings of tar's --remove-files: the whole
// name and each abbreviation GNU tar accepts.
var tarRemoveFiles = abbreviations("--remove-files", len("--rem"))

// inputsDeleted judges the inputs a program deletes once it has stored
// them elsewhere (zip -m, tar --remove-files, rar -df, rsync
// --remove-source-files): each as a deletion, recursive where the program
// takes a folder whole, so that moving the home folder's files into an
// archive is deleting them (see docs/security-model.md).
func (r *run) inputsDeleted(sc *scope, ops []field, recursive bool, cmd, verb string) {
	for _, o := range ops {
		r.judgeDelete(sc, o, recursive, cmd, verb)
	}
}

// tarFolders judges tar's names in each folder it works in, from the one
// it starts in through each -C, which moves it relative to the last; the
// folders it extracts into are judged as they are reached.
func (r *run) tarFolders(sc *scope, args []field, cmd string) {
	m := tarOptions(args)
	if m.extract && m.anywhere {
		r.finding(ruleWriteOutside, Command, Ask, "tar -P extracts the archive's absolute paths anywhere", cmd, "")
	}
	ops, follows := treeOperands("tar", args)
	follows = follows && !m.extract // (tar -h archives what links lead to)
	// --remove-files deletes what tar stored: each input, whole unless
	// --no-recursion.
	removes := !m.extract && slices.ContainsFunc(args, func(f field) bool { return !f.dyn && slices.Contains(tarRemoveFiles, f.val) })
	recursive := !has(args, "--no-recursion")
	r.checkTargets(sc, ops, cmd)
	r.readsTreeOf("tar", ops, cmd)
	if follows {
		r.linksBelow(sc, "tar", ops, cmd)
	}
	if removes {
		r.inputsDeleted(sc, ops, recursive, cmd, "tar --remove-files")
	}
	for _, d := range m.dirs {
		if m.extract {
			r.judgeWriteTree(sc, d, cmd)
		}
		r.chdir(d)
		if m.extract && !m.toStdout {
			r.plantMembers(ops)
		}
		r.checkTargets(sc, ops, cmd)
		r.readsTreeOf("tar", ops, cmd)
		if follows {
			r.linksBelow(sc, "tar", ops, cmd)
		}
		if removes {
			r.inputsDeleted(sc, ops, recursive, cmd, "tar --remove-files")
		}
	}
	if m.extract && len(m.dirs) == 0 && !m.toStdout {
		r.judgeWriteTree(sc, field{val: "."}, cmd)
		r.plantMembers(ops)
	}
}

// plantMembers notes the members an extraction names as files written
// with text the command does not show (plantUnreadAt): one a program runs
// by itself (tar -xf x.tar .pre-commit-config.yaml) asks.
func (r *run) plantMembers(ops []field) {
	for _, o := range ops {
		r.plantUnreadAt(o)
	}
}
