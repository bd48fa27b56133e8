package policyfile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
)

// ErrExample: a rule's example call is not selected by the rule although
// it is listed under match, or is selected although it is listed under
// noMatch.
var ErrExample = errors.New("policyfile: a rule example fails")

// Rule is a rule as the policy file writes it: a policy.Rule, whose keys
// it takes, with examples of the calls it is meant to select and not to
// select.
type Rule struct {
	policy.Rule
	// Examples are checked when the policy loads; nil means none.
	Examples *RuleExamples `json:"examples,omitempty"`
}

// RuleExamples are calls a rule must select (Match) and must not select
// (NoMatch). Each is a call object as eval reads it (tool, args, ...).
// An example is judged as a top-level call (its agent is ignored) by an
// engine in allow mode with the file's tools, roots and hardline and this
// rule alone: the rule selects it when the decision names the rule. A
// call that an earlier step decides (a path outside the roots, a hardline
// rule, a malformed call) is not selected, and the failure says why.
type RuleExamples struct {
	Match   []policy.Call `json:"match,omitempty"`
	NoMatch []policy.Call `json:"noMatch,omitempty"`
}

// policyRules returns the rules as package policy reads them.
func policyRules(rs []Rule) []policy.Rule {
	out := make([]policy.Rule, len(rs))
	for i, r := range rs {
		out[i] = r.Rule
	}
	return out
}

// loadRuleExamples checks every rule's examples. It runs after the rules,
// roots, tools and hardline phases, on what they could build.
func (l *loader) loadRuleExamples() {
	if !l.rulesOK || l.home == "" {
		return // the rules' or the home folder's problems are reported already
	}
	var live *roots.Live
	if l.set != nil {
		live = roots.NewLive(l.set)
	}
	for i, r := range l.file.Rules {
		if r.Examples == nil {
			continue
		}
		cfg := policy.Config{Mode: policy.ModeAllow, Tools: l.tools, Rules: []policy.Rule{r.Rule},
			Home: l.home, Hardline: l.hard}
		if live != nil {
			cfg.Roots = live
		}
		e, err := policy.New(cfg)
		if err != nil {
			l.badErr(index("rules", i), err)
			continue
		}
		for _, ex := range []struct {
			field string
			calls []policy.Call
			want  bool
		}{{"match", r.Examples.Match, true}, {"noMatch", r.Examples.NoMatch, false}} {
			for j, c := range ex.calls {
				at := index(fmt.Sprintf("rules[%d].examples.%s", i, ex.field), j)
				if l.shapeBadBelow(at) {
					continue // the example was not read whole; its problem is reported
				}
				if c.Tool != "" && !l.listed(c.Tool) {
					l.bad(at+".tool", "%s", l.unknownTool(c.Tool))
					continue
				}
				c.Agent = ""
				d := e.Evaluate(c)
				if got := d.Rule == r.ID && (d.Reason == policy.ReasonRuleAsk || d.Reason == policy.ReasonRuleDeny); got != ex.want {
					l.report(&Problem{Path: at, Msg: exampleMsg(r.ID, ex.want, c, d), Err: ErrExample})
				}
			}
		}
	}
}

func exampleMsg(rule string, want bool, c policy.Call, d policy.Decision) string {
	if want {
		return fmt.Sprintf("rule %q does not select this call to %q, listed under match (decided %s by %s: %s)",
			rule, c.Tool, d.Verdict, d.Reason, d.Message)
	}
	return fmt.Sprintf("rule %q selects this call to %q, listed under noMatch", rule, c.Tool)
}

// shapeBadBelow reports whether the keys-and-types phase found a problem
// at or below path.
func (l *loader) shapeBadBelow(path string) bool {
	for p := range l.shapeBad {
		if p == path || strings.HasPrefix(p, path+".") || strings.HasPrefix(p, path+"[") {
			return true
		}
	}
	return false
}
