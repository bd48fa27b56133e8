package hardline

import (
	"regexp"
	"strings"
)

// PowerShell's cmdlets, for a line PowerShell runs (on Windows, or pwsh
// elsewhere). PowerShell matches a parameter by any unambiguous prefix of
// its name, in any case, with its value after a space or a colon
// (-Path:x); an array is written a,b. Aliases the catalogue already knows
// as other programs (rm, del, cp, mv, cat, type) are judged as those, which
// reads the same targets. See docs/security-model.md, Hardline.
var _ = register([]Entry{
	{Names: names("Remove-Item remove-item ri"), Family: "files", Summary: "PowerShell: deletes -Path, -LiteralPath and the positional paths (-Recurse or not: a folder with contents is the stricter reading); -WhatIf deletes nothing",
		DataOnly: true, special: psCmdlet(psRemove)},
	{Names: names("Copy-Item copy-item cpi"), Family: "files", Summary: "PowerShell: reads -Path and -LiteralPath (whole with -Recurse) and writes -Destination (or the second positional)",
		DataOnly: true, special: psCmdlet(psCopy)},
	{Names: names("Move-Item move-item mi Rename-Item rename-item rni"), Family: "files", Summary: "PowerShell: moves -Path and -LiteralPath away (judged like a delete of their place) and writes -Destination or -NewName",
		DataOnly: true, special: psCmdlet(psMove)},
	{Names: names("Set-Content set-content Add-Content add-content Clear-Content clear-content clc Out-File out-file Tee-Object tee-object New-Item new-item ni"), Family: "files", Summary: "PowerShell: writes -Path, -LiteralPath, -FilePath and the first positional",
		DataOnly: true, special: psCmdlet(psWrite)},
	{Names: names("New-ItemProperty new-itemproperty Set-ItemProperty set-itemproperty sp Set-Item set-item Rename-ItemProperty rename-itemproperty rnp Copy-ItemProperty copy-itemproperty Move-ItemProperty move-itemproperty Remove-ItemProperty remove-itemproperty rp Clear-ItemProperty clear-itemproperty clp Get-ItemProperty get-itemproperty gp Get-ItemPropertyValue get-itempropertyvalue gpv"),
		Family: "services", Summary: "PowerShell: a registry value or key (HKCU:, HKLM:, Registry::) that runs programs asks (persistence), as reg add does; a change to the machine's keys asks (system-admin); reading the SAM or SECURITY hive blocks (sensitive-path)",
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			psRegistry(r, b, args, cmd)
			return false
		}},
	{Names: names("Clear-Disk clear-disk Initialize-Disk initialize-disk Remove-Partition remove-partition"), Family: "disks", Summary: "PowerShell: erases disks and partitions", Rule: ruleWipeDevice, DataOnly: true},
	{Names: names("Format-Volume format-volume"), Family: "disks", Summary: "PowerShell: formats a volume", Rule: ruleMkfs, DataOnly: true},
	{Names: names("Stop-Computer stop-computer Restart-Computer restart-computer"), Family: "processes and power", Summary: "PowerShell: stops or restarts the host", Rule: ruleShutdown, DataOnly: true},
	{Names: names("Stop-Process stop-process spps"), Family: "processes and power", Summary: "PowerShell: stops the processes -Name, -Id or its input name; every process (-Name *, Get-Process | Stop-Process) or the System process (-Id 4) blocks as kill -1 and kill 1 do",
		DataOnly: true, special: psStopProcess},
	{Names: names("Start-Process start-process saps start"), Family: "multiplexers", Summary: "PowerShell's Start-Process (and cmd's start): runs -FilePath or the first value with -ArgumentList or the rest, joined into one command line; -RedirectStandardOutput and -RedirectStandardError are written, -RedirectStandardInput read",
		special: startProcess},
	{Names: names("Invoke-WmiMethod invoke-wmimethod iwmi Invoke-CimMethod invoke-cimmethod"), Family: "multiplexers", Summary: "PowerShell: Win32_Process's Create method starts the command line it is given (-ArgumentList, -Arguments @{CommandLine=...}), judged as Start-Process's line; other methods change the system through WMI and ask",
		special: wmiMethod},
	{Names: names("Unblock-File unblock-file"), Family: "services", Summary: "PowerShell: removes a downloaded file's mark of the web, which SmartScreen and the execution policy check it by", Rule: ruleSystemAdmin, DataOnly: true},
	{Names: names("setx setx.exe"), Family: "services", Summary: "cmd: setx NAME VALUE stores a variable for every later program; PATH, PATHEXT, COMSPEC, PSModulePath and a variable that makes programs run code (NODE_OPTIONS, PYTHONSTARTUP, ...) decide what later commands run (persistence)",
		DataOnly: true,
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			for _, a := range args {
				if strings.HasPrefix(a.val, "/") || strings.HasPrefix(a.val, "-") && !a.dyn {
					continue
				}
				if a.dyn || strings.Contains(a.val, "%") { // (cmd's %NAME%)
					r.finding(rulePersistence, Command, Ask, "setx stores a variable whose name is not known for every later program", cmd, "")
					return true
				}
				if n := strings.ToUpper(a.val); n == "PATH" || n == "PATHEXT" || n == "COMSPEC" || n == "PSMODULEPATH" {
					r.finding(rulePersistence, Command, Ask, "setx stores "+a.val+", which decides what every later command runs", cmd, "")
				} else if _, ok := r.a.envRole(a.val); ok {
					r.finding(rulePersistence, Command, Ask, "setx stores "+a.val+", which makes later programs load or run code", cmd, "")
				}
				return true // the name; the value follows
			}
			return true
		}},
	{Names: names("Invoke-Expression invoke-expression iex"), Family: "interpreters", Summary: "PowerShell: runs its argument, or its input, as PowerShell code (inline-interpreter); a known argument is read as PowerShell's statements too, so what would be blocked blocks",
		Stdin: RoleProgram, Operands: []Operand{operands(0, RoleProgram)},
		special: func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
			var code []field
			for _, a := range args {
				if !strings.HasPrefix(a.val, "-") || a.dyn {
					code = append(code, a)
				}
			}
			r.powershellScript(sc, code, c)
			return false
		}},
})

// psKind says what a cmdlet does with its paths.
type psKind uint8

const (
	psRemove psKind = iota
	psCopy
	psMove
	psWrite
)

// psValueParams are the parameters of these cmdlets that take a value, by
// their full names in lower case.
var psValueParams = []string{"path", "literalpath", "pspath", "lp", "destination", "newname", "filepath", "value", "filter", "include",
	"exclude", "credential", "stream", "encoding", "itemtype", "name", "target", "inputobject", "delimiter", "width", "tocontainer"}

// psCmdlet judges a cmdlet of kind k (see the entries).
func psCmdlet(k psKind) func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	return func(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
		psRegistry(r, b, args, cmd)
		vals := map[string][]field{}
		var pos []field
		recurse := false
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a.dyn || len(a.val) < 2 || a.val[0] != '-' || !isLetter(a.val[1]) {
				pos = append(pos, psArray(a)...)
				continue
			}
			name, attached, hasValue := strings.Cut(asciiLower(a.val[1:]), ":")
			full := psParam(name)
			if full == "" {
				if strings.HasPrefix("recurse", name) {
					recurse = true
				}
				if strings.HasPrefix("whatif", name) && len(name) > 1 && !hasValue {
					return true // nothing is done
				}
				continue
			}
			v := field{val: attached, dyn: a.dyn}
			if !hasValue {
				if i+1 >= len(args) {
					break
				}
				i++
				v = args[i]
			}
			vals[full] = append(vals[full], psArray(v)...)
		}
		// -Path and positional paths are patterns to the cmdlet itself
		// (quoted or not); -LiteralPath is not. A leading ~ is the home
		// folder to PowerShell's file system, quoted or not.
		for k, l := range [][]field{vals["path"], pos, vals["literalpath"], vals["destination"], vals["filepath"]} {
			for i := range l {
				if l[i].dyn {
					continue
				}
				if rest, ok := strings.CutPrefix(l[i].val, "~"); ok && (rest == "" || rest[0] == '/' || rest[0] == '\\') {
					l[i].val = r.a.home + rest
				}
				l[i].glob = l[i].glob || k < 2 && strings.ContainsAny(l[i].val, "*?[")
			}
		}
		paths := append(append(append(vals["path"], vals["literalpath"]...), vals["pspath"]...), vals["lp"]...)
		switch k {
		case psRemove:
			for _, p := range append(paths, pos...) {
				r.judgeDelete(sc, p, true, cmd, b)
			}
			if len(paths)+len(pos) == 0 && c.in.kind != inNone {
				// gci ~ -Recurse | Remove-Item: the items come down the
				// pipe, everything under the folders a listing starts at
				// (as find ~ | xargs rm -rf deletes ~'s contents).
				if c.in.find && len(c.in.words) > 0 {
					for _, w := range c.in.words {
						w.contents = true // what is under the start, as xargs rm after find
						r.judgeDelete(sc, w, true, cmd, b)
					}
				} else {
					r.finding(ruleDynamicTarget, Dynamic, Ask, b+" deletes the items its input names, which are not known", cmd, "")
				}
			}
		case psCopy, psMove:
			dest := vals["destination"]
			if len(paths) == 0 && len(pos) > 0 {
				paths, pos = pos[:1], pos[1:]
			}
			if len(dest) == 0 && len(pos) > 0 {
				dest = pos[:1]
			}
			for _, p := range paths {
				if k == psMove {
					r.judgeMove(sc, p, cmd)
				} else if recurse {
					r.readTree(p, b, cmd)
				}
			}
			for _, d := range append(dest, vals["newname"]...) {
				r.judgeWrite(sc, d, ruleDiskWrite, cmd)
			}
		case psWrite:
			paths = append(paths, vals["filepath"]...)
			if len(paths) == 0 && len(pos) > 0 {
				paths = pos[:1]
			}
			for _, p := range paths {
				r.judgeWrite(sc, p, ruleDiskWrite, cmd)
				if c.in.environ {
					r.noteHeld(p, true, "") // gci env: | Out-File e.txt
				}
			}
		}
		return true
	}
}

// psParam is the value parameter a (lower-case) name or prefix stands for,
// "" when it names none: a switch, or a parameter these cmdlets lack.
func psParam(name string) string { return psParamIn(psValueParams, name) }

// psParamIn is the parameter of params a (lower-case) name or prefix
// stands for, "" when it names none.
func psParamIn(params []string, name string) string {
	for _, p := range params {
		if p == name {
			return p
		}
	}
	if len(name) < 2 {
		return ""
	}
	for _, p := range params {
		if strings.HasPrefix(p, name) {
			return p
		}
	}
	return ""
}

// psArray splits PowerShell's a,b array into its items; a value not known
// stays whole.
func psArray(f field) []field {
	if f.dyn || !strings.Contains(f.val, ",") {
		return []field{f}
	}
	var out []field
	for item := range strings.SplitSeq(f.val, ",") {
		g := f
		g.val = strings.Trim(item, `"' `)
		out = append(out, g)
	}
	return out
}

// psStopProcess judges Stop-Process (and kill with PowerShell's
// parameters): a name that is only wildcards or names a process Windows or
// the session needs (windowsHostProcs), the System or Idle process's ID
// (4, 0) by -Id or as the first positional value, or every process from
// Get-Process on its input block (kill-all).
func psStopProcess(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	if c.in.pids == whyAllPids {
		r.finding(ruleKillAll, Command, Block, b+" stops every process Get-Process lists", cmd, "")
		return true
	}
	positional := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn {
			continue
		}
		var name string
		var vals []field
		if len(a.val) > 1 && a.val[0] == '-' && isLetter(a.val[1]) {
			n, attached, hasValue := strings.Cut(asciiLower(a.val[1:]), ":")
			name = n
			switch {
			case hasValue:
				vals = psArray(field{val: attached})
			case psCommonValue(name) || psPrefix("name", name) || psPrefix("processname", name) || psPrefix("id", name) || psPrefix("inputobject", name):
				if i+1 < len(args) {
					i++
					vals = psArray(args[i])
				}
			}
		} else {
			if positional++; positional == 1 {
				name = "id" // Stop-Process 4: -Id is the first positional parameter
			}
			vals = psArray(a)
		}
		for _, v := range vals {
			if v.dyn {
				continue
			}
			switch {
			case (psPrefix("name", name) || psPrefix("processname", name)) && strings.Trim(v.val, "*?") == "":
				r.finding(ruleKillAll, Command, Block, b+" -Name "+v.val+" stops every process", cmd, "")
				return true
			case (psPrefix("name", name) || psPrefix("processname", name)) && windowsHostProc(v.val):
				r.finding(ruleKillAll, Command, Block, b+" -Name "+v.val+" stops a process Windows or the session cannot run without", cmd, "")
				return true
			case psPrefix("id", name) && (v.val == "4" || v.val == "0"):
				r.finding(ruleKillAll, Command, Block, b+" -Id "+v.val+" stops Windows's System process, which stops the host", cmd, "")
				return true
			}
		}
	}
	return true
}

// psCommonValue reports whether name (lower case, a prefix or an alias)
// is one of PowerShell's common parameters that take a value
// (-ErrorAction, -ea, -OutVariable, ...).
func psCommonValue(name string) bool {
	switch name {
	case "ea", "wa", "infa", "ev", "wv", "iv", "ov", "ob", "pv":
		return true
	}
	for _, p := range []string{"erroraction", "warningaction", "informationaction", "errorvariable", "warningvariable",
		"informationvariable", "outvariable", "outbuffer", "pipelinevariable", "computername"} {
		if len(name) >= 3 && psPrefix(p, name) {
			return true
		}
	}
	return false
}

// psUnixKill judges kill written with PowerShell's parameters (kill -Name
// *, kill -Id 4: in PowerShell kill is Stop-Process) as Stop-Process.
func psUnixKill(r *run, sc *scope, args []field, c ctx, cmd string) {
	for _, a := range args {
		if a.dyn || len(a.val) < 3 || a.val[0] != '-' {
			continue
		}
		n, _, _ := strings.Cut(asciiLower(a.val[1:]), ":")
		if len(n) >= 2 && (psPrefix("name", n) || psPrefix("processname", n) || psPrefix("inputobject", n)) || n == "id" {
			psStopProcess(r, sc, "kill", args, c, cmd)
			return
		}
	}
}

// psPrefix reports whether name (lower case) is a prefix PowerShell reads
// as the parameter full.
func psPrefix(full, name string) bool {
	return name != "" && strings.HasPrefix(full, name)
}

// psEnvReaders are the names (in lower case) under which PowerShell reads
// an item of a drive: its cmdlets and their aliases.
var psEnvReaders = map[string]bool{"get-childitem": true, "gci": true, "dir": true, "ls": true, "get-item": true, "gi": true,
	"get-content": true, "gc": true, "cat": true, "type": true, "get-itemproperty": true, "gp": true, "get-itempropertyvalue": true, "gpv": true}

// psEnvDrive reports whether fs, a command's words, read PowerShell's Env:
// drive: the whole environment (gci env:, dir Env:\, gi env:*), the
// variables a wildcard matches (ls env:*TOKEN*), or one whose name says it
// holds a credential (gc env:GITHUB_TOKEN). Its output holds what the
// environment holds, as env's does. The drive's name is read in any case,
// with -Path or -LiteralPath given or not.
func psEnvDrive(fs []field) bool {
	if len(fs) < 2 || fs[0].dyn || !psEnvReaders[asciiLower(base(fs[0].val))] {
		return false
	}
	for _, a := range fs[1:] {
		if a.dyn {
			continue
		}
		v := a.val
		if !strings.Contains(v, ":") {
			continue // no drive
		}
		if len(v) > 1 && v[0] == '-' {
			_, attached, ok := strings.Cut(v, ":")
			if !ok {
				continue // a switch, or a parameter whose value follows
			}
			v = attached
		}
		for _, item := range psArray(field{val: v}) {
			rest, ok := envDrivePath(item.val)
			if !ok {
				continue
			}
			if rest == "" || strings.ContainsAny(rest, "*?[") || credentialName(strings.ToUpper(rest)) {
				return true
			}
		}
	}
	return false
}

// wmiCommandLine finds the CommandLine key of a hashtable written as
// Invoke-CimMethod's -Arguments (@{CommandLine="cmd /c ..."}).
var wmiCommandLine = regexp.MustCompile(`(?i)commandline\s*=\s*(?:"([^"]*)"|'([^']*)'|([^;}]*))`)

// wmiMethod judges Invoke-WmiMethod and Invoke-CimMethod: Win32_Process's
// Create starts a command line (-ArgumentList's first item, or
// -Arguments @{CommandLine=...}), judged as Start-Process's is, and any
// other method of it (Terminate) or a call whose command line is not found
// asks; a method on another class or path the command names changes the
// system through WMI (a service's, a share's, the registry's) and asks.
func wmiMethod(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	line := strings.Join(fieldVals(args), " ")
	low := asciiLower(line)
	if !strings.Contains(low, "win32_process") {
		r.finding(ruleSystemAdmin, Command, Ask, b+" calls a WMI method, which may change the system", cmd, "")
		return true
	}
	if m := wmiCommandLine.FindStringSubmatch(line); m != nil {
		// -Arguments @{CommandLine=CMD}, its words as the shell split them
		// joined again.
		startLine(r, sc, []field{{val: strings.TrimSpace(m[1] + m[2] + m[3])}}, c, cmd)
		return true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		n := asciiLower(psParamName(a.val))
		switch {
		case a.dyn && a.val == "":
			r.finding(ruleDynamicName, Dynamic, Ask, b+" starts a process whose command line is not known before it runs", cmd, "")
			return true
		case strings.HasPrefix(n, "-a") && i+1 < len(args) && !strings.Contains(a.val, ":"):
			// -ArgumentList CMD: Create's first argument is the command
			// line.
			i++
			v := args[i]
			if items := psArray(v); len(items) > 0 {
				v = items[0]
			}
			if v.dyn {
				r.finding(ruleDynamicName, Dynamic, Ask, b+" starts a process whose command line is not known before it runs", cmd, "")
				return true
			}
			startLine(r, sc, []field{v}, c, cmd)
			return true
		}
	}
	r.finding(ruleDynamicName, Dynamic, Ask, b+" starts a process whose command line the analyser does not find", cmd, "")
	return true
}

// startValueParams are Start-Process's parameters that take a value, by
// their full names in lower case, with their aliases.
var startValueParams = []string{"filepath", "argumentlist", "workingdirectory", "redirectstandardoutput", "redirectstandarderror",
	"redirectstandardinput", "verb", "windowstyle", "credential", "environment", "path", "pspath", "args", "rso", "rse", "rsi", "runas"}

// startProcess judges Start-Process (saps, and start, its alias in
// PowerShell and cmd's own command): the program -FilePath or the first
// value names runs with -ArgumentList or the values after it, their items
// joined by spaces as Start-Process joins them, and that line is judged as
// a command line (as bash and, on Windows, as cmd and PowerShell read it).
// cmd's start reads its /OPTIONS first and a first word that is empty or
// holds a space as the window's title: that reading is judged too, the
// stricter standing. A program or an argument list not known asks.
func startProcess(r *run, sc *scope, b string, args []field, c ctx, cmd string) bool {
	var line, pos []field
	var wd *field // -WorkingDirectory
	prog := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.dyn || len(a.val) < 2 || a.val[0] != '-' || !isLetter(a.val[1]) || strings.ContainsAny(psParamName(a.val), " \t\n") {
			// A word whose name part holds a blank is a quoted value ('-c
			// CMD'), not a parameter (-ArgumentList:"/c rd ..." is one).
			pos = append(pos, a)
			continue
		}
		name, attached, hasValue := strings.Cut(asciiLower(a.val[1:]), ":")
		full := psParamIn(startValueParams, name)
		if full == "" {
			continue // a switch (-Wait, -NoNewWindow, -PassThru)
		}
		v := field{val: attached}
		if !hasValue {
			if i+1 >= len(args) {
				break
			}
			i++
			v = args[i]
		}
		switch full {
		case "filepath", "path", "pspath":
			line, prog = append([]field{v}, line...), true
		case "workingdirectory":
			wd = &v
		case "argumentlist", "args":
			line = append(line, psArray(v)...)
		case "redirectstandardoutput", "redirectstandarderror", "rso", "rse":
			r.judgeWrite(sc, v, ruleDiskWrite, cmd)
		}
	}
	// Positional values: the program first when -FilePath is not given,
	// then the argument list (PowerShell takes one more value; cmd's start
	// takes all of them).
	for i, p := range pos {
		if i == 0 && !prog {
			line, prog = append([]field{p}, line...), true
			continue
		}
		line = append(line, psArray(p)...)
	}
	c.in = input{}
	if wd != nil {
		// The line runs in -WorkingDirectory: judged as cd DIR && LINE.
		if wd.dyn {
			r.finding(ruleDynamicTarget, Dynamic, Ask, b+" runs its program in a folder that is not known", cmd, "")
		} else {
			line = append([]field{{val: "cd"}, {val: shellQuoted(wd.val)}, {val: "&&"}}, line...)
		}
	}
	startLine(r, sc, line, c, cmd)
	if b == "start" && len(args) > 1 {
		// cmd's start ["TITLE"] [/D PATH] [/B /WAIT /MIN ...] PROGRAM
		// ARGS runs the program with its arguments as written. The
		// title's quotes are gone from the words: the command is judged
		// with the first word read as a title and without.
		r.next(sc, cmdStartOptions(args), c)
		if !args[0].dyn && !strings.HasPrefix(args[0].val, "/") {
			r.next(sc, cmdStartOptions(args[1:]), c)
		}
	}
	return true
}

// cmdStartOptions drops cmd's start options (/B, /WAIT, /D PATH, /NODE N,
// /AFFINITY MASK, ...) from the front of args.
func cmdStartOptions(args []field) []field {
	for len(args) > 0 && !args[0].dyn && len(args[0].val) > 1 && args[0].val[0] == '/' && !strings.Contains(args[0].val[1:], "/") {
		if o := asciiLower(args[0].val); (o == "/d" || o == "/node" || o == "/affinity") && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	return args
}

// startLine judges words a starter runs as one command line, asking when
// one of them is not known.
func startLine(r *run, sc *scope, words []field, c ctx, cmd string) {
	if len(words) == 0 {
		return
	}
	text, ok := joinedText(words)
	if !ok {
		r.finding(ruleDynamicName, Dynamic, Ask, "the program started, or its arguments, are not known before the command runs", cmd, "")
		return
	}
	r.judgeReadings(sc, text, c)
}

// envDrivePath returns what follows the Env: drive in p, in any case, or
// its provider path (Environment::, Microsoft.PowerShell.Core\Environment::),
// without the separators after it.
func envDrivePath(p string) (string, bool) {
	for _, prefix := range []string{"env:", `microsoft.powershell.core\environment::`, "microsoft.powershell.core/environment::", "environment::"} {
		if len(p) >= len(prefix) && strings.EqualFold(p[:len(prefix)], prefix) {
			return strings.TrimLeft(p[len(prefix):], `\/`), true
		}
	}
	return "", false
}

// psParamName is a PowerShell parameter word's name part: up to its
// colon, the whole word without one.
func psParamName(v string) string {
	name, _, _ := strings.Cut(v, ":")
	return name
}
