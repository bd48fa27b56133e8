package hardline

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Many programs run commands or code from a file of their project that
// they find by themselves, a file an earlier call may have written: a
// task runner's tasks (go-task's Taskfile, tox.ini, build.ninja, a
// pre-commit configuration, a Procfile), a package manager's scripts
// (composer.json, deno.json, a Pipfile, pyproject.toml's tables), a tool's
// configuration that names a program (cargo's, .bazelrc) or is itself
// code (eslint.config.js, a Gemfile, a server's module), what a
// configuration runs on this machine (terraform's local-exec, MSBuild's
// Exec, CMake's execute_process, a compose file's binds and commands).
// The runners table names each program (or program and sub-command) and
// the files it reads. Each file, on disk or written by the command
// itself, is read as make's makefile is (see docs/security-model.md,
// "Scripts read from files"): every command it holds is judged,
// whichever task is named (a task may run another), what would block
// there blocks, and an approval of the call is bound to the file's text.
// A file in a tool's own format is read as plantedConfigCommands reads
// it; a program in another language (tasks.py, a Rakefile, a JavaScript
// tool's configuration) by its text, as an interpreter's program on disk
// is (programOnDisk), so that what would block in it asks.

// runnerFile is a file a runner reads by itself: the names it looks
// for, in order, and how its text is read: lang names a format of
// plantedConfigLanguage; program, the interpreter of a program.
type runnerFile struct {
	names         []string
	lang, program string
	// code, for a program file, returns the program in its text (a
	// configuration's value that holds code); nil for the whole text.
	code func(text string) string
	// includes, for a program file, returns the files its text makes the
	// runner read with it (gradle's included projects, an applied
	// script): each a list of names, relative to the file's folder, of
	// which the first there is read the same way.
	includes func(text string) [][]string
	// all: every file the names match is read (a folder's *.tf, its
	// project files), not the first that is there; a name may then be a
	// pattern of its last component.
	all bool
	// limit bounds the files all reads, in place of maxRunnerMatches (a
	// Go package's files).
	limit int
}

// maxRunnerMatches bounds the files one runner's pattern reads: past it
// the call asks as too complex.
const maxRunnerMatches = 32

// maxGoFiles bounds the files of one Go package go generate's reader
// reads.
const maxGoFiles = 256

var (
	swiftPackage = runnerSpec{files: []runnerFile{{names: []string{"Package.swift"}, program: "swift"}}, dirOpts: []string{"--package-path"}}
	// deps.edn's aliases hold Clojure code in strings (:main-opts ["-e"
	// "(...)"]): the text is read as it is and with its strings' quotes
	// unescaped.
	clojureDeps = runnerSpec{files: []runnerFile{{names: []string{"deps.edn"}, program: "clojure",
		code: func(t string) string { return t + "\n" + strings.ReplaceAll(t, `\"`, `"`) }}}}
	haskellSetup = runnerSpec{files: []runnerFile{{names: []string{"Setup.hs", "Setup.lhs"}, program: "runghc"}}}
	dartHooks    = runnerSpec{files: []runnerFile{{names: []string{"hook/build.dart", "hook/link.dart"}, program: "dart"}}}
)

// sphinxBuild reads the conf.py of the source folder sphinx-build is
// given (sphinx-build [OPTIONS] SOURCEDIR OUTDIR, -M BUILDER SOURCEDIR
// OUTDIR), or of the folder -c names.
var sphinxBuild = runnerSpec{files: []runnerFile{{names: []string{"conf.py"}, program: "python3"}}, project: func(args []field) (field, bool) {
	if cs := optionValues(args, "-c", "--conf-dir"); len(cs) > 0 {
		return cs[len(cs)-1], true
	}
	return operandPast(args, sphinxValueOptions...)
}}

// sphinxValueOptions are sphinx-build's options that take a value in the
// next word.
var sphinxValueOptions = []string{"-c", "--conf-dir", "-b", "--builder", "-M", "-d", "--doctree-dir", "-j", "--jobs", "-D", "--define", "-A", "--html-define", "-t", "--tag", "-w", "--warning-file"}

// pythonModulePrograms are the programs a module run by python -m is,
// where their names differ.
var pythonModulePrograms = map[string]string{"build": "pyproject-build", "sphinx": "sphinx-build"}

// taskfileNames are the names go-task looks for, in its order.
var taskfileNames = []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml",
	"Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}

// runnerSpec is what a runner reads by itself: its files, the
// options that name another file instead (whose values are then read as
// command files: RoleCommandFile, with lang's reader) and those that name
// the folder where it looks for them.
type runnerSpec struct {
	files             []runnerFile
	fileOpts, dirOpts []string
	lang              string // the format of a file named by option
	// up: the runner looks for its file in the folders above the working
	// folder too, and runs the nearest; every: it runs each it finds
	// (pre-commit's is at the repository's top, whose place is not known;
	// mise merges every configuration above).
	up, every bool
	// skip are options that keep the runner from running the file's
	// commands (composer --no-scripts).
	skip []string
	// taskDirs are the folders whose files, named by the words of the
	// line, are tasks the runner runs as scripts (mise run NAME).
	taskDirs []string
	// only are the words one of which the line must hold for the runner
	// to run its file (compose up, run, create, start, restart).
	only []string
	// namedModule: a program file option names a module, not a file
	// (invoke -c NAME loads NAME.py or the package NAME).
	namedModule bool
	// readNamed: a file an option names is read here in lang (the
	// entry's own command-file reading asks only for a supplied one).
	readNamed bool
	// projectFile: what project returns is the file itself (a module, a
	// rackup file), not a file or folder to look in.
	projectFile bool
	// workspaces says whether the line runs the runner's scripts in the
	// project's workspaces too (see workspaceScripts); nil for never.
	workspaces func(r *run, sc *scope, args []field) bool
	// project returns the file or folder an operand names for the
	// runner to work on (dotnet build App.csproj, dotnet build src/App),
	// if one does: its file is read in place of the working folder's.
	project func(args []field) (field, bool)
}

// runners are the programs that read files of commands or code by
// themselves, by name (or name and sub-command: deno task).
var runners = map[string]runnerSpec{
	// task is go-task (a Taskfile) or taskipy (pyproject.toml's
	// [tool.taskipy.tasks]): both are read.
	"task":       taskRunnerSpec,
	"go-task":    taskRunnerSpec, // (go-task's name where task is another program)
	"ninja":      {files: []runnerFile{{names: []string{"build.ninja"}, lang: "ninja"}}, fileOpts: []string{"-f"}, lang: "ninja"},
	"pre-commit": {files: []runnerFile{{names: []string{".pre-commit-config.yaml", ".pre-commit-config.yml"}, lang: "pre-commit"}}, fileOpts: []string{"-c", "--config"}, lang: "pre-commit", up: true, every: true},
	"tox":        {files: []runnerFile{{names: []string{"tox.ini", "tox.toml"}, lang: "tox"}}, fileOpts: []string{"-c", "--conf"}, lang: "tox", up: true},
	"poe":        {files: []runnerFile{{names: []string{"pyproject.toml"}, lang: "pyproject"}}, dirOpts: []string{"--root"}, up: true},
	"invoke":     invokeRunner,
	"inv":        invokeRunner,
	"nox":        {files: []runnerFile{{names: []string{"noxfile.py"}, program: "python3"}}, fileOpts: []string{"-f", "--noxfile"}},
	"scons":      {files: []runnerFile{{names: []string{"SConstruct", "Sconstruct", "sconstruct"}, program: "python3"}}, fileOpts: []string{"-f", "--file", "--makefile", "--sconstruct"}},
	"rake":       {files: []runnerFile{{names: []string{"Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"}, program: "ruby"}}, fileOpts: []string{"-f", "--rakefile"}, up: true},
	// Ruby programs their tools load whatever the sub-command.
	"bundle":  {files: []runnerFile{{names: []string{"Gemfile", "gems.rb"}, program: "ruby"}}, fileOpts: []string{"--gemfile"}, up: true},
	"bundler": {files: []runnerFile{{names: []string{"Gemfile", "gems.rb"}, program: "ruby"}}, fileOpts: []string{"--gemfile"}, up: true},
	"vagrant": {files: []runnerFile{{names: []string{"Vagrantfile"}, program: "ruby"}}, up: true},
	// Scripts and tasks of package and environment managers.
	"composer":     {files: []runnerFile{{names: []string{"composer.json"}, lang: "composer"}}, up: true, skip: []string{"--no-scripts"}},
	"deno task":    {files: []runnerFile{{names: []string{"deno.json", "deno.jsonc"}, lang: "deno"}}, fileOpts: []string{"-c", "--config"}, up: true, lang: "deno", readNamed: true},
	"pipenv run":   {files: []runnerFile{{names: []string{"Pipfile"}, lang: "pipfile"}}, up: true},
	"pdm":          pyprojectRunner, // pdm NAME runs a script; its pre_ and post_ hooks run around pdm's commands
	"hatch run":    pyprojectRunner,
	"rye run":      pyprojectRunner,
	"pixi run":     {files: []runnerFile{{names: []string{"pixi.toml"}, lang: "pixi"}, {names: []string{"pyproject.toml"}, lang: "pyproject"}}, fileOpts: []string{"--manifest-path"}, up: true, lang: "pixi", readNamed: true},
	"devbox run":   devboxRunner,
	"devbox shell": devboxRunner,
	"mise":         miseRunner, // its hooks run around install, its tasks as mise NAME
	"rtx run":      miseRunner,
	"bun":          bunRunner,
	// yarn NAME and pnpm NAME run a package script by its bare name.
	"yarn":    npmScriptsRunner, // (its workspaces: npmWorkspaces)
	"yarnpkg": npmScriptsRunner,
	// @antfu/ni: nr runs a package script, ni and nci install (with the
	// package's install scripts).
	"nr":    npmScriptsRunner,
	"ni":    npmScriptsRunner,
	"nci":   npmScriptsRunner,
	"pnpm":  pnpmRunner,
	"turbo": monorepoRunner,
	"lerna": monorepoRunner,
	"rushx": npmScriptsRunner, // rush's runner of the working folder's scripts
	// rush runs its projects' scripts (build, rebuild, test and its bulk
	// commands) and the shell commands of its global commands (see
	// workspaceScripts).
	// (A rush with no rush.json above it is the parallel runner of that
	// name, which reads neither.)
	"rush":        {workspaces: func(*run, *scope, []field) bool { return true }},
	"direnv exec": {files: []runnerFile{{names: []string{".envrc"}, lang: "shell"}}, up: true},
	// Build, release and watch tools whose project file names the
	// commands they run: goreleaser's hooks, air's build command and
	// program, modd's prep and daemon commands, mdbook's preprocessors
	// and renderers, moon's tasks, tusk's, okteto's deploy commands,
	// overcommit's hooks, cargo-make's tasks; mage's targets are Go code;
	// bats runs its test files as bash scripts.
	"goreleaser":   {files: []runnerFile{{names: []string{".goreleaser.yaml", ".goreleaser.yml", "goreleaser.yaml", "goreleaser.yml"}, lang: "goreleaser"}}, fileOpts: []string{"-f", "--config"}, lang: "goreleaser", readNamed: true},
	"air":          {files: []runnerFile{{names: []string{".air.toml"}, lang: "air"}}, fileOpts: []string{"-c"}, lang: "air", readNamed: true},
	"modd":         {files: []runnerFile{{names: []string{"modd.conf"}, lang: "modd"}}, fileOpts: []string{"-f", "--file"}, lang: "modd", readNamed: true},
	"mdbook build": mdbookRunner,
	"mdbook serve": mdbookRunner,
	"mdbook watch": mdbookRunner,
	"mdbook test":  mdbookRunner,
	"moon": {files: []runnerFile{{names: []string{"moon.yml", "moon.yaml"}, lang: "moon"}, {names: []string{".moon/tasks.yml", ".moon/tasks.yaml"}, lang: "moon"},
		{names: []string{".moon/tasks/*.yml", ".moon/tasks/*.yaml"}, lang: "moon", all: true}}},
	"tusk":       {files: []runnerFile{{names: []string{"tusk.yml", "tusk.yaml"}, lang: "tusk"}}, fileOpts: []string{"-f", "--file"}, lang: "tusk", readNamed: true, up: true},
	"okteto":     {files: []runnerFile{{names: []string{"okteto.yml", "okteto.yaml", ".okteto/okteto.yml"}, lang: "okteto"}}, fileOpts: []string{"-f", "--file"}, lang: "okteto", readNamed: true},
	"overcommit": {files: []runnerFile{{names: []string{".overcommit.yml"}, lang: "overcommit"}}, up: true},
	"cargo make": cargoMakeRunner,
	"makers":     cargoMakeRunner,
	"mage":       {files: []runnerFile{{names: []string{"magefile.go"}, program: "go"}, {names: []string{"magefiles/*.go"}, program: "go", all: true}}, dirOpts: []string{"-d"}},
	// rpmbuild reads the spec file named and runs its build sections;
	// rpmspec only parses it (its macros still run).
	"rpmbuild": {files: []runnerFile{{lang: "rpmspec"}}, project: specFile, projectFile: true},
	"rpmspec":  {files: []runnerFile{{lang: "rpmspec-parse"}}, project: specFile, projectFile: true},
	"bats":     {files: []runnerFile{{names: []string{"*.bats"}, lang: "shell", all: true}}, project: firstOperand},
	// direnv allow and mise trust let a folder's .envrc or configuration
	// run by itself on every cd after: what it holds is read now.
	"direnv allow":     direnvTrust,
	"direnv permit":    direnvTrust,
	"direnv reload":    {files: []runnerFile{{names: []string{".envrc"}, lang: "shell"}}, up: true},
	"mise trust":       {files: miseRunner.files, project: firstOperand},
	"lefthook run":     lefthookRunner,
	"lefthook install": lefthookRunner, // git runs them on every commit after
	"foreman start":    procfileRunner,
	"honcho start":     procfileRunner,
	"overmind start":   procfileRunner,
	"overmind s":       procfileRunner,
	"hivemind":         procfileRunner,
	"heroku local":     procfileRunner,
	// npm-run-all and its short forms run package scripts by name.
	"npm-run-all":  npmScriptsRunner,
	"npm-run-all2": npmScriptsRunner,
	"run-p":        npmScriptsRunner,
	"run-s":        npmScriptsRunner,
	// netlify build and dev run netlify.toml's build and dev commands
	// here (on Netlify's machines the same file runs elsewhere).
	"netlify build":  netlifyRunner,
	"netlify dev":    netlifyRunner,
	"netlify deploy": netlifyRunner, // --build builds first
	"ntl build":      netlifyRunner,
	"ntl dev":        netlifyRunner,
	"ntl deploy":     netlifyRunner,
	// A CI pipeline's jobs run here by these (gitlab-runner's shell
	// executor; gitlab-ci-local in a shell unless a job names an image).
	// go generate runs the //go:generate lines of the package's files
	// (the working folder's: the packages ./... names below it are not
	// read).
	"go generate":        {files: []runnerFile{{names: []string{"*.go"}, lang: "go-generate", all: true, limit: maxGoFiles}}, project: goGeneratePackage},
	"gitlab-runner exec": {files: []runnerFile{{names: []string{".gitlab-ci.yml"}, lang: "gitlab-ci"}}, only: []string{"shell"}},
	"gitlab-ci-local":    {files: []runnerFile{{names: []string{".gitlab-ci.yml"}, lang: "gitlab-ci"}}, fileOpts: []string{"--file"}, lang: "gitlab-ci", readNamed: true},
	// Programs a configuration runs on this machine: terraform's
	// local-exec provisioners and external data sources; MSBuild's Exec
	// tasks.
	"terraform":      terraformRunner,
	"tofu":           terraformRunner,
	"dotnet build":   dotnetRunner,
	"dotnet publish": dotnetRunner,
	"dotnet pack":    dotnetRunner,
	"dotnet test":    dotnetRunner,
	"dotnet run":     dotnetRunner,
	"dotnet restore": dotnetRunner,
	"dotnet clean":   dotnetRunner,
	"dotnet msbuild": dotnetRunner,
	"dotnet watch":   dotnetRunner,
	"cmake": {files: []runnerFile{{names: []string{"CMakeLists.txt"}, lang: "cmake"}}, fileOpts: []string{"-P"}, project: cmakeSource,
		skip: []string{"-E", "--build", "--install", "--open", "--version", "-version", "-h", "-H", "--help", "-help", "--help-full", "--system-information", "--workflow"}},
	"msbuild": dotnetRunner,
	"xbuild":  dotnetRunner,
	// Tools that load their configuration as code, read as node's
	// programs are (what would block asks): the first name that is there,
	// in the working folder (and above, for those that look there).
	"eslint":      jsTool(true, "eslint.config", ".eslintrc"),
	"prettier":    jsTool(true, "prettier.config", ".prettierrc"),
	"stylelint":   jsTool(true, "stylelint.config", ".stylelintrc"),
	"commitlint":  jsTool(true, "commitlint.config", ".commitlintrc"),
	"lint-staged": jsTool(true, "lint-staged.config", ".lintstagedrc"),
	"gulp":        jsTool(true, "gulpfile"),
	"grunt":       jsTool(true, "Gruntfile", "gruntfile"),
	"jest":        jsTool(false, "jest.config"),
	"vitest":      jsTool(false, "vitest.config", "vite.config", "vitest.workspace"),
	"vite":        jsTool(false, "vite.config"),
	"webpack":     jsTool(false, "webpack.config"),
	"webpack-cli": jsTool(false, "webpack.config"),
	"rollup":      jsTool(false, "rollup.config"),
	"next":        jsTool(false, "next.config"),
	"nuxt":        jsTool(false, "nuxt.config"),
	"nuxi":        jsTool(false, "nuxt.config"),
	"astro":       jsTool(false, "astro.config"),
	"babel":       jsTool(false, "babel.config", ".babelrc"),
	"tailwindcss": jsTool(false, "tailwind.config"),
	"postcss":     jsTool(false, "postcss.config"),
	"playwright":  jsTool(false, "playwright.config"),
	// Site generators and app builders that load their configuration, or
	// their project's build hooks, as code.
	"gatsby":           jsTool(false, "gatsby-config", "gatsby-node"),
	"docusaurus":       jsTool(false, "docusaurus.config"),
	"eleventy":         jsTool(false, ".eleventy", "eleventy.config"),
	"ember":            jsTool(false, "ember-cli-build"),
	"vue-cli-service":  jsTool(false, "vue.config"),
	"svelte-kit":       jsTool(false, "svelte.config"),
	"storybook":        jsTool(false, ".storybook/main"),
	"quasar":           jsTool(false, "quasar.config", "quasar.conf"),
	"remix":            jsTool(false, "remix.config"),
	"vuepress":         jsTool(false, ".vuepress/config"),
	"vitepress":        jsTool(false, ".vitepress/config"),
	"react-native":     jsTool(false, "react-native.config", "metro.config"),
	"expo":             jsTool(false, "app.config", "metro.config"),
	"electron-forge":   jsTool(false, "forge.config"),
	"electron-builder": jsTool(false, "electron-builder"),
	"tsup":             jsTool(false, "tsup.config"),
	"stencil":          jsTool(false, "stencil.config"),
	"semantic-release": jsTool(true, "release.config", ".releaserc"),
	"release-it":       jsTool(true, ".release-it"),
	"sphinx-build":     sphinxBuild,
	"sphinx":           sphinxBuild, // python -m sphinx
	"mkdocs":           {files: []runnerFile{{names: []string{"mkdocs.yml", "mkdocs.yaml"}, program: "python3"}}, fileOpts: []string{"-f", "--config-file"}},
	"pelican":          {files: []runnerFile{{names: []string{"pelicanconf.py", "publishconf.py"}, program: "python3"}}, fileOpts: []string{"-s", "--settings"}},
	"jekyll":           {files: []runnerFile{{names: []string{"_plugins/*.rb"}, program: "ruby", all: true}}},
	"pyproject-build":  {files: []runnerFile{{names: []string{"setup.py", "hatch_build.py"}, program: "python3"}}}, // python -m build
	"qmake":            {files: []runnerFile{{names: []string{"*.pro", "*.pri"}, program: "qmake", all: true}}},
	"mill":             {files: []runnerFile{{names: []string{"build.mill", "build.mill.scala", "build.sc"}, program: "scala"}}},
	"thor":             {files: []runnerFile{{names: []string{"Thorfile", "*.thor"}, program: "ruby", all: true}}},
	"maturin":          {files: []runnerFile{{names: []string{"build.rs"}, program: "rust"}}},
	"cypress":          jsTool(false, "cypress.config"),
	"karma":            jsTool(false, "karma.conf"),
	"hardhat":          jsTool(false, "hardhat.config"),
	"mocha":            jsTool(false, ".mocharc"),
	"knex":             jsTool(false, "knexfile"),
	"nodemon":          {files: []runnerFile{{names: []string{"nodemon.json"}, lang: "nodemon"}}, fileOpts: []string{"--config"}, lang: "nodemon", readNamed: true},
	// Python and Ruby tools that import their project's module or file.
	// A Nix shell runs its derivation's shellHook as it starts; sbt loads
	// its build definition (Scala) whatever the command; tilt runs its
	// Tiltfile's local() commands as it loads it; earthly runs a LOCALLY
	// target's RUN commands here (the others in containers); meson runs its
	// meson.build's run_command() as it configures, and the commands of
	// its targets as it builds.
	"nix-shell":   {files: []runnerFile{{names: []string{"shell.nix", "default.nix"}, lang: "nix"}}, skip: []string{"-p", "--packages"}},
	"nix develop": {files: []runnerFile{{names: []string{"flake.nix"}, lang: "nix"}}, up: true},
	// Deployment tools that run their configuration's commands here as
	// they build or deploy: the CDK's app command, Firebase's predeploy
	// and postdeploy hooks, wrangler's build command, skaffold's build and
	// deploy hooks; packer's shell-local provisioners and
	// post-processors; vercel's build, dev and install commands (its
	// package.json's scripts when vercel.json names none).
	"cdk":   {files: []runnerFile{{names: []string{"cdk.json"}, lang: "cdk"}}, up: true},
	"cdktf": {files: []runnerFile{{names: []string{"cdktf.json"}, lang: "cdk"}}, up: true},
	// Build tools whose build file is a program: xmake's and premake's
	// Lua, zig build's build.zig, SwiftPM's Package.swift, mix's mix.exs,
	// Leiningen's project.clj, babashka's bb.edn, the Clojure CLI's
	// deps.edn, rebar3's configuration script, conan's recipe, Cabal's and
	// Stack's Setup.hs, a gem's gemspec, Dart's build hooks. The file is
	// read by its text (programText); one this command writes asks.
	// rebar.config's hooks are shell commands (see rebarHooks); the file is
	// read as Erlang's text too, and one this command writes asks, as its
	// plugins are code the reader does not follow.
	"xmake":         {files: []runnerFile{{names: []string{"xmake.lua"}, program: "lua"}}, fileOpts: []string{"-F", "--file"}, dirOpts: []string{"-P", "--project"}},
	"premake5":      {files: []runnerFile{{names: []string{"premake5.lua"}, program: "lua"}}, fileOpts: []string{"--file"}},
	"premake4":      {files: []runnerFile{{names: []string{"premake4.lua"}, program: "lua"}}, fileOpts: []string{"--file"}},
	"zig build":     {files: []runnerFile{{names: []string{"build.zig"}, program: "zig"}}, fileOpts: []string{"--build-file"}, up: true},
	"swift build":   swiftPackage,
	"swift run":     swiftPackage,
	"swift test":    swiftPackage,
	"swift package": swiftPackage,
	"mix":           {files: []runnerFile{{names: []string{"mix.exs"}, program: "elixir"}}},
	"lein":          {files: []runnerFile{{names: []string{"project.clj"}, program: "clojure"}}},
	"bb":            {files: []runnerFile{{names: []string{"bb.edn"}, program: "clojure"}}, fileOpts: []string{"--config"}},
	"clj":           clojureDeps,
	"clojure":       clojureDeps,
	"rebar3": {files: []runnerFile{{names: []string{"rebar.config"}, lang: "rebar"}, {names: []string{"rebar.config"}, program: "erlang"},
		{names: []string{"rebar.config.script"}, program: "erlang"}}},
	"conan":         {files: []runnerFile{{names: []string{"conanfile.py"}, program: "python3"}}},
	"cabal build":   haskellSetup,
	"cabal install": haskellSetup,
	"cabal test":    haskellSetup,
	"cabal run":     haskellSetup,
	"stack build":   haskellSetup,
	"stack install": haskellSetup,
	"stack test":    haskellSetup,
	"stack run":     haskellSetup,
	"gem build":     {files: []runnerFile{{names: []string{"*.gemspec"}, program: "ruby", all: true}}},
	"dart run":      dartHooks,
	"dart build":    dartHooks,
	"dart test":     dartHooks,
	"flutter":       dartHooks,
	// GitHub Actions run here by act: every workflow's run: steps (act
	// runs them in a container unless a platform is -self-hosted; the
	// stricter reading judges them as here).
	"act": {files: []runnerFile{{names: []string{".github/workflows/*.yml", ".github/workflows/*.yaml"}, lang: "github-actions", all: true}},
		fileOpts: []string{"-W", "--workflows"}, dirOpts: []string{"-C", "--directory"}, lang: "github-actions", readNamed: true},
	// Nx runs a project's targets: project.json's commands and
	// package.json's scripts.
	"nx": {files: []runnerFile{{names: []string{"project.json"}, lang: "nx"}, {names: []string{"package.json"}, lang: "npm"}}, workspaces: monorepoRunner.workspaces},
	// DevSpace's hooks and pipelines run on this machine.
	"devspace":                 {files: []runnerFile{{names: []string{"devspace.yaml", "devspace.yml"}, lang: "devspace"}}, fileOpts: []string{"--config"}, lang: "devspace", readNamed: true},
	"firebase deploy":          {files: []runnerFile{{names: []string{"firebase.json"}, lang: "firebase"}}, up: true},
	"firebase emulators:start": {files: []runnerFile{{names: []string{"firebase.json"}, lang: "firebase"}}, up: true},
	"wrangler":                 {files: []runnerFile{{names: []string{"wrangler.toml"}, lang: "wrangler"}}, fileOpts: []string{"-c", "--config"}, lang: "wrangler", readNamed: true, up: true},
	"skaffold":                 {files: []runnerFile{{names: []string{"skaffold.yaml"}, lang: "skaffold"}}, fileOpts: []string{"-f", "--filename"}, lang: "skaffold", readNamed: true},
	// helmfile's hooks run a command with its args on this machine around
	// its releases' events (prepare, presync, postsync, cleanup).
	"helmfile": {files: []runnerFile{{names: []string{"helmfile.yaml", "helmfile.yml", "helmfile.yaml.gotmpl"}, lang: "helmfile"},
		{names: []string{"helmfile.d/*.yaml", "helmfile.d/*.yml", "helmfile.d/*.yaml.gotmpl"}, lang: "helmfile", all: true}},
		fileOpts: []string{"-f", "--file"}, lang: "helmfile", readNamed: true},
	"packer build":   {files: []runnerFile{{names: []string{"*.pkr.hcl", "*.pkr.json"}, lang: "packer", all: true}}, project: packerTemplate},
	"vercel build":   vercelRunner,
	"vercel dev":     vercelRunner,
	"pulumi up":      pulumiRunner,
	"pulumi preview": pulumiRunner,
	"pulumi refresh": pulumiRunner,
	"pulumi destroy": pulumiRunner,
	"pulumi update":  pulumiRunner,
	"earthly":        {files: []runnerFile{{names: []string{"Earthfile"}, lang: "earthfile"}}},
	"meson":          {files: []runnerFile{{names: []string{"meson.build"}, lang: "meson"}}, up: true},
	"sbt":            {files: []runnerFile{{names: []string{"build.sbt"}, program: "scala"}, {names: []string{"project/*.sbt", "project/*.scala"}, program: "scala", all: true}}, up: true},
	"tilt":           {files: []runnerFile{{names: []string{"Tiltfile"}, lang: "tiltfile"}}, fileOpts: []string{"-f", "--file"}, lang: "tiltfile", readNamed: true, up: true},
	"fab":            {files: []runnerFile{{names: []string{"fabfile.py", "fabfile/__init__.py"}, program: "python3"}}, fileOpts: []string{"-f", "--fabfile"}, up: true},
	"doit":           {files: []runnerFile{{names: []string{"dodo.py"}, program: "python3"}}, fileOpts: []string{"-f", "--file"}},
	"waf":            {files: []runnerFile{{names: []string{"wscript"}, program: "python3"}}},
	"locust":         {files: []runnerFile{{names: []string{"locustfile.py"}, program: "python3"}}, fileOpts: []string{"-f", "--locustfile"}},
	"snakemake":      {files: []runnerFile{{names: []string{"Snakefile", "snakefile", "workflow/Snakefile"}, lang: "snakefile"}}, fileOpts: []string{"-s", "--snakefile"}},
	"uvicorn":        appModule,
	"gunicorn":       appModule,
	"hypercorn":      appModule,
	"daphne":         appModule,
	"celery":         appModule,
	"flask":          {files: []runnerFile{{names: []string{"app.py", "wsgi.py", "app/__init__.py", "wsgi/__init__.py"}, program: "python3"}}, project: flaskApp, projectFile: true},
	"brew bundle":    {files: []runnerFile{{names: []string{"Brewfile"}, program: "ruby"}}, fileOpts: []string{"--file"}, up: true},
	"pod":            {files: []runnerFile{{names: []string{"Podfile"}, program: "ruby"}}, up: true},
	"fastlane":       {files: []runnerFile{{names: []string{"fastlane/Fastfile", "Fastfile"}, program: "ruby"}}},
	"danger":         {files: []runnerFile{{names: []string{"Dangerfile", "Dangerfile.rb"}, program: "ruby"}}, fileOpts: []string{"--dangerfile"}},
	"guard":          {files: []runnerFile{{names: []string{"Guardfile"}, program: "ruby"}}, fileOpts: []string{"-G", "--guardfile"}, up: true},
	"cap":            {files: []runnerFile{{names: []string{"Capfile"}, program: "ruby"}}, up: true},
	"rackup":         {files: []runnerFile{{names: []string{"config.ru"}, program: "ruby"}}, project: firstOperand, projectFile: true},
	"berks":          {files: []runnerFile{{names: []string{"Berksfile"}, program: "ruby"}}, fileOpts: []string{"-b", "--berksfile"}},
	// Build files and settings files that name a program a tool runs, or
	// are code: Maven's exec plugin and Ant's exec and delete tasks; cargo's
	// configuration (every one above: cargo merges them), .bazelrc's
	// --workspace_status_command and --run_under, pylint's init-hook
	// (Python), R's .Rprofile, pnpm's .pnpmfile.cjs.
	"cargo":    {files: []runnerFile{{names: []string{".cargo/config.toml", ".cargo/config"}, lang: "cargo-config"}}, up: true, every: true},
	"bazel":    bazelRunner,
	"bazelisk": bazelRunner,
	"pylint": {files: []runnerFile{{names: []string{"pylintrc", ".pylintrc", "pyproject.toml", "setup.cfg", "tox.ini"}, program: "python3", code: pylintHooks}},
		fileOpts: []string{"--rcfile"}, up: true},
	"mvn":          mavenRunner,
	"mvnw":         mavenRunner,
	"ant":          {files: []runnerFile{{names: []string{"build.xml"}, lang: "xml-exec"}}, fileOpts: []string{"-f", "-file", "-buildfile"}, lang: "xml-exec", readNamed: true},
	"gradle":       gradleRunner,
	"gradlew":      gradleRunner,
	"Rscript":      rProfile,
	"R":            rProfile,
	"pnpm install": pnpmfile,
	"pnpm i":       pnpmfile,
	"pnpm add":     pnpmfile,
	"pnpm update":  pnpmfile,
	"pnpm up":      pnpmfile,
	// The services compose starts: their mounts, privileges and commands.
	"docker compose": composeRunner,
	"podman compose": composeRunner,
	"docker-compose": composeRunner,
	"podman-compose": composeRunner,
}

var (
	invokeRunner = runnerSpec{files: []runnerFile{{names: []string{"tasks.py"}, program: "python3"}}, fileOpts: []string{"-c", "--collection"},
		dirOpts: []string{"-r", "--search-root"}, namedModule: true, up: true}
	// gradleRunner reads a Gradle build's scripts (Groovy or Kotlin) by
	// their text: an exec block's commandLine, a list's execute(), a
	// ProcessBuilder; settings.gradle is found above too.
	// A Maven build reads its modules' pom.xml files with the root's.
	mavenRunner  = runnerSpec{files: []runnerFile{{names: []string{"pom.xml"}, lang: "xml-exec", includes: mavenModules}}, fileOpts: []string{"-f", "--file"}, lang: "xml-exec", readNamed: true, up: true}
	gradleRunner = runnerSpec{files: []runnerFile{{names: []string{"build.gradle", "build.gradle.kts"}, program: "groovy", includes: gradleIncludes},
		{names: []string{"settings.gradle", "settings.gradle.kts"}, program: "groovy", includes: gradleIncludes}}, fileOpts: []string{"-b", "--build-file", "-c", "--settings-file"}, up: true}
	bazelRunner = runnerSpec{files: []runnerFile{{names: []string{".bazelrc"}, lang: "bazelrc"}}, skip: []string{"--nohome_rc", "--ignore_all_rc_files", "--noworkspace_rc"}}
	rProfile    = runnerSpec{files: []runnerFile{{names: []string{".Rprofile"}, program: "Rscript"}}, skip: []string{"--vanilla", "--no-init-file"}}
	pnpmfile    = runnerSpec{files: []runnerFile{{names: []string{".pnpmfile.cjs", ".pnpmfile.mjs"}, program: "node"}}, fileOpts: []string{"--pnpmfile"}, up: true, skip: []string{"--ignore-pnpmfile"}}
	// appModule is a server or worker that imports the module its
	// operand names (uvicorn main:app, celery -A proj worker).
	appModule     = runnerSpec{files: []runnerFile{{program: "python3"}}, project: appModuleFile, projectFile: true}
	composeRunner = runnerSpec{files: []runnerFile{{names: []string{"compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"}, lang: "compose"},
		{names: []string{"compose.override.yaml", "compose.override.yml", "docker-compose.override.yaml", "docker-compose.override.yml"}, lang: "compose"}},
		fileOpts: []string{"-f", "--file"}, dirOpts: []string{"--project-directory"}, lang: "compose", readNamed: true, up: true,
		only: []string{"up", "run", "create", "start", "restart"}}
	terraformRunner = runnerSpec{files: []runnerFile{{names: []string{"*.tf"}, lang: "terraform", all: true}}, dirOpts: []string{"-chdir"},
		skip: []string{"fmt", "validate", "version", "-version", "-v", "--version", "-help", "-h", "--help", "init", "login", "logout",
			"workspace", "providers", "graph", "state", "output", "show", "taint", "untaint", "force-unlock", "get", "metadata"}}
	dotnetRunner = runnerSpec{files: []runnerFile{{names: msbuildProjects, lang: "msbuild", all: true}, {names: []string{"*.sln", "*.slnx"}, lang: "sln", all: true},
		{names: []string{"Directory.Build.props", "Directory.Build.targets"}, lang: "msbuild"}},
		up: true, every: true, project: dotnetProject}
	lefthookRunner = runnerSpec{files: []runnerFile{{names: []string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "lefthook-local.yml", ".lefthook-local.yml"}, lang: "lefthook"}},
		up: true, every: true}
	pyprojectRunner = runnerSpec{files: []runnerFile{{names: []string{"pyproject.toml"}, lang: "pyproject"}}, up: true}
	devboxRunner    = runnerSpec{files: []runnerFile{{names: []string{"devbox.json"}, lang: "devbox"}}, fileOpts: []string{"-c", "--config"}, lang: "devbox", readNamed: true, up: true}
	// Pulumi runs its project's program to learn the resources: a
	// Node.js program's index.ts or index.js, a Python one's __main__.py,
	// read by their text.
	pulumiRunner   = runnerSpec{files: []runnerFile{{names: []string{"index.ts", "index.js"}, program: "node"}, {names: []string{"__main__.py"}, program: "python3"}}, dirOpts: []string{"-C", "--cwd"}}
	vercelRunner   = runnerSpec{files: []runnerFile{{names: []string{"vercel.json"}, lang: "vercel"}, {names: []string{"package.json"}, lang: "npm"}}}
	taskRunnerSpec = runnerSpec{files: []runnerFile{{names: taskfileNames, lang: "taskfile"}, {names: []string{"pyproject.toml"}, lang: "pyproject"}},
		fileOpts: []string{"-t", "--taskfile"}, dirOpts: []string{"-d", "--dir"}, lang: "taskfile", up: true}
	direnvTrust      = runnerSpec{files: []runnerFile{{names: []string{".envrc"}, lang: "shell"}}, project: firstOperand}
	mdbookRunner     = runnerSpec{files: []runnerFile{{names: []string{"book.toml"}, lang: "mdbook"}}, project: firstOperand}
	cargoMakeRunner  = runnerSpec{files: []runnerFile{{names: []string{"Makefile.toml"}, lang: "cargo-make"}}, fileOpts: []string{"--makefile"}, lang: "cargo-make", readNamed: true}
	npmScriptsRunner = runnerSpec{files: []runnerFile{{names: []string{"package.json"}, lang: "npm"}}, up: true}
	// A monorepo's runners run the scripts of its workspaces too:
	// turbo, lerna and nx always; pnpm given -r or a filter, bun a
	// filter (npm's and yarn's: npmWorkspaces; see workspaces.go).
	monorepoRunner = runnerSpec{files: npmScriptsRunner.files, up: true, workspaces: func(*run, *scope, []field) bool { return true }}
	pnpmRunner     = runnerSpec{files: npmScriptsRunner.files, up: true, workspaces: func(_ *run, _ *scope, args []field) bool {
		return selectsWith(args, "-r", "--recursive", "--filter", "-F", "--filter-prod", "recursive", "multi", "m")
	}}
	bunRunner = runnerSpec{files: npmScriptsRunner.files, up: true, workspaces: func(_ *run, _ *scope, args []field) bool {
		return selectsWith(args, "--filter", "-F", "--workspaces")
	}}
	netlifyRunner  = runnerSpec{files: []runnerFile{{names: []string{"netlify.toml"}, lang: "netlify"}}, up: true}
	procfileRunner = runnerSpec{files: []runnerFile{{names: []string{"Procfile"}, lang: "procfile"}}, fileOpts: []string{"-f", "--procfile"}}
	miseRunner     = runnerSpec{files: []runnerFile{{names: []string{"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".config/mise.toml",
		".config/mise/config.toml", "mise/config.toml", ".mise/config.toml", ".rtx.toml", "rtx.toml"}, lang: "mise"}},
		up: true, every: true, taskDirs: []string{"mise-tasks", ".mise-tasks", ".mise/tasks", "mise/tasks", ".config/mise/tasks"}}
)

// namesSub reports whether program b's built-in entry names sub as a
// sub-command, which applyEntry judges by its own entry.
func (a *Analyzer) namesSub(b, sub string) bool {
	ce, _ := a.lookupEntry(catalogName(b))
	return ce != nil && ce.subs[sub] != nil
}

// runnerHeads are the programs whose sub-commands name runners (deno of
// deno task), so that other programs' lines cost no lookup of two words.
// hasRunner reports whether the runners table names program b, alone or
// with a sub-command.
func hasRunner(b string) bool {
	_, ok := runners[b]
	return ok || runnerHeads[b]
}

var runnerHeads = func() map[string]bool {
	m := map[string]bool{}
	for k := range runners {
		if head, _, ok := strings.Cut(k, " "); ok {
			m[head] = true
		}
	}
	return m
}()

// runsTasks reports whether the program b reads files of tasks by itself
// (see runners).
func runsTasks(b string) bool {
	_, ok := runners[b]
	return ok
}

// readRunnerFiles judges the files runner b reads by itself (see
// runners), unless args name another: in the folder an option names, or
// the working folder. A folder not known is not read.
func (r *run) readRunnerFiles(sc *scope, b string, args []field, c ctx, cmd string) {
	spec, ok := runners[b]
	if len(args) > 0 && !args[0].dyn && runnerHeads[b] && !r.a.namesSub(b, args[0].val) {
		// A sub-command its entry does not name (deno task, cargo make:
		// its own runner, not the program's); one it names is read
		// once, by the sub-command's entry (applyEntry).
		key := r.calls.join(b, " ", args[0].val)
		if sub, subOK := runners[key]; subOK || !ok {
			b, args, spec, ok = key, args[1:], sub, subOK
		}
	}
	if !ok || len(spec.skip) > 0 && slices.ContainsFunc(args, func(f field) bool { return !f.dyn && slices.Contains(spec.skip, f.val) }) {
		return
	}
	if spec.workspaces != nil && spec.workspaces(r, sc, args) {
		r.workspaceScripts(sc, b, c, cmd, b == "nx")
	}
	for _, d := range spec.taskDirs {
		for _, a := range args {
			if !a.dyn && a.val != "" && !strings.HasPrefix(a.val, "-") && !strings.ContainsAny(a.val, "/\\") {
				r.runnerFile(sc, b, runnerFile{lang: "shell"}, []string{d + "/" + a.val}, c, cmd)
			}
		}
	}
	if len(spec.only) > 0 && !slices.ContainsFunc(args, func(f field) bool { return !f.dyn && slices.Contains(spec.only, f.val) }) {
		return
	}
	named := slices.DeleteFunc(optionValues(args, spec.fileOpts...), func(f field) bool { return !f.dyn && strings.HasPrefix(f.val, "-") })
	if len(named) > 0 { // (an option after one that may take no value, rollup -c --watch, names none)
		if spec.readNamed {
			for _, f := range named {
				if f.dyn || suppliedFile(f) {
					continue
				}
				if _, p, ok := r.readOnDisk(f, b, cmd, false); !ok && p != "" {
					// A folder (devbox -c DIR): its file is read.
					for _, rf := range spec.files {
						names := make([]string, len(rf.names))
						for i, n := range rf.names {
							names[i] = strings.TrimSuffix(f.val, "/") + "/" + n
						}
						r.runnerFile(sc, b, rf, names, c, cmd)
					}
					continue
				}
				named := runnerFile{lang: spec.lang}
				if spec.files[0].lang == spec.lang {
					named.includes = spec.files[0].includes // (mvn -f's modules)
				}
				r.runnerFile(sc, b, named, []string{f.val}, c, cmd)
			}
			return
		}
		// A file in the tool's format is read as the option's command
		// file (the entry's reader); a program is read here.
		if prog := spec.files[0].program; prog != "" {
			for _, f := range named {
				if f.dyn {
					continue
				}
				names := []string{f.val}
				if spec.namedModule {
					names = []string{f.val + ".py", f.val + "/__init__.py"}
				}
				r.programFiles(sc, b, spec.files[0], names, c, cmd) // (with what it includes: gradle -b's)
			}
		}
		return
	}
	dir := ""
	if spec.project != nil {
		if f, ok := spec.project(args); ok {
			if f.dyn {
				return // not known: nothing to read
			}
			if spec.projectFile {
				r.runnerFile(sc, b, spec.files[0], []string{f.val}, c, cmd)
				return
			}
			if slices.ContainsFunc(spec.files[0].names, func(n string) bool { m, _ := path.Match(n, path.Base(f.val)); return m }) {
				r.runnerFile(sc, b, runnerFile{lang: spec.files[0].lang}, []string{f.val}, c, cmd)
				return
			}
			if d := path.Base(f.val); strings.HasSuffix(d, ".sln") || strings.HasSuffix(d, ".slnx") {
				r.solution(sc, b, f, c, cmd)
				return
			}
			dir = strings.TrimSuffix(f.val, "/") + "/" // a project's folder
		}
	}
	// A folder the entry's own options name (-C, --directory, and their
	// abbreviations: task --dir) has moved the working folder already.
	if dirs := optionValues(args, spec.dirOpts...); dir == "" && len(dirs) > 0 && r.cwd == r.startCwd {
		d := dirs[len(dirs)-1]
		if d.dyn || d.val == "" {
			return
		}
		dir = strings.TrimSuffix(d.val, "/") + "/"
	}
	for _, rf := range spec.files {
		names := rf.names
		if dir != "" {
			names = make([]string, len(rf.names))
			for i, n := range rf.names {
				names[i] = dir + n
			}
		}
		r.runnerFile(sc, b, rf, names, c, cmd)
		if spec.up && dir == "" && r.cwd != "" {
			r.runnerFilesAbove(sc, b, spec, rf, c, cmd)
		}
	}
}

// runnerFilesAbove judges the files of a runner that looks for them above
// its working folder too (spec.up): in the folders above, up to the top
// of the root (or temporary folder) that holds the working folder, the
// nearest (each, for spec.every) that is there, unless the working folder
// holds one. Each folder's names are looked up (Config.Exists) before one
// is read; a pattern (a folder's *.csproj) names none there.
func (r *run) runnerFilesAbove(sc *scope, b string, spec runnerSpec, rf runnerFile, c ctx, cmd string) {
	inRoot := r.inAnyRoot(r.cwd)
	within := func(d string) bool { return inRoot && r.inAnyRoot(d) || !inRoot && inScriptTemp(d) }
	if !within(r.cwd) {
		return
	}
	if !spec.every && slices.ContainsFunc(rf.names, func(n string) bool { return r.exists(r.cwd + "/" + n) }) {
		return // the nearest is the working folder's
	}
	for d := r.cwd; d != path.Dir(d); {
		d = path.Dir(d)
		if !within(d) {
			return
		}
		var here []string
		for _, n := range rf.names {
			if p := path.Join(d, n); r.exists(p) {
				here = append(here, p)
			}
		}
		if len(here) > 0 {
			r.runnerFile(sc, b, rf, here, c, cmd)
			if !spec.every {
				return
			}
		}
	}
}

// runnerMatches returns the files the name n matches in its folder (n
// itself when its last component is no pattern), as n spells them: at
// most limit (maxRunnerMatches when 0), past which the call asks as too
// complex. A folder not known matches nothing.
func (r *run) runnerMatches(n string, limit int) []string {
	if limit == 0 {
		limit = maxRunnerMatches
	}
	dir, pat := path.Split(n)
	if !patternChars(pat) {
		return []string{n}
	}
	res := r.resolve(field{val: cmp.Or(dir, ".")})
	if res.unknown != nil || len(res.paths) == 0 {
		return nil
	}
	folder := res.paths[len(res.paths)-1]
	names, ok := r.listed(folder)
	if !ok {
		return nil
	}
	// A file another call of a list makes there before this one runs is
	// read too: the pattern is noted absent, so that an approval binds
	// it and the list holds this call back (policy.SequenceBatch).
	r.calls.noteAbsent(strings.TrimSuffix(folder, "/") + "/" + pat)
	// The files this command writes there first match too (echo ... >
	// .github/workflows/x.yml && act): runnerFile reads what it wrote.
	if len(r.written) > 0 {
		fk := r.a.key(strings.TrimSuffix(folder, "/"))
		for k := range r.written {
			if path.Dir(k) == fk && !slices.Contains(names, path.Base(k)) {
				names = append(slices.Clip(names), path.Base(k))
			}
		}
		slices.Sort(names)
	}
	var out []string
	for _, name := range names {
		if m, _ := path.Match(pat, name); m {
			if len(out) == limit {
				r.tooComplex(fmt.Sprintf("the files %s names are more than the %d the analyser reads", bound(n), limit))
				return out
			}
			out = append(out, dir+name)
		}
	}
	return out
}

// runnerFile judges the first of names that is there, a file of runner b
// read as rf says: written by this command, or on disk.
func (r *run) runnerFile(sc *scope, b string, rf runnerFile, names []string, c ctx, cmd string) {
	if rf.all {
		one := runnerFile{lang: rf.lang, program: rf.program}
		for _, n := range names {
			for _, m := range r.runnerMatches(n, rf.limit) {
				r.runnerFile(sc, b, one, []string{m}, c, cmd)
			}
		}
		return
	}
	if rf.program != "" {
		r.programFiles(sc, b, rf, names, c, cmd)
		return
	}
	if rf.lang == "sln" {
		r.solution(sc, b, field{val: names[0]}, c, cmd)
		return
	}
	read := func(text string) { r.runnerCommands(sc, rf.lang, text, c, cmd) }
	r.buildFileWritten(sc, names, c, b, cmd, read)
	r.filesOnDiskAt(names, b, cmd, func(text, p string) {
		read(text)
		switch rf.lang {
		case "taskfile":
			r.taskfileIncludes(sc, b, text, path.Dir(p), c, cmd)
		case "cmake":
			r.cmakeIncludes(sc, b, text, path.Dir(p), c, cmd)
		}
		r.runnerIncludes(sc, b, rf, text, p, c, cmd)
	})
}

// runnerIncludes reads the files runner file rf's text at p includes
// (runnerFile.includes), each as rf is, relative to p's folder. It runs
// while p is being read, so a file that includes itself, or one that
// includes it, is not read again (readOnDisk), and the files one command
// reads (maxScriptFiles) bound the rest.
func (r *run) runnerIncludes(sc *scope, b string, rf runnerFile, text, p string, c ctx, cmd string) {
	if rf.includes == nil {
		return
	}
	for _, inc := range rf.includes(text) {
		for i, n := range inc {
			inc[i] = r.besideFile(path.Dir(p), n)
		}
		r.runnerFile(sc, b, rf, inc, c, cmd)
	}
}

// taskfileIncludes reads the Taskfiles a Taskfile includes (includes:,
// each a file or a folder holding one, relative to the including file's
// folder, or its taskfile: key), as the including one is: go-task loads
// them all before it runs a task, and runs their tasks by name. A
// remote include (a URL) is not fetched; a file is read once a call.
func (r *run) taskfileIncludes(sc *scope, b, text, dir string, c ctx, cmd string) {
	for _, v := range keyedValues(text, setOf("includes", "taskfile"), nil) {
		v = strings.TrimSpace(v)
		if v == "" || strings.Contains(v, "://") || strings.Contains(v, "{{") {
			continue
		}
		v = r.besideFile(dir, v)
		names := []string{v}
		if ext := path.Ext(v); ext != ".yml" && ext != ".yaml" {
			names = names[:0]
			for _, n := range taskfileNames {
				names = append(names, v+"/"+n)
			}
		}
		r.runnerFile(sc, b, runnerFile{lang: "taskfile"}, names, c, cmd)
	}
}

// cmakeIncludes reads the files a CMake file loads as it is read, as it
// is: each add_subdirectory(DIR)'s DIR/CMakeLists.txt and each
// include(FILE.cmake), relative to the including file's folder (an
// absolute one as it stands). A module included by name (include(CTest))
// is CMake's own or a module path's and is not read, nor is a name built
// from a variable.
func (r *run) cmakeIncludes(sc *scope, b, text, dir string, c ctx, cmd string) {
	for _, m := range cmakeLoads.FindAllStringSubmatch(text, maxRunnerMatches) {
		v := strings.Trim(m[2], `"`)
		if v == "" || strings.Contains(v, "${") {
			continue
		}
		name := r.besideFile(dir, v)
		if strings.EqualFold(m[1], "add_subdirectory") {
			name += "/CMakeLists.txt"
		} else if !strings.HasSuffix(strings.ToLower(v), ".cmake") {
			continue
		}
		r.runnerFile(sc, b, runnerFile{lang: "cmake"}, []string{name}, c, cmd)
	}
}

// cmakeLoads finds add_subdirectory( and include( and their first
// argument.
var cmakeLoads = regexp.MustCompile(`(?i)\b(add_subdirectory|include)\s*\(\s*("[^"]*"|[^\s)]+)`)

// programFiles judges the first of names that is a file on disk, a
// program in the language of runner file rf's interpreter that runner b
// runs, by its text (as programOnDisk does), and the files it includes
// (runnerIncludes); one the command wrote asks.
func (r *run) programFiles(sc *scope, b string, rf runnerFile, names []string, c ctx, cmd string) {
	r.buildFileWritten(sc, names, c, b, cmd, nil)
	for _, name := range names {
		if text, p, ok := r.readOnDisk(field{val: name}, b, cmd, true); ok {
			code := text
			if rf.code != nil {
				code = rf.code(text)
			}
			r.programFromDisk(p, b, func() {
				r.programText(sc, rf.program, code, c, cmd)
				r.runnerIncludes(sc, b, rf, text, p, c, cmd)
			})
			return
		}
	}
}

// gradleInclude finds a settings script's included projects (include
// 'app', ':lib:core'; include("app", "lib")) and builds (includeBuild),
// gradleQuoted each name in them, gradleAppliedFrom an applied script.
var (
	gradleInclude     = regexp.MustCompile(`\binclude(Build|Flat)?\s*\(?((?:\s*['"][^'"\n]+['"]\s*,?)+)`)
	gradleQuoted      = regexp.MustCompile(`['"]([^'"\n]+)['"]`)
	gradleAppliedFrom = regexp.MustCompile(`\bapply\s*\(?\s*from\s*[:=]\s*['"]([^'"\n]+)['"]`)
)

// gradleScriptsNamed are the names of dir's build script.
func gradleScriptsNamed(dir string) []string {
	return []string{path.Join(dir, "build.gradle"), path.Join(dir, "build.gradle.kts")}
}

// gradleIncludes returns the files a Gradle script makes Gradle read with
// it: buildSrc's build script beside it (built first, whatever the
// task), the build scripts of the projects a settings script includes
// (include ':lib:core' is lib/core's), the settings and build scripts of
// the builds it includes (includeBuild), and the scripts any script
// applies (apply from: 'gradle/x.gradle'; a URL names no file here).
func gradleIncludes(text string) [][]string {
	out := [][]string{gradleScriptsNamed("buildSrc")}
	for _, m := range gradleInclude.FindAllStringSubmatch(text, maxPlantedCommands) {
		for _, q := range gradleQuoted.FindAllStringSubmatch(m[2], maxPlantedCommands) {
			dir := strings.ReplaceAll(strings.TrimPrefix(q[1], ":"), ":", "/")
			if m[1] == "Build" {
				out = append(out, []string{path.Join(dir, "settings.gradle"), path.Join(dir, "settings.gradle.kts")})
			}
			out = append(out, gradleScriptsNamed(dir))
		}
	}
	for _, m := range gradleAppliedFrom.FindAllStringSubmatch(text, maxPlantedCommands) {
		out = append(out, []string{m[1]})
	}
	return out
}

// mavenModule finds a pom's modules (<module>core</module>).
var mavenModule = regexp.MustCompile(`<module>\s*([^<\s]+)\s*</module>`)

// mavenModules returns the pom files of the modules a pom names: a
// module's folder's pom.xml, or the file a module names itself.
func mavenModules(text string) [][]string {
	var out [][]string
	for _, m := range mavenModule.FindAllStringSubmatch(text, maxPlantedCommands) {
		if strings.HasSuffix(m[1], ".xml") {
			out = append(out, []string{m[1]})
		} else {
			out = append(out, []string{path.Join(m[1], "pom.xml")})
		}
	}
	return out
}

// suppliedRunnerFile reads a file in a task runner's format that the
// runner is given by name (the entry's readsCommands): its commands are
// judged, and one the command supplies (a process substitution, the
// standard input) asks besides, since the analyser reads it only in part:
// a YAML, TOML or INI file line by line (see keyedValues), not as the
// tool parses it; a CMake script by the commands it knows. On disk, only
// what blocks is kept (see onDisk), so the ask is the supplied file's
// alone.
func suppliedRunnerFile(lang string) func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
	return func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string) {
		r.finding(ruleRunsWritten, Dynamic, Ask, b+" runs the commands of a file this command supplies, which the analyser reads only in part, not as the tool does", cmd, "")
		r.runnerCommands(sc, lang, text, c, cmd)
	}
}

// runnerCommands judges the commands a task runner's file in format lang
// holds (see plantedConfigCommands), each as a script the runner runs.
func (r *run) runnerCommands(sc *scope, lang, text string, c ctx, cmd string) {
	switch lang {
	case "npm":
		r.packageScripts(sc, text, c, cmd)
		return
	case "shell":
		r.script(text, nil, sc.depth+c.depth+1)
		return
	}
	for _, pc := range plantedConfigCommands(lang, text) {
		r.script(pc.text, nil, sc.depth+c.depth+1)
	}
}

// taskRunner is the entry of task runners that run recipes from their
// files, named in names; reads reads a file one is given by name (nil for
// a format the analyser does not read, whose file, supplied by the
// command, asks).
func taskRunner(names_, summary string, reads func(r *run, sc *scope, b, text string, ops []field, c ctx, cmd string)) Entry {
	return Entry{Names: names(names_), Family: "runners", Summary: summary, DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			// Properties (-Pcmd=..., -Dx=...) and task's words after --
			// (its CLI_ARGS) reach the recipes, which may run them.
			r.propertyNet(sc, b, args, c, cmd)
			for i, a := range args {
				if a.val == "--" && i+1 < len(args) && (b == "task" || b == "go-task") {
					r.net(sc, field{val: joinFields(args[i+1:]), dyn: slices.ContainsFunc(args[i+1:], func(f field) bool { return f.dyn })}, c, cmd)
					break
				}
			}
			return false
		},
		readsCommands: reads,
		RunsFiles: []string{"[Tt]askfile*.yml", "[Tt]askfile*.yaml", "tasks.py", "magefile.go", "magefiles/**", "**/*.gradle", "**/*.gradle.kts", "gradle/**", "gradle.properties",
			"build.xml", "project/**", "**/*.java", "**/*.kt", "build.ninja", "SConstruct", "**/SConscript", "noxfile.py", ".pre-commit-config.yaml"},
		Options: []Option{opt(RoleWorkDir, "-C", "--directory", "--chdir", "-p", "--project-dir"),
			opt(RoleCommandFile, "-f", "--file", "-t", "--taskfile", "-b", "--build-file", "-c", "--config", "--settings-file", "-I", "--init-script", "--noxfile", "--sconstruct", "-buildfile", "-file"),
			val("--justfile", "-D", "-P", "-B", "-G", "-S", "-e")}}
}

// msbuildProjects are the project files MSBuild builds in a folder.
var msbuildProjects = []string{"*.csproj", "*.fsproj", "*.vbproj", "*.proj"}

// dotnetValueOptions are the options of dotnet's build commands and
// MSBuild's that take a value in the next word.
var dotnetValueOptions = []string{"-c", "--configuration", "-f", "--framework", "-r", "--runtime", "-v", "--verbosity", "-p", "--property",
	"-s", "--source", "-l", "--logger", "--filter", "--settings", "-a", "--arch", "--os", "-o", "--output", "--diag", "--launch-profile",
	"--results-directory", "--collect", "--blame-hang-timeout", "--environment", "-e"}

// dotnetProject returns the project or solution dotnet builds: the value
// of --project, else its first operand.
func dotnetProject(args []field) (field, bool) {
	if ps := optionValues(args, "--project"); len(ps) > 0 {
		return ps[len(ps)-1], true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.dyn:
			return a, true
		case a.val == "--":
			return field{}, false // the program's arguments (dotnet run -- ARGS)
		case slices.Contains(dotnetValueOptions, a.val):
			i++
		case strings.HasPrefix(a.val, "-") || strings.HasPrefix(a.val, "/"):
			// An option (MSBuild's /p:X=Y too); an absolute path on
			// Linux starts with '/' as well, and is then read below.
			if strings.HasPrefix(a.val, "/") && strings.Count(a.val, "/") > 1 && !strings.Contains(a.val, ":") {
				return a, true
			}
		default:
			return a, true
		}
	}
	return field{}, false
}

// slnProject finds a solution's projects: Project("{...}") = "Name",
// "path\to\App.csproj", "{...}"; and an .slnx's Path attributes.
var slnProject = regexp.MustCompile(`(?i)(?:Project\("[^"]*"\)\s*=\s*"[^"]*",\s*"([^"]+\.(?:cs|fs|vb)?proj)"|Path="([^"]+\.(?:cs|fs|vb)?proj)")`)

// solution reads a solution file dotnet or MSBuild builds and the project
// files it lists (paths relative to its folder, written with either
// slash), each as the project it is.
func (r *run) solution(sc *scope, b string, f field, c ctx, cmd string) {
	text, _, ok := r.readOnDisk(f, b, cmd, false)
	if !ok {
		return
	}
	dir := path.Dir(f.val)
	for i, m := range slnProject.FindAllStringSubmatch(text, -1) {
		if i == maxRunnerMatches {
			r.tooComplex(fmt.Sprintf("the solution %s lists more projects than the %d the analyser reads", bound(f.val), maxRunnerMatches))
			return
		}
		p := strings.ReplaceAll(m[1]+m[2], "\\", "/")
		r.runnerFile(sc, b, runnerFile{lang: "msbuild"}, []string{path.Join(dir, p)}, c, cmd)
	}
}

// cmakeValueOptions are cmake's options that take a value in the next
// word.
var cmakeValueOptions = []string{"-S", "-B", "-G", "-T", "-A", "-D", "-U", "-C", "-P", "--preset", "--toolchain", "--install-prefix", "--graphviz", "--log-level", "--trace-redirect", "-W"}

// cmakeSource returns the source folder cmake configures: -S's value, or
// the folder its first operand names (cmake .., cmake .); with neither,
// the working folder (cmake -B build), and false.
func cmakeSource(args []field) (field, bool) {
	if s := optionValues(args, "-S"); len(s) > 0 {
		return s[len(s)-1], true
	}
	return operandPast(args, cmakeValueOptions...)
}

// jsExtensions are the extensions a JavaScript tool's configuration file
// may have, in the order tools try them.
var jsExtensions = []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"}

// jsTool is the runner of a JavaScript tool that loads its configuration
// files (the bases, each with jsExtensions) as code: read as node's
// programs by their text; up says it looks in the folders above too.
func jsTool(up bool, bases ...string) runnerSpec {
	var files []runnerFile
	for _, b := range bases {
		var names []string
		for _, x := range jsExtensions {
			names = append(names, b+x)
		}
		files = append(files, runnerFile{names: names, program: "node"})
	}
	return runnerSpec{files: files, fileOpts: []string{"-c", "--config"}, up: up}
}

// appModuleFile returns the module file a server or worker imports: the
// operand MODULE:OBJECT (uvicorn, gunicorn, hypercorn, daphne) or the
// value of -A/--app (celery), as MODULE.py; a package's __init__.py is
// not tried.
func appModuleFile(args []field) (field, bool) {
	spec := optionValues(args, "-A", "--app")
	if len(spec) == 0 {
		for _, a := range args {
			if a.dyn {
				return a, true
			}
			if !strings.HasPrefix(a.val, "-") && strings.Contains(a.val, ":") {
				spec = append(spec, a)
				break
			}
		}
	}
	if len(spec) == 0 {
		return field{}, false
	}
	return moduleFile(spec[len(spec)-1], false)
}

// moduleFile returns the file of the Python module MODULE:OBJECT names
// (MODULE.py, its dots folders), the word itself when it is not known;
// paths says a path (x.py, dir/x) stands for itself (flask's --app).
func moduleFile(f field, paths bool) (field, bool) {
	if f.dyn {
		return f, true
	}
	mod, _, _ := strings.Cut(f.val, ":")
	mod, _, _ = strings.Cut(mod, "(")
	switch {
	case mod == "":
		return field{}, false
	case strings.HasSuffix(mod, ".py") || strings.ContainsAny(mod, "/\\"):
		f.val = mod
		return f, paths
	}
	f.val = strings.ReplaceAll(mod, ".", "/") + ".py"
	return f, true
}

// flaskApp returns the module flask run imports when --app names one
// (flask --app hello run): MODULE.py.
func flaskApp(args []field) (field, bool) {
	apps := optionValues(args, "-A", "--app")
	if len(apps) == 0 {
		return field{}, false
	}
	return moduleFile(apps[len(apps)-1], true)
}

// packerTemplate returns the template file or folder packer build is
// given: its first operand, past the options that take a value.
func packerTemplate(args []field) (field, bool) {
	return operandPast(args, "-var", "-var-file", "-only", "-except", "-on-error", "-parallel-builds")
}

// goGeneratePackage returns the first package or file go generate is
// given (./pkg, ./pkg/... for its top package, x.go alone): its files are
// read in place of the working folder's.
func goGeneratePackage(args []field) (field, bool) {
	f, ok := operandPast(args, "-run", "-skip", "-tags", "-mod", "-modfile", "-overlay", "-pgo", "-p", "-C")
	if ok && !f.dyn {
		f = field{val: cmp.Or(strings.TrimSuffix(strings.TrimSuffix(f.val, "..."), "/"), ".")}
	}
	return f, ok
}

// operandPast returns a program's first operand, the first word that is
// no option, past the values of the options valueOpts names (one not
// known is the operand).
func operandPast(args []field, valueOpts ...string) (field, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.dyn:
			return a, true
		case slices.Contains(valueOpts, a.val):
			i++
		case strings.HasPrefix(a.val, "-"):
		default:
			return a, true
		}
	}
	return field{}, false
}

// specFile returns the spec file rpmbuild or rpmspec is given: the last
// word ending in .spec, or else one not known (a word not known after it,
// --define "v $V", is no spec).
func specFile(args []field) (field, bool) {
	for i := len(args) - 1; i >= 0; i-- {
		if a := args[i]; !a.dyn && strings.HasSuffix(a.val, ".spec") {
			return a, true
		}
	}
	if i := slices.IndexFunc(args, func(a field) bool { return a.dyn }); i >= 0 {
		return args[i], true
	}
	return field{}, false
}

// firstOperand returns the first word that is not an option.
func firstOperand(args []field) (field, bool) { return operandPast(args) }

// pylintHooks returns the Python code of the init-hook settings in a
// pylint configuration (pylintrc's, pyproject.toml's [tool.pylint.*],
// setup.cfg's), which pylint runs as it starts.
func pylintHooks(text string) string {
	return strings.Join(keyedValues(text, setOf("init-hook"), nil), "\n")
}

// justfilesOnDisk reads the first of names that is on disk as a justfile
// (readOnDisk), with the files its import and mod lines name, relative to
// its folder: just loads them all before it runs a recipe (import
// 'FILE', import? 'FILE', mod NAME, which loads NAME.just, NAME/mod.just,
// NAME/justfile or NAME/.justfile, and mod NAME 'FILE'). A file is read
// once a call, so an import of itself stops there.
func (r *run) justfilesOnDisk(sc *scope, names []string, b string, c ctx, cmd string, absent bool) {
	r.filesIn(names, b, cmd, func(text, p string) {
		r.justfile(sc, text, c, cmd)
		for _, files := range justImports(text) {
			for i, f := range files {
				files[i] = r.besideFile(path.Dir(p), f)
			}
			r.justfilesOnDisk(sc, files, b, c, cmd, false)
		}
	}, absent)
}

// justImports returns, for each import and mod line of a justfile, the
// files it may load, in the order just tries them.
func justImports(text string) [][]string {
	var out [][]string
	for l := range strings.SplitSeq(text, "\n") {
		words := strings.Fields(strings.TrimSpace(l))
		if len(words) < 2 {
			continue
		}
		switch strings.TrimSuffix(words[0], "?") {
		case "import":
			out = append(out, []string{unquoteValue(strings.Join(words[1:], " "))})
		case "mod":
			if len(words) > 2 {
				out = append(out, []string{unquoteValue(strings.Join(words[2:], " "))})
				continue
			}
			n := words[1]
			out = append(out, []string{n + ".just", n + "/mod.just", n + "/justfile", n + "/.justfile", n + "/Justfile"})
		}
	}
	return out
}

// maxManifests bounds the manifests a build's reader follows for one
// command (its workspace members and path dependencies); past it the
// command asks as too complex.
const maxManifests = 16

// followManifests calls visit with the manifest first and with each
// manifest a visit returns, each once, at most maxManifests (what names
// the build in the finding past it).
func (r *run) followManifests(first, what string, visit func(m string) []string) {
	queue, seen := []string{path.Clean(first)}, map[string]bool{}
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if seen[m] {
			continue
		}
		if len(seen) == maxManifests {
			r.tooComplex(fmt.Sprintf("%s builds the packages of more than %d manifests, whose build files the analyser reads", what, maxManifests))
			return
		}
		seen[m] = true
		queue = append(queue, visit(m)...)
	}
}

// manifestPathDep finds a dependency's path key in a manifest's table
// (helper = { path = "../helper" }, or path = "..." in
// [dependencies.helper]; Cargo's, uv's sources, Poetry's).
var manifestPathDep = regexp.MustCompile(`(?:^|[\s{,])path\s*=\s*["']([^"']+)["']`)

// memberManifests returns the manifests (named name) of the members a
// workspace table's members list names under dir, each a folder or a
// pattern of its last element.
func (r *run) memberManifests(body, dir, name string) []string {
	var out []string
	for _, pat := range keyedValues(body, setOf("members"), nil) {
		if pat = strings.Trim(strings.TrimSpace(pat), `"'`); pat != "" {
			for _, d := range r.runnerMatches(path.Join(dir, pat), 0) {
				out = append(out, path.Join(d, name))
			}
		}
	}
	return out
}

// pathDepManifests returns the manifests (named name) of the path
// dependencies a table's body names, relative to dir.
func pathDepManifests(body, dir, name string) []string {
	var out []string
	for _, dep := range manifestPathDep.FindAllStringSubmatch(body, -1) {
		out = append(out, path.Join(dir, dep[1], name))
	}
	return out
}

// cargoBuildScripts judges the build scripts a cargo build of the package
// at manifest runs, each read as another language's program is
// (programFile): the package's own (build.rs beside the manifest, or the
// file [package]'s build key names; none when it is false, or for a
// workspace's manifest with no package), and those of every package the
// build compiles that the manifests name by path: the members of a
// workspace the manifest declares and the path dependencies of every
// manifest read (followManifests). A manifest not there leaves build.rs
// beside it absent (programFile). Dependencies from a registry or a git
// repository are not on disk to read.
func (r *run) cargoBuildScripts(sc *scope, manifest string, c ctx, cmd string) {
	r.followManifests(manifest, "cargo", func(m string) []string {
		var next []string
		dir := path.Dir(m)
		text, _, ok := r.readOnDisk(field{val: m}, "cargo", cmd, false)
		build, pkg := "build.rs", !ok // (a manifest not there: build.rs beside it is absent)
		for _, s := range tomlSections(text) {
			switch name := asciiLower(s.name); {
			case name == "package" || name == "project":
				pkg = true
				if v := keyedValues(s.body, setOf("build"), nil); len(v) > 0 {
					build = strings.Trim(strings.TrimSpace(v[0]), `"'`)
				}
			case name == "workspace":
				next = append(next, r.memberManifests(s.body, dir, "Cargo.toml")...)
			case strings.Contains(name, "dependencies"):
				next = append(next, pathDepManifests(s.body, dir, "Cargo.toml")...)
			}
		}
		if pkg && build != "false" {
			r.programFile(sc, "rustc", field{val: path.Join(dir, build)}, c, cmd)
		}
		return next
	})
}

// tomlSection is a TOML table's header (without its brackets) and the
// lines after it, up to the next header; the lines before the first
// header have an empty name.
type tomlSection struct {
	name, body string
}

// tomlSections splits a TOML text into its tables, line by line: a line
// that starts with '[' opens one.
func tomlSections(text string) []tomlSection {
	var out []tomlSection
	cur := tomlSection{}
	var body []string
	for l := range strings.SplitSeq(text, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "[") {
			out = append(out, tomlSection{cur.name, strings.Join(body, "\n")})
			cur.name, body = strings.Trim(t, "[] \t"), nil
			continue
		}
		body = append(body, l)
	}
	return append(out, tomlSection{cur.name, strings.Join(body, "\n")})
}
