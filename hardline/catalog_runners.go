package hardline

import (
	"cmp"
	"encoding/json"
	"maps"
	"path"
	"slices"
	"strings"
)

// Package and language runners: programs that run a command, a script or a
// package's binary given on their command line.
var _ = register([]Entry{
	wrapper("runners", "a compiler launcher runs the compiler command it is given", "MFod", []string{"--max-size", "--max-files", "--set-config", "--dir", "--config-path", "--recompress", "--evict-older-than"}, 0,
		"ccache", "sccache", "distcc", "icecc", "buildcache", "pump", "steam-run"),
	{Names: names("bear intercept-build"), Family: "runners", Summary: "records the build command it runs (after --); --output is written",
		Options:  []Option{opt(RoleWrite, "-o", "--output", "--cdb"), val("--config", "--library", "--wrapper")},
		Operands: []Operand{operand(0, RoleCommand)}},
	wrapper("runners", "runs the build command under the static analyser; -o is its report folder", "o", []string{"--use-cc", "--use-c++", "-enable-checker", "-disable-checker", "--use-analyzer", "-maxloop", "--exclude", "-analyzer-config"}, 0,
		"scan-build"),
	wrapper("runners", "runs the build command it is given in Emscripten's environment, or recording its compile commands (compiledb; -o is written)", "opdf", []string{"--output", "--parse", "--build-dir", "--exclude"}, 0,
		"emmake", "emconfigure", "compiledb"),
	{Names: names("libtool glibtool"), Family: "runners", Summary: "runs the command after its mode (--mode=execute, compile, link, install, clean, uninstall, or the mode's name first)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			rest := skipOpts(args, wrapSpec{long: []string{"--mode", "--tag", "--config"}})
			if len(rest) > 0 && libtoolModes[rest[0].val] {
				rest = rest[1:]
			}
			if len(rest) > 0 {
				r.next(sc, rest, c)
			}
			return true
		}},
	{Names: names("apt apt-get aptitude"), Family: "runners", Summary: "-o KEY=VALUE with an Invoke, Pre-Install-Pkgs, Command or Pager key runs a command, Dpkg::Options are dpkg's, Dir::Bin names programs and -c a configuration (asks); removing an essential package asks",
		Options: []Option{keyed(RoleScript, "*invoke*", "-o", "--option"), keyed(RoleScript, "*pre-install-pkgs*", "-o", "--option"), keyed(RoleScript, "*command*", "-o", "--option"),
			keyed(RoleScript, "*pager*", "-o", "--option"), keyed(RoleScript, "*proxyautodetect*", "-o", "--option"), keyed(RoleProgram, "dir::bin*", "-o", "--option"),
			opt(RoleProgram, "-c", "--config-file"), flag(RoleTrigger, "--allow-remove-essential"), val("-t", "--target-release")},
		Env:  []EnvVar{{Name: "APT_CONFIG", Role: RoleProgram}},
		Rule: ruleSystemAdmin, DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// -o Dpkg::Options::=--pre-invoke=CMD: options apt hands to dpkg.
			for _, o := range parseOpts(args, "otc", []string{"--option", "--target-release", "--config-file"}, "").get("-o", "--option") {
				if k, v, ok := strings.Cut(o.val, "="); ok && strings.EqualFold(strings.TrimRight(k, ":"), "dpkg::options") && !o.dyn {
					r.applyEntry(sc, builtinCatalog()["dpkg"], "dpkg", []field{{val: v}}, c, cmd)
				}
			}
			return false
		}},
	{Names: names("dpkg"), Family: "runners", Summary: "--pre-invoke and --post-invoke run commands; --log is written; -x extracts into a folder; forcing the removal of an essential package asks",
		Options: []Option{opt(RoleScript, "--pre-invoke", "--post-invoke", "--status-logger"), opt(RoleWorkDir, "--instdir"), opt(RoleWrite, "--log"),
			flag(RoleTrigger, "--force-remove-essential", "--force-all", "--force-remove-protected")},
		Rule: ruleSystemAdmin, DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			builtinCatalog()["dpkg-deb"].e.special(r, sc, b, args, c, cmd) // dpkg -x DEB DIR
			return false
		}},
	{Names: names("rpm rpmbuild rpmspec"), Family: "runners", Summary: "macro text --eval, -E, --define and -D give runs %(CMD) in a shell and %{lua:...} as Lua; --pipe hands rpm's output to a shell command; rpmbuild and rpmspec read the spec file named (rpmbuild runs its build sections); rpm -e --nodeps asks",
		Options: []Option{opt(RoleFilter, "--pipe"), val("-E", "--eval", "-D", "--define", "--dbpath", "--root", "--rcfile", "--macros", "--load", "--queryformat", "--qf",
			"--target", "--buildroot", "--relocate", "--prefix", "--excludepath")},
		DataOnly: true, special: rpmMacros},
	{Names: names("pacman"), Family: "runners", Summary: "removing with -dd (dependencies not checked) asks",
		Options:  vals("b", "--dbpath", "--root", "--cachedir", "--config", "--hookdir", "--gpgdir", "--logfile", "--arch", "--sysroot", "--overwrite", "--ignore", "--ignoregroup", "--assume-installed", "--print-format"),
		DataOnly: true, special: pacmanRemoval},
	{Names: names("npx bunx pnpx uvx"), Family: "runners", Summary: "runs a package's program with the rest of the line, node_modules/.bin first on PATH (looked in for uvx too, the stricter reading); -c runs a script; JavaScript and TypeScript files this command wrote first ask (configurations such as jest.config.js and .mocharc.js are code the program loads)",
		RunsFiles: jsFiles, binDirs: nodeBin,
		Options: []Option{opt(RoleScript, "-c", "--call"), opt(RoleWorkDir, "--prefix", "-C"), val("-p", "--package", "--registry", "--cache")}, Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("npm yarn yarnpkg cnpm"), Family: "runners", Summary: "exec, x and dlx run commands; --call and -c run scripts; --script-shell runs every script; run and test run package scripts (those this command wrote are read, others are out of reach); JavaScript and TypeScript files this command wrote first ask",
		RunsFiles: jsFiles,
		Options: []Option{opt(RoleWorkDir, "--prefix", "-C", "--dir", "--cwd"), opt(RoleCommand, "--script-shell"),
			val("--registry", "--cache", "--userconfig", "--globalconfig", "--workspace", "-w", "--filter", "--loglevel", "--tag", "--otp")},
		Env:         npmEnv(),
		special:     npmWorkspaces,
		Subcommands: npmSubcommands()},
	{Names: names("pnpm"), Family: "runners", Summary: "as npm; -w and -r are flags; recursive runs its sub-command in every package",
		RunsFiles: jsFiles,
		Options: []Option{opt(RoleWorkDir, "--prefix", "-C", "--dir"), opt(RoleCommand, "--script-shell", "--config.script-shell"),
			val("--registry", "--cache", "--filter", "-F", "--loglevel", "--reporter", "--workspace-concurrency")},
		Env: npmEnv(),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.packageBin(sc, b, args, c, cmd)
			return false
		},
		Subcommands: append(npmSubcommands(), Entry{Names: names("recursive multi m"), Subcommands: npmSubcommands(), Options: vals("F", "--filter")})},
	{Names: names("uv pipx poetry pdm hatch rye pixi conda mamba micromamba pipenv rtx mise asdf devbox"), Family: "runners", Summary: "run, exec and shell run a command with the rest of the line; their project files define scripts and tasks they run, read from disk for run (a file this command wrote first asks)",
		RunsFiles: []string{"pyproject.toml", "hatch.toml", "pixi.toml", "devbox.json", "mise.toml", ".mise.toml", "mise.local.toml", ".config/mise.toml", "mise/config.toml",
			"**/mise-tasks/**", "**/.mise/tasks/**", "Pipfile", "environment.yml"},
		Options: []Option{opt(RoleWorkDir, "--directory", "--project", "--cwd", "-C"), val("--python", "-p", "--with", "--from", "-n", "--name", "-e", "--env", "--prefix", "--index-url", "--extra-index-url", "--spec")},
		Subcommands: []Entry{
			{Names: names("run exec x"), Summary: "runs a command, the project's .venv/bin first on PATH (uv, poetry and pdm put it there); uv run and hatch run install the project first, running its build backend and setup files",
				binDirs:   []string{".venv/bin"},
				RunsFiles: []string{"**/setup.py", "**/setup.cfg", "**/hatch_build.py", "**/build.py", "**/pdm_build.py"},
				Options:   vals("penw", "--python", "--with", "--with-requirements", "--from", "--name", "--env", "--prefix", "--spec", "--index-url", "--package", "--group", "--extra", "--directory", "--project"),
				Operands:  []Operand{operand(0, RoleCommand)},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					// uv run syncs the project first (unless told not to),
					// and hatch run installs it: its build runs.
					if (b == "uv run" || b == "hatch run") && !slices.ContainsFunc(args, func(f field) bool {
						return !f.dyn && (f.val == "--no-sync" || f.val == "--no-project" || f.val == "--script")
					}) {
						r.pythonBuild(sc, ".", c, cmd)
					}
					return false
				}},
			{Names: names("tool"), Subcommands: []Entry{{Names: names("run"), Options: vals("p", "--python", "--with", "--from"), Operands: []Operand{operand(0, RoleCommand)}}}},
			{Names: names("trust"), Rule: rulePersistence, DataOnly: true, Summary: "mise trust lets a configuration's hooks run by themselves on every cd (its file is read, see runners)"},
			{Names: names("shell"), Summary: "starts a shell in the environment, which reads its commands from the standard input", DataOnly: true, shellDefault: true},
			{Names: names("venv init"), Summary: "venv and init create or fill the folder they name (the working folder, or .venv for venv, by default)", DataOnly: true,
				Options: vals("penw", "--python", "--prompt", "--seed", "--name", "--app", "--lib", "--package", "--build-backend", "--vcs", "--author-from", "--index-url", "--directory", "--project"),
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					def := "."
					if strings.HasSuffix(b, " venv") {
						def = ".venv"
					}
					r.createdFolder(sc, args, "penw", []string{"--python", "--prompt", "--seed", "--name", "--build-backend", "--vcs", "--author-from", "--index-url", "--directory", "--project"}, 0, def, cmd)
					return true
				}},
			{Names: names("pip add remove install uninstall sync lock tree build publish show list search env info self python cache export version check update upgrade use where which current plugin create"),
				Summary: "package management: arguments are names and text; conda's -p/--prefix is written, and deleted by remove --all and env remove; installing, syncing or building the project runs its build backend and setup files", DataOnly: true,
				RunsFiles: []string{"**/pyproject.toml", "**/setup.py", "**/setup.cfg", "**/hatch_build.py", "**/build.py", "**/pdm_build.py", "**/environment.yml", "**/pixi.toml"},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.condaEnvironment(sc, b, args, c, cmd)
					switch _, verb, _ := strings.Cut(b, " "); {
					case verb == "pip" && len(args) > 0 && args[0].val == "install": // uv pip install ./pkg
						setupScripts(r, sc, b, args[1:], c, cmd)
					case verb == "pip" && len(args) > 0 && args[0].val == "sync": // uv pip sync requirements.txt
						for _, f := range parseOpts(args[1:], "ip", []string{"--index-url", "--extra-index-url", "--python", "--find-links", "--constraint", "--target", "--prefix"}, "").ops {
							r.requirements(sc, b, f, "", c, cmd, 0)
						}
					case verb == "install" && len(parseOpts(args, "", nil, "").ops) == 0 && (strings.HasPrefix(b, "poetry ") || strings.HasPrefix(b, "pdm ")):
						// poetry install, pdm install: the project here (and
						// what it names by path).
						r.pythonBuild(sc, ".", c, cmd)
					case verb == "install" || verb == "add": // pipx install ./pkg, pipenv install -e .
						setupScripts(r, sc, b, args, c, cmd)
					case verb == "sync" || verb == "build": // uv sync, uv build, pdm build: the project here
						r.pythonBuild(sc, ".", c, cmd)
					}
					return true
				}},
			{Names: names("config"), Summary: "config set (poetry config, conda config --add, pdm, hatch, pixi) of a package source asks", DataOnly: true, special: configSource},
			{Names: names("source"), Summary: "poetry source add stores a package source in the project", DataOnly: true,
				Subcommands: []Entry{{Names: names("add"), DataOnly: true, Rule: rulePackageSource}}},
		}},
	{Names: names("bundle bundler"), Family: "runners", Summary: "bundle exec runs a command; BUNDLE_GEMFILE names the Gemfile, Ruby code it loads",
		Env: []EnvVar{{Name: "BUNDLE_GEMFILE", Role: RoleProgram}},
		Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("install update add remove list show outdated init check lock"), DataOnly: true},
			{Names: names("config"), Summary: "bundle config of a mirror or source asks", DataOnly: true, special: configSource}}},
	{Names: names("nix-shell"), Family: "runners", Summary: "--run and --command run scripts; without them the shell reads its commands from the standard input",
		Options: []Option{opt(RoleScript, "--run", "--command"), val("-p", "--packages", "-I", "--arg", "--argstr", "-A", "--attr")}, shellDefault: true},
	{Names: names("nix"), Family: "runners", Summary: "nix develop -c, nix shell -c and nix run run commands",
		Subcommands: []Entry{{Names: names("develop shell"), Options: []Option{flag(RoleCommand, "-c", "--command"), val("--profile", "--override-input", "--arg", "--argstr")}, shellDefault: true},
			{Names: names("run"), Options: []Option{flag(RoleCommand, "--")},
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					// nix run nixpkgs#bash -- -c CMD runs bash -c CMD.
					for i, a := range args {
						if strings.HasPrefix(a.val, "-") || a.dyn {
							continue
						}
						if _, prog, ok := strings.Cut(a.val, "#"); ok && prog != "" {
							rest := args[i+1:]
							if j := slices.IndexFunc(rest, func(f field) bool { return f.val == "--" }); j >= 0 {
								rest = rest[j+1:]
							} else {
								rest = nil
							}
							prog, _, _ = strings.Cut(path.Base(prog), ".")
							r.next(sc, append([]field{{val: prog}}, rest...), c)
						}
						break
					}
					return false
				}},
			{Names: names("build eval flake search profile store path-info log why-depends hash repl fmt"), DataOnly: true}}},
	{Names: names("dune"), Family: "runners", Summary: "dune exec PROG ARGS runs a program (one it built, or one on the PATH) with its arguments; dune files name the actions a build runs",
		RunsFiles: []string{"**/dune", "**/dune-project", "dune-workspace", "**/dune-file"},
		Subcommands: []Entry{{Names: names("exec"), Summary: "runs its first operand with the rest (dune takes the first -- out)", DataOnly: true,
			judgesPaths: true, // the command is judged as one
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				// dune exec PROG -- ARGS: the first -- is dune's (parseOpts
				// takes it out), a later one the program's.
				argv := parseOpts(args, "w", []string{"--root", "--profile", "--context", "--build-dir", "--watch"}, "").ops
				if len(argv) > 0 {
					r.applyRole(sc, roleValue{role: RoleCommand, f: argv[0], rest: argv}, false, b, c, cmd)
				}
				return true
			}}}},
	{Names: names("direnv"), Family: "runners", Summary: "direnv exec DIR CMD runs a command after the .envrc of DIR or a folder above, read from disk",
		Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleWorkDir), operand(1, RoleCommand)}},
			{Names: names("allow permit"), Rule: rulePersistence, Summary: "trusting an .envrc lets it run code on every cd"}}},
	// dotenv's -c takes an environment only sometimes: read as a flag, the
	// word after it is the command, the stricter reading.
	wrapper("runners", "runs the command with variables from files", "fevp", []string{"--file", "--env", "--values"}, 0, "dotenv", "dotenvx-run"),
	wrapper("runners", "envdir DIR CMD runs CMD", "", nil, 1, "envdir"),
	{Names: names("stack cabal opam"), Family: "runners", Summary: "exec runs a command in the project's environment", Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("guix"), Family: "runners", Summary: "guix shell and environment run the command after --", Subcommands: []Entry{{Names: names("shell environment"), Options: []Option{flag(RoleCommand, "--")}}}},
	{Names: names("flox"), Family: "runners", Summary: "flox activate runs the command after -- or -c", Subcommands: []Entry{{Names: names("activate"), Options: []Option{flag(RoleCommand, "--"), opt(RoleScript, "-c", "--command"), val("-d", "--dir", "-r", "--remote")}}}},
	{Names: names("brew"), Family: "runners", Summary: "brew bundle exec runs a command; brew tap USER/REPO stores a package source", DataOnly: true, Subcommands: []Entry{{Names: names("bundle"), DataOnly: true, Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleCommand)}}}},
		{Names: names("tap"), Summary: "a tap named stores a package source; brew tap alone lists them", DataOnly: true, special: sourceNamed}}},
	{Names: names("gem"), Family: "runners", Summary: "gem sources --add stores a package source; install and update write their --install-dir and --bindir", Subcommands: []Entry{{Names: names("sources source"), Summary: "--add stores a package source", DataOnly: true, Rule: rulePackageSource, Options: []Option{flag(RoleTrigger, "-a", "--add")}},
		{Names: names("install update i"), DataOnly: true, Options: []Option{opt(RoleWriteTree, "-i", "--install-dir", "-n", "--bindir", "--build-root"), val("-v", "--version", "-s", "--source", "-p", "--http-proxy", "--platform", "-g", "--file")}}}},
	{Names: names("add-apt-repository apt-add-repository"), Family: "runners", Summary: "adds a package source (unless --remove or --list)", DataOnly: true, Rule: rulePackageSource, Options: []Option{flag(RoleHarmless, "-r", "--remove", "-L", "--list")}},
	{Names: names("dotnet"), Family: "runners", RunsFiles: []string{"**/*.csproj", "**/*.fsproj", "**/*.vbproj", "**/*.props", "**/*.targets", "**/*.cs", "**/*.fs", "**/*.csx", "**/*.fsx", "**/*.vb", "global.json", "nuget.config", "NuGet.Config"},
		Summary: "build, publish, pack, test and restore write -o; run and tool run run a program with the arguments after them; script eval runs inline C#, fsi F# from its input; nuget add source stores a package source",
		Subcommands: []Entry{
			{Names: names("build publish pack test restore clean"), Options: []Option{opt(RoleWriteTree, "-o", "--output"), opt(RoleWrite, "--diag"),
				val("-c", "--configuration", "-f", "--framework", "-r", "--runtime", "-v", "--verbosity", "-p", "--property", "-s", "--source", "-l", "--logger", "--filter", "--settings", "-a", "--arch", "--os")}, DataOnly: true},
			{Names: names("script"), Summary: "eval runs inline C#", Subcommands: []Entry{{Names: names("eval"), Operands: []Operand{operand(0, RoleProgram)}}}},
			{Names: names("fsi"), Summary: "F# interactive: a script file runs, and with none its input is the program", Stdin: RoleProgram},
			{Names: names("tool"), DataOnly: true, Subcommands: []Entry{{Names: names("run"), Operands: []Operand{operand(0, RoleCommand)}}}},
			{Names: names("nuget"), DataOnly: true, Subcommands: []Entry{{Names: names("add"), DataOnly: true, Subcommands: []Entry{{Names: names("source"), Summary: "stores a package source", DataOnly: true, Rule: rulePackageSource}}}}},
		}},
	{Names: names("msbuild xbuild"), Family: "runners", Summary: "builds a project or solution: the Exec tasks of its project files and Directory.Build files, read from disk, are analysed", DataOnly: true},
	{Names: names("dotnet-script"), Family: "runners", Summary: "eval runs inline C#", Subcommands: []Entry{{Names: names("eval"), Operands: []Operand{operand(0, RoleProgram)}}}},
	{Names: names("helm"), Family: "runners", Summary: "helm repo add stores a chart source; uninstall deletes a release's resources from the cluster (infra-destroy); install, upgrade and template run their --post-renderer here", Subcommands: []Entry{{Names: names("repo"), DataOnly: true, Subcommands: []Entry{{Names: names("add"), Summary: "stores a chart source", DataOnly: true, Rule: rulePackageSource}}},
		{Names: names("uninstall delete del un"), Summary: "deletes the release's resources", DataOnly: true, Rule: ruleInfraDestroy},
		// --post-renderer names a program helm runs on the rendered
		// manifests, here.
		{Names: names("install upgrade template"), DataOnly: true, Options: []Option{opt(RoleCommand, "--post-renderer"), val("--post-renderer-args", "-f", "--values", "--set", "--set-string", "--set-file", "-n", "--namespace", "--version", "--repo", "--kube-context", "--kubeconfig")}},
		{Names: names("pull fetch"), Summary: "-d and --untardir are written", DataOnly: true, Options: []Option{opt(RoleWrite, "-d", "--destination", "--untardir"), {Names: []string{"--untar"}}, val("--version", "--repo", "--username", "--password", "--ca-file", "--cert-file", "--key-file", "--keyring")}}}},
	// Project generators: the folder they create or fill is written.
	{Names: names("rails"), Family: "runners", Summary: "rails new DIR writes DIR; -m and --template run a Ruby template",
		Subcommands: []Entry{{Names: names("new"), DataOnly: true, Operands: []Operand{operand(0, RoleWrite)},
			Options: []Option{opt(RoleProgram, "-m", "--template"), val("-d", "--database", "-j", "--javascript", "-c", "--css", "-r", "--ruby", "--rc")}}}},
	{Names: names("django-admin"), Family: "runners", Summary: "startproject and startapp NAME DIR write DIR",
		Subcommands: []Entry{{Names: names("startproject startapp"), DataOnly: true, Operands: []Operand{operand(1, RoleWrite)}, Options: vals("", "--template", "-e", "--extension", "-n", "--name", "-x", "--exclude")}}},
	{Names: names("composer"), Family: "runners", Summary: "-d is the working folder; create-project PACKAGE DIR writes DIR; composer.json's scripts, on disk or written by this command, are analysed",
		Options: []Option{opt(RoleWorkDir, "-d", "--working-dir")},
		Subcommands: []Entry{{Names: names("create-project"), DataOnly: true, Operands: []Operand{operand(1, RoleWrite)}, Options: vals("s", "--stability", "--repository", "--repository-url", "--add-repository")},
			{Names: names("config"), Summary: "config of a repository, a mirror or a TLS setting (repositories.NAME vcs URL, secure-http false) stores a package source", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					for i, a := range args {
						if a.dyn || a.val != "secure-http" || i+1 >= len(args) {
							continue
						}
						if v := asciiLower(args[i+1].val); args[i+1].dyn || v == "false" || v == "0" {
							r.packageSource(b+" secure-http", cmd) // (plain HTTP for every later install)
							return true
						}
					}
					return configSource(r, sc, b, args, c, cmd)
				}}}},
	{Names: names("zypper"), Family: "runners", Summary: "zypper addrepo stores a package source", Subcommands: []Entry{{Names: names("addrepo ar"), Summary: "stores a package source", DataOnly: true, Rule: rulePackageSource}}},
	{Names: names("dnf yum dnf5"), Family: "runners", Summary: "config-manager --add-repo stores a package source", Subcommands: []Entry{{Names: names("config-manager"), Summary: "--add-repo stores a package source", DataOnly: true, Rule: rulePackageSource, Options: []Option{flag(RoleTrigger, "--add-repo")}}}},
	{Names: names("rbenv pyenv nodenv jenv goenv plenv"), Family: "runners", Summary: "exec runs a command with the chosen version", Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("scl"), Family: "runners", Summary: "scl enable COLLECTION... 'CMD' runs its last operand as a shell command", Subcommands: []Entry{{Names: names("enable run"), Operands: []Operand{operand(-1, RoleScript), operands(0, RoleData)}}}},
	{Names: names("rustup"), Family: "runners", Summary: "rustup run TOOLCHAIN CMD runs CMD; toolchain link makes a folder's programs a toolchain later cargo and rustc run (persistence)",
		Subcommands: []Entry{{Names: names("run"), Options: vals("", "--install"), Operands: []Operand{operand(0, RoleData), operand(1, RoleCommand)}},
			{Names: names("toolchain"), Summary: "link NAME FOLDER makes FOLDER's programs the toolchain NAME, which cargo +NAME, rustup default and a project's rust-toolchain.toml select later", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if len(args) > 0 && (args[0].dyn || args[0].val == "link") {
						r.finding(rulePersistence, Command, Ask, "rustup toolchain link makes a folder's programs a toolchain that later cargo and rustc runs may select by name", cmd, "")
					}
					return true
				}}}},
	wrapper("runners", "xcrun runs a developer tool by name", "", []string{"--sdk", "--toolchain"}, 0, "xcrun"),
	{Names: names("ghcup"), Family: "runners", Summary: "ghcup run runs the command after --", Subcommands: []Entry{{Names: names("run"), Options: []Option{flag(RoleCommand, "--"), val("--ghc", "--cabal", "--hls", "--stack", "-b", "--bindir")}}}},
	{Names: names("mix"), Family: "runners", Summary: "mix run -e runs Elixir code; mix cmd runs a command; compiling runs the project's module bodies and mix.exs", RunsFiles: []string{"mix.exs", "**/*.ex", "**/*.exs"}, Subcommands: []Entry{{Names: names("run"), Options: []Option{opt(RoleProgram, "-e", "--eval"), opt(RoleRead, "-r", "--require")}},
		{Names: names("cmd"), Options: vals("", "--app", "--cd"), Operands: []Operand{operand(0, RoleCommand)}}}},
	wrapper("runners", "runs the command with variables from a file", "fer", []string{"--file", "--environments", "--rc-file"}, 0, "env-cmd"),
	wrapper("runners", "runs the command after its variable assignments", "", nil, 0, "cross-env", "cross-env-shell"),
	{Names: names("corepack"), Family: "runners", Summary: "corepack PM ARGS runs the package manager PM with ARGS; enable writes its shims into --install-directory",
		Operands: []Operand{operand(0, RoleCommand)},
		Subcommands: []Entry{{Names: names("enable disable"), Summary: "the shims of the package managers named (yarn and pnpm by default) are written into --install-directory, or deleted from it", DataOnly: true,
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				p := parseOpts(args, "", []string{"--install-directory"}, "")
				shims := p.ops
				if len(shims) == 0 {
					shims = []field{{val: "yarn"}, {val: "yarnpkg"}, {val: "pnpm"}, {val: "pnpx"}}
				}
				for _, d := range p.get("--install-directory") {
					if d.dyn {
						r.judgeWrite(sc, d, ruleDiskWrite, cmd)
						continue
					}
					for _, s := range shims {
						if into := r.intoFolder(d, s); into.val != "" {
							r.judgeWrite(sc, into, ruleDiskWrite, cmd)
						}
					}
				}
				return true
			}},
			{Names: names("install use up prepare pack hydrate cache"), Summary: "fetch and select package manager versions", DataOnly: true, Options: vals("o", "--output")}}},
	{Names: names("dotenvx"), Family: "runners", Summary: "dotenvx run -- CMD runs CMD; get prints decrypted values", Subcommands: []Entry{{Names: names("run"), Options: vals("fe", "--env-file", "--env", "--convention"), Operands: []Operand{operand(0, RoleCommand)}},
		{Names: names("get"), Rule: ruleSensitivePath, DataOnly: true}}},
	{Names: names("volta"), Family: "runners", Summary: "volta run CMD runs CMD", Subcommands: []Entry{{Names: names("run"), Options: vals("", "--node", "--npm", "--pnpm", "--yarn", "--env"), Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("fnm"), Family: "runners", Summary: "fnm exec CMD runs CMD", Subcommands: []Entry{{Names: names("exec"), Options: vals("", "--using"), Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("nvm n"), Family: "runners", Summary: "nvm exec VERSION CMD and n exec VERSION CMD run CMD", Subcommands: []Entry{{Names: names("exec"), Operands: []Operand{operand(0, RoleData), operand(1, RoleCommand)}}}},
	{Names: names("pip pip3"), Family: "runners", Summary: "install's --target, --prefix, --root and --src are written and its local sources read whole (a setup.py or pyproject.toml this command wrote runs; a local source's setup.py on disk is read as Python's program); download -d and wheel -w are written; --log and --report are written",
		Options: []Option{opt(RoleWrite, "--log", "--log-file"), val("--cache-dir", "--proxy", "--python", "--timeout", "--retries")},
		Env:     []EnvVar{{Name: "PIP_LOG", Role: RoleWrite}, {Name: "PIP_LOG_FILE", Role: RoleWrite}, {Name: "PIP_REPORT", Role: RoleWrite}},
		Subcommands: []Entry{{Names: names("install"), DataOnly: true, RunsFiles: []string{"**/setup.py", "**/pyproject.toml", "**/setup.cfg"},
			Options: []Option{opt(RoleWriteTree, "-t", "--target", "--prefix", "--root", "--src"), opt(RoleWrite, "--log", "--report"), opt(RoleRead, "-r", "--requirement", "-c", "--constraint"),
				opt(RoleReadTree, "-e", "--editable"), val("-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--platform", "--python-version", "--implementation", "--abi", "--no-binary", "--only-binary", "--config-settings", "-C", "--global-option", "--upgrade-strategy", "--progress-bar", "--root-user-action")},
			Operands: []Operand{operands(0, RoleReadTree)}, special: setupScripts},
			{Names: names("download wheel"), DataOnly: true, RunsFiles: []string{"**/setup.py", "**/pyproject.toml", "**/setup.cfg"}, Options: []Option{opt(RoleWriteTree, "-d", "--dest", "-w", "--wheel-dir"), opt(RoleRead, "-r", "--requirement", "-c", "--constraint"), val("-i", "--index-url", "--extra-index-url", "-f", "--find-links")}},
			{Names: names("uninstall freeze list show check cache search inspect debug hash index help completion"), DataOnly: true},
			{Names: names("config"), Summary: "config set of an index, a trusted host or a proxy asks", DataOnly: true, special: configSource}}},
	{Names: names("go"), Family: "runners", RunsFiles: []string{"**/*.go"}, Summary: "go run builds and runs a program; -exec, -toolexec, -vettool and -ldflags=-extld run commands; -o and the profiles are written; go env -w of a variable that runs code asks",
		LongSingleDash: true,
		Env: []EnvVar{{Name: "CC", Role: RoleCommand}, {Name: "CXX", Role: RoleCommand}, {Name: "FC", Role: RoleCommand}, {Name: "PKG_CONFIG", Role: RoleCommand}, {Name: "GOFLAGS", Role: RoleEscape, Markers: []string{"-exec", "-toolexec", "--exec", "--toolexec", "-vettool", "-ldflags=-extld", "-overlay"}},
			{Name: "GOENV", Role: RoleProgram}, {Name: "CGO_LDFLAGS", Role: RoleEscape, Markers: []string{"-fuse-ld=/", "-B"}},
			// The C compiler's flags go's cgo passes unchecked: a plugin,
			// a wrapper or another folder of compiler programs runs code.
			{Name: "CGO_CFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}, {Name: "CGO_CPPFLAGS", Role: RoleEscape, Markers: cgoCodeFlags},
			{Name: "CGO_CXXFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}, {Name: "CGO_FFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}},
		Subcommands: []Entry{{Names: names("env"), Summary: "go env -w stores variables every later go command reads; GOBIN, GOPATH and the cache folders are written later", DataOnly: true,
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				p := parseOpts(args, "", nil, "")
				if !strings.ContainsRune(p.short, 'w') {
					return true
				}
				for _, o := range p.ops {
					k, v, _ := strings.Cut(o.val, "=")
					switch k {
					case "GOBIN", "GOPATH", "GOMODCACHE", "GOCACHE", "GOTMPDIR", "GOCOVERDIR", "GOENV", "GOTELEMETRYDIR":
						// Later go commands write there.
						r.judgeWriteTree(sc, field{val: v, dyn: o.dyn, why: o.why}, cmd)
					}
					if goSource(k, v) {
						r.packageSource("go env -w "+k, cmd)
					}
					if _, ok := r.a.envRole(k); ok || k == "GOFLAGS" || k == "CC" || k == "CXX" || k == "GOTOOLCHAIN" {
						r.finding(rulePersistence, Command, Ask, "go env -w "+k+" stores a setting that runs code in later go commands", cmd, "")
						r.envAssign(sc, k, field{val: v, dyn: o.dyn, why: o.why}, c, cmd)
					}
				}
				return true
			}},
			{Names: names("tool"), Summary: "go tool pprof -output and the -o of cover, covdata, compile, link and asm are written", DataOnly: true,
				Subcommands: []Entry{{Names: names("pprof"), DataOnly: true, Options: []Option{opt(RoleWrite, "-output", "--output"), opt(RoleRead, "-source_path", "--source_path")}},
					{Names: names("cover covdata trace compile link asm"), DataOnly: true, Options: []Option{opt(RoleWrite, "-o"), opt(RoleWriteTree, "-outdir")}}}},
			{Names: names("build test install vet generate list get mod work clean fmt doc version bug fix telemetry"),
				Summary: "packages, flags and patterns are data; go clean -modcache deletes GOMODCACHE whole when the command sets it", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if strings.HasSuffix(b, " clean") && slices.ContainsFunc(args, func(f field) bool { return f.val == "-modcache" || f.val == "--modcache" }) {
						r.envFolderDeleted(sc, c, cmd, "go clean -modcache", "GOMODCACHE")
					}
					if strings.HasSuffix(b, " install") {
						// go install writes its programs into GOBIN when the
						// command sets it (GOBIN=~/.config/autostart).
						if f, ok := r.envFolder(sc, "GOBIN", c.pos); ok && (f.dyn || f.val != "") {
							r.judgeWriteTree(sc, f, cmd)
						}
					}
					r.goOutputDir(sc, args, cmd)
					r.goLinker(sc, args, c, cmd)
					return false
				},
				Options: goBuildOptions},
			{Names: names("run"), Summary: "go run builds a package and runs it with the arguments after it, which are judged as a script's", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.goLinker(sc, args, c, cmd)
					if pkg, rest, ok := goRunArgs(args); ok {
						r.scriptArgs(sc, "go run", pkg, rest, c, cmd)
					}
					return false
				},
				Options: goBuildOptions}}},
	{Names: names("cargo"), Family: "runners", RunsFiles: []string{"**/*.rs", "**/Cargo.toml", ".cargo/config", ".cargo/config.toml"}, Summary: "build and test arguments are data; --config may set a runner, a wrapper or a linker (asks); --target-dir and install --root are written; clean deletes the target folder; cargo watch runs commands",
		Options: append([]Option{opt(RoleWorkDir, "-C"), opt(RoleWrite, "--target-dir"), val("-Z", "--manifest-path", "--color")}, cargoConfig...),
		Env: []EnvVar{{Name: "RUSTC_WRAPPER", Role: RoleCommand}, {Name: "RUSTC_WORKSPACE_WRAPPER", Role: RoleCommand}, {Name: "CARGO_BUILD_RUSTC_WRAPPER", Role: RoleCommand},
			{Name: "RUSTC", Role: RoleCommand}, {Name: "RUSTDOC", Role: RoleCommand}, {Name: "CARGO_TARGET_*", Role: RoleScript}, {Name: "CARGO_BUILD_RUSTC", Role: RoleCommand},
			{Name: "RUSTFLAGS", Role: RoleEscape, Markers: []string{"linker=", "-Clinker=", "-Zcodegen-backend=", "-Zllvm-plugins="}}, {Name: "CARGO_ENCODED_RUSTFLAGS", Role: RoleProgram}},
		Subcommands: []Entry{
			{Names: names("new init"), Summary: "new and init create or fill the folder they name (init: the working folder by default)", DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					r.createdFolder(sc, args, "", []string{"--name", "--vcs", "--edition", "--registry"}, 0, ".", cmd)
					return true
				}},
			{Names: names("build b check c test t run r bench doc clippy fmt fix add remove update metadata tree publish search vendor package rustc rustdoc"), DataOnly: true,
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					// cargo run, test and bench pass what follows -- to the
					// program they build, which the catalogue does not
					// describe.
					switch sub := b[strings.LastIndexByte(b, ' ')+1:]; sub {
					case "run", "r", "test", "t", "bench":
						if i := slices.IndexFunc(args, func(f field) bool { return !f.dyn && f.val == "--" }); i >= 0 {
							r.scriptArgs(sc, b, field{val: "program"}, args[i+1:], c, cmd)
						}
						fallthrough
					case "rustc", "rustdoc":
						// cargo rustc -- ARGS hands ARGS to the compiler.
						if i := slices.IndexFunc(args, func(f field) bool { return !f.dyn && f.val == "--" }); i >= 0 && (sub == "rustc" || sub == "rustdoc") {
							r.compilerLoadsAsk(args[i+1:], cmd)
						}
						fallthrough
					case "build", "b", "check", "c", "doc", "clippy", "fix", "package", "publish":
						// Building the package runs its build scripts first
						// (cargoBuildScripts), read as another language's
						// program is (by its commands and deletions).
						manifest := "Cargo.toml"
						if m := optionValues(args, "--manifest-path"); len(m) > 0 && !m[0].dyn {
							manifest = m[0].val
						}
						r.cargoBuildScripts(sc, manifest, c, cmd)
					}
					return false
				},
				Options: append(append([]Option{opt(RoleWrite, "--target-dir", "--artifact-dir", "--out-dir")}, cargoConfig...), vals("pj", "--package", "--target", "--features", "--bin", "--example", "--test", "--bench", "--jobs", "--profile", "--manifest-path", "--message-format")...)},
			{Names: names("install"), DataOnly: true,
				Options: append(append([]Option{opt(RoleWrite, "--root", "--target-dir")}, cargoConfig...), vals("j", "--version", "--git", "--branch", "--tag", "--rev", "--path", "--bin", "--example", "--features", "--jobs", "--profile", "--target", "--index", "--registry")...)},
			{Names: names("clean"), Summary: "deletes the target folder (--target-dir, or CARGO_TARGET_DIR or CARGO_BUILD_TARGET_DIR when the command sets them)", DataOnly: true,
				Options: append([]Option{opt(RoleDeleteTree, "--target-dir")}, vals("p", "--package", "--manifest-path", "--profile", "--target", "--color")...),
				special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
					if len(optionValues(args, "--target-dir")) == 0 && !slices.ContainsFunc(args, func(f field) bool {
						return f.val == "-p" || strings.HasPrefix(f.val, "--package") || strings.HasPrefix(f.val, "--doc")
					}) {
						r.envFolderDeleted(sc, c, cmd, "cargo clean", "CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR")
					}
					return false
				}},
			{Names: names("watch"), Summary: "cargo watch runs -s shell commands and the command after --",
				Options:  []Option{opt(RoleScript, "-s", "--shell", "--use-shell"), val("-x", "--exec", "-w", "--watch", "-i", "--ignore", "-d", "--delay", "-C", "--workdir", "--features")},
				Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("make gmake bmake pmake remake mingw32-make kati colormake nmake"), Family: "runners", Summary: "-C is the folder; a makefile from stdin has its recipes analysed; SHELL= runs recipes with another program",
		Options: []Option{opt(RoleWorkDir, "-C", "--directory"), opt(RoleCommandFile, "-f", "--file", "--makefile"),
			val("-j", "--jobs", "-l", "--load-average", "-I", "--include-dir", "-o", "--old-file", "-W", "--what-if", "-E", "--eval")},
		Env:      []EnvVar{{Name: "MAKEFLAGS", Role: RoleEscape, Markers: []string{"--eval", "-E", "SHELL="}}, {Name: "GNUMAKEFLAGS", Role: RoleEscape, Markers: []string{"--eval", "-E", "SHELL="}}, {Name: "MAKEFILES", Role: RoleProgram}},
		DataOnly: true,
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			r.makefileScripts(sc, text, true, c, cmd)
		},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.makeText(sc, args, c, cmd)
			r.makeVars(sc, args, c, cmd)
			if len(optionValues(args, "-f", "--file", "--makefile")) == 0 {
				// The makefile make finds itself (one named with -f is
				// the option's: RoleCommandFile).
				makefiles, read := []string{"GNUmakefile", "makefile", "Makefile"}, func(text string) { r.makefileScripts(sc, text, true, c, cmd) }
				r.buildFileWritten(sc, makefiles, c, b, cmd, read)
				r.filesOrAbsent(makefiles, b, cmd, func(text, _ string) { read(text) })
			}
			return true
		}},
	{Names: names("gcc g++ cc c++ clang clang++ tcc rustc swiftc ghc nasm yasm as ld ld.lld gfortran zig nim javac kotlinc scalac tsc esbuild"), Family: "runners", ArgFiles: true,
		// The flags make, configure and build scripts hand the compiler.
		Env: []EnvVar{{Name: "CFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}, {Name: "CXXFLAGS", Role: RoleEscape, Markers: cgoCodeFlags},
			{Name: "CPPFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}, {Name: "LDFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}, {Name: "FFLAGS", Role: RoleEscape, Markers: cgoCodeFlags}},
		Summary: "compilers: -o, --outDir, -MF and the other output options are written; @FILE holds more arguments; gcc -wrapper runs a command; ghc -e evaluates Haskell (asks), its :!CMD runs CMD; zig run and zig build run pass the arguments after -- to the program they build", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.compilerExtras(sc, args, c, cmd)
			r.builtFromWritten(b, args, cmd)
			if b == "ghc" {
				r.ghcExpressions(sc, args, c, cmd)
			}
			if b == "nim" && len(r.written) > 0 {
				// nim reads config.nims, every *.nims and nim.cfg of the
				// project's folders, and runs their NimScript.
				r.runsFiles(nimConfigs[r.foldIndex()], b, cmd, len(r.written), nil)
			}
			if b == "zig" {
				r.builtProgramArgs(sc, b, args, "run", c, cmd) // zig run x.zig -- ARGS, zig build run -- ARGS
			}
			return false
		},
		Options: append([]Option{opt(RoleWrite, "-o", "--out-dir", "--outDir", "--outfile", "--outdir", "-d", "--emit-dir", "--output", "--outFile", "--out-file",
			"-femit-bin", "-femit-h", "-femit-asm", "-femit-llvm-ir", "-femit-implib", "-outputdir", "-odir", "-hidir", "-MF"), keyed(RoleWrite, "*", "--emit")}, vals("IDLlxWMFTU", "-include", "-isystem", "-target", "--target", "-std", "--edition", "--crate-type", "--crate-name", "-C", "-cp", "-classpath", "--sysroot", "-MF", "-MT")...)},
	{Names: names("just"), Family: "runners", Summary: "--command runs a command; --shell names the recipe shell; the words after a recipe's name are its arguments, which it may run; a justfile from stdin, written by this command or on disk has its recipes and backticks analysed, with the files its import and mod lines load", DataOnly: true,
		Options: []Option{flag(RoleCommand, "--command", "-c"), opt(RoleCommand, "--shell"), opt(RoleWorkDir, "-d", "--working-directory"), opt(RoleCommandFile, "-f", "--justfile"),
			val("--shell-arg", "--set", "--dotenv-filename", "--dotenv-path", "--chooser", "--color", "--list-heading", "--list-prefix")},
		readsCommands:  func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) { r.justfile(sc, text, c, cmd) },
		filesFromStart: true, // just -d runme -f runme/justfile
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// Variables set for the recipes (--set NAME VALUE, NAME=VALUE)
			// reach them, which may run them.
			for i, a := range args {
				switch {
				case a.val == "--set" && i+2 < len(args):
					r.net(sc, args[i+2], c, cmd)
				case !strings.HasPrefix(a.val, "-") && strings.Contains(a.val, "=") && isName(a.val[:strings.IndexByte(a.val, '=')]):
					f := a
					f.val = a.val[strings.IndexByte(a.val, '=')+1:]
					r.net(sc, f, c, cmd)
				}
			}
			// A recipe's parameters (deploy *ARGS: {{ARGS}}) take the
			// words after its name, and the recipe on disk may run them.
			r.argsNet(sc, args, c, cmd)
			if len(optionValues(args, "-f", "--justfile")) == 0 {
				// The justfile just finds itself (one named with -f is the
				// option's: RoleCommandFile).
				justfiles, read := []string{"justfile", "Justfile", ".justfile", "JUSTFILE"}, func(text string) { r.justfile(sc, text, c, cmd) }
				r.buildFileWritten(sc, justfiles, c, b, cmd, read)
				r.justfilesOnDisk(sc, justfiles, b, c, cmd, true)
			}
			return false
		}},
	{Names: names("rake"), Family: "runners", RunsFiles: []string{"Rakefile", "rakefile", "Rakefile.rb", "**/*.rake"}, Summary: "-e, -E and -p run Ruby code; a task's arguments (deploy[ARGS]) and NAME=VALUE words reach the tasks", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// The Rakefile on disk may run what a task is given: its
			// arguments in brackets and the variables set for it.
			for _, a := range args {
				if i := strings.IndexByte(a.val, '['); i > 0 && strings.HasSuffix(a.val, "]") {
					f := a
					f.val = a.val[i+1 : len(a.val)-1]
					r.net(sc, f, c, cmd)
				}
			}
			r.argsNet(sc, args, c, cmd)
			return false
		},
		Options: []Option{opt(RoleProgram, "-e", "--execute", "-E", "--execute-continue", "-p", "--execute-print", "-r", "--require"), opt(RoleWorkDir, "-C", "--directory"), opt(RoleCommandFile, "-f", "--rakefile"), val("-I", "--libdir", "-R", "--rakelibdir", "-j", "--jobs")}},
	{Names: names("bazel bazelisk"), Family: "runners", Summary: "--run_under runs a command; --output_base and --output_user_root are written; clean --expunge deletes the output base whole; run passes the arguments after -- to the program it builds; BUILD files, .bzl files, the workspace's and module's files and .bazelrc name the commands it runs (genrules, repository rules), and bazelisk runs tools/bazel", DataOnly: true,
		RunsFiles: []string{"**/BUILD", "**/BUILD.bazel", "**/*.bzl", "WORKSPACE", "WORKSPACE.bazel", "WORKSPACE.bzlmod", "MODULE.bazel", "**/*.MODULE.bazel", ".bazelrc", "tools/bazel"},
		Options:   []Option{opt(RoleScript, "--run_under", "--workspace_status_command"), opt(RoleWrite, "--output_base", "--output_user_root"), val("--config", "--bazelrc")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.builtProgramArgs(sc, b, args, "run", c, cmd)
			clean := slices.IndexFunc(args, func(f field) bool { return f.val == "clean" })
			if clean >= 0 && slices.ContainsFunc(args[clean:], func(f field) bool { return strings.HasPrefix(f.val, "--expunge") }) {
				for _, f := range optionValues(args[:clean], "--output_base") {
					r.judgeDelete(sc, f, true, cmd, "bazel clean --expunge")
				}
			}
			return false
		}},
	{Names: names("buck buck2 plz please pants"), Family: "runners", Summary: "build files name the commands a build runs (Buck's BUCK, TARGETS and .bzl, Please's BUILD and .build_defs, Pants' BUILD and its plugins); run passes the arguments after -- to the program it builds",
		RunsFiles: []string{"**/BUCK", "**/BUCK.v2", "**/TARGETS", "**/PACKAGE", "**/*.bzl", ".buckconfig", "**/BUILD", "**/BUILD.plz", "**/*.build_defs", ".plzconfig",
			"pants.toml", "pants-plugins/**"},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.builtProgramArgs(sc, b, args, "run", c, cmd)
			return false
		}},
	{Names: names("tox"), Family: "runners", RunsFiles: []string{"tox.ini", "**/*.py"}, Summary: "-x/--override of a commands key runs commands; tox.ini or tox.toml, on disk or written by this command, has its commands analysed", DataOnly: true,
		readsCommands: suppliedRunnerFile("tox"),
		Options:       []Option{keyed(RoleScript, "*commands*", "-x", "--override"), keyed(RoleScript, "*allowlist_externals*", "-x", "--override"), opt(RoleWorkDir, "--root"), opt(RoleCommandFile, "-c", "--conf"), val("-e", "--workdir", "-f", "-m")}},
	{Names: names("ansible-playbook ansible-pull ansible-console"), Family: "runners", Summary: "the playbooks are command files: their shell, command and raw tasks are analysed (on disk, or supplied by the command, which asks besides: they run on this machine for localhost); extra variables are data; a vault password file is run when it is executable, and so read as a script",
		DataOnly: true, Operands: []Operand{operands(0, RoleCommandFile)}, readsCommands: suppliedRunnerFile("ansible"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.ansibleVaultScripts(sc, args, c, cmd)
			return false
		},
		Options: vals("iefltuCcTMk", "--inventory", "--extra-vars", "--forks", "--limit", "--tags", "--skip-tags", "--user", "--connection", "--timeout",
			"--module-path", "--vault-id", "--vault-password-file", "--private-key", "--key-file", "--become-user", "--become-method", "--start-at-task",
			"--ssh-common-args", "--ssh-extra-args", "--sftp-extra-args", "--scp-extra-args")},
	{Names: names("salt-call"), Family: "runners", Summary: "salt-call FUNCTION ARGS runs a Salt function on this machine: cmd.run, cmd.shell and their relatives run their first argument as a command line; other functions that change the machine ask",
		DataOnly: true, special: saltCall},
	{Names: names("ansible"), Family: "runners", Summary: "ansible HOSTS -m MODULE -a ARGS runs a module on the hosts: command, shell, raw and script run -a as a command line (judged here for localhost or a local connection, as run elsewhere otherwise); ping, setup, debug and the other read-only modules are fine; any other module changes the hosts it runs on and asks (remote-command)",
		DataOnly: true, special: ansibleAdHoc},
	{Names: names("packer"), Family: "runners", Summary: "packer build runs a template's provisioners, shell-local ones (and post-processors) on this machine: those of a template on disk are read (packerLocalCommands), a template the command supplies asks",
		LongSingleDash: true, DataOnly: true,
		Subcommands: []Entry{{Names: names("build"), Operands: []Operand{operands(0, RoleCommandFile)},
			Options: vals("", "-var", "-var-file", "-only", "-except", "-on-error", "-parallel-builds", "-color", "-machine-readable")}}},
	{Names: names("pytest py.test"), Family: "runners", Summary: "runs the Python tests under its folder (conftest.py and plugins are code too); --junitxml is written, --basetemp written whole", DataOnly: true,
		RunsFiles: []string{"**/*.py", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini"},
		Options:   []Option{opt(RoleWrite, "--junitxml", "--junit-xml", "--resultlog", "--result-log"), opt(RoleWriteTree, "--basetemp"), val("-k", "-m", "-p", "-c", "--rootdir", "--confcutdir", "-o", "--override-ini", "--maxfail", "-n", "--tb", "--durations", "--cov", "--cov-report", "--deselect", "--ignore")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// The conftest.py files pytest loads by itself, before any
			// test, from the folder it starts in and the usual test
			// folders, read from disk as a program run by its name is.
			for _, f := range pytestConftests {
				r.programOnDisk(sc, "python3", field{val: f}, c, cmd)
			}
			return false
		}},
	{Names: names("mvn mvnw"), Family: "runners", RunsFiles: []string{"**/pom.xml", "**/*.java", ".mvn/**"}, Summary: "exec:exec runs -Dexec.executable with -Dexec.args", DataOnly: true,
		Options: []Option{opt(RoleCommandFile, "-f", "--file"), val("-P", "--activate-profiles", "-pl", "--projects", "-s", "--settings", "-gs", "-t", "-T", "-rf", "-l", "--log-file", "-b")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			var exe, xargs *field
			for _, a := range args {
				if v, ok := strings.CutPrefix(a.val, "-Dexec.executable="); ok {
					f := a
					f.val = v
					exe = &f
				} else if v, ok := strings.CutPrefix(a.val, "-Dexec.args="); ok {
					f := a
					f.val = v
					xargs = &f
				}
			}
			r.propertyNet(sc, b, args, c, cmd)
			if exe != nil {
				line := []field{*exe}
				if xargs != nil {
					if xargs.dyn {
						r.finding(ruleEvalDynamic, Dynamic, Ask, "mvn exec runs arguments that come from "+xargs.why, cmd, "")
					}
					for _, w := range strings.Fields(xargs.val) {
						line = append(line, field{val: w})
					}
				}
				c2 := c
				c2.depth++
				r.simple(sc, line, c2)
			}
			return false
		}},
	{Names: names("cmake"), Family: "runners", RunsFiles: []string{"**/CMakeLists.txt", "**/*.cmake"}, readsCommands: suppliedRunnerFile("cmake"), Summary: "configuring reads the source folder's CMakeLists.txt, and -P and -C their scripts (execute_process, exec_program and file() judged as the commands they stand for); cmake -E is a command language (rm, copy, touch, chdir DIR CMD, env CMD, time CMD, tar) judged as the commands it stands for; -B and --install --prefix are written; -P runs a script file",
		DataOnly: true,
		Options:  []Option{opt(RoleWrite, "-B"), opt(RoleWriteTree, "--prefix"), opt(RoleCommandFile, "-P", "-C"), val("-S", "-G", "-T", "-A", "-D", "-U", "--build", "--install", "--config", "--component", "-j", "--parallel", "--target", "-t", "--preset")},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for i, a := range args {
				if a.val == "-E" && i+1 < len(args) {
					r.cmakeE(sc, args[i+1:], c, cmd)
					return true
				}
			}
			r.propertyNet(sc, b, args, c, cmd)
			return false
		}},
	{Names: names("meson"), Family: "runners", RunsFiles: []string{"**/meson.build", "meson_options.txt", "meson.options"},
		Summary: "runs the build's meson.build files: run_command() as it configures and the targets' command lists as it builds are read (string literals; a list is read up to its first other value); devenv runs a command in the build's environment; test --wrapper runs each test under a command line", DataOnly: true,
		Options: []Option{opt(RoleWorkDir, "-C")},
		Subcommands: []Entry{{Names: names("devenv"), OptionsFirst: true, Options: []Option{opt(RoleWorkDir, "-C", "-w", "--workdir"), val("--dump", "--dump-format")}, Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("test"), DataOnly: true, Options: []Option{opt(RoleScript, "--wrapper", "--wrap"), opt(RoleWorkDir, "-C"), val("--suite", "--no-suite", "--setup", "--num-processes", "-t", "--timeout-multiplier", "--repeat", "--test-args", "--logbase")}}}},
	{Names: names("sbt"), Family: "runners", RunsFiles: []string{"**/*.sbt", "project/**", "**/*.scala", "**/*.java"},
		Summary: "runs the build's .sbt and project files (build.sbt and project/*.sbt, *.scala read by their text as Scala); its operands are sbt commands, separated by ';': eval, set and the consoles evaluate Scala (read as inline code)", DataOnly: true,
		Options: vals("J", "--java-home", "--sbt-dir", "--ivy", "--sbt-version", "--mem", "-Dsbt.boot.directory"),
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if a.dyn && !strings.HasPrefix(a.val, "-") && !strings.HasPrefix(a.val, "/") { // (~compile is a user's home to bash, not a command)
					r.finding(ruleInlineInterp, Dynamic, Ask, b+" is given a command that is not known, which may evaluate Scala", cmd, "")
					continue
				}
				for part := range strings.SplitSeq(a.val, ";") {
					word, rest, _ := strings.Cut(strings.TrimLeft(strings.TrimSpace(part), "~"), " ")
					switch word {
					case "eval", "set", "console", "consoleQuick", "consoleProject", "initialCommands":
						r.applyRole(sc, roleValue{role: RoleProgram, f: field{val: rest}}, false, b+" "+word, c, cmd)
					}
				}
			}
			return true
		}},
	taskRunner("task go-task ninja pre-commit poe", "task runners run recipes from their files: a Taskfile, build.ninja, .pre-commit-config.yaml and pyproject.toml's task tables, on disk or written by this command, have their commands analysed, every task's; their arguments are task names",
		func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			suppliedRunnerFile(runners[b].lang)(r, sc, b, text, ops, c, cmd)
		}),
	taskRunner("invoke inv nox scons", "task runners run recipes from their files: tasks.py, noxfile.py and SConstruct on disk are read as Python programs; their arguments are task names", nil),
	taskRunner("mage gradle gradlew ant", "task runners run recipes from their files (out of reach); their arguments are task names", nil),
	{Names: names("foreman honcho overmind"), Family: "runners", Summary: "run runs a command; start runs the processes of the Procfile, read from disk or written by this command",
		Options: []Option{opt(RoleWorkDir, "-d", "--root"), opt(RoleCommandFile, "-f", "--procfile"), val("-e", "--env", "-m", "--formation", "-p", "--port")},
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			r.runnerCommands(sc, "procfile", text, c, cmd)
		},
		Subcommands: []Entry{{Names: names("run r"), OptionsFirst: true, Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("start s check"), DataOnly: true, Options: []Option{opt(RoleCommandFile, "-f", "--procfile"), val("-e", "--env", "-m", "--formation", "-p", "--port", "-c", "--concurrency")}}}},
	{Names: names("hivemind"), Family: "runners", Summary: "runs the processes of a Procfile, read from disk or written by this command", DataOnly: true,
		Operands: []Operand{operand(0, RoleCommandFile)},
		Options:  vals("pPtT", "--port", "--title", "--root", "--timeout"),
		readsCommands: func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
			r.runnerCommands(sc, "procfile", text, c, cmd)
		}},
	{Names: names("turbo"), Family: "runners", Summary: "runs package.json scripts: the root's and every workspace's, on disk or written by this command, have their scripts analysed"},
	{Names: names("lerna"), Family: "runners", Summary: "run, publish and version run package.json scripts: the root's and every workspace's are analysed; exec runs a command in each",
		Subcommands: []Entry{{Names: names("exec"), OptionsFirst: true, Options: vals("", "--scope", "--ignore", "--concurrency", "--since", "--include-dependents", "--include-dependencies"), Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("nx"), Family: "runners", Summary: "runs the targets of its projects: every workspace's package.json scripts and project.json commands are analysed; exec runs a command",
		Subcommands: []Entry{{Names: names("exec"), OptionsFirst: true, Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("lefthook"), Family: "runners", Summary: "run runs the commands of lefthook.yml, read from disk or written by this command; install makes git run them on every commit",
		Subcommands: []Entry{{Names: names("run"), DataOnly: true}}},
	{Names: names("hyperfine"), Family: "runners", Summary: "every operand and --prepare, --setup, --cleanup is a script",
		Options:  []Option{opt(RoleScript, "-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "--conclude", "-S", "--shell"), opt(RoleWrite, "--export-json", "--export-csv", "--export-markdown", "--export-asciidoc", "--export-orgmode", "--output"), val("-w", "--warmup", "-m", "--min-runs", "-M", "--max-runs", "-r", "--runs", "-L", "--parameter-list", "-P", "--parameter-scan", "-n", "--command-name", "-u", "--time-unit", "--style", "-i")},
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
	{Names: names("reflex"), Family: "runners", Summary: "runs its command (its own words, without a shell) when files change; -c names a file of watch rules and their commands",
		Options:  []Option{val("-r", "--regex", "-R", "--inverse-regex", "-g", "--glob", "-G", "--inverse-glob", "-d", "--decoration", "-t", "--shutdown-timeout"), opt(RoleCommandFile, "-c", "--config")},
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("watchexec nodemon air cargo-watch onchange chokidar"), Family: "runners", Summary: "run a command or script when files change; watchexec and nodemon hand a shell the words joined by spaces, so they are read as one script (and each on its own)",
		Options:  []Option{opt(RoleScript, "-x", "--exec", "-s", "--shell", "--build.cmd", "--build.bin", "--build.full_bin", "--build.pre_cmd", "--build.post_cmd"), val("-w", "--watch", "-e", "--exts", "--ext", "-i", "--ignore", "-d", "--debounce", "--delay", "-g", "--glob", "--signal", "-R")},
		Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("concurrently"), Family: "runners", Summary: "runs each operand as a shell command, side by side",
		Options:  []Option{val("-n", "--names", "-c", "--prefix-colors", "-p", "--prefix", "-l", "--prefix-length", "-t", "--timestamp-format", "--max-processes", "-m", "--success", "-s", "--restart-tries", "--restart-after", "--default-input-target", "--handle-input", "--pad-prefix", "--names-separator", "--kill-signal", "--passthrough-arguments", "-P")},
		Operands: []Operand{operands(0, RoleScript)}},
})

// npmEnv are the variables npm and its kin read as commands or code, in
// the one spelling envRole matches npm's (npm reads npm_config_* in any
// case, '-' or '_').
func npmEnv() []EnvVar {
	return []EnvVar{{Name: "npm_config_script_shell", Role: RoleCommand}, {Name: "npm_config_shell", Role: RoleCommand},
		{Name: "npm_config_git", Role: RoleCommand}, {Name: "npm_config_editor", Role: RoleCommand}, {Name: "npm_config_browser", Role: RoleCommand},
		{Name: "npm_config_viewer", Role: RoleCommand}, {Name: "npm_config_node_options", Role: RoleEscape, Markers: nodeCodeOptions},
		{Name: "npm_config_userconfig", Role: RoleProgram}, {Name: "npm_config_globalconfig", Role: RoleProgram}, {Name: "npm_config_onload_script", Role: RoleProgram}}
}

// nodeBin is the folder npm, npx, pnpm, yarn and bun put first on PATH for
// the programs and package scripts they run.
var nodeBin = []string{"node_modules/.bin"}

// npmSubcommands are npm's, pnpm's and yarn's sub-commands, fresh for each
// entry that lists them.
func npmSubcommands() []Entry {
	return []Entry{
		{Names: names("workspace workspaces"), Summary: "yarn workspace NAME CMD and yarn workspaces foreach [OPTIONS] CMD run one of yarn's commands in workspaces: judged as that command (every workspace's scripts are read, see workspaces.go)", DataOnly: true,
			special: yarnWorkspaceCommand},
		{Names: names("token"), Summary: "token create prints a new registry token", DataOnly: true, Subcommands: []Entry{{Names: names("create"), Rule: ruleSensitivePath, DataOnly: true}}},
		{Names: names("exec x dlx"), Summary: "runs a package's program, node_modules/.bin first on PATH", binDirs: nodeBin, Options: []Option{opt(RoleScript, "-c", "--call"), opt(RoleWorkDir, "--prefix", "-C", "--dir", "--cwd"), val("-p", "--package", "--workspace", "-w")}, Operands: []Operand{operand(0, RoleCommand)}},
		{Names: names("config c set"), Summary: "storing a setting that runs code (script-shell, node-options, shell, editor) asks; printing a token reads a secret", DataOnly: true,
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				if strings.HasSuffix(b, " set") {
					args = append([]field{{val: "set"}}, args...) // npm set KEY VALUE
				}
				r.npmConfig(sc, args, c, cmd)
				return true
			}},
		{Names: names("run run-script rum urn test start stop restart install i ci add remove uninstall update upgrade audit outdated ls list view info pack publish version init create build why get link unlink rebuild prune dedupe cache doctor whoami login logout"),
			Summary: "package scripts and registry commands: arguments are names and text; install and its relatives write node_modules and package.json in the folder they work in; a package.json or script this command wrote asks; scripts run with node_modules/.bin first on PATH", DataOnly: true,
			binDirs:   nodeBin,
			RunsFiles: []string{"**/*.js", "**/*.mjs", "**/*.cjs", "**/*.ts", "**/*.mts", "**/*.cts", "**/*.jsx", "**/*.tsx", ".npmrc", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs"},
			// npm reads its own options after the sub-command too (npm run
			// build --prefix web runs web's build): the folder they name
			// is where it works.
			Options: append([]Option{opt(RoleCommand, "--script-shell"), opt(RoleWriteTree, "--pack-destination"), opt(RoleWorkDir, "--prefix", "-C", "--dir", "--cwd")},
				vals("w", "--workspace", "--filter", "--tag", "--registry")...),
			special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
				r.buildFileWritten(sc, []string{"package.json"}, c, b, cmd, nil)
				r.filesOrAbsent([]string{"package.json"}, b, cmd, func(text, _ string) { r.packageScripts(sc, text, c, cmd) })
				if r.cwd != "" {
					// npm, yarn and pnpm work in the nearest folder above
					// that holds a package.json when this one holds none.
					r.runnerFilesAbove(sc, b, runnerSpec{}, runnerFile{names: []string{"package.json"}, lang: "npm"}, c, cmd)
				}
				if len(r.written) > 0 {
					// A package.json this command wrote asks; its scripts,
					// which npm runs through a shell, are judged too.
					if text, ok := r.argText(sc, field{val: "package.json"}, c); ok {
						r.packageScripts(sc, text, c, cmd)
					}
				}
				if strings.HasSuffix(b, " get") {
					r.npmConfig(sc, append([]field{{val: "get"}}, args...), c, cmd)
				}
				switch b[strings.LastIndexByte(b, ' ')+1:] {
				case "install", "i", "ci", "add", "remove", "uninstall", "update", "upgrade", "rebuild", "prune", "dedupe", "link", "unlink", "init", "create":
					r.npmInstallWrites(sc, args, cmd)
					r.localPackages(sc, b, args, c, cmd)
				}
				// A package script is a script the catalogue does not
				// describe, and it gets the arguments after its name (the
				// name is judged with them, the stricter reading).
				switch b[strings.LastIndexByte(b, ' ')+1:] {
				case "run", "run-script", "rum", "urn", "test", "start", "stop", "restart":
					ops := parseOpts(args, "wC", []string{"--workspace", "--filter", "--prefix", "--dir", "--cwd", "--tag", "--registry", "--script-shell"}, "").ops
					r.scriptArgs(sc, b, field{val: "script"}, ops, c, cmd)
				}
				return true
			}},
	}
}

// localPackages reads the scripts of the packages an install takes from
// folders on disk, whose lifecycle scripts (preinstall, install,
// postinstall, prepare) it runs: every workspace of the monorepo the
// working folder is in (workspaceScripts), a folder the line names (npm
// install ./helper, file:../helper), and each local dependency of the project's
// package.json and of theirs in turn (a dependency whose version is
// file:, link: or a relative path), at most 16 (followManifests). Every
// script of each is judged, as the project's are.
func (r *run) localPackages(sc *scope, b string, args []field, c ctx, cmd string) {
	// At a monorepo's root an install installs every workspace, running
	// each one's lifecycle scripts (read already when the line selects
	// workspaces: npmWorkspaces).
	if !r.workspacesSelected(sc, args) {
		r.workspaceScripts(sc, b, c, cmd, false)
	}
	first := []string{"package.json"}
	for _, o := range parseOpts(args, "wC", []string{"--workspace", "--filter", "--prefix", "--dir", "--cwd", "--tag", "--registry"}, "").ops {
		if d, ok := localSpec(o.val); ok && !o.dyn {
			first = append(first, path.Join(d, "package.json"))
		}
	}
	for _, f := range first {
		r.followManifests(f, b, func(m string) []string {
			text, p, ok := r.readOnDisk(field{val: m}, b, cmd, false)
			if !ok {
				return nil
			}
			if m != "package.json" { // (the project's own is judged by its runner)
				r.onDisk(p, func() { r.packageScripts(sc, text, c, cmd) })
			}
			var pkg map[string]json.RawMessage
			if json.Unmarshal([]byte(text), &pkg) != nil {
				return nil
			}
			var next []string
			for _, k := range []string{"dependencies", "devDependencies", "optionalDependencies"} {
				var deps map[string]string
				if json.Unmarshal(pkg[k], &deps) != nil {
					continue
				}
				for _, name := range slices.Sorted(maps.Keys(deps)) {
					if d, ok := localSpec(deps[name]); ok {
						next = append(next, path.Join(path.Dir(m), d, "package.json"))
					}
				}
			}
			return next
		})
	}
}

// localSpec returns the folder a package specifier names on disk
// (file:../x, link:./x, ../x, ./x, /abs/x), and whether it names one.
func localSpec(v string) (string, bool) {
	for _, p := range []string{"file:", "link:", "portal:"} {
		if rest, ok := strings.CutPrefix(v, p); ok {
			return rest, rest != ""
		}
	}
	if strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "/") {
		return v, true
	}
	return "", false
}

// packageScripts analyses the scripts of package.json text, each a shell
// command npm runs. Keys are matched exactly, as Node's JSON.parse reads
// them ("Scripts" is not "scripts"), and a later duplicate replaces an
// earlier one, in both.
func (r *run) packageScripts(sc *scope, text string, c ctx, cmd string) {
	var pkg map[string]json.RawMessage
	var scripts map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &pkg) != nil || json.Unmarshal(pkg["scripts"], &scripts) != nil {
		return
	}
	for _, name := range slices.Sorted(maps.Keys(scripts)) {
		var script string
		if json.Unmarshal(scripts[name], &script) == nil {
			r.reparseField(sc, field{val: script}, c, cmd, true)
		}
	}
}

// npmConfig judges npm config set KEY VALUE (KEY=VALUE) and npm config get
// KEY: a key whose value npm runs asks and the value is analysed; getting
// an auth token prints a secret.
func (r *run) npmConfig(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "", nil, "")
	if len(p.ops) < 2 {
		return
	}
	verb := p.ops[0].val
	for i := 1; i < len(p.ops); i++ {
		o := p.ops[i]
		k, v, ok := strings.Cut(o.val, "=")
		if !ok && verb == "set" && i+1 < len(p.ops) {
			v = p.ops[i+1].val
			i++
		}
		lk := asciiLower(strings.TrimLeft(k, "-"))
		switch {
		case verb == "get" && (strings.Contains(lk, "_auth") || strings.Contains(lk, "token") || strings.Contains(lk, "password")):
			r.finding(ruleSensitivePath, Path, Block, "npm config get "+k+" prints a registry credential", cmd, "")
		case verb == "set" && codeConfigKey(lk) == codeProgram:
			r.finding(rulePersistence, Command, Ask, "npm config set "+k+" stores a program npm runs later", cmd, "")
			r.reparseField(sc, field{val: v, dyn: o.dyn, why: o.why}, c, cmd, true)
		case verb == "set" && codeConfigKey(lk) == codeLoaded:
			r.finding(rulePersistence, Command, Ask, "npm config set "+k+" stores code npm loads later", cmd, "")
		case verb == "set" && sourceKey(npmSetting(lk)) && !officialSource(v):
			r.packageSource(commandName(cmd)+" config set "+k, cmd)
		}
	}
}

// npmWorkspaces reads the package.json of each workspace the command
// names by its folder, before or after the sub-command (npm -w
// packages/web run build, npm test --workspace=packages/web): the
// command runs that folder's scripts, judged as the root's are. A line
// that selects workspaces otherwise (by a package's name, -ws, yarn
// workspace NAME, an .npmrc's setting) has every workspace the project
// declares read (workspaceScripts).
func npmWorkspaces(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if r.cwd == "" {
		return false
	}
	saved := r.cwd
	defer func() { r.cwd = saved }()
	for _, w := range optionValues(args, "-w", "--workspace") {
		if w.dyn {
			continue
		}
		r.cwd = saved
		r.chdir(w)
		if r.cwd != "" {
			r.filesOnDisk([]string{"package.json"}, b, cmd, func(text string) { r.packageScripts(sc, text, c, cmd) })
		}
	}
	r.cwd = saved
	if r.workspacesSelected(sc, args) {
		r.workspaceScripts(sc, b, c, cmd, false)
	}
	if b != "npm" && b != "cnpm" {
		r.packageBin(sc, b, args, c, cmd) // yarn NAME
		if len(parseOpts(args, "", nil, "").ops) == 0 {
			r.localPackages(sc, b, nil, c, cmd) // yarn alone installs
		}
	}
	return false
}

// yarnWorkspaceCommand judges the command yarn workspace NAME CMD and
// yarn workspaces foreach [OPTIONS] CMD (and yarn workspaces run CMD)
// run: as the same program given CMD (yarn workspaces foreach exec rm
// -rf ~ is yarn exec rm -rf ~).
func yarnWorkspaceCommand(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	prog, sub, _ := strings.Cut(b, " ")
	rest := args
	switch {
	case sub == "workspace" && len(rest) > 0:
		rest = rest[1:] // the workspace's name
	case sub == "workspaces" && len(rest) > 0 && !rest[0].dyn && rest[0].val == "foreach":
		rest = rest[1:]
		for len(rest) > 0 && !rest[0].dyn && strings.HasPrefix(rest[0].val, "-") {
			if slices.Contains([]string{"--include", "--exclude", "--from", "--since", "-j", "--jobs"}, rest[0].val) && len(rest) > 1 {
				rest = rest[1:]
			}
			rest = rest[1:]
		}
	}
	if ce := builtinCatalog()[prog]; ce != nil && len(rest) > 0 {
		r.applyEntry(sc, ce, prog, rest, c, cmd)
	}
	return true
}

// packageBin judges the program a package manager runs by a bare name,
// or the name run is given (yarn tidy, yarn run tidy, pnpm eslint ., bun
// vite build): a package's program in the working folder's
// node_modules/.bin, when it is there, runs with the rest of the line, as
// npm exec runs it, the first of its first words that are not options
// (an option's value among them) up to a sub-command of its own. (A
// package script of the same name, which runs first, is judged with the
// rest of package.json.)
func (r *run) packageBin(sc *scope, b string, args []field, c ctx, cmd string) {
	if r.cwd == "" {
		return
	}
	tried := 0
	for i, a := range args {
		switch {
		case a.dyn || tried == maxProgramWords:
			return
		case strings.HasPrefix(a.val, "-") || a.val == "run" || a.val == "":
			continue // (an option's value is tried as a name, the stricter reading: yarn --cwd . tidy)
		case r.a.namesSub(b, a.val):
			return // a sub-command of its own (yarn add tidy adds a package named tidy)
		}
		tried++
		if !strings.ContainsAny(a.val, "/\\") && r.exists(r.cwd+"/node_modules/.bin/"+a.val) {
			r.applyEntry(sc, builtinCatalog()["npm"].subs["exec"], b+" exec", args[i:], c, cmd)
			return
		}
	}
}

// npmSetting is the setting an npm configuration key names: for a key
// scoped to a registry (//registry.npmjs.org/:_authToken), the part after
// the scope's last colon, not the host's name, which may hold any word.
func npmSetting(lk string) string {
	if strings.HasPrefix(lk, "//") {
		if i := strings.LastIndexByte(lk, ':'); i >= 0 {
			return lk[i+1:]
		}
	}
	return lk
}

// cargoConfig are cargo's --config KEY=VALUE forms that name a program it
// runs: a runner, a rustc wrapper or a linker.
var cargoConfig = []Option{keyed(RoleProgram, "*runner*", "--config"), keyed(RoleProgram, "*wrapper*", "--config"), keyed(RoleProgram, "*linker*", "--config"),
	keyed(RoleProgram, "build.rustc", "--config"), keyed(RoleProgram, "build.rustdoc", "--config")}

// goLinker judges go's -ldflags=-extld=CMD: the external linker runs.
// goBuildOptions are the build flags of go build, test, run and install.
var goBuildOptions = append([]Option{opt(RoleScript, "-exec", "-toolexec", "--exec", "--toolexec"), opt(RoleCommand, "-vettool", "--vettool"), opt(RoleWrite, "-o", "--o", "-coverprofile", "-cpuprofile", "-memprofile", "-trace", "-blockprofile", "-mutexprofile", "-outputdir")},
	vals("", "-run", "-bench", "-count", "-timeout", "-tags", "-ldflags", "-gcflags", "-asmflags", "-p", "-mod", "-modfile", "-pkgdir", "-covermode", "-coverpkg", "-cpu", "-parallel", "-fuzz", "-fuzztime", "-benchtime", "-skip", "-shuffle", "-C", "-buildmode", "-compiler", "-overlay", "-pgo")...)

// goRunArgs splits go run's arguments into the package it runs (a path,
// an import path, or its first .go file) and the arguments after it, the
// program's (more .go files among them are judged as its arguments too,
// the stricter reading).
func goRunArgs(args []field) (field, []field, bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].val
		if args[i].dyn {
			return args[i], args[i+1:], true // not known: what follows is judged, the stricter reading
		}
		if strings.HasPrefix(v, "-") {
			name, _, attached := strings.Cut(v, "=")
			if !attached && slices.ContainsFunc(goBuildOptions, func(o Option) bool { return o.Takes > 0 && slices.Contains(o.Names, name) }) {
				i++
			}
			continue
		}
		return args[i], args[i+1:], true
	}
	return field{}, nil, false
}

func (r *run) goLinker(sc *scope, args []field, c ctx, cmd string) {
	for i, a := range args {
		v := a.val
		if v == "-ldflags" || v == "--ldflags" {
			if i+1 >= len(args) {
				return
			}
			v = args[i+1].val
		} else if t, ok := strings.CutPrefix(strings.TrimLeft(v, "-"), "ldflags="); ok && strings.HasPrefix(v, "-") {
			v = t
		} else {
			continue
		}
		for rest := v; ; {
			k := strings.Index(rest, "-extld")
			if k < 0 {
				break
			}
			rest = strings.TrimLeft(rest[k+len("-extld"):], "= ")
			ext := rest
			if rest != "" && (rest[0] == '\'' || rest[0] == '"') {
				if e := strings.IndexByte(rest[1:], rest[0]); e >= 0 {
					ext = rest[1 : 1+e]
				}
			} else if e := strings.IndexAny(rest, " \t"); e >= 0 {
				ext = rest[:e]
			}
			if ext != "" {
				r.reparseField(sc, field{val: ext}, c, cmd, true)
			}
		}
	}
}

// ghcExpressions judges ghc -e EXPR, which GHCi evaluates: a :!CMD
// command runs CMD through the shell and is analysed as a script; any
// other expression or command is Haskell given inline, which the analyser
// does not read (asks, as other interpreters' -e does), and so is a
// :! after blanks, the safer reading.
func (r *run) ghcExpressions(sc *scope, args []field, c ctx, cmd string) {
	for i := 0; i+1 < len(args); i++ {
		if args[i].dyn || args[i].val != "-e" {
			continue
		}
		i++
		e := args[i]
		if sh, ok := strings.CutPrefix(e.val, ":!"); ok && !e.dyn {
			r.reparseField(sc, field{val: sh}, c, cmd, true)
			continue
		}
		r.finding(ruleInlineInterp, Dynamic, Ask, "ghc -e evaluates Haskell given inline, which the analyser does not read", cmd, "")
	}
}

// compilerExtras judges gcc's -wrapper PROG,ARGS (every sub-process runs
// under it) and attached -MFFILE, and asks for an option that makes the
// compiler or linker load or run code of its own (compilerLoads).
func (r *run) compilerExtras(sc *scope, args []field, c ctx, cmd string) {
	r.compilerLoadsAsk(args, cmd)
	for i, a := range args {
		switch {
		case a.val == "-wrapper" && i+1 < len(args):
			w := args[i+1]
			if w.dyn {
				r.finding(ruleEvalDynamic, Dynamic, Ask, "the compiler runs its steps under a wrapper that comes from "+w.why, cmd, "")
				continue
			}
			var line []field
			for _, p := range strings.Split(w.val, ",") {
				line = append(line, field{val: p})
			}
			c2 := c
			c2.depth++
			r.simple(sc, line, c2)
		case strings.HasPrefix(a.val, "-MF") && len(a.val) > 3:
			f := a
			f.val = a.val[3:]
			r.judgeWrite(sc, f, ruleDiskWrite, cmd)
		}
	}
}

// compilerLoads returns the first option of a compiler's or linker's
// line that makes it load or run code besides its own: a plugin (gcc's and
// clang's -fplugin=, -fpass-plugin=, -Xclang -load, ld's -plugin, javac's
// -processorpath and -processor, kotlinc's and scalac's -Xplugin, ghc's
// -fplugin), the folder it takes its programs from (-B), a specs file
// (-specs), a linker or program named by its path or replaced (-fuse-ld=
// with a path, --ld-path=, rustc's -C linker=, ghc's -pgmX), and its
// value.
func compilerLoads(args []field) (string, string, bool) {
	for i, a := range args {
		v := a.val
		next := ""
		if i+1 < len(args) {
			next = args[i+1].val
		}
		for _, p := range [...]string{"-fplugin=", "-fpass-plugin=", "-specs=", "--specs=", "--ld-path=", "-Clinker=", "-Xplugin:", "-Xplugin=",
			"-plugin=", "--plugin=", "-processorpath=", "--processor-path=", "-fplugin-library="} {
			if strings.HasPrefix(v, p) {
				return p, v[len(p):], true
			}
		}
		switch {
		case strings.HasPrefix(v, "-fuse-ld=") && strings.ContainsAny(v, `/\`):
			return "-fuse-ld=", v[len("-fuse-ld="):], true
		case strings.HasPrefix(v, "-B") && len(v) > 2 && !linkerBFlags[v] && !strings.HasPrefix(v, "-Bsymbolic"):
			return "-B", v[2:], true
		case v == "-B" || v == "-specs" || v == "-plugin" || v == "--plugin" || v == "-processorpath" || v == "--processor-path" ||
			v == "-processor" || v == "--processor-module-path" || v == "-fplugin" || v == "-Xplugin":
			return v, next, true
		case v == "-Xclang" && (next == "-load" || next == "-plugin" || next == "-load-pass-plugin" || strings.HasPrefix(next, "-fpass-plugin")):
			return v + " " + next, "", true
		case v == "-C" && (strings.HasPrefix(next, "linker=") || strings.HasPrefix(next, "link-arg=-fuse-ld=") || strings.HasPrefix(next, "link-arg=-B")):
			return v + " " + next, "", true
		case strings.HasPrefix(v, "-Clink-arg=-fuse-ld=") || strings.HasPrefix(v, "-Clink-arg=-B"):
			return v, "", true
		case strings.HasPrefix(v, "-pgm") && len(v) > 4:
			return v, next, true // ghc -pgmc, -pgml, -pgmF, ...: the program for a step
		}
	}
	return "", "", false
}

// compilerLoadsAsk asks for the option of args that makes a compiler load
// or run code of its own (compilerLoads).
func (r *run) compilerLoadsAsk(args []field, cmd string) {
	if opt, val, ok := compilerLoads(args); ok {
		r.finding(ruleInlineInterp, Dynamic, Ask, "the compiler loads or runs code the analyser cannot read ("+strings.TrimSpace(opt+" "+bound(val))+")", cmd, "")
	}
}

// nimConfigs are the files nim reads its configuration from, in
// NimScript (config.nims, PROJECT.nims, a .nimble file's tasks) or its
// own format (nim.cfg), as written and folded.
var nimConfigs = compileRunsBoth([]string{"**/*.nims", "**/nim.cfg", "**/*.nim.cfg", "**/*.nimble"})

// compileTimeCode reports whether the compiler b runs code of the source
// file name, written with w, while it compiles it: any nim source (its
// static blocks), and a Haskell source ghc compiles with Template Haskell
// or quasi-quotes on, by a pragma in its text (or text that is not known)
// or an option.
func compileTimeCode(b, name string, w written, args []field) bool {
	switch ext := path.Ext(name); {
	case b == "nim":
		return ext == ".nim"
	case ext != ".hs" && ext != ".lhs":
		return false
	case slices.ContainsFunc(args, func(f field) bool {
		return f.dyn || strings.HasPrefix(f.val, "-XTemplateHaskell") || strings.HasPrefix(f.val, "-XQuasiQuotes")
	}):
		return true
	}
	return !w.known || strings.Contains(w.content, "TemplateHaskell") || strings.Contains(w.content, "QuasiQuotes")
}

// linkerBFlags are ld's flags spelt -B... (not gcc's -BPREFIX); those
// starting -Bsymbolic are too.
var linkerBFlags = map[string]bool{"-Bstatic": true, "-Bdynamic": true, "-Bshareable": true, "-Bgroup": true, "-Bno-symbolic": true}

// builtFromWritten judges a compiler given a source this command wrote
// first: tcc -run, zig run, nim r (or c -r) and kotlinc -script run it
// at once, and nim and ghc's Template Haskell run code of it while they
// compile it, which asks
// (runs-written-file); any
// other makes a program of it, whose default names (a.out, a.exe, the
// source's name without its extension: rustc x.rs, swiftc, ghc, nim c)
// are noted as written with what they hold not known, so that running one
// later in the command asks, as one named by -o does.
func (r *run) builtFromWritten(b string, args []field, cmd string) {
	if len(r.written) == 0 {
		return
	}
	var src field
	found := false
	for _, a := range args {
		if _, _, ok := r.writtenAt(a); ok && !strings.HasPrefix(a.val, "-") {
			src, found = a, true
			break
		}
	}
	if !found {
		return
	}
	has := func(words ...string) bool {
		return slices.ContainsFunc(args, func(f field) bool { return slices.Contains(words, f.val) })
	}
	if b == "tcc" && has("-run") || b == "zig" && has("run") || b == "nim" && has("r", "-r", "--run") || b == "kotlinc" && has("-script") {
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" builds and runs "+src.val+", which this command writes first", cmd, "")
		return
	}
	if b == "nim" || b == "ghc" {
		// Code that runs while the compiler reads the source: nim's static
		// blocks (staticExec, gorge, any proc), Template Haskell's splices
		// (runIO).
		for _, a := range args {
			if w, _, ok := r.writtenAt(a); ok && compileTimeCode(b, a.val, w, args) {
				r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs code of "+a.val+", which this command writes first, while it compiles it", cmd, "")
				return
			}
		}
	}
	stem := strings.TrimSuffix(path.Base(src.val), path.Ext(src.val))
	for _, out := range []string{"a.out", "a.exe", stem, stem + ".exe"} {
		r.noteWritten(field{val: out}, "", false)
	}
}

// makeText analyses the makefile text --eval/-E gives: a rule's recipe
// after ';' and $(shell ...) are shell commands. (A makefile named with -f
// is a RoleCommandFile.)
func (r *run) makeText(sc *scope, args []field, c ctx, cmd string) {
	p := parseOpts(args, "EfCjlIoW", []string{"--eval", "--file", "--makefile", "--directory", "--jobs", "--load-average", "--include-dir", "--old-file", "--what-if"}, "")
	for _, t := range p.get("-E", "--eval") {
		if t.dyn {
			r.finding(ruleEvalDynamic, Dynamic, Ask, "make evaluates makefile text that comes from "+t.why, cmd, "")
			continue
		}
		r.makefileScripts(sc, t.val, true, c, cmd)
	}
}

// makefileScripts analyses the shell commands of makefile text: a rule's
// recipe after ';', $(shell ...), and, when tabs is set, recipe lines
// after a tab. Each runs in a shell of its own, as make runs it.
func (r *run) makefileScripts(sc *scope, text string, tabs bool, c ctx, cmd string) {
	r.makeIncludes(sc, text, c, cmd)
	var scripts []string
	for l := range strings.SplitSeq(text, "\n") {
		if _, recipe, ok := strings.Cut(l, ";"); ok && strings.Contains(l[:strings.IndexByte(l, ';')], ":") && !strings.HasPrefix(l, "\t") {
			scripts = append(scripts, recipe)
		}
		if recipe, ok := strings.CutPrefix(l, "\t"); ok && tabs {
			scripts = append(scripts, recipe)
		}
		for rest := l; ; {
			i := strings.Index(rest, "$(shell ")
			if i < 0 {
				break
			}
			rest = rest[i+len("$(shell "):]
			if j := strings.LastIndexByte(rest, ')'); j >= 0 {
				scripts = append(scripts, rest[:j])
			}
		}
	}
	for _, sct := range scripts {
		sct = strings.ReplaceAll(strings.TrimLeft(strings.TrimSpace(sct), "@-+ "), "$$", "$")
		r.reparseField(sc, field{val: sct}, c, cmd, true)
	}
}

// makeIncludes reads the makefiles that makefile text's include lines
// name (include, -include, sinclude, bmake's .include "FILE"), each from
// disk where make looks for it first (its working folder) as
// readOnDisk reads a makefile make finds, and analyses their recipes as
// the text's own: make reads them before it runs anything, and an
// approval of make is bound to them too. A name holding a variable or a
// function ($(DEPS), $(wildcard *.mk)) is not known and is not read.
func (r *run) makeIncludes(sc *scope, text string, c ctx, cmd string) {
	for l := range strings.SplitSeq(text, "\n") {
		rest, ok := makeInclude(l)
		if !ok {
			continue
		}
		for _, name := range strings.Fields(rest) {
			name = strings.Trim(name, `"<>`)
			if name == "" || strings.Contains(name, "$") {
				continue
			}
			r.filesOnDisk([]string{name}, "make", cmd, func(text string) { r.makefileScripts(sc, text, true, c, cmd) })
		}
	}
}

// makeInclude returns the names of an include line of a makefile, and
// whether l is one: "include", "-include", "sinclude" or bmake's
// ".include" (also ".-include", ".sinclude") after any blanks but a
// leading tab (a recipe's line), then a blank.
func makeInclude(l string) (string, bool) {
	if strings.HasPrefix(l, "\t") {
		return "", false
	}
	l = strings.TrimLeft(strings.TrimRight(l, "\r"), " ")
	if strings.HasPrefix(l, ".") {
		l = strings.TrimLeft(l[1:], " \t")
	}
	for _, kw := range [...]string{"include", "-include", "sinclude"} {
		if rest, ok := strings.CutPrefix(l, kw); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return rest, true
		}
	}
	return "", false
}

// cmakeE judges cmake -E COMMAND ARGS by the shell command it stands for.
func (r *run) cmakeE(sc *scope, args []field, c ctx, cmd string) {
	if len(args) == 0 || args[0].dyn {
		return
	}
	rest := args[1:]
	c2 := c
	c2.depth++
	line := func(prog string, pre ...string) []field {
		out := []field{{val: prog}}
		for _, p := range pre {
			out = append(out, field{val: p})
		}
		return append(out, rest...)
	}
	switch args[0].val {
	case "rm":
		r.simple(sc, line("rm"), c2)
	case "remove":
		r.simple(sc, line("rm"), c2)
	case "remove_directory":
		r.simple(sc, line("rm", "-rf", "--"), c2)
	case "copy", "copy_if_different":
		r.simple(sc, line("cp"), c2)
	case "copy_directory", "copy_directory_if_different":
		r.simple(sc, line("cp", "-r"), c2)
	case "rename":
		r.simple(sc, line("mv"), c2)
	case "touch", "touch_nocreate":
		r.simple(sc, line("touch"), c2)
	case "make_directory":
		r.simple(sc, line("mkdir", "-p"), c2)
	case "create_symlink":
		r.simple(sc, line("ln", "-s"), c2)
	case "create_hardlink":
		r.simple(sc, line("ln"), c2)
	case "tar":
		r.simple(sc, line("tar"), c2)
	case "cat":
		r.simple(sc, line("cat"), c2)
	case "time", "env":
		r.simple(sc, line(args[0].val), c2)
	case "chdir":
		if len(rest) < 2 {
			return
		}
		saved := r.cwd
		if rest[0].dyn {
			r.cwd = ""
		} else if res := r.resolve(rest[0]); res.ok {
			r.cwd = res.paths[len(res.paths)-1]
		} else {
			r.cwd = ""
		}
		r.simple(sc, rest[1:], c2)
		r.cwd = saved
	}
}

// condaEnvironment judges conda's environment folders, create and install
// writing -p/--prefix, remove --all and env remove deleting it whole, and
// the files an environment is created or updated from (condaFiles).
func (r *run) condaEnvironment(sc *scope, b string, args []field, c ctx, cmd string) {
	prog, sub, _ := strings.Cut(b, " ")
	if prog != "conda" && prog != "mamba" && prog != "micromamba" {
		return
	}
	p := parseOpts(args, "pnfc", []string{"--prefix", "--name", "--file", "--channel"}, "")
	del := (sub == "remove" || sub == "uninstall") && p.has("--all") || sub == "env" && len(p.ops) > 0 && (p.ops[0].val == "remove" || p.ops[0].val == "rm")
	if sub == "create" || sub == "install" || sub == "update" || sub == "env" && len(p.ops) > 0 && (p.ops[0].val == "create" || p.ops[0].val == "update") {
		r.condaFiles(sc, prog, p.get("-f", "--file"), c, cmd)
	}
	for _, d := range p.get("-p", "--prefix") {
		if del {
			r.judgeDelete(sc, d, true, cmd, b)
		} else if sub == "create" || sub == "install" || sub == "update" || sub == "env" {
			r.judgeWrite(sc, d, ruleDiskWrite, cmd)
		}
	}
}

// condaFiles judges the environment files (environment.yml) and spec
// files (a list of packages, or @EXPLICIT and their URLs) conda creates or
// updates an environment from: one named by a URL is fetched from that
// host, and one the command supplies with text not known (a download, a
// process substitution) names packages not known, as pip's requirements
// do (rule pipe-to-shell or runs-written-file); the text of one known or
// on disk is read, a URL in it other than an official registry's asks,
// and its pip: list is read as a requirements file.
func (r *run) condaFiles(sc *scope, prog string, files []field, c ctx, cmd string) {
	for _, f := range files {
		if u, remote := installerURL(f.val, true); remote {
			r.remoteFinding(prog, u, cmd)
			continue
		}
		if text, p, ok := r.packageList(sc, prog+" --file", f, c, cmd); ok {
			r.condaFile(sc, prog, text, path.Dir(p), c, cmd)
		}
	}
}

// condaFile judges the text of a conda environment or spec file whose
// folder is dir (see condaFiles).
func (r *run) condaFile(sc *scope, prog, text, dir string, c ctx, cmd string) {
	var pip strings.Builder
	pipIndent := -1 // the indentation of the - pip: item whose list is read
	for line := range strings.SplitSeq(text, "\n") {
		item := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		if pipIndent >= 0 && indent <= pipIndent && item != "" {
			pipIndent = -1
		}
		item, listed := strings.CutPrefix(item, "- ")
		item = strings.Trim(strings.TrimSpace(item), `'"`)
		switch {
		case pipIndent >= 0 && listed:
			pip.WriteString(item + "\n")
		case listed && item == "pip:":
			pipIndent = indent
		case strings.Contains(item, "://") && !officialIndex(item):
			r.remoteFinding(prog, item, cmd)
			return
		}
	}
	if pip.Len() > 0 {
		r.requirementLines(sc, "pip", pip.String(), dir, c, cmd, 1)
	}
}

// packageList returns the text of a file that names the packages an
// install fetches (a requirements file, a conda environment file), and
// the path it was read from: text the command supplies, or the file on
// disk. Text supplied but not known names packages not known, any of
// which may come from any host: a process substitution or the input asks
// (pipe-to-shell), and a file the command downloads or writes first asks
// (runs-written-file, as what says), and so does one whose path is not
// known but a for loop's item whose items are all known (each is judged
// as the loop runs); ok is false then, and for a file that is not there.
func (r *run) packageList(sc *scope, what string, f field, c ctx, cmd string) (text, p string, ok bool) {
	text, known := r.argText(sc, f, c)
	switch {
	case known:
		return text, f.val, true
	case f.why == whyProcSubst || isStdin(f.val):
		r.finding(rulePipeToShell, Dynamic, Ask, what+" installs the packages named by text that is not known before it runs: any of them may be fetched from any host", cmd, "")
		return "", "", false
	case f.dyn:
		if !sc.loopItem(f, c.pos) {
			r.finding(ruleDynamicName, Dynamic, Ask, what+" installs the packages named in a file whose path comes from "+cmp.Or(f.why, f.val)+", which is not known before it runs", cmd, "")
		}
		return "", "", false
	case r.runsMade(f, what, cmd, nil):
		return "", "", false
	}
	return r.readOnDisk(f, what, cmd, false)
}

// justfile analyses a justfile's text: the recipe lines (indented under a
// recipe's header), run by a shell, and the backticks, run when the file
// is loaded. A recipe whose body starts with #! runs another program and
// asks unless that program is a shell.
func (r *run) justfile(sc *scope, text string, c ctx, cmd string) {
	var lines []string
	inRecipe, first := false, false
	for l := range strings.SplitSeq(text, "\n") {
		for rest := l; ; {
			i := strings.IndexByte(rest, '`')
			if i < 0 {
				break
			}
			j := strings.IndexByte(rest[i+1:], '`')
			if j < 0 {
				break
			}
			lines = append(lines, rest[i+1:i+1+j])
			rest = rest[i+2+j:]
		}
		switch {
		case strings.TrimSpace(l) == "":
		case l[0] == ' ' || l[0] == '\t':
			if !inRecipe {
				continue
			}
			body := strings.TrimSpace(l)
			if first && strings.HasPrefix(body, "#!") {
				if !shebangShell(body) {
					r.finding(ruleInlineInterp, Dynamic, Ask, "a just recipe runs a script with "+strings.TrimPrefix(body, "#!"), cmd, "")
					inRecipe = false
				}
			} else {
				lines = append(lines, justInterpolate(strings.TrimLeft(body, "@-")))
			}
			first = false
		default:
			// A header (name args: deps) starts a recipe; an assignment
			// (x := ...), a setting or an import does not.
			head, _, ok := strings.Cut(l, ":")
			inRecipe = ok && !strings.HasPrefix(l[len(head):], ":=") && !strings.HasPrefix(head, "set ") && !strings.HasPrefix(head, "export ") && !strings.HasPrefix(head, "#")
			first = true
		}
	}
	if len(lines) > 0 {
		r.script(strings.Join(lines, "\n"), r.known(sc, c.pos), sc.depth+c.depth+1)
	}
}

// justInterpolate replaces a recipe line's {{expression}}s with what the
// shell can be told of them: the home folder where the expression names
// it (home_directory(), env_var("HOME")), else a variable that is not
// known.
func justInterpolate(line string) string {
	var b strings.Builder
	for {
		i := strings.Index(line, "{{")
		if i < 0 || strings.HasPrefix(line[i:], "{{{{") {
			b.WriteString(line)
			return b.String()
		}
		j := strings.Index(line[i+2:], "}}")
		if j < 0 {
			b.WriteString(line)
			return b.String()
		}
		expr := line[i+2 : i+2+j]
		b.WriteString(line[:i])
		if strings.Contains(expr, "home_dir") || strings.Contains(expr, "HOME") {
			b.WriteString("~")
		} else {
			b.WriteString("${__just_expression}")
		}
		line = line[i+4+j:]
	}
}

// sourceKeyParts are the parts of a configuration key that says where a
// package manager or git fetches code from, or how it checks what it
// fetched.
var sourceKeyParts = []string{"index-url", "index_url", "indexurl", "extra-index", "find-links", "find_links",
	"trusted-host", "trusted_host", "registry", "mirror", "channels", "channel_alias", "repositor", "source", "insteadof",
	"proxy", "sumdb", "nosumcheck", "insecure", "strict-ssl", "strict_ssl", "sslverify", "ssl_verify",
	"ssl-verify", "cafile", "cainfo", "capath", "ca-file", "cert"}

// codeKind says what a package manager's configuration key makes it run.
type codeKind int

const (
	codeNone    codeKind = iota
	codeProgram          // a program run for some task (npm's script-shell, cargo's runner)
	codeLoaded           // code or a configuration loaded on every run (node-options, yarnPath, bun's preload)
)

// codeConfigKeys are the keys of package managers' configuration files
// (.npmrc, .yarnrc, .yarnrc.yml, bunfig.toml, .cargo/config.toml) whose
// value is a program or code the manager runs later, by the last part of
// the key in lower case without - or _: npm's script-shell, shell,
// editor, browser, git and viewer; node-options, userconfig, globalconfig
// and onload-script; yarn's yarnPath (yarn-path in .yarnrc) and plugins;
// bun's preload and its run shell; cargo's runner, rustc-wrapper,
// rustc-workspace-wrapper, linker, rustc and rustdoc.
var codeConfigKeys = map[string]codeKind{
	"scriptshell": codeProgram, "shell": codeProgram, "editor": codeProgram, "browser": codeProgram, "git": codeProgram, "viewer": codeProgram,
	"runner": codeProgram, "rustcwrapper": codeProgram, "rustcworkspacewrapper": codeProgram, "linker": codeProgram, "rustc": codeProgram, "rustdoc": codeProgram,
	"nodeoptions": codeLoaded, "userconfig": codeLoaded, "globalconfig": codeLoaded, "onloadscript": codeLoaded,
	"yarnpath": codeLoaded, "plugins": codeLoaded, "preload": codeLoaded,
}

// codeConfigKey says what the configuration key k makes its package
// manager run (see codeConfigKeys): build.rustc-wrapper and
// target.x86_64-unknown-linux-gnu.runner are read by their last part.
func codeConfigKey(k string) codeKind {
	k = asciiLower(strings.Trim(k, " \t\"'-:"))
	if i := strings.LastIndexByte(k, '.'); i >= 0 {
		k = k[i+1:]
	}
	return codeConfigKeys[keyJoiner.Replace(k)]
}

// keyJoiner drops the separators of a key's words.
var keyJoiner = strings.NewReplacer("-", "", "_", "")

// sourceKey reports whether a configuration key names a package source, a
// proxy, a URL rewrite, a checksum database or a TLS setting: storing it
// changes where every later install fetches code from, or whether what it
// fetched is checked.
func sourceKey(k string) bool {
	k = asciiLower(k)
	for _, p := range sourceKeyParts {
		if strings.Contains(k, p) {
			return true
		}
	}
	return false
}

// goSource reports whether go env -w K=V changes where go fetches modules
// from or whether it checks them: a proxy other than the public one, a
// checksum database other than the public one (or none), any insecure
// pattern, and a private or no-checksum pattern that matches every host
// ("*" or one starting with it). GOPROXY=https://proxy.golang.org,direct,
// the default, and GOPRIVATE=github.com/myorg/* do not.
func goSource(k, v string) bool {
	broad := func() bool {
		for _, p := range strings.Split(v, ",") {
			if strings.HasPrefix(strings.TrimSpace(p), "*") {
				return true
			}
		}
		return false
	}
	switch k {
	case "GOPROXY":
		for _, p := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == '|' }) {
			switch strings.TrimSpace(p) {
			case "direct", "off", "https://proxy.golang.org", "proxy.golang.org":
			default:
				return true
			}
		}
		return false
	case "GOSUMDB":
		return v != "" && v != "sum.golang.org" && !strings.HasPrefix(v, "sum.golang.org+")
	case "GOINSECURE":
		return v != ""
	case "GOPRIVATE", "GONOSUMDB", "GONOSUMCHECK", "GONOPROXY":
		return broad()
	}
	return false
}

// packageSource reports a stored package source (rule package-source).
func (r *run) packageSource(what, cmd string) {
	r.finding(rulePackageSource, Command, Ask, what+" stores where later installs fetch code from, or how they check it", cmd, "")
}

// configSource judges a package manager's config sub-command (pip config
// set KEY VALUE, poetry config KEY VALUE, bundle config [set] KEY VALUE,
// conda config --add KEY VALUE, pdm, hatch and pixi config): a key that
// names a source, proxy or TLS setting asks, unless the command only reads
// the configuration.
func configSource(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	// Only reading: a read verb as the first operand (pip config --user
	// get) or a read option (conda config --show), and no write verb or
	// option anywhere.
	reads, writes, operand := false, false, false
	for _, a := range args {
		v := a.val
		first := !operand && !strings.HasPrefix(v, "-")
		operand = operand || first
		switch strings.TrimLeft(v, "-") {
		case "get", "list", "show", "l", "describe", "show-sources", "debug", "edit", "env", "info":
			reads = reads || first || strings.HasPrefix(v, "-")
		case "set", "unset", "add", "append", "prepend", "remove", "remove-key":
			writes = true
		}
	}
	if reads && !writes {
		return true
	}
	if strings.HasPrefix(b, "pip") {
		// pip config set global.target DIR: every later install writes
		// there.
		for i, a := range args[:max(len(args)-1, 0)] {
			if k := a.val[strings.LastIndexByte(a.val, '.')+1:]; !a.dyn && strings.Contains(a.val, ".") && (k == "target" || k == "prefix" || k == "root" || k == "src") {
				r.judgeWriteTree(sc, args[i+1], cmd)
			}
		}
	}
	for i, a := range args {
		if a.dyn {
			continue
		}
		k, v, hasV := strings.Cut(strings.TrimLeft(a.val, "-"), "=")
		if !sourceKey(k) {
			continue
		}
		// The value follows the key (KEY VALUE) or is joined to it.
		if !hasV && i+1 < len(args) && !args[i+1].dyn {
			v, hasV = args[i+1].val, true
		}
		if hasV && officialSource(v) {
			return true
		}
		r.packageSource(b+" "+k, cmd)
		return true
	}
	return true
}

// setupScripts reads the setup.py of each local source pip installs (pip
// install ., -e ./pkg, a folder operand): pip runs it to build the
// package, so it is read from disk as python3 x.py's program is
// (programOnDisk: bound to an approval of the command, what would block
// in it asks). A source that is a file (an archive, a wheel) or a name in
// a registry has none here.
func setupScripts(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	p := parseOpts(args, "eirctCfx", []string{"--editable", "--index-url", "--extra-index-url", "--requirement", "--constraint",
		"--target", "--prefix", "--root", "--src", "--log", "--report", "--find-links", "--platform", "--python-version", "--implementation",
		"--abi", "--no-binary", "--only-binary", "--config-settings", "--global-option", "--upgrade-strategy", "--progress-bar", "--root-user-action"}, "")
	for _, f := range append(p.get("-e", "--editable"), p.ops...) {
		if dir, ok := localSource(f); ok {
			r.pythonBuild(sc, dir, c, cmd)
		}
	}
	for _, f := range p.get("-r", "--requirement") {
		r.requirements(sc, b, f, "", c, cmd, 0)
	}
	return false
}

// maxRequirementsDepth bounds the requirements files read through -r
// lines of requirements files.
const maxRequirementsDepth = 4

// requirements reads a requirements file pip installs from (pip install
// -r FILE, and the files its -r lines name, relative to its folder), on
// disk or written by this command, and judges its lines as the install's
// own arguments: a local source's build scripts run (setupScripts; a
// relative path is tried from the working folder and from the file's
// folder), and a package from a URL or an index not official asks
// (remotePackage, as pip install -i URL does). A file written by this
// command is read as written; on disk, it is bound to the approval.
func (r *run) requirements(sc *scope, b string, f field, from string, c ctx, cmd string, depth int) {
	if depth > maxRequirementsDepth {
		return
	}
	if from != "" && !f.dyn {
		// A line of a file read names a path beside it.
		f.val = r.besideFile(from, f.val)
	}
	if text, p, ok := r.packageList(sc, b+" -r", f, c, cmd); ok {
		r.requirementLines(sc, b, text, path.Dir(p), c, cmd, depth)
	}
}

// requirementLines judges the lines of a requirements file whose folder is
// dir (see requirements).
func (r *run) requirementLines(sc *scope, b, text, dir string, c ctx, cmd string, depth int) {
	var args []field
	for _, l := range strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n") {
		if i := strings.Index(l, " #"); i >= 0 {
			l = l[:i]
		}
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if i := strings.Index(l, ";"); i >= 0 {
			l = l[:i] // an environment marker
		}
		words := strings.Fields(l)
		if len(words) == 0 {
			continue
		}
		switch w := words[0]; {
		case w == "-r" || w == "--requirement":
			if len(words) > 1 {
				r.requirements(sc, b, field{val: words[1]}, dir, c, cmd, depth+1)
			}
			continue
		case strings.HasPrefix(w, "--requirement="):
			r.requirements(sc, b, field{val: strings.TrimPrefix(w, "--requirement=")}, dir, c, cmd, depth+1)
			continue
		case strings.HasPrefix(w, "-r"):
			r.requirements(sc, b, field{val: w[2:]}, dir, c, cmd, depth+1)
			continue
		}
		for _, w := range words {
			if i := strings.IndexByte(w, '@'); i > 0 && strings.HasPrefix(w[i+1:], "file:") {
				w = w[i+1:] // NAME@file:///path, written without blanks
			}
			args = append(args, field{val: w})
			// A relative source is also tried from the file's folder.
			if src, ok := localSource(field{val: w}); ok && !strings.HasPrefix(src, "/") && dir != "." && dir != "" {
				args = append(args, field{val: path.Join(dir, src)})
			}
		}
	}
	if len(args) == 0 {
		return
	}
	setupScripts(r, sc, b, args, c, cmd)
	prog, _, _ := strings.Cut(b, " ")
	verbs := []field{{val: "install"}}
	if prog == "uv" {
		verbs = []field{{val: "pip"}, {val: "install"}}
	}
	r.remotePackage(prog, append(verbs, args...), cmd)
}

// pythonBuild reads what building the Python project in dir runs: its
// setup.py, the build hooks backends load from it, and an in-tree build
// backend (pyproject.toml's build-backend found on its backend-path,
// which a build imports from the project itself), each read as python3
// x.py's program is (programOnDisk); and the same of each project a uv
// workspace's members name ([tool.uv.workspace]) and of each path
// dependency its sources or dependencies name (uv's [tool.uv.sources],
// Poetry's path dependencies), which a sync builds too
// (followManifests). pyproject.toml is read to find them, and so bound
// to an approval with them.
func (r *run) pythonBuild(sc *scope, dir string, c ctx, cmd string) {
	r.followManifests(strings.TrimSuffix(dir, "/")+"/pyproject.toml", "the Python build", func(m string) []string {
		dir := path.Dir(m)
		r.programFile(sc, "python3", field{val: dir + "/setup.py"}, c, cmd)
		// The build hooks the common backends load from the project by
		// default: hatchling's hatch_build.py, pdm-backend's pdm_build.py,
		// poetry-core's build script (build.py by convention).
		for _, hook := range []string{"hatch_build.py", "pdm_build.py", "build.py"} {
			r.programFile(sc, "python3", field{val: dir + "/" + hook}, c, cmd)
		}
		text, _, ok := r.readOnDisk(field{val: m}, "python3", cmd, false)
		if !ok {
			r.noteAbsent(field{val: m})
			return nil
		}
		backend, paths := inTreeBackend(text)
		if backend != "" {
			mod := strings.ReplaceAll(backend, ".", "/")
			for _, p := range paths {
				base := path.Join(dir, p, mod)
				if read, _ := r.programOnDisk(sc, "python3", field{val: base + ".py"}, c, cmd); !read {
					r.programOnDisk(sc, "python3", field{val: base + "/__init__.py"}, c, cmd)
				}
			}
		}
		var next []string
		for _, s := range tomlSections(text) {
			switch name := asciiLower(s.name); {
			case name == "tool.uv.workspace":
				next = append(next, r.memberManifests(s.body, dir, "pyproject.toml")...)
			case name == "tool.uv.sources" || strings.Contains(name, "dependencies"):
				next = append(next, pathDepManifests(s.body, dir, "pyproject.toml")...)
			}
		}
		return next
	})
}

// inTreeBackend returns the module of pyproject.toml's build-backend (the
// part before ':') and its backend-path folders: only a backend on such a
// path is imported from the project (none: an installed package).
func inTreeBackend(text string) (string, []string) {
	var backend string
	var paths []string
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		k, v, ok := strings.Cut(lines[i], "=")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "build-backend":
			backend, _, _ = strings.Cut(strings.Trim(strings.TrimSpace(v), `"'`), ":")
		case "backend-path":
			list := v
			for !strings.Contains(list, "]") && i+1 < len(lines) { // a list over several lines
				i++
				list += lines[i]
			}
			list = strings.Trim(strings.TrimSpace(list), "[]")
			for _, item := range strings.Split(list, ",") {
				if item = strings.Trim(strings.TrimSpace(item), `"'`); item != "" {
					paths = append(paths, item)
				}
			}
		}
	}
	return strings.TrimSpace(backend), paths
}

// localSource returns the folder a pip requirement names, and whether it
// names one: a path as pip reads one (".", "..", anything with a slash,
// the extras and the #egg= fragment taken off: ./x[dev], runme/pkg), or
// a file: URL; not a name in a registry (requests, x==1.0), a VCS
// (git+https://...) or another URL.
func localSource(f field) (string, bool) {
	v := f.val
	if f.dyn || v == "" {
		return "", false
	}
	v = strings.TrimPrefix(v, "file://")
	if i := strings.IndexAny(v, "[#"); i > 0 {
		v = v[:i]
	}
	if strings.Contains(v, "://") {
		return "", false
	}
	if v == "." || v == ".." || strings.Contains(v, "/") {
		return strings.TrimSuffix(v, "/"), true
	}
	return "", false
}

// officialSources are the public registries and channels package managers
// use by default: storing one changes nothing about where code comes
// from (npm config set registry https://registry.npmjs.org/, conda config
// --add channels conda-forge).
var officialSources = map[string]bool{
	"https://registry.npmjs.org": true, "https://registry.yarnpkg.com": true, "https://pypi.org/simple": true,
	"https://pypi.python.org/simple": true, "https://rubygems.org": true, "https://proxy.golang.org": true,
	"https://index.crates.io": true, "https://repo.maven.apache.org/maven2": true, "https://community.chocolatey.org/api/v2": true,
	"https://www.powershellgallery.com/api/v2": true, "https://api.nuget.org/v3/index.json": true,
	"conda-forge": true, "defaults": true, "bioconda": true, "pytorch": true, "nvidia": true,
}

// officialSource reports whether a stored value is one of officialSources.
func officialSource(v string) bool {
	return officialSources[strings.TrimSuffix(strings.Trim(strings.TrimSpace(v), `'"`), "/")]
}

// sourceNamed reports a package source when the command names one (brew
// tap USER/REPO); without an operand it only lists them.
func sourceNamed(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for _, a := range args {
		if a.dyn || !strings.HasPrefix(a.val, "-") {
			r.packageSource(b, cmd)
			break
		}
	}
	return true
}

// jsFiles are the files a JavaScript runner may load as code from its
// working folder: scripts, and the configurations test runners, linters
// and bundlers read (jest.config.js, .mocharc.cjs, vite.config.ts).
var jsFiles = []string{"**/*.js", "**/*.cjs", "**/*.mjs", "**/*.jsx", "**/*.ts", "**/*.cts", "**/*.mts", "**/*.tsx"}

// ansibleValues are ansible's options that take a value.
var ansibleValues = wrapSpec{val: "iefluTBPMtmac", long: []string{"--inventory", "--inventory-file", "--extra-vars", "--forks", "--limit",
	"--user", "--timeout", "--background", "--poll", "--module-path", "--tree", "--module-name", "--args", "--connection", "--become-user",
	"--become-method", "--vault-id", "--vault-password-file", "--private-key", "--key-file", "--ssh-common-args", "--ssh-extra-args",
	"--sftp-extra-args", "--scp-extra-args", "--playbook-dir", "--task-timeout"}}

// ansibleVaultScripts judges the vault password files an ansible program
// is given (--vault-password-file FILE, --vault-pass-file FILE, --vault-id
// LABEL@FILE): ansible runs one that is executable and takes its output as
// the password. One the command writes or downloads, and one on disk whose
// text starts with #!, are judged as run as typed (./pw.sh); a plain
// password file, which only an executable bit the analyser cannot see
// would run, and one named by a variable are read as data.
func (r *run) ansibleVaultScripts(sc *scope, args []field, c ctx, cmd string) {
	for _, f := range optionValues(args, "--vault-password-file", "--vault-pass-file", "--vault-id") {
		if i := strings.LastIndexByte(f.val, '@'); i >= 0 && !f.dyn {
			f.val = f.val[i+1:] // LABEL@FILE
		}
		if f.val == "" || f.val == "prompt" {
			continue
		}
		if !r.madeHere(f) { // (a download is made here too)
			if text, _, ok := r.readOnDisk(f, "ansible", cmd, true); !ok || !strings.HasPrefix(text, "#!") {
				continue
			}
		}
		if !strings.ContainsRune(r.a.slash(f.val), '/') {
			f.val = "./" + f.val // a path, not a name looked up in PATH
		}
		r.next(sc, []field{f}, c)
	}
}

// ansibleCommandModules run their -a argument as a command line;
// ansibleReadModules change nothing on the hosts and read no secret.
var (
	ansibleCommandModules = map[string]bool{"command": true, "shell": true, "raw": true, "script": true, "expect": true}
	ansibleReadModules    = map[string]bool{"ping": true, "setup": true, "gather_facts": true, "debug": true, "stat": true,
		"find": true, "package_facts": true, "service_facts": true}
)

// ansibleAdHoc judges an ad-hoc ansible call (see the entry).
func ansibleAdHoc(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	r.ansibleVaultScripts(sc, args, c, cmd)
	module, local := field{val: "command"}, false
	var moduleArgs *field
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn && !strings.HasPrefix(a.val, "-") && i == 0 || a.dyn && strings.HasPrefix(a.val, "-") {
			r.finding(ruleRemoteCommand, Command, Ask, b+" is given an option or host that is not known", cmd, "")
			return true
		}
		// The option's letter or long name and its value, attached or next.
		name, v, attached := a.val, field{}, false
		switch {
		case strings.HasPrefix(a.val, "--"):
			if n, val, ok := strings.Cut(a.val, "="); ok {
				name, v, attached = n, field{val: val, dyn: a.dyn}, true
			}
		case strings.HasPrefix(a.val, "-") && len(a.val) > 2 && strings.ContainsRune(ansibleValues.val, rune(a.val[1])):
			name, v, attached = a.val[:2], field{val: a.val[2:], dyn: a.dyn}, true
		case !strings.HasPrefix(a.val, "-"):
			switch h := asciiLower(a.val); {
			case strings.Contains(h, "localhost"), h == "127.0.0.1", h == "::1", h == "all", strings.ContainsAny(h, "*?[:!&,"):
				local = true // the pattern may take in this machine
			}
			continue
		}
		takes := len(name) == 2 && strings.ContainsRune(ansibleValues.val, rune(name[1])) || slices.Contains(ansibleValues.long, name)
		if !takes {
			continue
		}
		if !attached {
			if i+1 >= len(args) {
				break
			}
			i++
			v = args[i]
		}
		switch name {
		case "-m", "--module-name":
			module = v
		case "-a", "--args":
			moduleArgs = &v
		case "-c", "--connection":
			local = local || v.dyn || v.val == "local"
		}
	}
	mod := module.val
	if i := strings.LastIndexByte(mod, '.'); i >= 0 {
		mod = mod[i+1:] // ansible.builtin.shell
	}
	switch {
	case ansibleCommandModules[mod] && !module.dyn:
		if moduleArgs == nil {
			break
		}
		role := RoleRemoteScript
		if local {
			role = RoleScript
		}
		r.applyRole(sc, roleValue{role: role, f: *moduleArgs}, false, b, c, cmd)
	case ansibleReadModules[mod] && !module.dyn:
	default:
		r.finding(ruleRemoteCommand, Command, Ask, b+" runs the module "+module.val+", which changes the hosts it runs on (this machine, for localhost)", cmd, "")
	}
	return true
}

// libtoolModes are the modes libtool takes by name (or first letter) as
// its first word instead of --mode.
var libtoolModes = setOf("compile", "link", "execute", "install", "finish", "clean", "uninstall", "c", "l", "e", "i", "f", "u")

// envFolderDeleted judges a command that deletes the folder one of the
// environment variables names (the first with a value wins), when the
// command or the script before it gives the variable one (envFolder):
// CARGO_TARGET_DIR=~ cargo clean deletes the home folder.
func (r *run) envFolderDeleted(sc *scope, c ctx, cmd, verb string, names ...string) {
	for _, name := range names {
		if f, ok := r.envFolder(sc, name, c.pos); ok && (f.dyn || f.val != "") {
			r.judgeDelete(sc, f, true, cmd, verb)
			return
		}
	}
}

// goOutputDir judges go test's profiles written under -outputdir: a
// relative -cpuprofile, -memprofile, -blockprofile, -mutexprofile or
// -trace name is the file of that name in the folder (go test -outputdir
// ~ -cpuprofile .bashrc writes ~/.bashrc). The names as given are judged
// by the entry's roles too.
func (r *run) goOutputDir(sc *scope, args []field, cmd string) {
	dirs := optionValues(args, "-outputdir", "--outputdir")
	if len(dirs) == 0 {
		return
	}
	dir := dirs[len(dirs)-1]
	for _, f := range optionValues(args, "-cpuprofile", "--cpuprofile", "-memprofile", "--memprofile", "-blockprofile", "--blockprofile", "-mutexprofile", "--mutexprofile", "-trace", "--trace") {
		if f.dyn || dir.dyn || r.a.isAbs(r.a.slash(f.val)) {
			continue
		}
		t := dir
		t.val = strings.TrimSuffix(r.a.slash(dir.val), "/") + "/" + f.val
		r.judgeWrite(sc, t, ruleDiskWrite, cmd)
	}
}

// saltCommandFunctions are the Salt functions that run their first
// argument as a shell command line; saltReadFunctions only read.
var (
	saltCommandFunctions = setOf("cmd.run", "cmd.shell", "cmd.run_all", "cmd.run_stdout", "cmd.run_stderr", "cmd.run_bg", "cmd.exec_code", "cmd.retcode", "cmd.powershell")
	saltReadFunctions    = setOf("test.ping", "test.version", "grains.items", "grains.get", "pillar.items", "pillar.get", "sys.doc", "sys.list_functions",
		"state.show_sls", "state.show_highstate", "pkg.list_pkgs", "service.status", "network.interfaces", "disk.usage", "status.uptime")
)

// saltCall judges salt-call, which runs on this machine: a command
// function's command line is judged as typed; another function that
// changes the machine (state.apply, file.remove, pkg.install) asks.
func saltCall(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	rest := skipOpts(args, wrapSpec{val: "cdlL", long: []string{"--config-dir", "--log-level", "--log-file", "--out", "--output", "--id", "--file-root", "--pillar-root", "--states-dir", "--saltenv", "--pillarenv", "--return", "--module-dirs"}})
	if len(rest) == 0 {
		return true
	}
	fn := rest[0]
	switch {
	case fn.dyn:
		r.finding(ruleInlineInterp, Dynamic, Ask, "salt-call runs a function that is not known", cmd, "")
	case saltCommandFunctions[fn.val]:
		if len(rest) > 1 {
			if fn.val == "cmd.exec_code" {
				r.finding(ruleInlineInterp, Dynamic, Ask, "salt-call cmd.exec_code runs code in another language", cmd, "")
				return true
			}
			r.applyRole(sc, roleValue{role: RoleScript, f: rest[1]}, false, b, c, cmd)
		}
	case saltReadFunctions[fn.val]:
	default:
		r.finding(ruleRemoteCommand, Command, Ask, "salt-call "+fn.val+" changes this machine as a Salt function does, which the analyser does not read", cmd, "")
	}
	return true
}

// builtProgramArgs judges the arguments after -- of a build tool's verb
// that runs the program it builds (bazel run //x -- ARGS, zig build run --
// ARGS), when verb is among the words before --: the catalogue does not
// describe that program, so they are judged as a script's arguments are.
func (r *run) builtProgramArgs(sc *scope, b string, args []field, verb string, c ctx, cmd string) {
	dd := slices.IndexFunc(args, func(f field) bool { return !f.dyn && f.val == "--" })
	if dd < 0 || !slices.ContainsFunc(args[:dd], func(f field) bool { return !f.dyn && f.val == verb }) {
		return
	}
	r.scriptArgs(sc, b+" "+verb, field{val: "program"}, args[dd+1:], c, cmd)
}

// npmInstallWrites judges the files an install writes in the folder npm
// works in, node_modules and package.json, as written there: outside the
// roots it asks (npm install --prefix ~ x, cd /etc && npm install x). A
// global install (-g) is not judged.
func (r *run) npmInstallWrites(sc *scope, args []field, cmd string) {
	if slices.ContainsFunc(args, func(f field) bool {
		return f.val == "-g" || f.val == "--global" || strings.HasPrefix(f.val, "--location")
	}) {
		return
	}
	dir := field{val: "."} // where the folder is not known, a write there is not judged
	// The folder an option after the sub-command names (npm install
	// --prefix ~ x); one before it moved the run already.
	if ds := optionValues(args, "--prefix", "-C", "--dir", "--cwd"); len(ds) > 0 {
		dir = ds[len(ds)-1]
	}
	if dir.dyn || dir.val == "" {
		return
	}
	// node_modules stands for what it writes there (package.json and its
	// lock file too): one judgement, one finding.
	r.judgeWrite(sc, field{val: strings.TrimSuffix(dir.val, "/") + "/node_modules"}, ruleDiskWrite, cmd)
}

// createdFolder judges a generator's folder, the operand at index (after
// options: val holds the short letters, long the long names that take
// values) or def, as written: cargo new ~/x, uv venv /etc, cargo init ~.
func (r *run) createdFolder(sc *scope, args []field, val string, long []string, index int, def, cmd string) {
	ops := parseOpts(args, val, long, "").ops
	f := field{val: def}
	if index < len(ops) {
		f = ops[index]
	}
	r.judgeWrite(sc, f, ruleDiskWrite, cmd)
}

// cgoCodeFlags are C compiler flags that load or run code: a plugin, a
// wrapper, another folder of compiler programs, a specs file.
var cgoCodeFlags = []string{"-fplugin", "-wrapper", "-B", "-specs", "--specs", "-fuse-ld=/"}

// pytestConftests are the conftest.py files pytest loads from the folder
// it starts in and the usual test folders below it.
var pytestConftests = []string{"conftest.py", "tests/conftest.py", "test/conftest.py"}
