package hardline

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// oracle runs commands in mvdan.cc/sh's interpreter with handlers that
// record every exec and every file opened and run nothing, in a fake home
// and workspace, and compares the records with the analyser's reading.
type oracle struct {
	home, ws string
	a        *Analyzer
	env      Env
}

func newOracle(t testing.TB) *oracle {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	o := &oracle{home: filepath.Join(dir, "home", "dev")}
	o.ws = filepath.Join(o.home, "work", "proj")
	if err := os.MkdirAll(o.ws, 0o755); err != nil {
		t.Fatal(err)
	}
	if o.a, err = New(Config{Home: o.home, OS: "linux"}); err != nil {
		t.Fatal(err)
	}
	o.env = Env{WorkDir: o.ws, Roots: []Root{{Path: o.ws, Writable: true}}}
	return o
}

// dirInfo is a folder that exists wherever the interpreter looks.
type dirInfo string

func (d dirInfo) Name() string       { return filepath.Base(string(d)) }
func (d dirInfo) Size() int64        { return 0 }
func (d dirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o755 }
func (d dirInfo) ModTime() time.Time { return time.Time{} }
func (d dirInfo) IsDir() bool        { return true }
func (d dirInfo) Sys() any           { return nil }

type nopFile struct{}

func (nopFile) Read([]byte) (int, error)    { return 0, io.EOF }
func (nopFile) Write(p []byte) (int, error) { return len(p), nil }
func (nopFile) Close() error                { return nil }

// run interprets cmd and returns the argv of every program it would run
// (not builtins or functions) and every file it would open, sorted.
func (o *oracle) run(cmd string) (argv, opens []string, ok bool) {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil, nil, false
	}
	var mu sync.Mutex
	exec := func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			mu.Lock()
			argv = append(argv, joinNUL(args))
			mu.Unlock()
			return nil
		}
	}
	open := func(ctx context.Context, p string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
		if !filepath.IsAbs(p) {
			p = filepath.Join(interp.HandlerCtx(ctx).Dir, p)
		}
		w := "r "
		if flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_TRUNC) != 0 {
			w = "w "
		}
		mu.Lock()
		opens = append(opens, w+filepath.Clean(p))
		mu.Unlock()
		return nopFile{}, nil
	}
	stat := func(ctx context.Context, name string, follow bool) (fs.FileInfo, error) { return dirInfo(name), nil }
	readDir := func(ctx context.Context, p string) ([]fs.DirEntry, error) { return nil, nil }
	r, err := interp.New(interp.Env(expand.ListEnviron("HOME="+o.home, "PATH=/usr/bin:/bin", "USER=dev")),
		interp.Dir(o.ws), interp.StdIO(nil, io.Discard, io.Discard), interp.ExecHandlers(exec),
		interp.OpenHandler(open), interp.StatHandler(stat), interp.ReadDirHandler2(readDir),
		interp.AccessHandler(func(context.Context, string, interp.AccessMode) error { return nil }))
	if err != nil {
		return nil, nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = r.Run(ctx, f) // exit statuses do not matter
	slices.Sort(argv)
	slices.Sort(opens)
	return argv, opens, true
}

// check compares the interpreter's records with the analyser's reading of
// a command the analyser reads as fully static; it returns "" when they
// agree or the command is not fully static.
func (o *oracle) check(cmd string) string {
	tr, _ := o.a.read(cmd, o.env)
	if !tr.static {
		return ""
	}
	argv, opens, ok := o.run(cmd)
	if !ok {
		return ""
	}
	wantArgv, wantOpens := tr.sorted()
	// Builtins and functions run inside the shell: only programs are
	// compared.
	funcs := map[string]bool{}
	if f, err := syntax.NewParser().Parse(strings.NewReader(cmd), ""); err == nil {
		syntax.Walk(f, func(n syntax.Node) bool {
			if fd, ok := n.(*syntax.FuncDecl); ok {
				funcs[fd.Name.Value] = true
			}
			return true
		})
	}
	wantArgv = slices.DeleteFunc(wantArgv, func(a string) bool {
		name, _, _ := strings.Cut(a, "\x00")
		return interp.IsBuiltin(name) || funcs[name]
	})
	if !slices.Equal(argv, wantArgv) {
		return "argv: bash runs " + show(argv) + ", the analyser reads " + show(wantArgv)
	}
	if !slices.Equal(opens, wantOpens) {
		return "opens: bash opens " + show(opens) + ", the analyser reads " + show(wantOpens)
	}
	return ""
}

func show(xs []string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = "[" + strings.ReplaceAll(x, "\x00", " ") + "]"
	}
	return strings.Join(out, " ")
}

// oracleSeeds are commands whose reading must agree with bash's: quoting,
// expansions, substitutions, wrappers, lists and redirections.
var oracleSeeds = []string{
	`rm -rf build`,
	`rm -rf ~/x`,
	`rm -rf $(echo ~)`,
	"rm -rf `echo $HOME`/y",
	`rm -rf "$(printf %s ~)"`,
	`D=~; rm -rf $D/cache`,
	`D=build; rm -rf "$D" && mkdir -p "$D"`,
	`r""m -fr ./a`,
	`\rm -r ./b`,
	`/bin/rm -r -f ./c`,
	`rm -rf {a,b}/c`,
	`sudo rm -rf ./x`,
	`nohup rm -rf ./x > nohup.out`,
	`env FOO=1 rm -rf ./x`,
	`timeout 5 rm -rf ./x`,
	`cat ~/.profile > out.txt`,
	`echo hi >> log.txt 2>/dev/null`,
	`sort < in.txt > out.txt`,
	`cd sub && rm -rf ./x`,
	`cd ~ && ls`,
	`cp $HOME/a ./b`,
	`mv "./a b" './c d'`,
	`tar -czf out.tgz ./src`,
	`git -C web status`,
	`X=abc; echo $X > f; cat f`,
	`printf '%s\n' a b | tee out`,
	`f() { rm -rf ./x; }; f`,
	`ls ${HOME}/work`,
	`echo ~root`,
	`cat "$HOME"/notes.txt`,
	`grep -r "rm -rf /" .`,
	`find . -name '*.o' -delete`,
	`true && rm -rf ./y`,
	`rm -rf $(echo $(echo ./z))`,
	`V=1; V=2; rm -rf ./$V`,
	`rm -rf ./$((1+2))`,
	`exec cat ./x`,
	`command ls ~`,
}

func TestOracleSeeds(t *testing.T) {
	o := newOracle(t)
	checked := 0
	for _, cmd := range oracleSeeds {
		if tr, _ := o.a.read(cmd, o.env); tr.static {
			checked++
		}
		if d := o.check(cmd); d != "" {
			t.Errorf("%q: %s", cmd, d)
		}
	}
	t.Logf("%d of %d seeds are fully static and agree with bash", checked, len(oracleSeeds))
	if checked < len(oracleSeeds)*2/3 {
		t.Errorf("only %d seeds are fully static", checked)
	}
}

// oracleGrammar builds a command from fuzz input: wrappers, programs,
// quoted and expanded words, substitutions, assignments, lists and
// redirections.
func oracleGrammar(data []byte) string {
	i := 0
	pick := func(options ...string) string {
		if len(data) == 0 {
			return options[0]
		}
		c := data[i%len(data)]
		i++
		return options[int(c)%len(options)]
	}
	word := func() string {
		base := pick("a", "b/c", "x y", "~", "~/d", ".", "..", "/tmp/e")
		switch pick("plain", "single", "double", "home", "subst", "back", "var", "brace", "escape") {
		case "single":
			return "'" + base + "'"
		case "double":
			return `"` + strings.ReplaceAll(base, "~", "$HOME") + `"`
		case "home":
			return "$HOME/" + strings.TrimPrefix(base, "~")
		case "subst":
			return "$(echo " + base + ")"
		case "back":
			return "`echo " + base + "`"
		case "var":
			return "$V"
		case "brace":
			return "{p,q}" + strings.TrimPrefix(base, "~")
		case "escape":
			return `\` + base
		}
		return base
	}
	simple := func() string {
		s := pick("", "sudo ", "nohup ", "env A=1 ", "timeout 5 ", "nice -n 5 ", "command ", "time ")
		s += pick("rm -rf", "cp", "mv", "cat", "touch", "mkdir -p", "tar -czf out.tgz", "git -C", "ls", "r''m -f", "/bin/rm -r")
		for n := int(pick("1", "2", "3")[0] - '0'); n > 0; n-- {
			s += " " + word()
		}
		s += pick("", "", " > out", " >> log", " 2>/dev/null", " < in", " > $HOME/o")
		return s
	}
	cmd := pick("", "V=v; ", "V=~; ", "cd sub; ", "V=$(echo w); ")
	cmd += simple()
	for n := int(pick("0", "1", "2")[0] - '0'); n > 0; n-- {
		cmd += pick("; ", " && ", " | ") + simple()
	}
	return cmd
}

// FuzzOracle checks the analyser's reading of generated commands against
// the interpreter's.
func FuzzOracle(f *testing.F) {
	for _, s := range []string{"", "\x01\x02\x03", "seed-seed", "\x00\x07\x03\x05\x01\x04", "~~~~~~~~", "\x05\x05\x05\x05\x05"} {
		f.Add([]byte(s))
	}
	o := newOracle(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		cmd := oracleGrammar(data)
		if d := o.check(cmd); d != "" {
			t.Fatalf("%q: %s", cmd, d)
		}
	})
}
