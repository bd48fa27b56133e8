package hardline

// Package and language runners: programs that run a command, a script or a
// package's binary given on their command line.
var _ = register([]Entry{
	{Names: names("apt apt-get aptitude"), Family: "runners", Summary: "-o KEY=VALUE with an Invoke or Pre-Install-Pkgs key runs a command",
		Options: []Option{keyed(RoleScript, "*invoke*", "-o", "--option"), keyed(RoleScript, "*pre-install-pkgs*", "-o", "--option"), val("-t", "--target-release", "-c", "--config-file")}, DataOnly: true},
	{Names: names("dpkg"), Family: "runners", Summary: "--pre-invoke and --post-invoke run commands",
		Options: []Option{opt(RoleScript, "--pre-invoke", "--post-invoke", "--status-logger"), opt(RoleWorkDir, "--instdir")}, DataOnly: true},
	{Names: names("npx bunx pnpx uvx"), Family: "runners", Summary: "runs a package's program with the rest of the line; -c runs a script",
		Options: []Option{opt(RoleScript, "-c", "--call"), val("-p", "--package", "--registry", "--cache", "--prefix")}, Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("npm pnpm yarn"), Family: "runners", Summary: "exec, x and dlx run commands; --call and -c run scripts; run and test run package scripts (out of reach)",
		Options: []Option{opt(RoleWorkDir, "--prefix", "-C", "--dir", "--cwd"), val("--registry", "--cache", "--userconfig", "--globalconfig", "--workspace", "-w", "--filter", "--loglevel", "--tag", "--otp")},
		Env: []EnvVar{{Name: "npm_config_script_shell", Role: RoleCommand}, {Name: "NPM_CONFIG_SCRIPT_SHELL", Role: RoleCommand}, {Name: "npm_config_node_options", Role: RoleEscape, Markers: nodeCodeOptions},
			{Name: "npm_config_userconfig", Role: RoleProgram}},
		Subcommands: []Entry{
			{Names: names("exec x dlx"), Summary: "runs a package's program", Options: []Option{opt(RoleScript, "-c", "--call"), val("-p", "--package", "--workspace", "-w")}, Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("run run-script test start stop restart install i ci add remove uninstall update upgrade audit outdated ls list view info pack publish version init create build why config get set link unlink rebuild prune dedupe cache doctor whoami login logout"),
				Summary: "package scripts and registry commands: arguments are names and text; a package.json this command wrote asks", DataOnly: true,
				Options: vals("wC", "--workspace", "--filter", "--prefix", "--dir", "--cwd", "--tag", "--registry"),
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.buildFileWritten(sc, []string{"package.json"}, c, b, cmd)
					return true
				}},
		}},
	{Names: names("uv pipx poetry pdm hatch rye pixi conda mamba micromamba pipenv rtx mise asdf devbox"), Family: "runners", Summary: "run, exec and shell run a command with the rest of the line",
		Options: []Option{opt(RoleWorkDir, "--directory", "--project", "--cwd", "-C"), val("--python", "-p", "--with", "--from", "-n", "--name", "-e", "--env", "--prefix", "--index-url", "--extra-index-url", "--spec")},
		Subcommands: []Entry{
			{Names: names("run exec x"), Summary: "runs a command",
				Options:  vals("penw", "--python", "--with", "--with-requirements", "--from", "--name", "--env", "--prefix", "--spec", "--index-url", "--package", "--group", "--extra", "--directory", "--project"),
				Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("tool"), Subcommands: []Entry{{Names: names("run"), Options: vals("p", "--python", "--with", "--from"), Operands: []Operand{operand(0, RoleCommand)}}}},
			{Names: names("pip add remove install uninstall sync lock tree venv init build publish show list search env shell info self python cache config export version check update upgrade use where which current plugin"),
				Summary: "package management: arguments are names and text", DataOnly: true},
		}},
	{Names: names("bundle bundler"), Family: "runners", Summary: "bundle exec runs a command",
		Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("install update add remove list show outdated config init check lock"), DataOnly: true}}},
	{Names: names("nix-shell"), Family: "runners", Summary: "--run and --command run scripts",
		Options: []Option{opt(RoleScript, "--run", "--command"), val("-p", "--packages", "-I", "--arg", "--argstr", "-A", "--attr")}},
	{Names: names("nix"), Family: "runners", Summary: "nix develop -c, nix shell -c and nix run run commands",
		Subcommands: []Entry{{Names: names("develop shell"), Options: []Option{flag(RoleCommand, "-c", "--command"), val("--profile", "--override-input", "--arg", "--argstr")}},
			{Names: names("run"), Options: []Option{flag(RoleCommand, "--")}},
			{Names: names("build eval flake search profile store path-info log why-depends hash repl fmt"), DataOnly: true}}},
	{Names: names("direnv"), Family: "runners", Summary: "direnv exec DIR CMD runs a command",
		Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleWorkDir), operand(1, RoleCommand)}},
			{Names: names("allow permit"), Rule: rulePersistence, Summary: "trusting an .envrc lets it run code on every cd"}}},
	wrapper("runners", "runs the command with variables from files", "fevc", []string{"--file", "--env", "--values"}, 0, "dotenv", "dotenvx-run"),
	wrapper("runners", "envdir DIR CMD runs CMD", "", nil, 1, "envdir"),
	{Names: names("go"), Family: "runners", Summary: "go run builds and runs a program; -exec and -toolexec run commands; -o and the profiles are written",
		LongSingleDash: true,
		Subcommands: []Entry{{Names: names("build test run install vet generate list get mod work clean env fmt tool doc version bug fix telemetry"),
			Summary: "packages, flags and patterns are data", DataOnly: true,
			Options: append([]Option{opt(RoleScript, "-exec", "-toolexec", "--exec", "--toolexec"), opt(RoleWrite, "-o", "--o", "-coverprofile", "-cpuprofile", "-memprofile", "-trace", "-blockprofile", "-mutexprofile", "-outputdir")},
				vals("", "-run", "-bench", "-count", "-timeout", "-tags", "-ldflags", "-gcflags", "-asmflags", "-p", "-mod", "-modfile", "-pkgdir", "-covermode", "-coverpkg", "-cpu", "-parallel", "-fuzz", "-fuzztime", "-benchtime", "-skip", "-shuffle", "-C", "-buildmode", "-compiler", "-overlay", "-pgo")...)}}},
	{Names: names("cargo"), Family: "runners", Summary: "build and test arguments are data; --config may set a runner",
		Options:     []Option{keyed(RoleProgram, "*runner*", "--config"), opt(RoleWorkDir, "-C"), val("-Z", "--manifest-path", "--target-dir", "--color")},
		Subcommands: []Entry{{Names: names("build b check c test t run r bench doc clippy fmt fix install add remove update new init metadata tree publish search vendor clean"), DataOnly: true, Options: vals("pj", "--package", "--target", "--features", "--bin", "--example", "--test", "--bench", "--jobs", "--profile", "--target-dir", "--manifest-path", "--message-format")}}},
	{Names: names("make gmake bmake"), Family: "runners", Summary: "-C is the folder; a makefile from stdin has its recipes analysed; SHELL= runs recipes with another program",
		Options:  []Option{opt(RoleWorkDir, "-C", "--directory"), val("-f", "--file", "--makefile", "-j", "--jobs", "-l", "--load-average", "-I", "--include-dir", "-o", "--old-file", "-W", "--what-if")},
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.makeStdin(sc, args, c, cmd)
			r.makeVars(sc, args, c, cmd)
			files := []string{"GNUmakefile", "makefile", "Makefile"}
			for i, a := range args {
				if (a.val == "-f" || a.val == "--file" || a.val == "--makefile") && i+1 < len(args) {
					files = []string{args[i+1].val}
				}
			}
			r.buildFileWritten(sc, files, c, b, cmd)
			return true
		}},
	{Names: names("gcc g++ cc c++ clang clang++ tcc rustc swiftc ghc nasm yasm as ld ld.lld gfortran zig javac kotlinc scalac tsc esbuild"), Family: "runners",
		Summary: "compilers: -o and --outDir are written", DataOnly: true,
		Options: append([]Option{opt(RoleWrite, "-o", "--out-dir", "--outDir", "--outfile", "--outdir", "-d", "--emit-dir")}, vals("IDLlxWMFTU", "-include", "-isystem", "-target", "--target", "-std", "--edition", "--crate-type", "--crate-name", "-C", "-cp", "-classpath", "--sysroot", "-MF", "-MT")...)},
	{Names: names("just task invoke rake mage gradle gradlew mvn mvnw ant sbt bazel bazelisk ninja cmake meson scons tox nox pre-commit"), Family: "runners",
		Summary: "task runners run recipes from their files (out of reach); their arguments are task names", DataOnly: true,
		Options: []Option{opt(RoleWorkDir, "-C", "--directory", "--chdir", "-p", "--project-dir"), val("-f", "--file", "--justfile", "-D", "-P", "-b", "-B", "-G", "-S", "-e")}},
	{Names: names("hyperfine"), Family: "runners", Summary: "every operand and --prepare, --setup, --cleanup is a script",
		Options:  []Option{opt(RoleScript, "-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "--conclude", "-S", "--shell"), opt(RoleWrite, "--export-json", "--export-csv", "--export-markdown", "--export-asciidoc", "--export-orgmode"), val("-w", "--warmup", "-m", "--min-runs", "-M", "--max-runs", "-r", "--runs", "-L", "--parameter-list", "-P", "--parameter-scan", "-n", "--command-name", "-u", "--time-unit", "--style", "-i")},
		Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("entr"), Family: "runners", Summary: "runs the command when files change", Operands: []Operand{operand(0, RoleCommand)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for i, a := range args {
				if a.val == "-s" && i+1 < len(args) {
					r.reparseField(sc, args[i+1], c, cmd, true)
				}
			}
			return true
		}},
	{Names: names("watchexec nodemon reflex air cargo-watch onchange chokidar"), Family: "runners", Summary: "run a command or script when files change",
		Options:  []Option{opt(RoleScript, "-x", "--exec", "-s"), val("-w", "--watch", "-e", "--exts", "--ext", "-i", "--ignore", "-d", "--debounce", "--delay", "-g", "--glob", "--signal", "-R")},
		Operands: []Operand{operand(0, RoleCommand)}},
})
