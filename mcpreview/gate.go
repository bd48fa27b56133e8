package mcpreview

import (
	"errors"
	"fmt"

	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/toolmeta"
)

// The reason codes of a denied MCP tool. They are stable strings in the
// form of policy's reason codes.
const (
	// ReasonNotReviewed: nobody has reviewed the connection.
	ReasonNotReviewed policy.Reason = "mcp.not-reviewed"
	// ReasonIdentityChanged: the connection's identity (transport, URL or
	// command line, launch configuration) differs from the one reviewed;
	// every tool of it is disabled.
	ReasonIdentityChanged policy.Reason = "mcp.identity-changed"
	// ReasonFingerprintChanged: the tool was selected, but its metadata in
	// the fresh listing differs from what was reviewed.
	ReasonFingerprintChanged policy.Reason = "mcp.fingerprint-changed"
	// ReasonNotSelected: the tool was not selected, was new since the
	// review, or is missing from the fresh listing.
	ReasonNotSelected policy.Reason = "mcp.not-selected"
	// ReasonInvalidListing: the connection description or the tool's
	// listing entry is invalid (a blank or repeated name, a schema that
	// cannot be read), or the review could not be read.
	ReasonInvalidListing policy.Reason = "mcp.invalid-listing"
)

// Reasons lists the reason codes of this package.
func Reasons() []policy.Reason {
	return []policy.Reason{ReasonNotReviewed, ReasonIdentityChanged, ReasonFingerprintChanged, ReasonNotSelected, ReasonInvalidListing}
}

// Result is what a fresh listing of a connection allows. Its zero value
// allows no tool.
type Result struct {
	// Connection is the connection's name.
	Connection string
	// Usable are the tools that were selected at review and whose metadata
	// still matches, in listing order.
	Usable []Tool
	// Denied holds a deny decision for every other tool of the listing, by
	// tool name.
	Denied map[string]policy.Decision
}

// Check is the adapter a host calls before Evaluate, each time it has a
// fresh tools/list response from a connection (and before it offers the
// tools to a model): it returns the tools that may be used and a deny
// decision for every other one. Only a tool that a person selected, from a
// connection whose identity is unchanged, whose metadata matches its
// reviewed fingerprint, is usable; new tools start disabled. When the
// review cannot be read or the input is invalid, every tool is denied and
// the error says why.
func (s *Store) Check(conn Connection, listing []Tool) (Result, error) {
	res := Result{Connection: conn.Name, Denied: map[string]policy.Decision{}}
	denyAll := func(r policy.Reason, msg string) {
		for _, t := range listing {
			res.Denied[t.Name] = deny(t.Name, r, msg)
		}
	}
	_, identity, err := conn.Identity()
	if err != nil {
		denyAll(ReasonInvalidListing, "the connection description is invalid: "+err.Error())
		return res, err
	}
	rev, err := s.Load(conn.Name)
	switch {
	case errors.Is(err, ErrNotReviewed):
		denyAll(ReasonNotReviewed, fmt.Sprintf("connection %s has not been reviewed; run toolgate mcp review", conn.Name))
		return res, nil
	case err != nil:
		denyAll(ReasonInvalidListing, "the review cannot be read: "+err.Error())
		return res, err
	case rev.Identity != identity:
		denyAll(ReasonIdentityChanged, fmt.Sprintf("connection %s changed since its review (transport, URL, command or launch configuration); review it again", conn.Name))
		return res, nil
	}
	// Names that differ only in case, '_' or '-' are one name to a host
	// that matches them loosely (or rewrites them to fit a model's rules
	// for function names): the listing is ambiguous.
	seen := map[string]int{}
	for _, t := range listing {
		seen[toolmeta.CollisionKey(t.Name)]++
	}
	for _, t := range listing {
		want, selected := rev.Selected[t.Name]
		fp, fperr := t.Fingerprint()
		switch {
		case seen[toolmeta.CollisionKey(t.Name)] > 1:
			res.Denied[t.Name] = deny(t.Name, ReasonInvalidListing, fmt.Sprintf("the listing names tool %q more than once, counting names that differ only in case, '_' or '-'", t.Name))
		case fperr != nil:
			res.Denied[t.Name] = deny(t.Name, ReasonInvalidListing, fperr.Error())
		case !selected:
			res.Denied[t.Name] = deny(t.Name, ReasonNotSelected, fmt.Sprintf("tool %q of %s was not selected at review (new tools start disabled)", t.Name, conn.Name))
		case fp != want:
			res.Denied[t.Name] = deny(t.Name, ReasonFingerprintChanged, fmt.Sprintf("the name, description, schema or annotations of tool %q of %s changed since its review; review it again", t.Name, conn.Name))
		default:
			res.Usable = append(res.Usable, t)
		}
	}
	return res, nil
}

func deny(tool string, r policy.Reason, msg string) policy.Decision {
	return policy.Decision{Verdict: policy.Deny, Reason: r, Rule: tool, Interaction: policy.Unattended, Message: msg}
}

// Decide returns the deny decision for a call to tool, named as the MCP
// server lists it, and false when the tool is usable and the call goes on
// to Evaluate. A tool the listing lacks is denied as not selected.
func (r Result) Decide(callID, tool string) (policy.Decision, bool) {
	for _, t := range r.Usable {
		if t.Name == tool {
			return policy.Decision{}, false
		}
	}
	d, ok := r.Denied[tool]
	if !ok {
		d = deny(tool, ReasonNotSelected, fmt.Sprintf("tool %q is not in the fresh listing of %s", tool, r.Connection))
	}
	d.ID = callID
	return d, true
}
