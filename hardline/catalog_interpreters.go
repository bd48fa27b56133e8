package hardline

import (
	"regexp"
	"strings"
)

// nodeCodeOptions are node options that load or run code.
var nodeCodeOptions = []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-e", "--eval", "-p", "--print", "--inspect"}

// jvmCodeOptions are the JVM options that load an agent or run a command.
var jvmCodeOptions = []string{"-javaagent", "-agentpath", "-agentlib", "-XX:OnError", "-XX:OnOutOfMemoryError"}

// interpreterEnv are the variables that make an interpreter load code.
var interpreterEnv = []EnvVar{{Name: "PYTHONSTARTUP", Role: RoleProgram}, {Name: "PYTHONHOME", Role: RoleProgram},
	{Name: "NODE_OPTIONS", Role: RoleEscape, Markers: nodeCodeOptions},
	{Name: "PERL5OPT", Role: RoleEscape, Markers: []string{"-M", "-m", "-d", "-e", "-E", "-I"}}, {Name: "PERL5DB", Role: RoleProgram}, {Name: "PERLDB_OPTS", Role: RoleProgram},
	{Name: "RUBYOPT", Role: RoleEscape, Markers: []string{"-r", "-e", "-I"}},
	// The JVM's own variables, and those the launch scripts of build tools
	// and servers pass to it (mvn, gradle, sbt, ant, catalina.sh).
	{Name: "JAVA_TOOL_OPTIONS", Role: RoleEscape, Markers: jvmCodeOptions}, {Name: "_JAVA_OPTIONS", Role: RoleEscape, Markers: jvmCodeOptions},
	{Name: "JDK_JAVA_OPTIONS", Role: RoleEscape, Markers: jvmCodeOptions}, {Name: "JAVA_OPTS", Role: RoleEscape, Markers: jvmCodeOptions},
	{Name: "MAVEN_OPTS", Role: RoleEscape, Markers: jvmCodeOptions}, {Name: "GRADLE_OPTS", Role: RoleEscape, Markers: jvmCodeOptions},
	{Name: "SBT_OPTS", Role: RoleEscape, Markers: jvmCodeOptions}, {Name: "ANT_OPTS", Role: RoleEscape, Markers: jvmCodeOptions},
	{Name: "CATALINA_OPTS", Role: RoleEscape, Markers: jvmCodeOptions},
	// TLS libraries (OpenSSL's users, NSS, node, Go's programs that opt
	// in) append session keys to the file this names.
	{Name: "SSLKEYLOGFILE", Role: RoleWrite},
	{Name: "LD_PRELOAD", Role: RoleProgram}, {Name: "LD_AUDIT", Role: RoleProgram}, {Name: "DYLD_INSERT_LIBRARIES", Role: RoleProgram},
	// Shells and REPLs write their history to these (HISTFILE=~/.bashrc
	// bash -i appends what is typed to a startup file).
	{Name: "HISTFILE", Role: RoleWrite}, {Name: "LESSHISTFILE", Role: RoleWrite}, {Name: "NODE_REPL_HISTORY", Role: RoleWrite},
	{Name: "PYTHON_HISTORY", Role: RoleWrite}, {Name: "MYSQL_HISTFILE", Role: RoleWrite}, {Name: "PSQL_HISTORY", Role: RoleWrite},
	{Name: "SQLITE_HISTORY", Role: RoleWrite}, {Name: "REDISCLI_HISTFILE", Role: RoleWrite},
	{Name: "OPENSSL_CONF", Role: RoleProgram}, {Name: "OPENSSL_ENGINES", Role: RoleProgram}, {Name: "OPENSSL_MODULES", Role: RoleProgram},
	{Name: "PHPRC", Role: RoleProgram}, {Name: "PHP_INI_SCAN_DIR", Role: RoleProgram},
	{Name: "NODE_REPL_EXTERNAL_MODULE", Role: RoleProgram}, {Name: "DOTNET_STARTUP_HOOKS", Role: RoleProgram},
	{Name: "BASH_FUNC_*", Role: RoleProgram}, {Name: "VIMINIT", Role: RoleProgram}, {Name: "EXINIT", Role: RoleProgram}, {Name: "GVIMINIT", Role: RoleProgram},
	{Name: "LESS", Role: RoleEscape, Markers: []string{"+!", "+|", "+:!", "-k", "--lesskey-file", "--lesskey-src"}},
	// Lua runs LUA_INIT (code, or @FILE) before its program; R sources
	// its profiles.
	{Name: "LUA_INIT", Role: RoleProgram}, {Name: "LUA_INIT_5_1", Role: RoleProgram}, {Name: "LUA_INIT_5_2", Role: RoleProgram},
	{Name: "LUA_INIT_5_3", Role: RoleProgram}, {Name: "LUA_INIT_5_4", Role: RoleProgram},
	{Name: "R_PROFILE_USER", Role: RoleProgram}, {Name: "R_PROFILE", Role: RoleProgram},
	// The Erlang runtime adds these to its command line (erl, elixir,
	// iex, mix, escript, rebar3): -eval and -run run code, -pa, -pz, -boot
	// and -args_file load it.
	{Name: "ERL_AFLAGS", Role: RoleEscape, Markers: erlCodeOptions}, {Name: "ERL_FLAGS", Role: RoleEscape, Markers: erlCodeOptions},
	{Name: "ERL_ZFLAGS", Role: RoleEscape, Markers: erlCodeOptions}, {Name: "ELIXIR_ERL_OPTIONS", Role: RoleEscape, Markers: erlCodeOptions}}

// erlCodeOptions are the Erlang runtime's options that run or load code.
var erlCodeOptions = []string{"-eval", "-run", "-pa", "-pz", "-boot", "-args_file"}

// languageInterpreters are the interpreters of the catalogue's entry of
// that name: their inline code asks, and a program they run from a file
// is read by its text (programOnDisk), as the launchers that run a source
// file do (java X.java, kotlin x.main.kts, swift x.swift, dart x.dart,
// runghc x.hs, jbang X.java). isInterpreter names them too.
const languageInterpreters = "node nodejs deno perl perl5 ruby jruby php lua luajit rscript Rscript R osascript pwsh powershell expect julia ts-node tsx groovy racket guile sbcl elixir erl scala tclsh wish jshell octave octave-cli clj clojure bb nbb joker cscript wscript java kotlin swift dart crystal runghc runhaskell ghci jbang"

// interpreterSpecial judges an interpreter's inline code, its program from
// stdin and python's file server.
func interpreterSpecial(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if b == "java" || b == "javaw" {
		r.jvmOptions(sc, args, c, cmd)
	}
	r.interpreter(sc, b, args, c, cmd)
	r.fileServer(b, args, cmd)
	return true
}

// jvmOptions judges the JVM's own options on a java command line, up to
// the class, -jar or -m that starts the program's arguments, with the
// @FILE arguments the launcher reads replaced by what a file the command
// wrote holds: an agent (-javaagent, -agentpath, -agentlib) loads code,
// which asks, and each command -XX:OnError and -XX:OnOutOfMemoryError run
// (through a shell, ; between them) is judged as one.
func (r *run) jvmOptions(sc *scope, args []field, c ctx, cmd string) {
	if more, ok := r.argFiles(sc, args, c); ok {
		args = more
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			continue
		}
		v := a.val
		switch {
		case v == "-jar" || v == "-m" || v == "--module" || len(v) == 0 || v[0] != '-':
			return
		case jvmValueOptions[v]:
			i++
		case strings.HasPrefix(v, "-XX:OnError=") || strings.HasPrefix(v, "-XX:OnOutOfMemoryError="):
			_, run, _ := strings.Cut(v, "=")
			r.reparseField(sc, field{val: run}, c, cmd, true) // ;-separated commands, each through a shell
		default:
			for _, m := range jvmCodeOptions {
				if strings.HasPrefix(v, m) {
					r.finding(ruleInlineInterp, Dynamic, Ask, "the JVM loads an agent the analyser cannot read ("+bound(v)+")", cmd, "")
					break
				}
			}
		}
	}
}

// jvmValueOptions are the java launcher's options that take the next word.
var jvmValueOptions = map[string]bool{"-cp": true, "-classpath": true, "--class-path": true, "-p": true, "--module-path": true,
	"--upgrade-module-path": true, "--add-modules": true, "--limit-modules": true, "--source": true, "--add-reads": true,
	"--add-exports": true, "--add-opens": true, "--patch-module": true, "--enable-native-access": true}

// Language interpreters: inline code asks, a script file is ordinary, code
// from a pipe or a process substitution asks; variables that make them load
// code ask.
var _ = register([]Entry{
	{Names: names("python pypy"), Family: "interpreters", Summary: "-c is inline code (asks); -m names a module (data); a program from stdin asks; python -m http.server serves its folder",
		Options: vals("cmWX", "--check-hash-based-pycs"), OptionsFirst: true,
		Env: interpreterEnv, special: interpreterSpecial},
	{Names: names("awk gawk mawk nawk"), Family: "interpreters", Summary: "the program's redirections and getline files are judged; system() and pipes ask; -f, -E and -i read program files; gawk -i inplace writes its inputs",
		judgesPaths: true, // the program is read, its files and the inputs resolved by the awk reader
		Env:         interpreterEnv, special: interpreterSpecial},
	{Names: names(languageInterpreters),
		Family: "interpreters", Summary: "-c, -e and their kin are inline code (asks); a program from stdin asks; a program file is read by its text, source files run as programs among them (java X.java, swift x.swift, runghc x.hs); perl -i and ruby -i write their files; php -S serves its folder",
		Env: interpreterEnv, special: interpreterSpecial},
	{Names: names("vim vi nvim ex view gvim vimdiff emacs nano micro kak hx helix joe mcedit"), Family: "interpreters", Summary: "editors given commands (-c, --cmd, +CMD, --eval) run them, as vim does those on its input (ex, -e, -es; keys when not a terminal); the files they open may be written (not view, -R or -M)",
		Env: []EnvVar{{Name: "VIMINIT", Role: RoleEscape, Markers: []string{"!", "system", "call", "lua", "py"}}, {Name: "EXINIT", Role: RoleEscape, Markers: []string{"!"}}},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.editor(b, args, cmd)
			r.editorScripts(sc, b, args, c, cmd)
			r.editorFiles(sc, b, args, cmd)
			return true
		}},
	{Names: names("m4 gm4"), Family: "interpreters", Summary: "the macro processor's syscmd(CMD) and esyscmd(CMD) run shell commands: in text the command says (a here-string, a file it wrote) they are analysed; input from a pipe or a download asks",
		Options: vals(m4Short, m4Long...), DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, m4Short, m4Long, "")
			inputs := p.ops
			if len(inputs) == 0 {
				inputs = []field{{val: "-"}}
			}
			read := func(text string) {
				for _, sh := range m4ShellCommands(text) {
					r.reparseField(sc, field{val: sh}, c, cmd, true)
				}
			}
			// A macro defined on the command line is judged as text m4
			// reads (-D x='esyscmd(CMD)'): where it expands is not read.
			for _, v := range p.values {
				if v.name == "-D" || v.name == "--define" {
					if _, def, ok := strings.Cut(v.f.val, "="); ok {
						read(def)
					}
				}
			}
			// Its input files, read as command files are: on disk, written
			// by the command, supplied, or not known (which asks).
			for _, f := range inputs {
				switch {
				case !isStdin(f.val):
					r.commandFile(sc, f, b, c, cmd, read)
				case c.in.kind == inFile:
					r.inputFiles(sc, b, c, cmd, func(g field) { r.commandFile(sc, g, b, c, cmd, read) })
				case c.in.kind != inNone:
					r.commandFile(sc, f, b, c, cmd, read)
				}
			}
			return true
		}},
	{Names: names("ed red"), Family: "interpreters", Summary: "the line editor's ! command and its w, r and e commands given !CMD run shell commands; its file, and those its w commands name, are written, and those r and e name read",
		Stdin: RoleEscape, DataOnly: true, Options: vals("p", "--prompt"), Operands: []Operand{operand(0, RoleWrite)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if c.in.kind == inText {
				writes, reads, shells := edCommands(c.in.text)
				for _, f := range writes {
					r.judgeWrite(sc, field{val: f}, ruleDiskWrite, cmd)
				}
				for _, f := range reads {
					r.checkWords(sc, []field{{val: f}}, cmd)
					r.checkTargets(sc, []field{{val: f}}, cmd)
				}
				for _, sh := range shells {
					r.applyRole(sc, roleValue{role: RoleScript, f: field{val: sh}}, false, b, c, cmd)
				}
			}
			return false
		}},
	{Names: names("psql mysql mariadb cqlsh mongosh mongo redis-cli usql pgcli mycli"), Family: "interpreters", Summary: "SQL is data; shell escapes (\\!, system, .shell, PROGRAM) run commands, as do --pager and psql's PSQL_PAGER and PSQL_EDITOR; files SQL names are judged (sqlFiles)",
		Stdin: RoleEscape, DataOnly: true, Env: []EnvVar{{Name: "PSQL_PAGER", Role: RoleFilter}, {Name: "PSQL_EDITOR", Role: RoleScript}, {Name: "PSQLRC", Role: RoleCommandFile}},
		Options:  databaseClientOptions,
		Operands: []Operand{operand(0, RoleData), operands(1, RoleEscape)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.serverDataDestroy(b, args, c, cmd)
			// MySQL's option files: a pager runs a command.
			for _, f := range optionValues(args, "--defaults-file", "--defaults-extra-file") {
				if !f.dyn {
					r.runnerFile(sc, b, runnerFile{lang: "mycnf"}, []string{f.val}, c, cmd)
				}
			}
			return false
		}},
	{Names: names("sqlite3 duckdb litecli"), Family: "interpreters", Summary: "as the other database clients; the database is a file their first operand names, opened for writing (created when missing)",
		Stdin: RoleEscape, DataOnly: true,
		Options:  databaseClientOptions,
		Operands: []Operand{operand(0, RoleWrite), operands(1, RoleEscape)}},
	{Names: names("clickhouse-client clickhouse-local clickhouse chdb"), Family: "interpreters", Summary: "SQL is data; the files it names are judged (sqlFiles), as the other database clients'",
		Stdin: RoleEscape, DataOnly: true,
		Options:  []Option{opt(RoleEscape, "-q", "--query"), opt(RoleCommandFile, "--queries-file"), val("-h", "--host", "--port", "-u", "--user", "--password", "-d", "--database", "-f", "--format", "--config-file", "-C", "--structure", "--input-format", "--output-format", "--table", "-t")},
		Operands: []Operand{operands(0, RoleData)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.serverDataDestroy(b, args, c, cmd)
			return false
		}},
	{Names: names("sqlcmd osql"), Family: "interpreters", Summary: "SQL Server's clients: SQL is data; xp_cmdshell 'CMD' and :!! CMD run commands; -i reads a file of SQL, -o writes the output",
		Stdin: RoleEscape, DataOnly: true,
		Options: []Option{opt(RoleEscape, "-Q", "-q"), opt(RoleCommandFile, "-i"), opt(RoleWrite, "-o"),
			val("-S", "-U", "-P", "-d", "-H", "-l", "-t", "-s", "-w", "-h", "-W", "-f", "-v", "-A", "-G", "-N", "-C", "-a", "-b", "-k", "-m", "-r", "-u", "-x", "-X", "-y", "-Y", "-z", "-Z")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.serverDataDestroy(b, args, c, cmd)
			return false
		}},
	{Names: names("pg_dump pg_dumpall pg_restore"), Family: "interpreters", Summary: "-f writes the dump (pg_restore: the script it prints); --filter reads a file; pg_restore reads its operand",
		Options: []Option{opt(RoleWrite, "-f", "--file"), opt(RoleRead, "--filter"), val("-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-n", "--schema", "-N", "--exclude-schema",
			"-t", "--table", "-T", "--exclude-table", "-F", "--format", "-j", "--jobs", "-Z", "--compress", "-E", "--encoding", "--role", "--exclude-table-data", "--section", "--lock-wait-timeout", "-S", "--superuser", "-I", "--index", "-P", "--function", "-L", "--use-list", "-l")},
		Operands: []Operand{operand(0, RoleRead)}},
	{Names: names("mysqldump mariadb-dump mysqlpump"), Family: "interpreters", Summary: "-r and --result-file write the dump",
		Options:  []Option{opt(RoleWrite, "-r", "--result-file"), val("-u", "--user", "-h", "--host", "-P", "--port", "-S", "--socket", "-w", "--where", "--tab", "--default-character-set", "--ignore-table", "--defaults-file", "--defaults-extra-file", "--protocol")},
		Operands: []Operand{operands(0, RoleData)}},
	{Names: names("sd rpl"), Family: "files", Summary: "replace text in the files after the two patterns, in place (sd -p, which only previews, is judged as the write too)", DataOnly: true,
		Options:  vals("fn", "--flags", "--max-replacements"),
		Operands: []Operand{operand(0, RoleData), operand(1, RoleData), operands(2, RoleWrite)}},
	{Names: names("ffmpeg ffprobe ffplay"), Family: "files", Summary: "-i names the inputs, read; ffmpeg's last argument, when it is not an input or an option, is the output, written; the files inside its protocols' URLs (concat:A|B, subfile,,...,:F, cache:F, async:F, crypto:F) are judged as named",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			n := len(args)
			output := b == "ffmpeg" && n > 1 && !strings.HasPrefix(args[n-1].val, "-") && args[n-2].val != "-i"
			if output {
				r.checkTargets(sc, args[n-1:], cmd)
				r.judgeWrite(sc, args[n-1], ruleDiskWrite, cmd)
			}
			for i, a := range args {
				for _, p := range ffmpegFiles(a) {
					r.checkWords(sc, []field{p}, cmd)
					r.rawDiskRead(p, cmd)
					if output && i == n-1 {
						r.judgeWrite(sc, p, ruleDiskWrite, cmd)
					}
				}
			}
			return false
		}},
	{Names: names("ftp lftp tftp"), Family: "interpreters", Summary: "command scripts (-c, -e, stdin): put and mirror -R read local files, get writes them, ! runs a shell command; ftp -o writes the file it fetches",
		Stdin: RoleEscape, DataOnly: true, Options: []Option{opt(RoleEscape, "-c", "-e", "-x"), opt(RoleWrite, "-o"), opt(RoleCommandFile, "-f")}, special: ftpCommands("-c", "-e"),
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			r.ftpScript(sc, b, field{val: text}, r.ftpConnectsHere(ops), c, cmd)
		}},
	{Names: names("mshta mshta.exe"), Family: "interpreters", Summary: "runs an HTML application's script, from a file or a URL (inline-interpreter)",
		Operands: []Operand{operands(0, RoleProgram)}},
	{Names: names("regsvr32 regsvr32.exe"), Family: "interpreters", Summary: "regsvr32 /i:URL runs scriptlet code the analyser cannot read (inline-interpreter); registering a DLL runs it, as running a program does",
		DataOnly: true, special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if v := asciiLower(a.val); a.dyn || strings.HasPrefix(v, "/i:") || strings.HasPrefix(v, "-i:") {
					r.finding(ruleInlineInterp, Dynamic, Ask, b+" runs script code the analyser cannot read", cmd, "")
					break
				}
			}
			return true
		}},
	{Names: names("bc dc gnuplot maxima"), Family: "interpreters", Summary: "command languages with a shell escape (!CMD, system(\"CMD\"), `CMD` in gnuplot); -e and maxima's --batch-string are their commands, their operands script files",
		Stdin: RoleEscape, DataOnly: true, Options: []Option{opt(RoleEscape, "-c", "-e", "-x", "--batch-string", "-r", "--run-string")}, Operands: []Operand{operands(0, RoleCommandFile)}},
	{Names: names("bun"), Family: "interpreters", Summary: "bun x and bun run run a package's program or a script; bun exec runs a shell command; JavaScript and TypeScript files this command wrote first ask",
		Env: interpreterEnv, RunsFiles: jsFiles,
		Subcommands: []Entry{
			{Names: names("x"), OptionsFirst: true, Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("run"), OptionsFirst: true, Options: vals("", "--cwd", "--filter", "-F", "--elide-lines", "--shell"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("exec"), Operands: []Operand{operands(0, RoleScript)}},
		},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			interpreterSpecial(r, sc, b, args, c, cmd)
			r.packageBin(sc, b, args, c, cmd) // bun tidy: a package's program
			return false                      // a sub-command's entry, or the net, reads the rest
		}},
	{Names: names("less more most"), Family: "interpreters", Summary: "+CMD runs pager commands; ! in them runs a shell command; LESSOPEN runs a command; a lesskey file may set LESSOPEN (asks); -o and --log-file are written",
		Options: []Option{opt(RoleEscape, "+"), opt(RoleWrite, "-o", "-O", "--log-file", "--LOG-FILE"),
			opt(RoleProgram, "-k", "--lesskey-file", "--lesskey-src", "--lesskey-content"),
			val("-b", "-h", "-j", "-p", "-P", "-t", "-T", "-x", "-y", "-z", "--buffers", "--pattern", "--prompt", "--tag", "--tag-file", "--tabs")},
		Env:      []EnvVar{{Name: "LESSOPEN", Role: RoleScript}, {Name: "LESSCLOSE", Role: RoleScript}, {Name: "LESSKEY", Role: RoleProgram}, {Name: "LESSKEYIN", Role: RoleProgram}, {Name: "LESSEDIT", Role: RoleScript}},
		Operands: []Operand{operands(0, RoleRead)}, DataOnly: true},
	{Names: names("ranger vifm"), Family: "interpreters", Summary: "file managers: ranger --cmd and vifm -c and +CMD run their own commands, whose shell escapes (shell CMD, !CMD) run shell commands",
		Options:  []Option{opt(RoleEscape, "--cmd", "-c", "+"), val("--choosefile", "--choosefiles", "--choosedir", "--selectfile", "--datadir", "--confdir", "--on-choose", "--delimiter")},
		DataOnly: true},
	{Names: names("lf"), Family: "interpreters", Summary: "file manager: -command runs lf commands, and one that starts with $, %, ! or & runs the rest of its line as a shell command",
		Options: vals("", "-command", "-config", "-cpuprofile", "-memprofile", "-log", "-last-dir-path", "-selection-path"), LongSingleDash: true,
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, cmds := range optionValues(args, "-command", "--command") {
				if cmds.dyn {
					r.finding(ruleEvalDynamic, Dynamic, Ask, b+" runs commands that come from "+cmds.why, cmd, "")
					continue
				}
				for _, text := range lfShellCommands(cmds.val) {
					r.reparseField(sc, field{val: text}, c, cmd, true)
				}
			}
			return false
		}},
	{Names: names("man"), Family: "interpreters", Summary: "-P and -H name a pager and a browser (commands); PAGER and MANPAGER too, and MANOPT's options (-P, -H, -p, -C ask)",
		Options: []Option{opt(RoleFilter, "-P", "--pager"), opt(RoleScript, "-H", "--html"), val("-M", "--manpath", "-S", "-s", "--sections", "-L", "--locale", "-m", "--systems", "-E", "--encoding", "-C", "--config-file", "-R", "--recode", "-p", "--preprocessor", "-T", "--troff-device", "-e", "--extension")},
		Env: []EnvVar{{Name: "PAGER", Role: RoleFilter}, {Name: "MANPAGER", Role: RoleFilter}, {Name: "EDITOR", Role: RoleScript}, {Name: "VISUAL", Role: RoleScript},
			{Name: "BROWSER", Role: RoleScript}, {Name: "FCEDIT", Role: RoleScript}, {Name: "TERMINAL", Role: RoleScript}, {Name: "MANROFFOPT", Role: RoleData},
			{Name: "MANOPT", Role: RoleEscape, Markers: []string{"-P", "--pager", "-H", "--html", "-p", "--preprocessor", "-C", "--config-file"}}},
		DataOnly: true},
	// Python's standard modules with a command line, run as python -m NAME
	// (see interpreter): each is judged as the program it is.
	{Names: names("venv virtualenv"), Family: "interpreters", Summary: "python -m venv DIR and virtualenv DIR write the environment's folders",
		Options:  vals("p", "--prompt", "--python", "--activators", "--seeder", "--app-data", "--extra-search-dir", "--creator", "--discovery", "--pip", "--setuptools", "--wheel"),
		Operands: []Operand{operands(0, RoleWriteTree)}, DataOnly: true},
	{Names: names("tarfile zipfile"), Family: "interpreters", Summary: "python -m tarfile and zipfile: -e extracts into its folder (tarfile's default, the working folder); -c writes the archive and reads its sources whole",
		DataOnly: true, special: pythonArchive},
	{Names: names("json.tool"), Family: "interpreters", Summary: "python -m json.tool IN OUT writes OUT",
		Options: vals("", "--indent"), Operands: []Operand{operand(0, RoleRead), operand(1, RoleWrite)}, DataOnly: true},
	{Names: names("cProfile profile"), Family: "interpreters", Summary: "python -m cProfile -o FILE writes FILE and runs the script after its options",
		Options: []Option{opt(RoleWrite, "-o", "--outfile"), val("-s", "--sort", "-m")}, OptionsFirst: true, Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	{Names: names("trace"), Family: "interpreters", Summary: "python -m trace: -C writes the coverage folder and -f the counts file; it runs the script after its options",
		Options:      []Option{opt(RoleWriteTree, "-C", "--coverdir"), opt(RoleWrite, "-f", "--file"), val("--ignore-module", "--ignore-dir", "-m", "--module")},
		OptionsFirst: true, Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	{Names: names("timeit"), Family: "interpreters", Summary: "python -m timeit: its statements and -s's setup are Python code (asks)",
		Options: []Option{opt(RoleProgram, "-s", "--setup"), val("-n", "--number", "-r", "--repeat", "-u", "--unit")}, Operands: []Operand{operands(0, RoleProgram)}},
})

// pythonArchive judges python -m tarfile and python -m zipfile: -e
// ARCHIVE [DIR] extracts into DIR (tarfile's default is the working
// folder); -c ARCHIVE SOURCE... writes ARCHIVE and reads each source
// whole.
func pythonArchive(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for i, a := range args {
		rest := args[i+1:]
		if len(rest) == 0 {
			break
		}
		switch a.val {
		case "-e", "--extract":
			r.applyRole(sc, roleValue{role: RoleRead, f: rest[0]}, false, b, c, cmd)
			dir := field{val: "."}
			if len(rest) > 1 {
				dir = rest[1]
			}
			r.applyRole(sc, roleValue{role: RoleWriteTree, f: dir}, false, b, c, cmd)
			return true
		case "-c", "--create":
			r.applyRole(sc, roleValue{role: RoleWrite, f: rest[0]}, false, b, c, cmd)
			for _, f := range rest[1:] {
				r.applyRole(sc, roleValue{role: RoleReadTree, f: f}, false, b, c, cmd)
			}
			return true
		}
	}
	return true
}

// lfShellCommands returns the shell commands in lf's command text: a
// command that starts with $, %, ! or & (or defines one, cmd NAME $CMD, or
// maps a key to one, map KEY $CMD) runs the rest of its line in a shell;
// other commands end at ';'.
func lfShellCommands(text string) []string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		for rest := line; rest != ""; {
			t := strings.TrimLeft(rest, " \t")
			for _, def := range []string{"cmd ", "map ", "cmap "} {
				if name, ok := strings.CutPrefix(t, def); ok {
					if _, after, ok := strings.Cut(strings.TrimLeft(name, " \t"), " "); ok {
						t = strings.TrimLeft(after, " \t")
					}
				}
			}
			if t != "" && strings.IndexByte("$%!&", t[0]) >= 0 {
				out = append(out, t[1:])
				break
			}
			_, rest, _ = strings.Cut(t, ";")
		}
	}
	return out
}

// m4Short and m4Long are m4's options that take a value.
const m4Short = "DUIsdloFR"

var m4Long = []string{"--define", "--undefine", "--include", "--debug", "--debugfile", "--freeze-state", "--reload-state", "--nesting-limit", "--word-regexp"}

// m4ShellCommands returns the arguments of m4's syscmd(...) and
// esyscmd(...) in text, m4's quotes (`...') removed, nested parentheses
// matched; at most maxEmbedded.
func m4ShellCommands(text string) []string {
	var out []string
	for i := 0; i < len(text) && len(out) < maxEmbedded; i++ {
		j := strings.Index(text[i:], "syscmd(")
		if j < 0 {
			break
		}
		start := i + j + len("syscmd(")
		depth, k := 1, start
		for ; k < len(text) && depth > 0; k++ {
			switch text[k] {
			case '(':
				depth++
			case ')':
				depth--
			}
		}
		arg := text[start:k]
		if depth == 0 {
			arg = text[start : k-1]
		}
		out = append(out, strings.NewReplacer("`", "", "'", "").Replace(arg))
		i = k - 1
	}
	return out
}

// databaseShells are the clients whose text is SQL (or, for mongosh and
// mongo, JavaScript) that sqlFiles reads.
var databaseShells = setOf("psql", "mysql", "mariadb", "sqlite3", "duckdb", "clickhouse-client", "clickhouse", "clickhouse-local", "chdb", "cqlsh",
	"mongosh", "mongo", "usql", "pgcli", "mycli", "litecli", "sqlcmd", "osql")

// sqlWrites finds SQL that writes a file named by a string literal (group
// 1): SQLite's writefile() and VACUUM INTO, ATTACH (which creates the
// file), MySQL's INTO OUTFILE and INTO DUMPFILE, COPY ... TO (PostgreSQL
// on its server, DuckDB here), lo_export(), DuckDB's EXPORT DATABASE.
var sqlWrites = regexp.MustCompile(`(?is)\b(?:writefile\s*\(|vacuum\s+into\s+|attach\s+(?:database\s+)?(?:if\s+not\s+exists\s+)?|into\s+(?:outfile|dumpfile)\s+|\bto\s+|lo_export\s*\([^,)]*,\s*|export\s+database\s+)'((?:[^']|'')*)'`)

// sqlLoads finds SQL that loads native code or an extension: SQLite's
// load_extension(), DuckDB's INSTALL and LOAD of a file or from a URL,
// PostgreSQL's functions in C or an untrusted language.
var sqlLoads = regexp.MustCompile(`(?is)\bload_extension\s*\(|\b(?:force\s+)?install\s+\S+\s+from\s+|\b(?:install|load)\s+'|\blanguage\s+(?:c|plpython3?u|plperlu|pltclu|plsh)\b`)

// sqlLiteral is a single-quoted SQL string (two quotes in a row stand for
// one inside it).
var sqlLiteral = regexp.MustCompile(`'((?:[^']|'')*)'`)

// sqlFiles judges the files SQL names in its string literals, as inline
// code's literals are judged (see embeddedShell): any literal written as
// an absolute or ~/ path is read as a word naming it (readfile,
// pg_read_file, load_file, LOAD DATA INFILE, COPY FROM, ClickHouse's
// file(), DuckDB's read_text and FROM '/path' all read the file they
// name), the ones sqlWrites finds are judged as writes, and loading native
// code asks (inline-interpreter). mongosh's and mongo's JavaScript is
// read as inline code's. SQL does not expand ~, so a literal's ~ is a
// name, but for the home folder it is also judged as one.
func (r *run) sqlFiles(sc *scope, text, b, cmd string) {
	if b == "mongosh" || b == "mongo" {
		r.embeddedShell(sc, []field{{val: text}}, ctx{}, b, cmd)
		return
	}
	if sqlLoads.MatchString(text) {
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" loads native code or an extension the analyser cannot read", cmd, "")
	}
	if !strings.Contains(text, "'") {
		return
	}
	name := func(lit string) (field, bool) {
		return r.literalFile(strings.ReplaceAll(lit, "''", "'"))
	}
	for _, m := range sqlLiteral.FindAllStringSubmatch(text, maxEmbedded) {
		if f, ok := name(m[1]); ok {
			r.checkWords(sc, []field{f}, cmd)
			r.rawDiskRead(f, cmd)
		}
	}
	for _, m := range sqlWrites.FindAllStringSubmatch(text, maxEmbedded) {
		// A name with a slash is a path (COPY t TO '../x.csv'); GRANT ...
		// TO 'bob' names no file.
		if f, ok := name(m[1]); ok || strings.Contains(m[1], "/") && !strings.Contains(m[1], "://") {
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		}
	}
}

// databaseClientOptions are the options of the database clients.
var databaseClientOptions = []Option{opt(RoleEscape, "-c", "--command", "-e", "--execute", "-cmd", "--query", "--eval"), opt(RoleFilter, "--pager"), opt(RoleCommandFile, "-f", "--file", "-init"), opt(RoleWrite, "-o", "--output", "-L", "--log-file", "--tee"), val("-h", "--host", "-p", "--port", "-U", "--username", "-u", "--user", "-d", "--dbname", "-D", "--database", "-P", "--set", "-v", "--variable", "-S", "--socket")}

// dataDestroying matches statements that delete a database server's data
// whole: DROP DATABASE, SCHEMA, TABLE, KEYSPACE or COLLECTION, TRUNCATE,
// Redis's FLUSHALL and FLUSHDB, MongoDB's dropDatabase() and drop().
var dataDestroying = regexp.MustCompile(`(?i)\bdrop\s+(database|schema|table|keyspace|collection|user|role)\b|\btruncate\s+(table\s+)?["'\x60\w]|\bflush(all|db)\b|\.drop(database)?\s*\(`)

// serverDataDestroy asks when a database server's client is given
// statements that delete its data (infra-destroy): the data lives on the
// server, outside every root, where nothing undoes it. File databases
// (sqlite3, duckdb, litecli) are files judged by their paths.
func (r *run) serverDataDestroy(b string, args []field, c ctx, cmd string) {
	switch b {
	case "sqlite3", "duckdb", "litecli":
		return
	}
	destroys := func(t string) bool {
		m := dataDestroying.FindString(t)
		if m != "" {
			r.finding(ruleInfraDestroy, Command, Ask, b+" deletes a database server's data ("+m+"), outside the machine and every root", cmd, "")
		}
		return m != ""
	}
	for _, a := range args {
		if !a.dyn && destroys(a.val) {
			return
		}
	}
	if c.in.kind == inText {
		destroys(c.in.text)
	}
}

// ffmpegFiles returns the files named inside the URL of one of ffmpeg's
// protocols that wrap others (concat:A|B|C, subfile,,start,N,end,M,,:F,
// cache:F, async:F, crypto:F, crypto+F, file:F), which ffmpeg opens as
// the files they name; nil for any other word.
func ffmpegFiles(a field) []field {
	if a.dyn || !strings.ContainsAny(a.val, ":+") {
		return nil
	}
	var out []field
	var walk func(v string, depth int)
	walk = func(v string, depth int) {
		if depth > 4 {
			return
		}
		l := asciiLower(v)
		switch {
		case strings.HasPrefix(l, "concat:"):
			for part := range strings.SplitSeq(v[len("concat:"):], "|") {
				walk(part, depth+1)
			}
			return
		case strings.HasPrefix(l, "subfile,"):
			if i := strings.Index(v, ",,:"); i >= 0 {
				walk(v[i+3:], depth+1)
			}
			return
		}
		for _, pre := range []string{"cache:", "async:", "crypto:", "crypto+", "file:"} {
			if strings.HasPrefix(l, pre) {
				walk(v[len(pre):], depth+1)
				return
			}
		}
		if depth > 0 && v != "" {
			out = append(out, field{val: v})
		}
	}
	walk(a.val, 0)
	return out
}
