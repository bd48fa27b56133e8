package delegation

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/toolgate/toolgate/policy"
)

// Fold derives the authority of every agent in defs, keyed by agent ID. An
// agent whose Parent is empty derives from top; any other derives from the
// authority of its parent agent, so a chain of any depth folds the
// intersection from the top down. Each agent is derived once.
//
// The narrowings of every agent are returned with their Agent set, in
// agent-ID order. On error the map is nil, and the error joins every
// problem found (each a *FieldError naming the agent and field, such as
// `agents.scout.parent: unknown agent "x"`): invalid agent IDs, malformed
// definitions, tools tools does not know, unknown parents, cycles (one error per cycle, a self-parent
// included) and children of agents that may not delegate. Agents below a
// failed agent are not derived and not reported again.
func Fold(top policy.Authority, defs map[string]Definition, tools policy.ToolSource) (map[string]policy.Authority, []Narrowing, error) {
	ids := slices.Sorted(maps.Keys(defs))
	var errs []error
	fail := func(agent, field string, err error, format string, args ...any) {
		errs = append(errs, &FieldError{Agent: agent, Field: field, Err: err, Detail: fmt.Sprintf(format, args...)})
	}

	const (
		pending = iota
		failed
		done
	)
	state := make(map[string]int, len(defs))
	reqs := make(map[string]request, len(defs))
	invalid := make(map[string]bool)
	for _, id := range ids {
		if msg := checkAgentID(id); msg != "" {
			fail(id, "", ErrInvalid, "%s", msg)
			invalid[id] = true
		}
		req, err := validate(id, defs[id], tools)
		if err != nil {
			errs = append(errs, err)
			invalid[id] = true
		}
		reqs[id] = req
	}

	out := make(map[string]policy.Authority, len(defs))
	narrowed := make(map[string][]Narrowing, len(defs))
	for _, id := range ids {
		// Walk up to an agent already settled, or the top, or a problem.
		var chain []string
		onChain := map[string]int{}
		cur := id
		ok := true
		for cur != "" && state[cur] == pending {
			if i, seen := onChain[cur]; seen {
				reportCycle(chain[i:], fail)
				ok = false
				break
			}
			onChain[cur] = len(chain)
			chain = append(chain, cur)
			parent := defs[cur].Parent
			if _, known := defs[parent]; parent != "" && !known {
				fail(cur, "parent", ErrUnknownParent, "unknown agent %q", parent)
				ok = false
				break
			}
			cur = parent
		}
		if cur != "" && state[cur] == failed {
			ok = false
		}
		if !ok {
			for _, c := range chain {
				state[c] = failed
			}
			continue
		}
		// Derive down the chain, parent first. The parents of a malformed
		// agent were checked above; the agents below it are not derived.
		for i := len(chain) - 1; i >= 0; i-- {
			c := chain[i]
			if invalid[c] {
				for _, below := range chain[:i+1] {
					state[below] = failed
				}
				break
			}
			parent := top
			if p := defs[c].Parent; p != "" {
				parent = out[p]
			}
			a, ns, err := derive(c, parent, reqs[c], tools)
			if err != nil {
				var fe *FieldError
				if errors.As(err, &fe) && errors.Is(err, ErrNoDelegation) && defs[c].Parent != "" {
					fe.Detail = fmt.Sprintf("agent %q may not start sub-agents", defs[c].Parent)
				}
				errs = append(errs, err)
				for _, below := range chain[:i+1] {
					state[below] = failed
				}
				break
			}
			out[c], narrowed[c], state[c] = a, ns, done
		}
	}

	var all []Narrowing
	for _, id := range ids {
		all = append(all, narrowed[id]...)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, all, err
	}
	return out, all, nil
}

// reportCycle reports one cycle of parents, on its least agent ID.
func reportCycle(cycle []string, fail func(agent, field string, err error, format string, args ...any)) {
	if len(cycle) == 1 {
		fail(cycle[0], "parent", ErrCycle, "agent %q names itself as its parent", cycle[0])
		return
	}
	least := 0
	for i, c := range cycle {
		if c < cycle[least] {
			least = i
		}
	}
	order := slices.Concat(cycle[least:], cycle[:least], cycle[least:least+1])
	quoted := make([]string, len(order))
	for i, c := range order {
		quoted[i] = fmt.Sprintf("%q", c)
	}
	fail(cycle[least], "parent", ErrCycle, "parent cycle: %s", strings.Join(quoted, " -> "))
}
