package hardline

import "strings"

// Constructors that keep the catalogue files readable as tables.

// opt is an option taking one value with a role.
func opt(role Role, names ...string) Option { return Option{Names: names, Takes: 1, Role: role} }

// attachedOnly is an option whose value is given only attached to it
// (--wd=DIR, -wDIR); alone it is a flag (see Option.attachedOnly).
func attachedOnly(role Role, names ...string) Option {
	return Option{Names: names, Takes: 1, Role: role, attachedOnly: true}
}

// val is an option taking one value that is data.
func val(names ...string) Option { return Option{Names: names, Takes: 1} }

// flag is an option taking no value, with a role.
func flag(role Role, names ...string) Option { return Option{Names: names, Role: role} }

// keyed is an option whose KEY=VALUE value has a role when KEY matches.
func keyed(role Role, key string, names ...string) Option {
	return Option{Names: names, Takes: 1, Role: role, Key: key}
}

// vals lists options taking a data value: short letters ("nq") and long
// names.
func vals(short string, long ...string) []Option {
	var out []Option
	for _, c := range short {
		out = append(out, val("-"+string(c)))
	}
	for _, l := range long {
		out = append(out, val(l))
	}
	return out
}

// operand gives one operand a role; rest gives it to every later one too.
func operand(i int, role Role) Operand  { return Operand{Index: i, Role: role} }
func operands(i int, role Role) Operand { return Operand{Index: i, Rest: true, Role: role} }

// wrapper is a program that runs the command line after its options and
// pos positional arguments (nice -n 5 CMD, timeout 5 CMD, chroot DIR CMD).
func wrapper(family, summary, short string, long []string, pos int, names ...string) Entry {
	e := Entry{Names: names, Family: family, Summary: summary, Options: vals(short, long...)}
	for i := 0; i < pos; i++ {
		e.Operands = append(e.Operands, operand(i, RoleData))
	}
	e.Operands = append(e.Operands, operand(pos, RoleCommand))
	return e
}

// shellByDefault marks an entry whose program starts a shell when given
// no command (see Entry.shellDefault).
func shellByDefault(e Entry) Entry {
	e.shellDefault = true
	return e
}

// names splits a space-separated list.
func names(s string) []string { return strings.Fields(s) }

func hasPrefix(s, p string) bool       { return strings.HasPrefix(s, p) }
func contains(s, sub string) bool      { return strings.Contains(s, sub) }
func containsAny(s, chars string) bool { return strings.ContainsAny(s, chars) }
