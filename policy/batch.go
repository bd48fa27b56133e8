package policy

import (
	"errors"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/toolgate/toolgate/toolmeta"
)

// BatchLimits bounds a model response's list of tool calls. A field that is
// zero or negative takes its default; no limit can be switched off.
type BatchLimits struct {
	// MaxCalls is the most calls one list may hold (default
	// DefaultMaxBatchCalls).
	MaxCalls int
	// MaxCallBytes bounds the size of one call: the bytes of its id, tool,
	// session, task, goal, agent and surface, of every argument key and
	// string value, plus 8 for every other argument value (a number, a
	// bool, null, a list); an object counts its keys and values only. A
	// call of exactly MaxCallBytes passes (default DefaultMaxCallBytes).
	MaxCallBytes int
	// MaxArgDepth bounds the nesting of a call's arguments: the args object
	// is at depth 0, an object or array inside it at depth 1, and so on
	// (default DefaultMaxArgDepth, the depth the toolgate command's reader
	// accepts).
	MaxArgDepth int
	// MaxNameBytes bounds the length of a call's id and tool name (default
	// DefaultMaxNameBytes).
	MaxNameBytes int
}

// The default batch limits.
const (
	DefaultMaxBatchCalls = 128
	DefaultMaxCallBytes  = 4 << 20
	DefaultMaxArgDepth   = 64
	DefaultMaxNameBytes  = 256
)

// withDefaults fills every zero or negative field with its default.
func (l BatchLimits) withDefaults() BatchLimits {
	set := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	set(&l.MaxCalls, DefaultMaxBatchCalls)
	set(&l.MaxCallBytes, DefaultMaxCallBytes)
	set(&l.MaxArgDepth, DefaultMaxArgDepth)
	set(&l.MaxNameBytes, DefaultMaxNameBytes)
	return l
}

// ErrBatchInvalid is the sentinel a *[BatchError] matches with errors.Is.
var ErrBatchInvalid = errors.New("policy: invalid list of tool calls")

// BatchProblem is one fault of a list of calls. Index is the call's index,
// or -1 for a fault of the list as a whole; Field names the call's field
// ("id", "tool", "args" or an argument path such as "args.path[2]").
type BatchProblem struct {
	Index int
	Field string
	Msg   string
}

// String returns the problem as "calls[2].id: blank".
func (p BatchProblem) String() string {
	if p.Index < 0 {
		return "calls: " + p.Msg
	}
	if p.Field == "" {
		return fmt.Sprintf("calls[%d]: %s", p.Index, p.Msg)
	}
	return fmt.Sprintf("calls[%d].%s: %s", p.Index, p.Field, p.Msg)
}

// BatchError is a list of calls refused whole; it lists every problem in
// the order of the calls. It matches [ErrBatchInvalid].
type BatchError struct {
	Problems []BatchProblem
}

// Error lists every problem, one a line.
func (e *BatchError) Error() string {
	var b strings.Builder
	b.WriteString("policy: the list of tool calls is refused whole, none of it runs:")
	for _, p := range e.Problems {
		b.WriteString("\n\t")
		b.WriteString(p.String())
	}
	return b.String()
}

// Is reports whether target is [ErrBatchInvalid].
func (e *BatchError) Is(target error) bool { return target == ErrBatchInvalid }

// ValidateBatch checks a model response's whole list of tool calls before
// any of them is evaluated or run. Every id and tool name must be non-blank
// (not empty, not only white space), valid UTF-8 and at most
// lim.MaxNameBytes long; ids must be unique within the list; the list, each
// call's size and its arguments' depth must be within lim; arguments must
// be JSON values (strings, numbers, booleans, nil, map[string]any, []any)
// or []string.
// One fault refuses the whole list, so no valid-looking prefix runs: the
// host dispatches nothing and answers each call with [DenyBatch]. It
// returns nil or a *[BatchError] listing every problem with its index.
//
// It does not replace [Engine.Evaluate]: a valid list is then evaluated
// call by call, and an unknown but well-formed tool name goes the way of
// any unknown tool. See docs/security-model.md, Batches.
func ValidateBatch(calls []Call, lim BatchLimits) error {
	lim = lim.withDefaults()
	if len(calls) > lim.MaxCalls {
		return &BatchError{[]BatchProblem{{Index: -1, Msg: fmt.Sprintf("%d calls, more than the %d one list may hold", len(calls), lim.MaxCalls)}}}
	}
	var problems []BatchProblem
	add := func(i int, field, format string, args ...any) {
		problems = append(problems, BatchProblem{i, field, fmt.Sprintf(format, args...)})
	}
	first := make(map[string]int, len(calls))
	for i := range calls {
		c := &calls[i]
		for _, f := range [...]struct{ name, v string }{{"id", c.ID}, {"tool", c.Tool}} {
			switch {
			case strings.TrimSpace(f.v) == "":
				add(i, f.name, "blank")
			case len(f.v) > lim.MaxNameBytes:
				add(i, f.name, "%d bytes, more than %d", len(f.v), lim.MaxNameBytes)
			case !utf8.ValidString(f.v):
				add(i, f.name, "not valid UTF-8")
			}
		}
		if j, dup := first[c.ID]; dup && strings.TrimSpace(c.ID) != "" {
			add(i, "id", "%q is also the id of calls[%d]", c.ID, j)
		} else if !dup {
			first[c.ID] = i
		}
		w := argWalk{limit: lim.MaxCallBytes, maxDepth: lim.MaxArgDepth, path: []string{"args"}}
		w.size = len(c.ID) + len(c.Tool) + len(c.Session) + len(c.Task) + len(c.Goal) + len(c.Agent) + len(c.Surface)
		if c.Args != nil {
			w.value(c.Args, 0)
		}
		if w.problem != "" {
			add(i, w.field, "%s", w.problem)
		} else if w.size > w.limit {
			add(i, "", "larger than %d bytes", lim.MaxCallBytes)
		}
	}
	if problems != nil {
		return &BatchError{problems}
	}
	return nil
}

// argWalk measures a call's arguments and stops at the first problem, or
// as soon as the size is over the limit, so a huge or cyclic value costs no
// more than the limits. It keeps the path to the current value as a stack
// of segments and formats it only for a problem.
type argWalk struct {
	size, limit, maxDepth int
	path                  []string
	problem, field        string
}

func (w *argWalk) stop() bool { return w.problem != "" || w.size > w.limit }

func (w *argWalk) fail(format string, args ...any) {
	w.problem, w.field = fmt.Sprintf(format, args...), strings.Join(w.path, "")
}

// value measures v, at depth depth (the args object is at 0).
func (w *argWalk) value(v any, depth int) {
	switch v.(type) {
	case map[string]any, []any, []string:
		if depth > w.maxDepth {
			w.fail("nested deeper than %d", w.maxDepth)
			return
		}
	}
	switch v := v.(type) {
	case string:
		w.size += len(v)
	case map[string]any:
		for k, e := range v {
			w.size += len(k)
			w.path = append(w.path, "."+k)
			w.value(e, depth+1)
			w.path = w.path[:len(w.path)-1]
			if w.stop() {
				return
			}
		}
	case []any:
		w.size += 8
		for i, e := range v {
			w.path = append(w.path, fmt.Sprintf("[%d]", i))
			w.value(e, depth+1)
			w.path = w.path[:len(w.path)-1]
			if w.stop() {
				return
			}
		}
	case []string:
		w.size += 8 // the list, as for []any
		for _, e := range v {
			w.size += len(e)
		}
	case nil, bool, float64, float32, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		w.size += 8
	default:
		w.fail("a %T is not a JSON value", v)
	}
}

// DenyBatch answers every call of a refused list: each gets a deny with
// reason call.invalid, its own problems in the message, or, for a call with
// none, the note that another call of the list is invalid. Pass the error
// [ValidateBatch] returned; the decisions are in the order of calls.
func DenyBatch(calls []Call, err error) []Decision {
	per := map[int][]string{}
	var whole []string
	var be *BatchError
	if errors.As(err, &be) {
		for _, p := range be.Problems {
			if p.Index < 0 {
				whole = append(whole, p.String())
			} else {
				per[p.Index] = append(per[p.Index], p.String())
			}
		}
	}
	out := make([]Decision, len(calls))
	for i, c := range calls {
		msg := "the list of calls is refused whole: "
		switch {
		case per[i] != nil:
			msg += strings.Join(per[i], "; ")
		case whole != nil:
			msg += strings.Join(whole, "; ")
		default:
			msg += "another call in it is invalid"
		}
		out[i] = Decision{ID: c.ID, Verdict: Deny, Reason: ReasonCallInvalid, Interaction: Unattended, Message: msg}
	}
	return out
}

// SequenceBatch tightens the decisions of a list of calls decided whole
// before any of it runs (ds in the order of the calls, as Engine.Evaluate
// gave them). A command that runs a script from a file was judged by what
// the file held before the list ran (a target "script PATH ..."); when an
// earlier call of the list that is not denied may write that file first
// (a call whose tool writes one of its path targets, or any exec call,
// which may write anything), the later call's allow becomes
// approval-required with reason hardline.dynamic, and the host decides it
// again after the earlier calls have run. So does a call allowed with a
// path target (a path argument or a working folder, resolved through the
// links on disk) after an exec call that is not denied: that call may
// make a link on the path's way. A deny stays a deny. See
// docs/security-model.md, Batches.
func SequenceBatch(ds []Decision) {
	written := map[string]string{} // path targets of earlier writers, to their call's ID
	anyWriter := ""                // an earlier exec call's ID
	for i := range ds {
		d := &ds[i]
		if d.Verdict == Allow {
			for _, t := range d.Targets {
				why := ""
				if p, ok := scriptPath(t.Value); ok {
					by, hit := written[p]
					if !hit {
						by, hit = writtenUnder(written, p)
					}
					if !hit && anyWriter != "" {
						by, hit = anyWriter, true
					}
					if hit {
						why = "the command runs " + p + ", which call " + quote(by) + " before it in the same list may write"
					}
				} else if t.Resolved != "" && anyWriter != "" {
					// A path was resolved through the links there were
					// before the list ran: an exec call before it may make
					// one on its way (ln -s ~/.config cfg, then a write of
					// cfg/autostart/x), and it would lead elsewhere.
					why = "argument " + quote(t.Argument) + " names " + t.Resolved + ", resolved before call " + quote(anyWriter) + " of the same list runs, which may make a link on its way"
				}
				if why != "" {
					d.Verdict, d.Reason, d.Rule = ApprovalRequired, ReasonHardlineDynamic, ""
					d.Message = why + ": decide it again after that call has run"
					break
				}
			}
		}
		if d.Verdict == Deny || d.Risk == toolmeta.RiskRead {
			continue
		}
		if d.Risk == toolmeta.RiskExec && anyWriter == "" {
			anyWriter = d.ID
		}
		for _, t := range d.Targets {
			if t.Resolved != "" {
				if _, ok := written[t.Resolved]; !ok {
					written[t.Resolved] = d.ID
				}
			}
		}
	}
}

// writtenUnder returns the ID of a call whose written path p, a pattern
// (a runner reads every file it matches, or every folder's file: a
// monorepo's packages/*), matches, or whose written path lies in a folder
// p matches; false when p is no pattern or none does.
func writtenUnder(written map[string]string, p string) (string, bool) {
	pat := filepath.ToSlash(p)
	if !strings.ContainsAny(pat, "*?[") {
		return "", false
	}
	for _, w := range slices.Sorted(maps.Keys(written)) {
		for q := filepath.ToSlash(w); ; q = path.Dir(q) {
			if m, _ := path.Match(pat, q); m {
				return written[w], true
			}
			if q == path.Dir(q) || q == "." {
				break
			}
		}
	}
	return "", false
}
