package hardline

// Debuggers, tracers and profilers: they run the command they trace, and
// some take commands in their own language with a shell escape.
var _ = register([]Entry{
	{Names: names("strace"), Family: "debuggers", Summary: "runs the traced command; -o is written",
		Options:  append([]Option{opt(RoleWrite, "-o", "--output")}, vals("epsuEabIOSPX", "--trace", "--attach", "--user", "--env", "--string-limit", "--signal", "--status", "--decode-fds")...),
		Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("ltrace"), Family: "debuggers", Summary: "runs the traced command; -o is written",
		Options: append([]Option{opt(RoleWrite, "-o", "--output")}, vals("epsuEaAnDFlLwx")...), Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("valgrind heaptrack memusage"), Family: "debuggers", Summary: "runs the profiled command",
		Options: []Option{opt(RoleWrite, "--log-file", "--xml-file", "-o", "--output")}, Operands: []Operand{operand(0, RoleCommand)}},
	{Names: names("perf"), Family: "debuggers", Summary: "record, stat, trace and c2c run the command; -o is written",
		Subcommands: []Entry{{Names: names("record stat trace c2c mem sched kvm lock ftrace"), Options: append([]Option{opt(RoleWrite, "-o", "--output")}, vals("eFcpPtuCGjmrIx", "--event", "--freq", "--pid", "--tid", "--cpu", "--call-graph", "--uid", "--cgroup", "--repeat", "--delay", "--filter")...),
			Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("report script annotate top list diff archive probe buildid-list evlist inject"), DataOnly: true, Options: vals("iGsFk", "--input", "--sort", "--fields")}}},
	{Names: names("rr uftrace"), Family: "debuggers", Summary: "record runs the command",
		Subcommands: []Entry{{Names: names("record live"), Options: vals("odFTDNUAb", "--output-trace-dir"), Operands: []Operand{operand(0, RoleCommand)}},
			{Names: names("replay report dump info graph tui ps"), DataOnly: true}}},
	{Names: names("gdb cgdb ddd gdb-multiarch"), Family: "debuggers", Summary: "-ex commands: shell and ! run a shell command, python and guile run code; --args runs the program",
		Options: []Option{opt(RoleEscape, "-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--init-eval-command"),
			opt(RoleRead, "-x", "--command", "-ix", "--init-command"), flag(RoleCommand, "--args", "-args"), opt(RoleWorkDir, "-cd", "--cd"),
			val("-p", "--pid", "-c", "--core", "-s", "--symbols", "-e", "--exec", "-d", "--directory", "-D", "--data-directory", "-i", "--interpreter", "-tty", "--tty")},
		Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	{Names: names("lldb"), Family: "debuggers", Summary: "-o commands: platform shell and script run commands; -- runs the program",
		Options: []Option{opt(RoleEscape, "-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"), opt(RoleRead, "-s", "--source", "-S", "--source-before-file"),
			flag(RoleCommand, "--"), val("-p", "--attach-pid", "-n", "--attach-name", "-c", "--core", "-a", "--arch", "-l", "--script-language")},
		Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
	{Names: names("bpftrace dtrace"), Family: "debuggers", Summary: "-c runs a command; inline probe programs may run commands (system) and ask",
		Options: []Option{opt(RoleCommand, "-c"), opt(RoleProgram, "-e", "-n"), opt(RoleRead, "-s"), opt(RoleWrite, "-o"), val("-p", "-I", "-B", "-f", "-m", "-i", "-x")}},
	{Names: names("pdb jdb"), Family: "debuggers", Summary: "debuggers that run a program", Operands: []Operand{operand(0, RoleRead), operands(1, RoleData)}},
})
