package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/toolgate/toolgate/internal/jsonl"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/policyfile"
)

// maxLine is the longest call line eval reads; a longer line is denied
// without being held in memory whole.
const maxLine = 4 << 20

const evalHelp = `Usage: toolgate eval --policy FILE [--managed FILE] [--repo FILE] [CALLS.jsonl ...]

Reads tool calls, one JSON object a line, from the files given (or standard
input when none, or for "-"), and writes one decision a line, in order:

  {"id":"c1","tool":"write_file","args":{"path":"src/main.go"},"session":"s1","surface":"chat"}
  -> {"id":"c1","decision":"allow","reason":"mode.allow",...}

A malformed line yields a deny with reason call.invalid, and the run goes on.

With --batch, each line is one JSON array of calls, a model response's whole
list, and each output line the JSON array of their decisions. The list is
validated whole first: a blank id or tool name, a duplicate id, a malformed
call or a list, call or nesting over the limits denies every call of it
with reason call.invalid, and none is decided. Nothing of a list has run
when it is decided: a call that runs a script an earlier call of the list
may write, and a call that names a path after an exec call of the list
(which may make a link on its way), needs approval (policy.SequenceBatch),
to be decided again after that call has run.
A deny is not an error: eval exits 0 when it decided every line, and 2 when
the policy is invalid, a layer is refused or an input cannot be read.
` + layersHelp + `
Options:
`

func cmdEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("eval", evalHelp, stderr)
	policyPath := fs.String("policy", "", "the policy `FILE` (required)")
	stateDir := fs.String("state", "", "park unattended approval-required calls in the inbox under `DIR`, and let approved ones through once (see toolgate inbox)")
	auditPath := fs.String("audit", "", "append proposed and policy_decided events, redacted and hash-chained, to the audit `FILE`")
	layers := addLayerFlags(fs)
	batch := fs.Bool("batch", false, "read one JSON array of calls a line, a model response's whole list, validated whole before any is decided")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if *policyPath == "" {
		fmt.Fprintln(stderr, "toolgate eval: --policy FILE is required")
		fs.Usage()
		return exitUsage
	}
	var opts policyfile.Options
	if *stateDir != "" {
		// Approvals parked in the folder outlive this process: the digests
		// they bind are keyed with the folder's key.
		var err error
		if opts.BindingKey, err = stateBindingKey(*stateDir); err != nil {
			fmt.Fprintf(stderr, "toolgate eval: %v\n", err)
			return exitUsage
		}
	}
	p, _, err := loadPolicy(*policyPath, layers, false, opts)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate eval: %v\n", err)
		return exitUsage
	}
	st, err := stateFlag(*stateDir, p)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate eval: %v\n", err)
		return exitUsage
	}
	defer st.Close()
	ev, closeAudit, err := withAudit(p, *auditPath)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate eval: %v\n", err)
		return exitUsage
	}
	defer closeAudit()
	out := bufio.NewWriterSize(stdout, 64<<10)
	inputs := fs.Args()
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	if *batch && *stateDir != "" {
		fmt.Fprintln(stderr, "toolgate eval: --batch and --state cannot be used together yet: park calls one a line")
		return exitUsage
	}
	for _, name := range inputs {
		if err := evalInput(ev, st, name, stdin, out, *batch); err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "toolgate eval: %v\n", err)
			return exitUsage
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "toolgate eval: writing decisions: %v\n", err)
		return exitUsage
	}
	return exitOK
}

// evalInput decides the calls of one input, "-" being standard input, and
// closes it before the next one is opened.
func evalInput(e evaluator, st *evalState, name string, stdin io.Reader, out *bufio.Writer, batch bool) error {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	var err error
	if batch {
		err = evalBatchStream(e, r, out)
	} else {
		err = evalStreamState(e, st, r, out)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// evalStreamState decides every line of r in order, in constant memory. It
// flushes out whenever it is about to wait for more input, so a host that
// writes one call and waits for its decision gets it at once.
func evalStreamState(e evaluator, st *evalState, r io.Reader, out *bufio.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	buf := make([]byte, 0, 1024)
	var long []byte
	for {
		if in.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return err
			}
		}
		line, err := in.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long line: gather it up to maxLine, then drop the rest.
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = in.ReadSlice('\n')
				if len(long) <= maxLine {
					long = append(long, line...)
				}
			}
			line = long
			if len(long) > maxLine {
				line = nil
				buf = writeDecision(buf[:0], out, &policy.Decision{Verdict: policy.Deny, Reason: policy.ReasonCallInvalid,
					Interaction: policy.Unattended, Message: fmt.Sprintf("the call is longer than %d bytes", maxLine)})
			}
		}
		if len(line) > 0 && !blank(line) {
			var d policy.Decision
			c, derr := jsonl.DecodeCall(line)
			if derr != nil {
				d = policy.Decision{ID: c.ID, Verdict: policy.Deny, Reason: policy.ReasonCallInvalid,
					Interaction: policy.Unattended, Message: "malformed call: " + derr.Error()}
			} else {
				d = e.Evaluate(c)
			}
			if buf, derr = st.writeDecision(buf[:0], out, &c, &d); derr != nil {
				return derr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// writeDecision writes one decision line. A line never straddles two
// writes to the output, so a reader that sees the process die mid-run finds
// only whole decisions.
func writeDecision(buf []byte, out *bufio.Writer, d *policy.Decision) []byte {
	buf = jsonl.AppendDecision(buf, d)
	buf = append(buf, '\n')
	if out.Available() < len(buf) {
		out.Flush()
	}
	out.Write(buf) // a write error is sticky and reported by the next Flush
	return buf
}

func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}
