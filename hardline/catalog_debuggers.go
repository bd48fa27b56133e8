package hardline

import (
	"slices"
	"strings"
)

// Debuggers, tracers and profilers: they run the command they trace, and
// some take commands in their own language with a shell escape.
var _ = register([]Entry{
	{Names: names("strace"), Family: "debuggers", Summary: "runs the traced command; -o is written, and -o '|CMD' or '!CMD' runs CMD; injecting into pid 1 kills the host",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			p := parseOpts(args, "oepsuEabIOSPX", []string{"--output", "--trace", "--attach", "--user", "--env", "--string-limit", "--signal", "--status", "--decode-fds", "--inject", "--fault"}, "")
			for _, o := range p.get("-o", "--output") {
				if t, ok := strings.CutPrefix(o.val, "|"); ok {
					r.reparseField(sc, field{val: t}, c, cmd, true)
				} else if t, ok := strings.CutPrefix(o.val, "!"); ok {
					r.reparseField(sc, field{val: t}, c, cmd, true)
				}
			}
			init := slices.ContainsFunc(p.get("-p", "--attach"), func(f field) bool { return isInitPid(f.val) })
			inject := slices.ContainsFunc(p.get("-e", "--inject", "--fault"), func(f field) bool {
				return strings.Contains(f.val, "inject") || strings.Contains(f.val, "fault") || strings.Contains(f.val, "signal") || strings.Contains(f.val, "retval") || strings.Contains(f.val, "error")
			}) || len(p.get("--inject", "--fault")) > 0
			if init && inject {
				r.finding(ruleKillAll, Command, Block, "strace tampers with the system calls of init, which stops the host", cmd, "")
			}
			r.attachesHost(b, args, cmd)
			return false
		},
		Options:  append([]Option{opt(RoleWrite, "-o", "--output")}, vals("epsuEabIOSPX", "--trace", "--attach", "--user", "--env", "--string-limit", "--signal", "--status", "--decode-fds")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("ltrace"), Family: "debuggers", Summary: "runs the traced command; -o is written",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.attachesHost(b, args, cmd)
			return false
		},
		Options: append([]Option{opt(RoleWrite, "-o", "--output")}, vals("epsuEaAnDFlLwx")...), Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("gcore procdump createdump memdump avml winpmem"), Family: "debuggers", Summary: "dumps a running process's memory (or, avml and winpmem, the machine's), every secret in it; -o is written",
		DataOnly: true, Rule: ruleRawDiskRead, Options: []Option{opt(RoleWrite, "-o"), val("-p", "-s", "-n", "-C", "-M", "-T", "-f")}},
	{Names: names("jmap jhsdb"), Family: "debuggers", Summary: "jmap -dump and jhsdb jmap --binaryheap dump a running Java process's heap, every secret in it", DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			if slices.ContainsFunc(args, func(f field) bool {
				return f.dyn || strings.HasPrefix(f.val, "-dump") || f.val == "--binaryheap" || strings.HasPrefix(f.val, "-F")
			}) {
				r.finding(ruleRawDiskRead, Path, Ask, b+" dumps the heap of a running Java process, with every secret it holds", cmd, "")
			}
			return true
		}},
	{Names: names("jcmd jattach"), Family: "debuggers", Summary: "GC.heap_dump (jattach dumpheap) dumps a running Java process's heap; JVMTI.agent_load (jattach load) loads code into it",
		DataOnly: true, special: jvmAttach},
	{Names: names("dotnet-dump"), Family: "debuggers", Summary: "collect dumps a running .NET process's memory, every secret in it", DataOnly: true,
		Subcommands: []Entry{{Names: names("collect"), DataOnly: true, Rule: ruleRawDiskRead, Options: []Option{opt(RoleWrite, "-o", "--output"), val("-p", "--process-id", "-n", "--name", "--type", "--diag")}}}},
	{Names: names("criu"), Family: "debuggers", Summary: "dump and pre-dump write a running process's memory, every secret in it, to image files; --action-script is a script it runs",
		DataOnly: true, Options: []Option{opt(RoleScript, "--action-script")},
		Subcommands: []Entry{{Names: names("dump pre-dump"), DataOnly: true, Rule: ruleRawDiskRead, Options: []Option{opt(RoleWriteTree, "-D", "--images-dir"), val("-t", "--tree", "-W", "--work-dir", "-o", "--log-file"), opt(RoleScript, "--action-script")}}}},
	{Names: names("pyrasite frida frida-inject hotpatch linux-inject injector"), Family: "debuggers", Summary: "run code the analyser cannot read inside a running process (a payload, script or library injected)",
		DataOnly: true, Rule: ruleInlineInterp},
	{Names: names("py-spy"), Family: "debuggers", Summary: "record -o is written; record -- CMD and top -- CMD run the command; dump --locals prints a running process's local variables, secrets among them",
		Subcommands: []Entry{{Names: names("dump"), DataOnly: true, Options: []Option{flag(RoleTrigger, "-l", "--locals"), val("-p", "--pid")}, Rule: ruleRawDiskRead},
			{Names: names("record top"), Options: []Option{opt(RoleWrite, "-o", "--output"), flag(RoleCommand, "--"), val("-p", "--pid", "-r", "--rate", "-d", "--duration", "-f", "--format")}}}},
	{Names: names("sysdig"), Family: "debuggers", Summary: "-w writes the capture of every process's system calls", Options: []Option{opt(RoleWrite, "-w", "--write"), opt(RoleRead, "-r", "--read"), val("-c", "--chisel", "-p", "--print", "-n", "--numevents", "-s", "--snaplen")}},
	wrapper("debuggers", "dtruss CMD traces the command it runs; -p attaches to a process", "pnt", nil, 0, "dtruss"),
	{Names: names("valgrind heaptrack memusage"), Family: "debuggers", Summary: "runs the profiled command; its log and the tools' output files are written; --db-command runs a command",
		Options: []Option{opt(RoleWrite, "--log-file", "--xml-file", "-o", "--output", "--massif-out-file", "--callgrind-out-file", "--cachegrind-out-file", "--dhat-out-file", "--vgdb-prefix"),
			opt(RoleScript, "--db-command")}, Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("gtime"), Family: "debuggers", Summary: "GNU time (as gtime) runs the command; -o is written",
		Options: []Option{opt(RoleWrite, "-o", "--output"), val("-f", "--format")}, Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("perf"), Family: "debuggers", Summary: "record, stat, trace and c2c run the command (kmem, lock, sched, mem and others after record); -o is written",
		Subcommands: []Entry{{Names: names("kmem kwork timechart c2c mem sched kvm lock"), Operands: []Operand{operand(0, RoleCommand)},
			Options:     append([]Option{opt(RoleWrite, "-o", "--output")}, vals("eFcpPtuCGjmrIx", "--event", "--freq", "--pid", "--tid", "--cpu", "--call-graph", "--uid", "--cgroup", "--repeat", "--delay", "--filter")...),
			Subcommands: []Entry{{Names: names("record"), Options: append([]Option{opt(RoleWrite, "-o", "--output")}, vals("eFcpPtuCGjmrIx", "--event", "--freq", "--pid", "--tid", "--cpu", "--call-graph")...), Operands: []Operand{operand(0, RoleCommand)}}}},
			{Names: names("inject"), DataOnly: true, Options: []Option{opt(RoleWrite, "-o", "--output"), val("-i", "--input")}},
			{Names: names("data"), DataOnly: true, Subcommands: []Entry{{Names: names("convert"), DataOnly: true, Options: []Option{opt(RoleWrite, "--to-json", "--to-ctf"), val("-i", "--input")}}}},
			{Names: names("record stat trace ftrace"), Options: append([]Option{opt(RoleWrite, "-o", "--output")}, vals("eFcpPtuCGjmrIx", "--event", "--freq", "--pid", "--tid", "--cpu", "--call-graph", "--uid", "--cgroup", "--repeat", "--delay", "--filter")...),
				Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("report script annotate top list diff archive probe buildid-list evlist"), DataOnly: true, Options: vals("iGsFk", "--input", "--sort", "--fields")}}},
	{Names: names("rr uftrace"), Family: "debuggers", Summary: "record runs the command, as does a command given without a sub-command", Operands: []Operand{operand(0, RoleCommand)},
		Subcommands: []Entry{{Names: names("record live"), Options: vals("odFTDNUAb", "--output-trace-dir"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("replay report dump info graph tui ps"), DataOnly: true}}},
	{Names: names("gdb cgdb ddd gdb-multiarch"), Family: "debuggers", Summary: "-ex commands and commands on a known stdin: shell and ! run a shell command, python and guile run code, run's arguments pass through a shell, calls into the program ask; --args runs the program",
		Stdin: RoleEscape,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.debuggerCommands(sc, b, args, c, cmd)
			return false
		},
		Options: []Option{opt(RoleEscape, "-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "--init-eval-command", "-init-eval-command"),
			opt(RoleCommandFile, "-x", "--command", "-ix", "--init-command"), flag(RoleCommand, "--args", "-args"), opt(RoleWorkDir, "-cd", "--cd"),
			val("-p", "--pid", "-c", "--core", "-s", "--symbols", "-e", "--exec", "-d", "--directory", "-D", "--data-directory", "-i", "--interpreter", "-tty", "--tty")},
		Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	{Names: names("lldb"), Family: "debuggers", Summary: "-o commands and commands on a known stdin: platform shell and script run commands, expressions calling into the program ask; PROG -- ARGS and -- run the program",
		Stdin: RoleEscape,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			r.debuggerCommands(sc, b, args, c, cmd)
			for i, a := range args {
				if a.val == "--" {
					if i > 0 && !strings.HasPrefix(args[i-1].val, "-") && (i < 2 || !slices.Contains([]string{"-o", "-O", "-k", "-s", "-S", "-p", "-n", "-c", "-a", "-l"}, args[i-2].val)) {
						r.next(sc, append([]field{args[i-1]}, args[i+1:]...), c)
					}
					break
				}
			}
			return false
		},
		Options: []Option{opt(RoleEscape, "-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"), opt(RoleCommandFile, "-s", "--source", "-S", "--source-before-file"),
			flag(RoleCommand, "--"), val("-p", "--attach-pid", "-n", "--attach-name", "-c", "--core", "-a", "--arch", "-l", "--script-language")},
		Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	wrapper("debuggers", "traces the command it runs (-f is its trace file)", "fgpt", nil, 0, "ktrace"),
	wrapper("debuggers", "traces the X11 requests of the command it runs", "dD", []string{"--display", "--fakedisplay", "--copyauth", "--authfile", "--outfile", "-o"}, 0, "xtrace"),
	{Names: names("poop"), Family: "debuggers", Summary: "benchmarks its operands, each a command line it splits at blanks and runs",
		Options: vals("d", "--duration", "--color"), Operands: []Operand{operands(0, RoleScript)}},
	{Names: names("bpftrace dtrace"), Family: "debuggers", Summary: "-c runs a command; inline probe programs may run commands (system) and ask",
		Options: []Option{opt(RoleCommand, "-c"), opt(RoleProgram, "-e", "-n"), opt(RoleRead, "-s"), opt(RoleWrite, "-o"), val("-p", "-I", "-B", "-f", "-m", "-i", "-x")}},
	{Names: names("gdbserver"), Family: "debuggers", Summary: "gdbserver COMM PROG ARGS runs the program; --wrapper WRAPPER -- runs it under a command",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			i := 0
			for i < len(args) && strings.HasPrefix(args[i].val, "-") && !args[i].dyn {
				if args[i].val == "--wrapper" {
					j := i + 1
					for j < len(args) && args[j].val != "--" {
						j++
					}
					if j > i+1 {
						r.next(sc, args[i+1:j], c)
					}
					i = j
				}
				i++
			}
			if i+1 < len(args) {
				r.next(sc, args[i+1:], c)
			}
			return true
		}},
	{Names: names("trace-cmd"), Family: "debuggers", Summary: "trace-cmd record runs the command; -o is written",
		Subcommands: []Entry{{Names: names("record stream profile"), Options: append([]Option{opt(RoleWrite, "-o")}, vals("epPcbsOTlgnmMCrBiHKNtqvdDfS")...), Operands: []Operand{operand(0, RoleCommand)}}}},
	{Names: names("jdb"), Family: "debuggers", Summary: "debuggers that run a program", Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	{Names: names("pdb pdb3"), Family: "debuggers", Summary: "pdb (python -m pdb) runs a program, judged as python runs it; a -c debugger command that is not a plain step, break or listing is a Python statement (asks)",
		Options: vals("cm", "--command"), OptionsFirst: true, Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			i := 0
		options:
			for ; i < len(args) && !args[i].dyn && strings.HasPrefix(args[i].val, "-"); i++ { // pdb's options, before the program
				var command field
				switch v := args[i].val; {
				case v == "-m":
					break options // python -m MOD ARGS...: the rest is python's
				case v == "-c" || v == "--command":
					if i++; i < len(args) {
						command = args[i]
					}
				case strings.HasPrefix(v, "--command="):
					command = field{val: v[len("--command="):], dyn: args[i].dyn}
				case strings.HasPrefix(v, "-c"):
					command = field{val: v[2:], dyn: args[i].dyn}
				default:
					continue
				}
				if !plainPdbCommand(command) {
					r.finding(ruleInlineInterp, Dynamic, Ask, b+" -c "+command.val+" may run Python statements the analyser cannot read", cmd, "")
				}
			}
			if i < len(args) {
				// The program pdb runs (a script, or -m and a module) is
				// python's, with all it reads into it (pdb3.11 x.py,
				// which the command wrote first, runs x.py).
				r.next(sc, append([]field{{val: "python3"}}, args[i:]...), c)
			}
			return false
		}},
})

// jvmAttach judges jcmd's and jattach's commands to a running Java
// process: a heap dump holds every secret in it (raw-disk-read), an agent
// loaded runs code in it (inline-interpreter).
func jvmAttach(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	for i, f := range args {
		v := asciiLower(f.val)
		switch {
		case f.dyn:
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" is given a command to a running Java process that is not known", cmd, "")
			return true
		case v == "gc.heap_dump" || v == "dumpheap" || v == "gc.heap_dump_to_file":
			r.finding(ruleRawDiskRead, Path, Ask, b+" dumps the heap of a running Java process, with every secret it holds", cmd, "")
			if last := args[len(args)-1]; i+1 < len(args) && !strings.HasPrefix(last.val, "-") {
				r.judgeWrite(sc, last, ruleDiskWrite, cmd) // the file the heap is written to
			}
			return true
		case v == "jvmti.agent_load" || v == "load" || v == "vm.load_agent" || v == "jvmti.data_dump" || v == "compiler.directives_add" || v == "managementagent.start":
			r.finding(ruleInlineInterp, Dynamic, Ask, b+" loads code into, or opens, a running Java process", cmd, "")
			return true
		}
	}
	return true
}

// debuggerCommands judges what gdb's and lldb's own command languages do
// beyond the shell escapes RoleEscape reads: an abbreviated shell (she,
// shel, platform sh, pla sh), run's arguments (passed through a shell,
// so redirections and substitutions run), target remote | CMD, set
// exec-wrapper CMD, aliases of the escapes and eval (asks), calls into the
// program (print system(...), call, compile, expr), and the files that
// logging, dump and log enable -f write.
// attachesHost asks when a tracer or debugger attaches to the program
// that started the command ($PPID, the agent's host when it runs the
// shell): what it reads and writes, and its memory, hold the host's own
// secrets (strace -p $PPID -s 9999 -e read prints them), as
// /proc/$PPID/environ and /proc/$PPID/mem, which are sensitive, do. The
// shell's own process ($$) holds only what env prints.
func (r *run) attachesHost(b string, args []field, cmd string) {
	for _, f := range optionValues(args, "-p", "--pid", "--attach", "--attach-pid", "--process-id") {
		if f.why == "$PPID" {
			r.finding(ruleSystemAdmin, Command, Ask, b+" attaches to $PPID, the program that started the command, whose memory and input hold its secrets", cmd, "")
			return
		}
	}
}

func (r *run) debuggerCommands(sc *scope, b string, args []field, c ctx, cmd string) {
	r.attachesHost(b, args, cmd)
	var texts []string
	for i, a := range args {
		if a.dyn {
			continue
		}
		v := a.val
		switch {
		case slices.Contains([]string{"-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command", "--init-eval-command", "-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"}, v) && i+1 < len(args) && !args[i+1].dyn:
			texts = append(texts, args[i+1].val)
		default:
			for _, pre := range []string{"-ex=", "--ex=", "-eval-command=", "--eval-command=", "-iex=", "--iex=", "-init-eval-command=", "--init-eval-command=", "--one-line="} {
				if t, ok := strings.CutPrefix(v, pre); ok {
					texts = append(texts, t)
				}
			}
		}
	}
	if c.in.kind == inText {
		texts = append(texts, c.in.text)
	}
	// Attached to init, killing or signalling the program stops the host.
	init := false
	for i, a := range args {
		if (a.val == "-p" || a.val == "--pid" || a.val == "--attach-pid") && i+1 < len(args) && isInitPid(args[i+1].val) {
			init = true
		}
		for _, o := range []string{"--pid=", "--attach-pid="} {
			if v, ok := strings.CutPrefix(a.val, o); ok && isInitPid(v) {
				init = true
			}
		}
	}
	// Attached to a running process, a core file or memory dump holds
	// every secret the process holds (the host's own, when it is the
	// agent's host); a program the debugger starts is the command's own.
	attached := init || slices.ContainsFunc(args, func(a field) bool {
		v := a.val
		return v == "-p" || v == "--pid" || v == "--attach-pid" || v == "-n" || v == "--attach-name" ||
			strings.HasPrefix(v, "--pid=") || strings.HasPrefix(v, "--attach-pid=") || strings.HasPrefix(v, "--attach-name=")
	})
	for _, t := range texts {
		for line := range strings.SplitSeq(t, "\n") {
			w := strings.Fields(asciiLower(line))
			if len(w) > 0 && (w[0] == "attach" || w[0] == "at" || w[0] == "process" && len(w) > 1 && (w[1] == "attach" || w[1] == "a")) {
				attached = true
			}
			if attached && len(w) > 0 && (w[0] == "generate-core-file" || w[0] == "gcore" || w[0] == "dump" || w[0] == "append" ||
				w[0] == "process" && len(w) > 1 && w[1] == "save-core" || w[0] == "memory" && len(w) > 1 && (w[1] == "read" || w[1] == "region") && strings.Contains(line, "-o")) {
				r.finding(ruleRawDiskRead, Path, Ask, b+" dumps the memory of the process it is attached to, with every secret it holds", cmd, "")
			}
			if init && len(w) > 0 && (w[0] == "kill" || w[0] == "k" || w[0] == "signal" || w[0] == "queue-signal" || w[0] == "process" && len(w) > 1 && (w[1] == "kill" || w[1] == "signal") || strings.Contains(line, "exit(") || strings.Contains(line, "raise(") || strings.Contains(line, "abort(")) {
				r.finding(ruleKillAll, Command, Block, b+" kills or signals init, which stops the host", cmd, "")
			}
		}
	}
	for _, t := range texts {
		for line := range strings.SplitSeq(t, "\n") {
			r.debuggerLine(sc, b, strings.TrimSpace(line), c, cmd)
		}
	}
}

// debuggerCalls are functions whose call from a debugger runs a command or
// changes files.
var debuggerCalls = []string{"system(", "popen(", "exec", "unlink(", "remove(", "rmdir(", "rename(", "kill(", "dlopen(", "fork(", "open(", "truncate(", "chmod(", "write(", "exit(", "abort(", "raise(", "reboot("}

func (r *run) debuggerLine(sc *scope, b, line string, c ctx, cmd string) {
	words := strings.Fields(line)
	if len(words) == 0 {
		return
	}
	first := asciiLower(words[0])
	rest := strings.TrimSpace(line[len(words[0]):])
	ask := func(why string) {
		r.finding(ruleInlineInterp, Dynamic, Ask, b+" "+why, cmd, "")
	}
	script := func(s string) {
		if strings.TrimSpace(s) != "" {
			r.reparseField(sc, field{val: s}, c, cmd, true)
		}
	}
	switch {
	case len(first) >= 3 && strings.HasPrefix("shell", first) && first != "shell":
		ask("runs a shell command from its own command language")
		script(rest)
	case (first == "platform" || first == "pla" || first == "plat") && len(words) > 1 && strings.HasPrefix("shell", asciiLower(words[1])):
		ask("runs a shell command from its own command language")
		script(strings.TrimSpace(rest[len(words[1]):]))
	case first == "run" || first == "r" || first == "start" || first == "starti":
		if rest != "" {
			script("true " + rest) // the arguments pass through a shell
		}
	case first == "target" && strings.Contains(rest, "|"):
		ask("runs a shell command to reach its target")
		script(rest[strings.IndexByte(rest, '|')+1:])
	case first == "set" && len(words) > 2 && words[1] == "exec-wrapper":
		ask("runs the program under a wrapper command")
		script(strings.TrimSpace(rest[len(words[1]):]))
	case first == "alias" || first == "eval" || first == "compile" || first == "define" || first == "command" && strings.Contains(rest, "alias") || first == "command" && strings.Contains(rest, "script"):
		ask("defines or evaluates commands the analyser does not follow")
	case first == "set" && strings.HasPrefix(rest, "logging file "):
		r.judgeWrite(sc, r.debuggerPath(strings.TrimSpace(rest[len("logging file "):])), ruleDiskWrite, cmd)
	case first == "dump" || first == "append":
		for _, w := range words[1:] {
			if strings.ContainsAny(w, "/~.") || !slices.Contains([]string{"binary", "ihex", "srec", "tekhex", "verilog", "value", "memory"}, w) {
				r.judgeWrite(sc, r.debuggerPath(w), ruleDiskWrite, cmd)
				break
			}
		}
	case first == "log" && strings.Contains(rest, "-f "):
		if f := strings.Fields(rest[strings.Index(rest, "-f ")+3:]); len(f) > 0 {
			r.judgeWrite(sc, r.debuggerPath(f[0]), ruleDiskWrite, cmd)
		}
	case first == "memory" && strings.Contains(rest, "--outfile "):
		if f := strings.Fields(rest[strings.Index(rest, "--outfile ")+len("--outfile "):]); len(f) > 0 {
			r.judgeWrite(sc, r.debuggerPath(f[0]), ruleDiskWrite, cmd)
		}
	}
	if strings.Contains(line, "(") {
		low := asciiLower(line)
		for _, f := range debuggerCalls {
			if strings.Contains(low, f) {
				ask("calls a function of the program that may run a command or change files")
				break
			}
		}
	}
}

// debuggerPath is a file name in a debugger command: gdb and lldb expand a
// leading ~ themselves.
func (r *run) debuggerPath(p string) field {
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = r.a.home + p[1:]
	}
	return field{val: p}
}

// plainPdbCommands are pdb's commands that take no expression: any other
// line pdb is given (p EXPR, !STMT, a bare statement, a breakpoint's
// condition) is evaluated as Python.
var plainPdbCommands = map[string]bool{"c": true, "cont": true, "continue": true, "n": true, "next": true, "s": true, "step": true,
	"r": true, "return": true, "q": true, "quit": true, "exit": true, "bt": true, "w": true, "where": true, "l": true, "list": true,
	"ll": true, "longlist": true, "u": true, "up": true, "d": true, "down": true, "h": true, "help": true, "a": true, "args": true,
	"unt": true, "until": true}

// plainPdbCommand reports whether a pdb -c command runs no Python: a
// plain command, or a breakpoint at [FILE:]LINE or a function name
// without a condition.
func plainPdbCommand(f field) bool {
	if f.dyn {
		return false
	}
	cmd, arg, _ := strings.Cut(strings.TrimSpace(f.val), " ")
	arg = strings.TrimSpace(arg)
	switch {
	case plainPdbCommands[cmd] && arg == "":
		return true
	case cmd == "b" || cmd == "break" || cmd == "tbreak":
		return arg == "" || !strings.ContainsAny(arg, ",;()!= \t")
	}
	return false
}
