package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/toolgate/toolgate/internal/jsonl"
	"github.com/toolgate/toolgate/policy"
)

// evalBatchStream decides the lists of calls of r, one JSON array of call
// objects a line (a model response's whole list), and writes one JSON array
// of decisions a line, in order. A list is validated whole first
// (policy.ValidateBatch): a malformed call, a blank id or tool name, a
// duplicate id or a limit exceeded denies every call of the list with
// reason call.invalid, and none of it is evaluated. A line that is not a
// JSON array yields one deny with an empty id. A line longer than maxLine
// bytes stops the run with an error.
func evalBatchStream(e evaluator, r io.Reader, out *bufio.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var buf []byte
	for sc.Scan() {
		line := sc.Bytes()
		if blank(line) {
			continue
		}
		ds := decideBatch(e, line)
		buf = append(buf[:0], '[')
		for i := range ds {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = jsonl.AppendDecision(buf, &ds[i])
		}
		buf = append(buf, "]\n"...)
		if _, err := out.Write(buf); err != nil {
			return err
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("a list of calls longer than %d bytes", maxLine)
	}
	return sc.Err()
}

// decideBatch decides one line's list of calls.
func decideBatch(e evaluator, line []byte) []policy.Decision {
	var raws []json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&raws); err != nil || raws == nil || dec.More() {
		msg := "malformed list of calls: want one JSON array of call objects a line"
		if err != nil {
			msg += ": " + err.Error()
		}
		return []policy.Decision{{Verdict: policy.Deny, Reason: policy.ReasonCallInvalid, Interaction: policy.Unattended, Message: msg}}
	}
	calls := make([]policy.Call, len(raws))
	var malformed []policy.BatchProblem
	for i, raw := range raws {
		c, err := jsonl.DecodeCall(raw)
		calls[i] = c
		if err != nil {
			malformed = append(malformed, policy.BatchProblem{Index: i, Msg: "malformed call: " + err.Error()})
		}
	}
	var err error
	if malformed != nil {
		err = &policy.BatchError{Problems: malformed}
	} else {
		err = policy.ValidateBatch(calls, policy.BatchLimits{})
	}
	if err != nil {
		return policy.DenyBatch(calls, err)
	}
	ds := make([]policy.Decision, len(calls))
	for i, c := range calls {
		ds[i] = e.Evaluate(c)
	}
	// Nothing of the list has run: a script a later call runs may be
	// written by an earlier one.
	policy.SequenceBatch(ds)
	return ds
}
